"""Commit-then-reveal: the one mechanism for simultaneous decisions.

Several seats may have a pending decision at once and act in any order. Each
seat's atomic actions are buffered in its own slot; nobody's observation
shows another seat's buffer (only whether that seat has finished), and the
game reveals all buffers together once every seat has finished.

Games keep a ``Commitments`` in their state and call ``add``/``finish``;
``observe`` uses ``public_view``. It is a small list-of-lists so that copying
a state for search stays cheap.
"""

from __future__ import annotations

from typing import Any


class Commitments:
    __slots__ = ("buffers", "done")

    def __init__(self, seats: int) -> None:
        self.buffers: list[list[int]] = [[] for _ in range(seats)]
        self.done: list[bool] = [True] * seats

    def open(self, seats: list[int] | tuple[int, ...]) -> None:
        """Start a simultaneous decision for ``seats`` (others are not asked)."""
        for s in range(len(self.buffers)):
            self.buffers[s] = []
            self.done[s] = s not in seats

    def add(self, seat: int, action: int) -> None:
        self.buffers[seat].append(action)

    def finish(self, seat: int) -> None:
        self.done[seat] = True

    @property
    def all_done(self) -> bool:
        return all(self.done)

    def pending(self) -> tuple[int, ...]:
        return tuple(s for s, d in enumerate(self.done) if not d)

    def reveal(self) -> list[list[int]]:
        """Every seat's committed actions, then an empty, closed mechanism."""
        out = self.buffers
        self.buffers = [[] for _ in out]
        self.done = [True] * len(out)
        return out

    def copy(self) -> Commitments:
        c = Commitments(0)  # through the constructor: the compiled engine's classes need it
        c.buffers = [b[:] for b in self.buffers]
        c.done = self.done[:]
        return c

    def public_view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see: its own buffer, and only who has finished."""
        view: dict[str, Any] = {"waiting_for": list(self.pending())}
        if seat is not None:
            view["mine"] = list(self.buffers[seat])
        return view

    def to_json(self) -> dict[str, Any]:
        return {"buffers": [list(b) for b in self.buffers], "done": list(self.done)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Commitments:
        c = cls(len(data["buffers"]))
        c.buffers = [[int(a) for a in b] for b in data["buffers"]]
        c.done = [bool(d) for d in data["done"]]
        return c
