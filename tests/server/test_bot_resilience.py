"""A bot whose move could not be stored (the database failed once) tries again: the match
does not stall waiting for a task that has stopped."""

from __future__ import annotations

import asyncio
from typing import Any

from wartable.games import get_game
from wartable.server import bots as bots_module
from wartable.server.bots import BotRunner


class _Match:
    """The few fields the bot runner reads of a live match, over a real Skirm game."""

    def __init__(self) -> None:
        self.id = "m1"
        self.game: Any = get_game("skirm")
        self.config_json: dict[str, Any] = {}
        self.state = self.game.new_state(self.game.make_config({}), 5)
        self.moves = 0

    @property
    def ended(self) -> bool:
        return bool(self.game.is_terminal(self.state))

    @property
    def to_act(self) -> tuple[int, ...]:
        return tuple(self.game.to_act(self.state))

    @property
    def version(self) -> int:
        return self.moves


def test_a_bot_tries_again_after_its_move_failed_to_store(monkeypatch: Any) -> None:
    monkeypatch.setattr(bots_module, "RETRY_AFTER", 0.01)
    match = _Match()
    failures = [RuntimeError("database is locked")]

    async def submit(mid: str, seat: int, action: int, version: int) -> None:
        if failures:
            raise failures.pop()
        match.game.apply(match.state, seat, action)
        match.moves += 1

    async def run() -> None:
        runner = BotRunner(workers=0, delay=0, submit=submit)
        seat = match.to_act[0]
        await runner._run(match, seat, "random")  # type: ignore[arg-type]

    asyncio.run(run())
    assert not failures, "the failure happened"
    assert match.moves >= 1, "the bot moved after the failure instead of stopping"
