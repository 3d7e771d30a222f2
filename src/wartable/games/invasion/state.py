"""The Draconis Invasion state: flat lists of ints, a cheap ``copy`` and the position JSON.

Zones per seat: ``hand`` and ``discard`` are counts per card kind (their order
never matters), ``deck`` is an ordered list with the top card last. The active
player's play area is ``play`` (counts). Pending decisions are ``stack``
frames ``[kind, seat, a, b]``; the top frame decides who acts (``frames.py``).
"""

from __future__ import annotations

from typing import Any, Final

from wartable.core.errors import PositionError
from wartable.core.rng import Rng

from .cards import NK, get_db
from .config import InvasionConfig
from .db import Db

# phases of the active player's turn (chapter 5, A-BCDE-F)
MAIN: Final = 0
BUY: Final = 1
DEFEAT: Final = 2
FORWARD: Final = 3
OVER: Final = 4
PHASES: Final = ("main", "buy", "defeat", "forward", "over")

_INT_FIELDS = (
    "n", "active", "first", "threat_roll", "turn", "phase", "terror", "actions_left", "buys_left",
    "gold", "fury", "enchant", "atk_damage", "atk_defenders", "atk_titan", "atk_slayer",
    "atk_shaman", "golem", "betrayals", "ruler", "draw_limit", "events_total", "retreat",
    "over", "decisions",
)  # fmt: skip
_LIST_FIELDS = (
    "supply", "kingdom", "row", "blue_deck", "gold_deck", "event_deck", "events_seen",
    "campaign_deck", "campaign_row", "play", "targets", "revealed",
)  # fmt: skip
_NESTED_FIELDS = ("hand", "deck", "discard", "defeated", "pending_events", "campaigns", "stack")


class InvasionState:
    __slots__ = (
        "config", "rng", "db", *_INT_FIELDS, *_LIST_FIELDS, *_NESTED_FIELDS, "end_reason",
    )  # fmt: skip

    config: InvasionConfig
    rng: Rng
    db: Db
    n: int
    active: int
    first: int
    threat_roll: int
    turn: int
    phase: int
    terror: int
    actions_left: int
    buys_left: int
    gold: int
    fury: int
    enchant: int
    atk_damage: int
    atk_defenders: int
    atk_titan: int
    atk_slayer: int
    atk_shaman: int
    golem: int
    betrayals: int
    ruler: int
    draw_limit: int
    events_total: int
    retreat: int
    over: int
    decisions: int
    supply: list[int]
    kingdom: list[int]
    row: list[int]
    blue_deck: list[int]
    gold_deck: list[int]
    event_deck: list[int]
    events_seen: list[int]
    campaign_deck: list[int]
    campaign_row: list[int]
    play: list[int]
    targets: list[int]
    revealed: list[int]
    hand: list[list[int]]
    deck: list[list[int]]
    discard: list[list[int]]
    defeated: list[list[int]]
    pending_events: list[list[int]]
    campaigns: list[list[int]]
    stack: list[list[int]]
    end_reason: str

    def __init__(self, config: InvasionConfig, rng: Rng, blank: bool = True) -> None:
        self.config = config
        self.rng = rng
        if not blank:  # ``copy`` sets every field itself
            return
        self.db = get_db(config.data_dir)
        for f in _INT_FIELDS:
            setattr(self, f, 0)
        for f in _LIST_FIELDS:
            setattr(self, f, [])
        for f in _NESTED_FIELDS:
            setattr(self, f, [])
        self.n = config.players
        self.end_reason = ""

    def copy(self) -> InvasionState:
        c = InvasionState(self.config, self.rng.copy(), blank=False)
        c.db = self.db
        for f in _INT_FIELDS:
            setattr(c, f, getattr(self, f))
        for f in _LIST_FIELDS:
            setattr(c, f, getattr(self, f)[:])
        for f in _NESTED_FIELDS:
            setattr(c, f, [x[:] for x in getattr(self, f)])
        c.end_reason = self.end_reason
        return c

    # ----- helpers used everywhere ---------------------------------------
    def owners(self) -> int:
        """Campaign holders: one per team in Team Versus, else one per seat."""
        return self.n // 2 if self.config.team else self.n

    def owner_of(self, seat: int) -> int:
        return seat // 2 if self.config.team else seat

    def teammate(self, seat: int) -> int:
        """The partner in Team Versus (seats 0-1, 2-3, 4-5 sit together), else -1."""
        return seat ^ 1 if self.config.team else -1

    def hand_size(self, seat: int) -> int:
        return sum(self.hand[seat])


def state_to_json(s: InvasionState) -> dict[str, Any]:
    out: dict[str, Any] = {"rng": s.rng.state, "end_reason": s.end_reason}
    for f in _INT_FIELDS:
        out[f] = getattr(s, f)
    for f in _LIST_FIELDS:
        out[f] = list(getattr(s, f))
    for f in _NESTED_FIELDS:
        out[f] = [list(x) for x in getattr(s, f)]
    return out


def _int(data: dict[str, Any], key: str) -> int:
    v = data.get(key)
    if not isinstance(v, int) or isinstance(v, bool):
        raise PositionError(f"invasion position: field {key!r} must be an integer")
    return v


def _ints(v: Any, key: str) -> list[int]:
    if not isinstance(v, list) or not all(
        isinstance(x, int) and not isinstance(x, bool) for x in v
    ):
        raise PositionError(f"invasion position: field {key!r} must be a list of integers")
    return list(v)


def state_from_json(config: InvasionConfig, data: dict[str, Any]) -> InvasionState:
    s = InvasionState(config, Rng(_int(data, "rng")))
    for f in _INT_FIELDS:
        setattr(s, f, _int(data, f))
    for f in _LIST_FIELDS:
        setattr(s, f, _ints(data.get(f), f))
    for f in _NESTED_FIELDS:
        v = data.get(f)
        if not isinstance(v, list):
            raise PositionError(f"invasion position: field {f!r} must be a list of lists")
        setattr(s, f, [_ints(x, f) for x in v])
    reason = data.get("end_reason", "")
    if not isinstance(reason, str):
        raise PositionError("invasion position: field 'end_reason' must be a string")
    s.end_reason = reason
    if s.n != config.players:
        raise PositionError(f"invasion position: field 'n' is {s.n}, config has {config.players}")
    for f in ("hand", "deck", "discard", "defeated", "pending_events"):
        if len(getattr(s, f)) != s.n:
            raise PositionError(f"invasion position: field {f!r} needs one entry per seat")
    for f in ("hand", "discard"):
        if any(len(x) != NK for x in getattr(s, f)):
            raise PositionError(f"invasion position: field {f!r} needs {NK} counts per seat")
    for f in ("supply", "play"):
        if len(getattr(s, f)) != NK:
            raise PositionError(f"invasion position: field {f!r} needs {NK} counts")
    if len(s.row) != 6:
        raise PositionError("invasion position: field 'row' needs 6 invader slots")
    if len(s.campaigns) != s.owners():
        raise PositionError("invasion position: field 'campaigns' needs one list per holder")
    if not 0 <= s.active < s.n:
        raise PositionError("invasion position: field 'active' is not a seat")
    if not 1 <= s.terror <= 6:
        raise PositionError("invasion position: field 'terror' must be 1-6")
    if not 0 <= s.phase <= OVER:
        raise PositionError("invasion position: field 'phase' is not a phase")
    return s
