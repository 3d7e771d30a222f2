"""WebSocket subscribers per match, and the pushes they receive.

Each connection has its own outgoing queue drained by its own task, so a slow
client never holds up the match or the others; a client that falls too far
behind is disconnected (it can reconnect and fetch the view). Every push is a
view built for that connection's seat by ``LiveMatch.view``: the observation
filter is the only source of what a connection receives.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from starlette.websockets import WebSocket

from .live import LiveMatch

MAX_QUEUE = 256


@dataclass(eq=False)
class Subscriber:
    ws: WebSocket
    match_id: str
    seat: int | None
    queue: asyncio.Queue[dict[str, Any] | None] = field(
        default_factory=lambda: asyncio.Queue(MAX_QUEUE)
    )
    seen: int = 0  # the version of the last view pushed (events are sent from there on)
    closed: bool = False

    def send(self, message: dict[str, Any]) -> None:
        if self.closed:
            return
        try:
            self.queue.put_nowait(message)
        except asyncio.QueueFull:  # too slow: drop the connection rather than the match
            self.close()

    def close(self) -> None:
        """End the pump (and with it the connection): the client reconnects for a fresh view.
        A full queue (a client too slow) is dropped first: otherwise the end mark would not
        fit, the pump would wait forever once the backlog is sent, and the client, connected
        but never sent anything again, would never know to reconnect."""
        self.closed = True
        try:
            self.queue.put_nowait(None)
        except asyncio.QueueFull:
            while not self.queue.empty():
                self.queue.get_nowait()
            self.queue.put_nowait(None)

    async def pump(self) -> None:
        """Send queued messages until closed."""
        while True:
            message = await self.queue.get()
            if message is None:
                break
            await self.ws.send_json(message)


class Hub:
    def __init__(self) -> None:
        self.subscribers: dict[str, set[Subscriber]] = {}

    def add(self, sub: Subscriber) -> None:
        self.subscribers.setdefault(sub.match_id, set()).add(sub)

    def remove(self, sub: Subscriber) -> None:
        subs = self.subscribers.get(sub.match_id)
        if subs is not None:
            subs.discard(sub)
            if not subs:
                del self.subscribers[sub.match_id]

    def push_view(self, sub: Subscriber, match: LiveMatch) -> None:
        view = match.view(sub.seat, since=sub.seen)
        sub.seen = match.version
        sub.send({"type": "view", **view})

    def broadcast(self, match: LiveMatch) -> None:
        """Push every subscriber of ``match`` its own view of the new state."""
        for sub in list(self.subscribers.get(match.id, ())):
            self.push_view(sub, match)

    def notify(self, match_id: str, message: dict[str, Any]) -> None:
        """A message with no seat-specific content (rematch offers)."""
        for sub in list(self.subscribers.get(match_id, ())):
            sub.send(message)

    def push_chat(self, match_id: str, message: dict[str, Any]) -> None:
        """A chat message, to every seat and spectator of the match alike."""
        self.notify(match_id, {"type": "chat", "message": message})

    def close_all(self) -> None:
        for subs in self.subscribers.values():
            for sub in subs:
                sub.close()
