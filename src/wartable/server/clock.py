"""A match's clock: a time allowance per move and a bank of extra time per seat.

Each decision of a person's seat may take ``per_move`` seconds for free; time beyond
that comes out of the seat's ``bank``. Without a bank a decision must fit in
``per_move``; without ``per_move`` the bank alone runs (sudden death). The clock starts
once every person's seat is taken (``started_at``, stored), and a decision's time is
counted from the stored time of the action that made the seat's decision pending (or
from the start): what a seat has used is rebuilt from stored figures, so a restarted
server gives no time back. A seat that runs out either loses (the match ends
``timed_out``) or is played by the server's bot from then on (``on_timeout``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import insert, select, update

from .errors import Unprocessable
from .schema import clocks, matches, time_outs
from .storage import ClockRow, Storage

MAX_SECONDS = 86_400
ON_TIMEOUT = ("lose", "bot")
CLOCK_KEYS = ("per_move", "bank")


def take_clock(config: dict[str, Any]) -> tuple[dict[str, Any], ClockRow | None]:
    """The config without ``clock`` and ``on_timeout`` (the game never sees them) and the
    clock they ask for (None: no clock); ``Unprocessable`` naming the bad field."""
    rest = {k: v for k, v in config.items() if k not in ("clock", "on_timeout")}
    on_timeout = config.get("on_timeout", "lose")
    if on_timeout not in ON_TIMEOUT:
        raise Unprocessable(f"config.on_timeout: {on_timeout!r} is not 'lose' or 'bot'")
    spec = config.get("clock")
    if spec is None:
        return rest, None
    if not isinstance(spec, dict):
        raise Unprocessable('config.clock: expected {"per_move": S, "bank": S} or null')
    unknown = sorted(set(spec) - set(CLOCK_KEYS))
    if unknown:
        raise Unprocessable(f"config.clock: unknown field {unknown[0]!r} (per_move, bank)")
    figures: dict[str, float | None] = {}
    for key in CLOCK_KEYS:
        value = spec.get(key)
        if value is not None and (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or not 0 <= value <= MAX_SECONDS
        ):
            raise Unprocessable(
                f"config.clock.{key}: seconds from 0 to {MAX_SECONDS}, or null, got {value!r}"
            )
        figures[key] = None if value is None else float(value)
    if not (figures["per_move"] or figures["bank"]):
        raise Unprocessable("config.clock: give per_move or bank more than 0 s (or clock null)")
    return rest, ClockRow(figures["per_move"], figures["bank"], on_timeout)


def config_with_clock(config: dict[str, Any], clock: ClockRow | None) -> dict[str, Any]:
    """The config a rematch is created from: the game's config and the same clock."""
    if clock is None:
        return dict(config)
    figures = {"per_move": clock.per_move, "bank": clock.bank}
    return {**config, "clock": figures, "on_timeout": clock.on_timeout}


@dataclass
class Clock:
    """The clock of one match in memory: its stored row and each seat's bank used."""

    row: ClockRow
    used: dict[int, float] = field(default_factory=dict)  # bank seconds used, per seat

    @property
    def free(self) -> float:
        return self.row.per_move or 0.0

    def start_of(self, pending_since: float) -> float | None:
        """When the decision pending since ``pending_since`` started counting (None: the
        clock has not started)."""
        if self.row.started_at is None:
            return None
        return max(self.row.started_at, pending_since)

    def charge(self, seat: int, pending_since: float | None, at: float) -> None:
        """A seat acted at ``at``: what its decision took beyond ``per_move`` comes off its bank."""
        if pending_since is None or self.row.bank is None:
            return
        start = self.start_of(pending_since)
        if start is not None:
            over = max(0.0, at - start - self.free)
            self.used[seat] = self.used.get(seat, 0.0) + over

    def left(self, seat: int, start: float | None, now: float) -> tuple[float | None, float | None]:
        """(bank left, this move's free time left) at ``now``; ``start`` None: not running."""
        elapsed = 0.0 if start is None else max(0.0, now - start)
        move_left = None if self.row.per_move is None else max(0.0, self.row.per_move - elapsed)
        bank_left = None
        if self.row.bank is not None:
            over = max(0.0, elapsed - self.free)
            bank_left = max(0.0, self.row.bank - self.used.get(seat, 0.0) - over)
        return bank_left, move_left

    def out_of_time(self, seat: int, start: float | None, now: float) -> bool:
        if start is None:
            return False
        bank_left, move_left = self.left(seat, start, now)
        if self.row.bank is None:
            return move_left is not None and move_left <= 0.0
        elapsed = now - start
        return bank_left is not None and bank_left <= 0.0 and elapsed > self.free

    def view(self, running: dict[int, float], seats: list[int], now: float) -> dict[str, Any]:
        """What every view carries: the settings and each seat's time left at ``now``
        (``running``: the seats whose clock runs, with when their decision started)."""
        entries = []
        for seat in seats:
            start = running.get(seat)
            bank_left, move_left = self.left(seat, start, now)
            entries.append(
                {
                    "seat": seat,
                    "bank_left": bank_left,
                    "move_left": move_left,
                    "running": start is not None,
                }
            )
        return {
            "per_move": self.row.per_move,
            "bank": self.row.bank,
            "on_timeout": self.row.on_timeout,
            "started": self.row.started_at is not None,
            "seats": entries,
            "at": now,
        }


# ----- storage (called from the service's database threads) ---------------
def start_clock(storage: Storage, match_id: str, at: float) -> float | None:
    """Start the match's clock at ``at`` unless it started already; the stored start."""
    with storage.transaction() as conn:
        conn.execute(
            update(clocks)
            .where(clocks.c.match_id == match_id, clocks.c.started_at.is_(None))
            .values(started_at=at)
        )
        storage.notify(conn, match_id)
        found = conn.execute(
            select(clocks.c.started_at).where(clocks.c.match_id == match_id)
        ).scalar()
    return None if found is None else float(found)


def record_time_out(
    storage: Storage, match_id: str, seat: int, mode: str, reason: str | None
) -> bool:
    """Store that ``seat`` ran out of time (``mode`` lost: the match ends ``timed_out``
    with ``reason``), in one transaction; False if the match had ended meanwhile."""
    with storage.transaction() as conn:
        if mode == "lost":
            ended = conn.execute(
                update(matches)
                .where(matches.c.id == match_id, matches.c.status == "playing")
                .values(status="timed_out", reason=reason)
            ).rowcount
        else:
            status = conn.execute(select(matches.c.status).where(matches.c.id == match_id)).scalar()
            ended = int(status == "playing")
        if not ended:
            return False
        known = conn.execute(
            select(time_outs.c.seat).where(
                time_outs.c.match_id == match_id, time_outs.c.seat == seat
            )
        ).first()
        if known is None:
            conn.execute(
                insert(time_outs).values(
                    match_id=match_id, seat=seat, mode=mode, created_at=time.time()
                )
            )
        storage.notify(conn, match_id)
    return True
