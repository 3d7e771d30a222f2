"""Evaluating one trial with the lab's own runner (``wartable.sim.runner.run_job``).

Common seeds: every trial plays every cell on the same seeds, so two trials differ by their
data, not their dice. A trial is played in batches (the pruner looks after the first); batch
``b`` covering games ``start..stop`` of a play is a lab job of ``stop - start`` games whose
seed is the play's seed advanced by the deals already played, so the split is the same in
every trial, on every backend and after a resume. With two different agents the runner's
mirror mode plays each deal from both agent rotations.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wartable.sim.runner import prepare_job, run_job

from .targets import CellScore, Target, TrialScore


@dataclass(frozen=True)
class Plan:
    """How a trial is played: the same for every trial of a study."""

    game: str
    agents: tuple[str, ...]
    seed: int
    config: dict[str, Any]
    games: int  # per cell, split evenly over the cell's plays
    first_batch: int  # per cell: the games the pruner sees first
    workers: int = 1
    backend: str = "local"
    address: str | None = None
    sigma: float = 1 / 6  # CMA-ES's first step (study.py), a share of each range


def play_counts(total: int, plays: int, multiple: int) -> list[int]:
    """Split ``total`` games over ``plays`` configs, each a multiple of ``multiple``."""
    per = max(multiple, (total // plays) // multiple * multiple)
    return [per] * plays


def play_batch(
    plan: Plan, targets: list[Target], data_dir: Path, batch: int, score: TrialScore
) -> int:
    """Play batch 0 (the first games) or 1 (the rest) of every cell into ``score``."""
    played = 0
    mirror = len(set(plan.agents)) > 1
    for target in targets:
        cells = score.cells.setdefault(target.text, {})
        for cell in target.cells:
            tally = cells.setdefault(cell.name, CellScore())
            for i, (overrides, seat) in enumerate(cell.plays):
                config = {**plan.config, **overrides, "data_dir": str(data_dir)}
                job = prepare_job(plan.game, list(plan.agents), plan.seed, config, mirror=mirror)
                multiple = job.seats if mirror else 1  # a mirrored deal is played whole
                total = play_counts(plan.games, len(cell.plays), multiple)[i]
                first = play_counts(plan.first_batch, len(cell.plays), multiple)[i]
                first = min(first, total)
                start, stop = (0, first) if batch == 0 else (first, total)
                if stop <= start:
                    continue
                deals = start // job.seats if mirror else start
                job = prepare_job(
                    plan.game, list(plan.agents), plan.seed + deals, config, mirror=mirror
                )
                result = run_job(
                    job, stop - start, plan.workers, backend=plan.backend, address=plan.address
                )
                for record in result.records:
                    tally.games += 1
                    if seat in record.winners:
                        tally.wins += 1.0 / len(record.winners)
                    elif not record.winners and job.seats == 2:
                        tally.wins += 0.5  # a draw: half for each side
                played += len(result.records)
    return played
