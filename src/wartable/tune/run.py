"""``wartable tune``: from the command's arguments to the output directory.

Everything is checked before the first game (params file, targets, config, agents, the
output directory); a bad input raises ``ConfigError`` and writes nothing.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import shutil
import tempfile
import tomllib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wartable.core.errors import ConfigError
from wartable.sim.runner import BACKENDS, prepare_job
from wartable.sim.storage import db_url

from .data import (
    check_ranges,
    copy_data,
    field_after_record,
    resolve,
    toml_files,
    tuning_module,
    write_values,
)
from .evaluate import Plan
from .params import Param, Scalar, load_params_file, locate, record_label
from .study import DEFAULT_SIGMA, TrialOutcome, Tuner, study_name
from .targets import Target, parse_target, with_cells

MAX_GAMES = 100_000
MAX_TRIALS = 10_000


@dataclass
class TuneRequest:
    game: str
    targets: list[str]
    params_file: Path
    trials: int
    games: int
    agents: list[str]
    out: Path
    seed: int = 0
    config: dict[str, Any] | None = None
    data: Path | None = None
    backend: str = "local"
    workers: int = 1
    address: str | None = None
    db: str | None = None
    first_batch: int | None = None
    stop: str = "interval"
    sigma: float = DEFAULT_SIGMA


def data_digest(directory: Path) -> str:
    h = hashlib.sha256()
    for rel in toml_files(directory):
        h.update(str(rel).encode() + b"\0" + (directory / rel).read_bytes() + b"\0")
    return h.hexdigest()[:16]


def _check_request(req: TuneRequest) -> None:
    if not 1 <= req.trials <= MAX_TRIALS:
        raise ConfigError(f"--trials must be 1..{MAX_TRIALS}")
    if not 2 <= req.games <= MAX_GAMES:
        raise ConfigError(f"--games must be 2..{MAX_GAMES}")
    if req.backend not in BACKENDS:
        raise ConfigError(f"unknown backend {req.backend!r} (known: {', '.join(BACKENDS)})")
    if req.workers < 1:
        raise ConfigError("--workers must be >= 1")
    if not 0.01 <= req.sigma <= 1.0:
        raise ConfigError("--sigma must be 0.01..1 (a share of each range)")
    if not req.targets:
        raise ConfigError("give at least one --target")
    if req.out.exists() and (not req.out.is_dir() or _foreign(req.out)):
        raise ConfigError(f"{req.out}: exists and is not a tuner's output directory")


def _foreign(out: Path) -> bool:
    return any(out.iterdir()) and not (out / "tune.json").exists()


@dataclass
class Prepared:
    request: TuneRequest
    plan: Plan
    targets: list[Target]
    params: list[Param]
    base: Path
    name: str
    url: str


def prepare(req: TuneRequest, workdir: Path) -> Prepared:
    _check_request(req)
    module = tuning_module(req.game)
    params_file = load_params_file(req.params_file)
    base = req.data or Path(module.DATA_DIR)
    if not base.is_dir():
        raise ConfigError(f"{base}: not a directory")
    module.check_data(base)
    params = resolve(params_file, req.game, base)
    config = dict(req.config or {})
    if "data_dir" in config:
        raise ConfigError("give the data to start from with --data, not data_dir in --config")
    prepare_job(req.game, req.agents, req.seed, config)  # the config and agents, checked
    targets = [with_cells(parse_target(t), module, config) for t in req.targets]
    check_ranges(req.game, base, params, workdir)
    first = req.first_batch if req.first_batch is not None else max(2, req.games // 4)
    plan = Plan(
        req.game,
        tuple(req.agents),
        req.seed,
        config,
        req.games,
        min(first, req.games),
        req.workers,
        req.backend,
        req.address,
        req.sigma,
    )
    name = study_name(req.game, plan, targets, params, data_digest(base))
    url = db_url(req.db)
    if url.startswith("sqlite:///") and url != "sqlite:///:memory:":
        Path(url.removeprefix("sqlite:///")).parent.mkdir(parents=True, exist_ok=True)
    return Prepared(req, plan, targets, params, base, name, url)


@contextlib.contextmanager
def _backend_session(plan: Plan) -> Iterator[None]:
    """One Ray session for the whole study (not one per job)."""
    if plan.backend != "ray":
        yield
        return
    from wartable.sim.ray_backend import ray_session

    with ray_session(plan.address, plan.workers):
        yield


def tune(
    req: TuneRequest,
    on_start: Callable[[Prepared, int], None] | None = None,
    on_trial: Callable[[TrialOutcome, TrialOutcome | None], None] | None = None,
) -> dict[str, Any]:
    """Run (or resume) the study and write the output directory; returns ``tune.json``."""
    workdir = Path(tempfile.mkdtemp(prefix="wartable-tune-"))
    try:
        prep = prepare(req, workdir)
        tuner = Tuner(
            prep.plan, prep.targets, prep.params, prep.base, workdir, prep.url, prep.name, req.stop
        )
        if on_start:
            on_start(prep, len(tuner.outcomes()))

        def report(outcome: TrialOutcome) -> None:
            if on_trial:
                on_trial(outcome, tuner.best())

        with _backend_session(prep.plan):
            tuner.run(req.trials, report)
        return write_outputs(prep, tuner)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def describe_changes(prep: Prepared, values: dict[str, Scalar]) -> list[str]:
    """Each change in words: the record, the field, old -> new (and by how much)."""
    lines = []
    for p in prep.params:
        new = values[p.name]
        if new == p.original:
            continue
        doc = tomllib.loads((prep.base / p.file).read_text("utf-8"))
        chain, _, key = locate(p.name, doc, p.steps)
        field = field_after_record(p.steps)[1] or key
        by = ""
        if p.kind != "choice":
            assert not isinstance(new, str) and not isinstance(p.original, str)
            by = f" ({float(new) - float(p.original):+g})"
        label = record_label(chain) or p.file
        label += "".join(f" #{sel.partition('#')[2]}" for _, sel in p.steps if sel and "#" in sel)
        if p.swap:
            lines.append(f"{label} ({p.file}): {field} {p.original} trades places with {new}")
            continue
        lines.append(f"{label} ({p.file}): {field} {p.original} -> {new}{by}")
    return lines


def write_outputs(prep: Prepared, tuner: Tuner) -> dict[str, Any]:
    from .report import write_report

    out = prep.request.out
    out.mkdir(parents=True, exist_ok=True)
    best = tuner.best()
    outcomes = tuner.outcomes()
    if best is None:
        raise ConfigError("no trial completed")
    for rel in toml_files(out):  # the data of an earlier output is replaced whole
        (out / rel).unlink()
    copy_data(prep.base, out)
    write_values(prep.base, out, prep.params, best.values)
    summary: dict[str, Any] = {
        "format": "wartable-tune/1",
        "game": prep.request.game,
        "study": prep.name,
        "targets": [t.text for t in prep.targets],
        "agents": list(prep.plan.agents),
        "seed": prep.plan.seed,
        "config": prep.plan.config,
        "games_per_cell": prep.plan.games,
        "first_batch": prep.plan.first_batch,
        "sigma": prep.plan.sigma,
        "backend": prep.plan.backend,
        "workers": prep.plan.workers,
        "params": [
            {
                "path": p.name,
                "kind": p.kind,
                "range": list(p.choices) if p.kind == "choice" else [p.low, p.high],
                **({"swap": True, "follow": list(p.follow)} if p.swap else {}),
                "original": p.original,
                "start": p.start,
            }
            for p in prep.params
        ],
        "stop": tuner.stop,
        "holds": tuner.met(best),
        "best_trial": best.number,
        "best_values": best.values,
        "changes": describe_changes(prep, best.values),
        "importances": tuner.importances(),
        "trials": [
            {
                "number": o.number,
                "state": o.state,
                "values": o.values,
                "objective": o.objective,
                "distance": o.distance,
                "change": o.change,
                "holds": o.holds,
                "in_band": o.in_band,
                "games": o.games,
                "seconds": round(o.seconds, 3),
                "games_per_second": round(o.games_per_second, 2),
                "cells": o.cells,
            }
            for o in outcomes
        ],
    }
    (out / "tune.json").write_text(json.dumps(summary, indent=1, default=str) + "\n", "utf-8")
    write_report(summary, prep.targets, out)
    return summary
