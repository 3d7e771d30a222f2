"""The search bots' worker processes and the fair queue in front of them.

Each worker is ``python -m wartable.server.bot_worker`` on pipes, thinking about one
decision at a time. Decisions wait in one queue per match (``bot_queue``), at most one
decision of a match in flight, the match that used the least worker time lately served
first: a match whose bots think long (or that seats many bots) cannot hold every
worker, and a cheap bot's decision goes before the next ones of matches that think
long. A decision that runs past ``timeout`` seconds has its worker killed (a fresh one
starts on the next demand) and comes back as ``None``: the caller then makes a random
legal move. Workers end with the server, however it ends (see ``bot_worker``).
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .bot_queue import FairQueue
from .bot_worker import encode_request

log = logging.getLogger("wartable.server.bots")

LINE_LIMIT = 1 << 20  # a worker's reply is one short JSON line
START_TIMEOUT = 120.0  # seconds for a fresh worker to import the engine (slow, busy machines)


class WorkerLost(Exception):
    """The worker process ended or answered nonsense."""


class AgentFailed(Exception):
    """The agent raised inside the worker (its message says why)."""


class Worker:
    def __init__(self, proc: asyncio.subprocess.Process) -> None:
        self.proc = proc

    @property
    def pid(self) -> int:
        return self.proc.pid

    @classmethod
    async def start(cls) -> Worker:
        env = dict(os.environ)
        source = str(Path(__file__).resolve().parents[2])  # this very engine: src/
        env["PYTHONPATH"] = os.pathsep.join(p for p in (source, env.get("PYTHONPATH")) if p)
        # started from the event loop's thread, which lives as long as the server: the
        # kernel's parent-death signal (``bot_worker``) follows the thread that forked
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "wartable.server.bot_worker",
            str(os.getpid()),
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            env=env,
            limit=LINE_LIMIT,
        )
        worker = cls(proc)
        try:
            ready = await worker._reply(START_TIMEOUT)
        except BaseException:
            await worker.kill()
            raise
        if ready.get("ready") is not True:
            await worker.kill()
            raise WorkerLost(f"bot worker {proc.pid} did not start: {ready}")
        return worker

    async def ask(self, request: bytes, timeout: float) -> int:
        """The worker's action for one encoded request; ``TimeoutError`` past ``timeout``."""
        assert self.proc.stdin is not None
        try:
            self.proc.stdin.write(request)
            await self.proc.stdin.drain()
        except (BrokenPipeError, ConnectionResetError) as err:
            raise WorkerLost(f"bot worker {self.pid} is gone: {err}") from None
        reply = await self._reply(timeout)
        if "error" in reply:
            raise AgentFailed(str(reply["error"]))
        action = reply.get("action")
        if not isinstance(action, int):
            raise WorkerLost(f"bot worker {self.pid} answered {reply!r}")
        return action

    async def _reply(self, timeout: float) -> dict[str, Any]:
        assert self.proc.stdout is not None
        try:
            line = await asyncio.wait_for(self.proc.stdout.readline(), timeout)
        except ValueError as err:  # a line longer than LINE_LIMIT
            raise WorkerLost(f"bot worker {self.pid}: {err}") from None
        if not line:
            raise WorkerLost(f"bot worker {self.pid} ended (exit code {self.proc.returncode})")
        try:
            reply = json.loads(line)
        except ValueError:
            raise WorkerLost(f"bot worker {self.pid} wrote {line[:200]!r}") from None
        if not isinstance(reply, dict):
            raise WorkerLost(f"bot worker {self.pid} wrote {line[:200]!r}")
        return reply

    async def kill(self) -> None:
        if self.proc.returncode is None:
            try:
                self.proc.kill()
            except ProcessLookupError:
                pass
        await self.proc.wait()


@dataclass
class Decision:
    match_id: str
    label: str  # for the log: the spec, seat and match
    request: bytes
    future: asyncio.Future[int | None] = field(repr=False)


class BotPool:
    """At most ``size`` workers; ``decide`` answers an action or ``None`` (fall back)."""

    def __init__(self, size: int, timeout: float) -> None:
        self.size = max(1, size)
        self.timeout = timeout
        self._queue: FairQueue[Decision] = FairQueue()
        self._in_flight: set[str] = set()  # matches with a decision being computed
        self._idle: list[Worker] = []
        self._workers = 0  # alive or starting
        self._tasks: set[asyncio.Task[None]] = set()
        self._closed = False
        self.busy: dict[int, Worker] = {}  # pid -> worker thinking (tests read the pids)

    @property
    def pids(self) -> list[int]:
        return [w.pid for w in self._idle] + list(self.busy)

    async def decide(self, match_id: str, label: str, args: tuple[Any, ...]) -> int | None:
        future: asyncio.Future[int | None] = asyncio.get_running_loop().create_future()
        decision = Decision(match_id, label, encode_request(args), future)
        self._queue.add(match_id, decision, match_id in self._in_flight)
        self._dispatch()
        try:
            return await future
        except asyncio.CancelledError:
            self._queue.remove(match_id, decision)
            raise

    def _dispatch(self) -> None:
        while not self._closed and (self._idle or self._workers < self.size):
            taken = self._queue.take(self._in_flight, time.monotonic())
            if taken is None:
                return
            decision = taken[1]
            worker = self._idle.pop() if self._idle else None
            if worker is None:
                self._workers += 1
            self._in_flight.add(decision.match_id)
            task = asyncio.get_running_loop().create_task(self._run(worker, decision))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _run(self, worker: Worker | None, decision: Decision) -> None:
        action: int | None = None
        started: float | None = None
        try:
            if worker is None:
                worker = await Worker.start()
            self.busy[worker.pid] = worker
            started = time.monotonic()
            action = await worker.ask(decision.request, self.timeout)
        except TimeoutError:
            log.warning(
                "bot %s thought for more than %g s: its worker was killed and replaced, "
                "it moves at random",
                decision.label,
                self.timeout,
            )
            await self._discard(worker)
            worker = None
        except AgentFailed as err:
            log.error("bot %s failed, it moves at random: %s", decision.label, err)
        except (WorkerLost, OSError) as err:
            log.error("bot %s: %s; it moves at random", decision.label, err)
            await self._discard(worker)
            worker = None
        except asyncio.CancelledError:  # the server is closing: a half-done search is dropped
            await self._discard(worker)
            worker = None
            raise
        finally:
            if started is not None:  # the worker time this decision took, for ``bot_queue``
                now = time.monotonic()
                self._queue.charge(decision.match_id, now - started, now)
            self._in_flight.discard(decision.match_id)
            if worker is not None and not self._closed:
                self.busy.pop(worker.pid, None)
                self._idle.append(worker)
            else:
                await self._discard(worker)
                self._workers -= 1
            if not decision.future.done():
                decision.future.set_result(action)
            self._dispatch()

    async def _discard(self, worker: Worker | None) -> None:
        if worker is not None:
            self.busy.pop(worker.pid, None)
            await asyncio.shield(worker.kill())

    async def close(self) -> None:
        self._closed = True
        for decision in self._queue.drain():
            decision.future.cancel()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        idle, self._idle = self._idle, []
        for worker in idle:
            await worker.kill()
