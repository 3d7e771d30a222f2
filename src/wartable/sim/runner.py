"""Running many games: seeds, seat rotation, local worker processes.

The contract that makes results reproducible whatever the backend:

- game ``i`` (0-based) uses seed ``seed + i``; in mirrored mode
  (``mirror=True``) game ``i`` uses seed ``seed + i // seats``, so each deal is
  played once from every seat rotation;
- game ``i`` rotates the agent list by ``r = i % seats``: seat ``s`` is played
  by agent ``(s + r) % seats``, so every agent sits in every seat equally often;
- every game gets fresh agent objects built from their specs, so an agent
  carries nothing from one game to the next;
- the agents' generators of game ``i`` come from ``derive_seed(seed, "agents", i)``
  (``core/seeds.py``: a one-way hash of the master seed and the index), never from
  the game's deal seed, so no agent can work its way back to the deal.

A game's result therefore depends only on ``(game, config, specs, seed, i)``,
never on which process or in which chunk it ran. A backend
(local processes here, Ray in ``ray_backend``) only calls :func:`run_chunk`
(:func:`play_one` for each index) and hands the records to :class:`SimResult`.
"""

from __future__ import annotations

import functools
import math
import multiprocessing
import os
import signal
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from wartable.agents.specs import available_agents, make_agent, parse_agent_spec
from wartable.core.errors import ConfigError
from wartable.core.game import Game
from wartable.core.match import play_match
from wartable.core.seeds import derive_seed
from wartable.games import get_game

from .results import GameRecord, SimResult

Progress = Callable[[int], None]
"""Called with the number of games that just finished (a chunk at a time)."""

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


def _pool_context() -> Any:
    # fork starts workers in milliseconds and they inherit the imported games;
    # the CLI keeps its progress display free of threads so forking is safe.
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else None)


def _worker_init(own_session: bool = False) -> None:
    # Ctrl-C is handled by the parent (it cancels the pending chunks); workers stay quiet.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if own_session:  # its own session: its own CPU-fairness group (docs/simulation.md, Speed)
        os.setsid()


def run_games(
    game_id: str,
    games: int,
    agents: list[str] | None = None,
    seed: int = 0,
    config: dict[str, Any] | None = None,
    workers: int = 1,
    progress: Progress | None = None,
    chunk_size: int | None = None,
    max_decisions: int = MAX_DECISIONS,
    mirror: bool = False,
    backend: str = "local",
    address: str | None = None,
    own_sessions: bool = False,
) -> SimResult:
    """Play ``games`` games and return every record plus timing.

    ``workers == 1`` plays in this process; ``workers > 1`` uses local worker
    processes, each handed chunks of consecutive game indices. Records come
    back sorted by index, so the result is identical for any worker count.
    ``own_sessions`` starts each local worker in its own session (``os.setsid``).
    """
    job = prepare_job(game_id, agents, seed, config, max_decisions, mirror)
    return run_job(job, games, workers, progress, chunk_size, backend, address, own_sessions)


def run_job(
    job: SimJob,
    games: int,
    workers: int = 1,
    progress: Progress | None = None,
    chunk_size: int | None = None,
    backend: str = "local",
    address: str | None = None,
    own_sessions: bool = False,
) -> SimResult:
    """``run_games`` for a job already validated by :func:`prepare_job`.

    ``backend="ray"`` sends the chunks to Ray tasks (``address`` of a cluster,
    or a local Ray instance with ``workers`` CPUs); see ``ray_backend``.
    """
    check_run(job, games, workers, backend)
    size = chunk_size or default_chunk_size(games, workers)
    started = time.perf_counter()
    records: list[GameRecord] = []
    if backend == "ray":
        from .ray_backend import run_ray

        records = run_ray(job, games, size, workers, progress, address)
    elif workers == 1 or games <= size:
        game = get_game(job.game)
        for start, stop in chunks(games, size):
            records.extend(play_one(job, i, game) for i in range(start, stop))
            if progress:
                progress(stop - start)
    else:
        records = _run_pool(job, games, size, workers, progress, own_sessions)
    seconds = time.perf_counter() - started
    records.sort(key=lambda r: r.index)
    return SimResult(job=job, records=records, seconds=seconds, workers=workers)


BACKENDS = ("local", "ray")


def check_run(job: SimJob, games: int, workers: int, backend: str = "local") -> None:
    """The run's own parameters (the job itself was checked by :func:`prepare_job`)."""
    if games < 0:
        raise ConfigError("the number of games must be >= 0")
    if workers < 1:
        raise ConfigError("workers must be >= 1")
    if backend not in BACKENDS:
        raise ConfigError(f"unknown backend {backend!r} (known: {', '.join(BACKENDS)})")
    if job.mirror and games % job.seats:
        raise ConfigError(
            f"--mirror plays each deal from all {job.seats} seats: the number of games "
            f"({games}) must be a multiple of {job.seats}"
        )


def _chunk_task(task: tuple[SimJob, int, int]) -> list[GameRecord]:
    return run_chunk(*task)


def _run_pool(
    job: SimJob,
    games: int,
    size: int,
    workers: int,
    progress: Progress | None,
    own_sessions: bool = False,
) -> list[GameRecord]:
    # multiprocessing.Pool rather than ProcessPoolExecutor: on Ctrl-C (or any
    # error) ``terminate()`` stops the workers at once and nothing hangs.
    records: list[GameRecord] = []
    tasks = [(job, start, stop) for start, stop in chunks(games, size)]
    pool = _pool_context().Pool(
        processes=workers, initializer=_worker_init, initargs=(own_sessions,)
    )
    try:
        for batch in pool.imap_unordered(_chunk_task, tasks, chunksize=1):
            records.extend(batch)
            if progress:
                progress(len(batch))
        pool.close()
    except BaseException:
        pool.terminate()
        raise
    finally:
        pool.join()
    return records
