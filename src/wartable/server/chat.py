"""Chat at the table: messages from the seats, kept with the match, pushed to everyone.

A message is stored first (so a restart loses nothing acknowledged), then pushed
to every subscriber of the match, seats and spectators alike, as
``{"type": "chat", "message": {id, seat, name, text, at}}``. Each seat may post a
few messages per window of time (``ChatLimiter``); muting is the client's business.
"""

from __future__ import annotations

import time
from collections import deque
from typing import Any

from sqlalchemy import insert, select

from .schema import chat
from .storage import Storage

PAGE_MAX = 200


def message_json(row: Any) -> dict[str, Any]:
    return {
        "id": int(row["id"]),
        "seat": int(row["seat"]),
        "name": str(row["name"]),
        "text": str(row["text"]),
        "at": float(row["created_at"]),
    }


def store_message(
    storage: Storage, match_id: str, seat: int, name: str, text: str
) -> dict[str, Any]:
    """Store one message; the message as pushed and listed."""
    at = time.time()
    with storage.transaction() as conn:
        new_id = conn.execute(
            insert(chat)
            .values(match_id=match_id, seat=seat, name=name, text=text, created_at=at)
            .returning(chat.c.id)
        ).scalar_one()
        storage.notify(conn, match_id)
    return {"id": int(new_id), "seat": seat, "name": name, "text": text, "at": at}


def list_messages(
    storage: Storage, match_id: str, after: int = 0, limit: int = PAGE_MAX
) -> list[dict[str, Any]]:
    """The match's messages with an id above ``after``, oldest first, at most ``limit``."""
    with storage.engine.connect() as conn:
        rows = conn.execute(
            select(chat)
            .where(chat.c.match_id == match_id, chat.c.id > after)
            .order_by(chat.c.id)
            .limit(max(1, min(limit, PAGE_MAX)))
        ).mappings()
        return [message_json(r) for r in rows]


def recent_messages(storage: Storage, match_id: str, since: float) -> list[dict[str, Any]]:
    """The match's messages stored from ``since`` on (wall clock), oldest first, at most 200."""
    with storage.engine.connect() as conn:
        rows = conn.execute(
            select(chat)
            .where(chat.c.match_id == match_id, chat.c.created_at >= since)
            .order_by(chat.c.id)
            .limit(PAGE_MAX)
        ).mappings()
        return [message_json(r) for r in rows]


class Forwarded:
    """Which messages one process pushed lately for one match: another process's message
    is pushed here once, whatever order the commits and notifications come in."""

    OVERLAP = 5.0  # seconds looked back past the newest message pushed (commits race)

    def __init__(self) -> None:
        self.since = time.time()  # earlier messages: the client lists them when it opens
        self.pushed: dict[int, float] = {}  # id -> stored at

    def start(self) -> float:
        newest = max(self.pushed.values(), default=self.since)
        return max(self.since, newest - self.OVERLAP)

    def fresh(self, message: dict[str, Any]) -> bool:
        """True the first time a message is seen (it is to be pushed)."""
        if message["id"] in self.pushed:
            return False
        self.pushed[message["id"]] = message["at"]
        horizon = self.start() - self.OVERLAP
        self.pushed = {i: at for i, at in self.pushed.items() if at >= horizon}
        return True


class ChatLimiter:
    """At most ``burst`` messages per ``window`` seconds from each (match, seat)."""

    def __init__(self, burst: int, window: float, max_keys: int = 10_000) -> None:
        self.burst, self.window, self.max_keys = burst, window, max_keys
        self.sent: dict[tuple[str, int], deque[float]] = {}

    def allow(self, match_id: str, seat: int) -> bool:
        if self.burst <= 0:
            return True
        now = time.monotonic()
        if len(self.sent) >= self.max_keys:  # forget idle seats rather than grow without end
            self.sent = {k: d for k, d in self.sent.items() if d and now - d[-1] < self.window}
        times = self.sent.setdefault((match_id, seat), deque())
        while times and now - times[0] >= self.window:
            times.popleft()
        if len(times) >= self.burst:
            return False
        times.append(now)
        return True

    def retry_after(self, match_id: str, seat: int) -> float:
        times = self.sent.get((match_id, seat))
        if not times:
            return 0.0
        return max(0.0, self.window - (time.monotonic() - times[0]))
