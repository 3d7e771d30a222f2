"""Group commit: actions of many matches waiting to be stored share one transaction.

A commit that reaches the disk costs a flush (milliseconds on SQLite with
``synchronous=FULL``); taken one by one, they would cap the table at a few
hundred actions per second and queue everyone behind them. Instead, every
action waiting while a transaction is being committed goes into the next one.
Each caller still hears back only once its own action is durably stored, or
that its index was taken (stale).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from typing import Any

from .storage import ActionRow, StaleVersion, Storage

MAX_BATCH = 500

Entry = tuple[str, ActionRow, str | None]


class Committer:
    def __init__(self, storage: Storage, run_db: Callable[..., Awaitable[Any]]) -> None:
        self.storage = storage
        self.run_db = run_db
        self.queue: asyncio.Queue[tuple[Entry, asyncio.Future[None]]] = asyncio.Queue()
        self.task: asyncio.Task[None] | None = None
        self.batches = 0
        self.stored = 0

    def start(self) -> None:
        self.task = asyncio.create_task(self._run())

    async def close(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task

    async def append(self, match_id: str, act: ActionRow, status: str | None) -> None:
        """Return once stored; raise ``StaleVersion`` if the index was taken."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        await self.queue.put(((match_id, act, status), done))
        await done

    async def _run(self) -> None:
        while True:
            batch = [await self.queue.get()]
            while len(batch) < MAX_BATCH and not self.queue.empty():
                batch.append(self.queue.get_nowait())
            try:
                stored = await self.run_db(self.storage.append_actions, [e for e, _ in batch])
            except Exception as err:  # the database failed: every caller hears it
                for _, fut in batch:
                    if not fut.done():
                        fut.set_exception(err)
                continue
            self.batches += 1
            self.stored += sum(stored)
            for (entry, fut), ok in zip(batch, stored, strict=True):
                if fut.done():
                    continue
                if ok:
                    fut.set_result(None)
                else:
                    fut.set_exception(
                        StaleVersion(f"action {entry[1].idx} of match {entry[0]} is already stored")
                    )
