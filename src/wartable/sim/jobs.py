"""A simulation job and the games it is made of: everything a worker process needs.

Local worker processes (``runner``) and Ray tasks (``ray_backend``) both call
:func:`run_chunk`; see ``runner`` for the reproducibility contract.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from wartable.agents.specs import available_agents, make_agent, parse_agent_spec
from wartable.core.errors import ConfigError
from wartable.core.game import Game
from wartable.core.match import play_match
from wartable.core.seeds import derive_seed
from wartable.games import get_game

from .records import GameRecord

MAX_DECISIONS = 1_000_000


@dataclass(frozen=True)
class SimJob:
    """Everything a worker needs to play any game of a run (small and picklable)."""

    game: str
    config: dict[str, Any]
    seed: int
    agents: tuple[str, ...]
    seats: int
    max_decisions: int = MAX_DECISIONS
    mirror: bool = False

    def seed_for(self, index: int) -> int:
        """The seed (deal) of game ``index``."""
        return self.seed + (index // self.seats if self.mirror else index)

    def seat_agents(self, index: int) -> tuple[int, ...]:
        """For game ``index``: the agent number playing each seat."""
        r = index % self.seats
        return tuple((s + r) % self.seats for s in range(self.seats))


def prepare_job(
    game_id: str,
    agents: list[str] | None = None,
    seed: int = 0,
    config: dict[str, Any] | None = None,
    max_decisions: int = MAX_DECISIONS,
    mirror: bool = False,
) -> SimJob:
    """Validate the game, config and agent specs up front (errors are ``WartableError``).

    ``agents`` may name one spec per seat, or a single spec for every seat;
    ``None`` means ``random`` everywhere.
    """
    game: Game[Any, Any] = get_game(game_id)
    cfg = game.make_config(config or {})
    seats = game.num_players(game.new_state(cfg, seed))
    specs = list(agents) if agents else ["random"]
    if len(specs) == 1:
        specs = specs * seats
    if len(specs) != seats:
        raise ConfigError(
            f"{game_id} with this config has {seats} seats, got {len(specs)} agents "
            "(give one per seat, or one for all)"
        )
    for spec in specs:
        make_agent(spec, game_id)  # fail fast on an unknown agent or bad parameter
    return SimJob(
        game_id, cfg.model_dump(mode="json"), seed, tuple(specs), seats, max_decisions, mirror
    )


@functools.lru_cache(maxsize=256)
def agent_factory(spec: str, game_id: str) -> Callable[[], Any]:
    """A zero-argument factory for ``spec`` (resolved once per process, not per game).

    The spec was validated by ``make_agent`` in :func:`prepare_job`.
    """
    name, params = parse_agent_spec(spec)
    factory = available_agents(game_id)[name]
    return functools.partial(factory, **params)


def play_one(job: SimJob, index: int, game: Game[Any, Any] | None = None) -> GameRecord:
    """Play game ``index`` of ``job`` (seed ``job.seed_for(index)``, rotated seats)."""
    game = game or get_game(job.game)
    seat_agents = job.seat_agents(index)
    agents = [agent_factory(job.agents[a], job.game)() for a in seat_agents]
    seed = job.seed_for(index)
    agent_seed = derive_seed(job.seed, "agents", index)
    record = play_match(game, job.config, seed, agents, job.max_decisions, agent_seed)
    assert record.outcome is not None
    return GameRecord(
        index=index,
        seed=seed,
        seat_agents=seat_agents,
        winners=tuple(record.outcome.winners),
        scores=tuple(record.outcome.scores),
        reason=record.outcome.reason,
        length=record.length,
        metrics=record.metrics,
    )


def run_chunk(job: SimJob, start: int, stop: int) -> list[GameRecord]:
    """Games ``start..stop-1``: the unit of work sent to a worker process."""
    game = get_game(job.game)
    return [play_one(job, i, game) for i in range(start, stop)]


def default_chunk_size(games: int, workers: int) -> int:
    """About 20 chunks per worker (smooth progress, balanced load), at most 250 games each."""
    return max(1, min(250, math.ceil(games / (max(1, workers) * 20))))


def chunks(games: int, size: int) -> Iterator[tuple[int, int]]:
    for start in range(0, games, size):
        yield start, min(games, start + size)
