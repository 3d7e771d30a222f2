"""The Ray backend: chunks of game indices become Ray tasks.

Each task calls :func:`wartable.sim.jobs.run_chunk`, exactly what a local
worker process calls, so a run gives the same records for a given seed on
Ray as on the local backend (see ``runner`` for the contract).

- ``address=None`` starts a private local Ray instance (``address="local"``,
  ``num_cpus=workers``, no dashboard, a small object store) and shuts it
  down at the end;
- ``address="ray://host:10001"`` or ``"auto"`` (any ``ray.init`` address)
  joins an existing cluster; the cluster's workers need ``wartable``
  installed (the same version);
- if Ray is already initialised in this process (a notebook, the test
  suite), that session is used as it is and left running.

``ray`` is an optional dependency (the ``ray`` extra); importing this module
does not import it.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Iterator
from typing import Any

from wartable.core.errors import ConfigError

from .jobs import SimJob, chunks, run_chunk
from .records import GameRecord

RAY_LOCAL_CPUS = 2  # the CLI's default --workers with --backend ray
LOCAL_OBJECT_STORE = 100 * 1024 * 1024  # bytes: records are small; be kind to a shared machine


def import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise ConfigError(
            "--backend ray needs Ray: pip install 'wartable[ray]' (ray>=2.9)"
        ) from None
    return ray


@contextlib.contextmanager
def ray_session(address: str | None = None, num_cpus: int = 2) -> Iterator[Any]:
    """Yield the ``ray`` module with a running session (see the module docstring)."""
    ray = import_ray()
    if ray.is_initialized():
        yield ray
        return
    kwargs: dict[str, Any] = {
        "include_dashboard": False,
        "log_to_driver": False,
        "logging_level": logging.WARNING,
    }
    if address is None:
        kwargs.update(address="local", num_cpus=num_cpus, object_store_memory=LOCAL_OBJECT_STORE)
    else:
        kwargs["address"] = address
    try:
        ray.init(**kwargs)
    except (ConnectionError, ValueError, RuntimeError) as err:
        where = address or "a local instance"
        raise ConfigError(f"cannot start Ray ({where}): {err}") from None
    try:
        yield ray
    finally:
        ray.shutdown()


def _chunk(job: SimJob, start: int, stop: int) -> list[GameRecord]:
    return run_chunk(job, start, stop)


def run_ray(
    job: SimJob,
    games: int,
    size: int,
    workers: int,
    progress: Callable[[int], None] | None,
    address: str | None = None,
) -> list[GameRecord]:
    """Play every game of ``job`` as Ray tasks of ``size`` consecutive indices."""
    with ray_session(address, workers) as ray:
        task = ray.remote(num_cpus=1, max_retries=2)(_chunk)
        job_ref = ray.put(job)
        pending = [task.remote(job_ref, start, stop) for start, stop in chunks(games, size)]
        records: list[GameRecord] = []
        try:
            while pending:
                done, pending = ray.wait(pending, num_returns=1)
                for ref in done:
                    batch = ray.get(ref)
                    records.extend(batch)
                    if progress:
                        progress(len(batch))
        except BaseException:
            for ref in pending:
                ray.cancel(ref, force=True)
            raise
        return records
