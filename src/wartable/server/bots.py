"""Bots seated at the table: they act in background tasks, never blocking the event loop.

A bot sees what its seat may see (``observe``) and the legal actions, like any
client, and submits its choice through the same validated path as a person,
naming the version it decided on. Random bots choose on the loop (it costs
nothing), heuristic bots in a thread, search bots (ISMCTS levels, any other
agent spec) in a process pool. Bot generators are fresh random numbers from
the operating system, independent of the match seed.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import secrets
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from wartable.agents.specs import make_agent, parse_agent_spec
from wartable.core.errors import WartableError
from wartable.core.rng import Rng
from wartable.games import get_game

from .errors import ApiError
from .live import LiveMatch

log = logging.getLogger("wartable.server.bots")

INLINE_AGENTS = ("random",)
THREAD_AGENTS = ("heuristic", "greedy")

Submit = Callable[[str, int, int, int], Awaitable[int]]


def choose_action(
    game_id: str,
    config: dict[str, Any],
    spec: str,
    observation: dict[str, Any] | None,
    legal: list[int],
    seat: int,
    rng_seed: int,
) -> int:
    """One bot decision; runs anywhere (the loop, a thread, a worker process)."""
    game = get_game(game_id)
    game.make_config(config)
    agent = make_agent(spec, game_id)
    action = agent.act(game, observation, legal, seat, Rng(rng_seed))
    if action not in legal:
        raise WartableError(f"bot {spec!r} chose an illegal action {action}")
    return int(action)


RETRY_AFTER = 0.5  # seconds before a bot tries again after an unexpected failure


class BotRunner:
    def __init__(self, workers: int, delay: float, submit: Submit) -> None:
        self.delay = delay
        self.submit = submit
        self.tasks: dict[tuple[str, int], asyncio.Task[None]] = {}
        self.threads = ThreadPoolExecutor(max_workers=2, thread_name_prefix="bot")
        self._workers = max(1, workers)
        self._processes: ProcessPoolExecutor | None = None

    def _executor(self, spec: str) -> Executor | None:
        name, _ = parse_agent_spec(spec)
        if name in INLINE_AGENTS:
            return None
        if name in THREAD_AGENTS:
            return self.threads
        if self._processes is None:
            ctx = multiprocessing.get_context("spawn")  # no fork of a threaded server
            self._processes = ProcessPoolExecutor(max_workers=self._workers, mp_context=ctx)
        return self._processes

    def poke(self, match: LiveMatch) -> None:
        """Start a task for every bot seat that must act and has none running."""
        if match.ended:
            return
        for seat in match.to_act:
            info = match.seats[seat]
            key = (match.id, seat)
            if info.kind != "bot" or key in self.tasks:
                continue
            task = asyncio.get_running_loop().create_task(self._run(match, seat, info.agent or ""))
            self.tasks[key] = task

    async def _run(self, match: LiveMatch, seat: int, spec: str) -> None:
        loop = asyncio.get_running_loop()
        try:
            for _attempt in range(1000):
                if match.ended or seat not in match.to_act:
                    return
                if self.delay:
                    await asyncio.sleep(self.delay)
                version = match.version
                legal = match.game.legal_actions(match.state, seat)
                observation = match.game.observe(match.state, seat)
                args = (match.game.id, match.config_json, spec, observation, legal, seat)
                executor = self._executor(spec)
                rng_seed = secrets.randbits(64)
                try:
                    if executor is None:
                        action = choose_action(*args, rng_seed)
                    else:
                        action = await loop.run_in_executor(
                            executor, choose_action, *args, rng_seed
                        )
                except asyncio.CancelledError:
                    raise
                except Exception:  # a broken agent must not stall the match: a random move
                    log.exception("bot %s at seat %d of match %s failed", spec, seat, match.id)
                    action = Rng(rng_seed).choice(legal)
                try:
                    await self.submit(match.id, seat, action, version)
                except ApiError:
                    continue  # the match moved on meanwhile (stale): decide again
                except asyncio.CancelledError:
                    raise
                except Exception:  # e.g. the database failed: the match must not stall
                    log.exception(
                        "bot %s at seat %d of match %s: move not stored", spec, seat, match.id
                    )
                    await asyncio.sleep(RETRY_AFTER)
                    continue
                if match.version == version:  # stored elsewhere and not yet seen here
                    await asyncio.sleep(0.05)
        except asyncio.CancelledError:
            raise
        except Exception:  # nothing here may take the server down
            log.exception("bot %s at seat %d of match %s stopped", spec, seat, match.id)
        finally:  # synchronously with the last check: a later poke starts a new task
            if self.tasks.get((match.id, seat)) is asyncio.current_task():
                del self.tasks[(match.id, seat)]

    async def close(self) -> None:
        for task in list(self.tasks.values()):
            task.cancel()
        self.threads.shutdown(wait=False, cancel_futures=True)
        if self._processes is not None:
            self._processes.shutdown(wait=False, cancel_futures=True)
