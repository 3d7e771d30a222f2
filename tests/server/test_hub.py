"""A subscriber too slow for its pushes is disconnected, so its client reconnects and catches up."""

from __future__ import annotations

import asyncio
from typing import Any

from wartable.server.hub import MAX_QUEUE, Subscriber


class SlowSocket:
    """A WebSocket whose sends wait until ``release`` is set (a client that stopped reading)."""

    def __init__(self) -> None:
        self.release = asyncio.Event()
        self.sent: list[dict[str, Any]] = []

    async def send_json(self, message: dict[str, Any]) -> None:
        await self.release.wait()
        self.sent.append(message)


def test_a_subscriber_dropped_for_a_full_queue_ends_its_pump() -> None:
    """Pushes pile up while the socket does not drain; one past the queue's bound closes the
    subscriber. Its pump must then end (the connection closes and the client reconnects)
    rather than wait forever on a connection that will never be sent anything again."""

    async def scenario() -> tuple[bool, int]:
        ws = SlowSocket()
        sub = Subscriber(ws, "m", 0)  # type: ignore[arg-type]
        pump = asyncio.create_task(sub.pump())
        for version in range(MAX_QUEUE + 2):
            sub.send({"type": "view", "version": version})
            await asyncio.sleep(0)
        assert sub.closed
        ws.release.set()
        try:
            await asyncio.wait_for(pump, 2.0)
        except TimeoutError:
            pump.cancel()
            return False, len(ws.sent)
        return True, len(ws.sent)

    ended, sent = asyncio.run(scenario())
    assert ended, f"the pump of a dropped subscriber still waits after sending {sent} messages"
    assert sent <= 1, "a dropped subscriber's backlog is not sent: its client fetches a fresh view"
