"""Bots seated at the table: they act in background tasks, never blocking the event loop.

A bot sees what its seat may see (``observe``) and the legal actions, like any
client, and submits its choice through the same validated path as a person,
naming the version it decided on. Random bots choose on the loop (it costs
nothing), heuristic bots in a thread, search bots (ISMCTS levels, any other
agent spec) in the worker processes of ``bot_pool`` (a fair queue between matches,
a wall-clock guard per decision). Bot generators are fresh random numbers from
the operating system, independent of the match seed. What a spec may cost is
checked when the match is created (``bot_limits``).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor

from wartable.agents.specs import parse_agent_spec
from wartable.core.errors import WartableError
from wartable.core.rng import Rng

from .bot_limits import BotLimits, check_bot_spec
from .bot_pool import BotPool
from .bot_worker import choose_action
from .dberrors import DatabaseUnavailable, backoff
from .errors import ApiError
from .live import LiveMatch

log = logging.getLogger("wartable.server.bots")

RETRY_AFTER = 0.5  # a bot's first pause after a failed store; doubled each time (capped)

INLINE_AGENTS = ("random",)
THREAD_AGENTS = ("heuristic", "greedy")
DECISION_TIMEOUT = 30.0  # seconds a search bot may think before its worker is replaced

Submit = Callable[[str, int, int, int], Awaitable[int]]

__all__ = ["BotRunner", "choose_action"]


class BotRunner:
    def __init__(
        self,
        workers: int,
        delay: float,
        submit: Submit,
        timeout: float = DECISION_TIMEOUT,
        limits: BotLimits | None = None,
    ) -> None:
        self.delay = delay
        self.submit = submit
        self.limits = limits
        self._over_limits: set[tuple[str, int]] = set()  # bot seats already logged as such
        self.tasks: dict[tuple[str, int], asyncio.Task[None]] = {}
        self.threads = ThreadPoolExecutor(max_workers=2, thread_name_prefix="bot")
        self.pool = BotPool(workers, timeout)

    async def _decide(
        self, match: LiveMatch, seat: int, spec: str, version: int, legal: list[int]
    ) -> int | None:
        """The bot's action, or ``None`` when it failed or thought too long."""
        observation = match.game.observe(match.state, seat)
        args = (match.game.id, match.config_json, spec, observation, legal, seat)
        rng_seed = secrets.randbits(64)
        name, _ = parse_agent_spec(spec)
        if name in INLINE_AGENTS:
            return choose_action(*args, rng_seed)
        if name in THREAD_AGENTS:
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self.threads, choose_action, *args, rng_seed)
        label = f"{spec!r} at seat {seat} of match {match.id} (version {version})"
        return await self.pool.decide(match.id, label, (*args, rng_seed))

    def poke(self, match: LiveMatch) -> None:
        """Start a task for every bot seat that must act and has none running."""
        if match.ended:
            return
        for seat in match.to_act:
            spec = match.bot_spec(seat)  # a bot's, or the one playing a seat out of time
            key = (match.id, seat)
            if spec is None or key in self.tasks:
                continue
            task = asyncio.get_running_loop().create_task(self._run(match, seat, spec))
            self.tasks[key] = task

    def _within_limits(self, match: LiveMatch, seat: int, spec: str) -> str:
        """``spec``, or ``random`` for a bot stored before the limits it exceeds (an older
        server, or an operator who lowered them): a match resumed from the database is
        not checked by ``create``."""
        if self.limits is None:
            return spec
        try:
            check_bot_spec(spec, match.game.id, len(match.seats), self.limits)
        except WartableError as err:
            if (match.id, seat) not in self._over_limits:
                self._over_limits.add((match.id, seat))
                log.warning("bot at seat %d of match %s moves at random: %s", seat, match.id, err)
            return "random"
        return spec

    async def _run(self, match: LiveMatch, seat: int, spec: str) -> None:
        try:
            spec = self._within_limits(match, seat, spec)
            failures = 0  # failed stores in a row
            for _attempt in range(1000):
                if match.ended or seat not in match.to_act:
                    return
                if self.delay:
                    await asyncio.sleep(self.delay)
                version = match.version
                legal = match.game.legal_actions(match.state, seat)
                try:
                    action = await self._decide(match, seat, spec, version, legal)
                except asyncio.CancelledError:
                    raise
                except Exception:  # a broken agent must not stall the match: a random move
                    log.exception("bot %s at seat %d of match %s failed", spec, seat, match.id)
                    action = None
                if action is None:  # failed or too slow (logged where it happened)
                    action = Rng(secrets.randbits(64)).choice(legal)
                try:
                    await self.submit(match.id, seat, action, version)
                except DatabaseUnavailable:  # read-only: wait longer each time (logged there)
                    failures += 1
                    await asyncio.sleep(backoff(failures, RETRY_AFTER))
                    continue
                except ApiError:
                    continue  # the match moved on meanwhile (stale): decide again
                except asyncio.CancelledError:
                    raise
                except Exception:  # e.g. the database failed: the match must not stall
                    failures += 1
                    if failures == 1:  # once: the pauses below keep the log from filling
                        log.exception(
                            "bot %s at seat %d of match %s: move not stored", spec, seat, match.id
                        )
                    await asyncio.sleep(backoff(failures, RETRY_AFTER))
                    continue
                failures = 0
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
        await self.pool.close()
