"""The bot pool's queue: decisions wait per match and matches share the workers fairly.

The next decision goes to the match that has used the least worker time lately (its
thinking seconds, halved every ``HALF_LIFE`` seconds), among the matches with no
decision in flight; between equals, to the one that has waited longest. So a cheap
search bot's decision goes before the next decision of a match whose bots think for
seconds, however long that match has queued, and a match that thought much gets its
turn again as its record fades: nobody waits forever. A match waits from when its first
decision arrives or, if it has one in flight meanwhile, from just after that one was
handed out (behind every match waiting then or arriving before the next hand-out).
"""

from __future__ import annotations

from collections import deque
from typing import Generic, TypeVar

T = TypeVar("T")

HALF_LIFE = 60.0  # seconds for a match's record of worker time to halve
FORGET_BELOW = 0.001  # seconds of worker time not worth remembering


class FairQueue(Generic[T]):
    def __init__(self) -> None:
        self._waiting: dict[str, deque[T]] = {}  # in order of arrival
        self._since: dict[str, float] = {}  # a waiting match's place in line
        self._used: dict[str, tuple[float, float]] = {}  # match -> (seconds, as of when)
        self._handed_out = 0

    def __len__(self) -> int:
        return sum(len(q) for q in self._waiting.values())

    def add(self, match_id: str, item: T, in_flight: bool) -> None:
        if match_id not in self._waiting:
            self._waiting[match_id] = deque()
            self._since[match_id] = self._handed_out + (0.5 if in_flight else 0.0)
        self._waiting[match_id].append(item)

    def remove(self, match_id: str, item: T) -> None:
        queue = self._waiting.get(match_id)
        if queue is not None and item in queue:
            queue.remove(item)
            if not queue:
                del self._waiting[match_id], self._since[match_id]

    def take(self, busy: set[str], now: float) -> tuple[str, T] | None:
        """The next decision of a match not in ``busy`` (see the module's docstring)."""
        ready = [m for m in self._waiting if m not in busy]
        if not ready:
            return None
        match_id = min(ready, key=lambda m: (self.used(m, now), self._since[m]))
        queue = self._waiting[match_id]
        item = queue.popleft()
        self._handed_out += 1
        if queue:
            self._since[match_id] = self._handed_out + 0.5
        else:
            del self._waiting[match_id], self._since[match_id]
        return match_id, item

    def used(self, match_id: str, now: float) -> float:
        """The match's worker seconds, each halved every ``HALF_LIFE`` seconds since."""
        seconds, at = self._used.get(match_id, (0.0, now))
        return seconds * 0.5 ** (max(0.0, now - at) / HALF_LIFE)

    def charge(self, match_id: str, seconds: float, now: float) -> None:
        self._used[match_id] = (self.used(match_id, now) + seconds, now)
        if len(self._used) > 2 * len(self._waiting) + 64:  # forget the faded records
            faded = [m for m in self._used if self.used(m, now) < FORGET_BELOW]
            for m in faded:
                del self._used[m]

    def drain(self) -> list[T]:
        """Every waiting item, removed (the pool is closing)."""
        items = [item for queue in self._waiting.values() for item in queue]
        self._waiting.clear()
        self._since.clear()
        return items
