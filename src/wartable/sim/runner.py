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

import multiprocessing
import os
import signal
import time
from collections.abc import Callable
from typing import Any

from wartable.core.errors import ConfigError
from wartable.games import get_game

from .jobs import (
    MAX_DECISIONS,
    SimJob,
    agent_factory,
    chunks,
    default_chunk_size,
    play_one,
    prepare_job,
    run_chunk,
)
from .records import GameRecord
from .results import SimResult

__all__ = [  # the job's parts are re-exported: callers know them from here
    "MAX_DECISIONS",
    "Progress",
    "SimJob",
    "agent_factory",
    "check_run",
    "chunks",
    "default_chunk_size",
    "play_one",
    "prepare_job",
    "run_chunk",
    "run_games",
    "run_job",
]

Progress = Callable[[int], None]
"""Called with the number of games that just finished (a chunk at a time)."""


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
