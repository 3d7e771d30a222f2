"""Draconia's state: flat per-seat lists, copied by hand (no deepcopy).

Cards are a seat's deck positions (0..16); ``decks[seat][pos]`` is the unit id.
A field slot holds a position or ``EMPTY``.
"""

from __future__ import annotations

from typing import Any

from wartable.core.commit import Commitments
from wartable.core.rng import Rng

from .cards import CardSet
from .config import DraconiaConfig

EMPTY = -1

# phases / steps of the decision state machine
FACTION, DEPLOY, ARROW, MAIN, SKIRMISH, MANEUVER, REVIVE, CAMP_RETRIEVE, CAMP_SPEND, OVER = range(
    10
)
PHASE_NAMES = (
    "faction",
    "deploy",
    "arrow",
    "main",
    "skirmish",
    "maneuver",
    "revive",
    "camp_retrieve",
    "camp_spend",
    "over",
)

_LISTS = (
    "health",
    "supply",
    "factions",
    "faction_queue",
    "order",
    "attacks_left",
    "revive_queue",
    "camp_queue",
    "winners",
)
_NESTED = ("hand", "draw", "camp", "grave", "field", "face_up", "slot_supply", "slot_fortify")
_SCALARS = ("round", "phase", "first", "turn", "active", "maneuver_line", "decisions", "end_reason")


class DraconiaState:
    __slots__ = (
        "active",
        "attacks_left",
        "camp",
        "camp_queue",
        "cards",
        "commit",
        "config",
        "decisions",
        "decks",
        "draw",
        "end_reason",
        "face_up",
        "faction_queue",
        "factions",
        "field",
        "first",
        "grave",
        "hand",
        "health",
        "maneuver_line",
        "order",
        "phase",
        "revive_queue",
        "rng",
        "round",
        "slot_fortify",
        "slot_supply",
        "supply",
        "turn",
        "winners",
    )

    config: DraconiaConfig
    cards: CardSet
    rng: Rng
    commit: Commitments
    decks: list[tuple[int, ...]]
    factions: list[str]
    health: list[int]
    supply: list[int]
    hand: list[list[int]]
    draw: list[list[int]]
    camp: list[list[int]]
    grave: list[list[int]]
    field: list[list[int]]
    face_up: list[list[bool]]
    slot_supply: list[list[int]]
    slot_fortify: list[list[int]]
    faction_queue: list[int]
    order: list[int]
    attacks_left: list[int]
    revive_queue: list[int]
    camp_queue: list[int]
    winners: list[int]
    round: int
    phase: int
    first: int
    turn: int
    active: int
    maneuver_line: int
    decisions: int
    end_reason: str

    def copy(self) -> DraconiaState:
        s = DraconiaState.__new__(DraconiaState)
        s.config = self.config
        s.cards = self.cards
        s.decks = self.decks
        s.rng = self.rng.copy()
        s.commit = self.commit.copy()
        s.factions = self.factions[:]
        s.health = self.health[:]
        s.supply = self.supply[:]
        s.hand = [x[:] for x in self.hand]
        s.draw = [x[:] for x in self.draw]
        s.camp = [x[:] for x in self.camp]
        s.grave = [x[:] for x in self.grave]
        s.field = [x[:] for x in self.field]
        s.face_up = [x[:] for x in self.face_up]
        s.slot_supply = [x[:] for x in self.slot_supply]
        s.slot_fortify = [x[:] for x in self.slot_fortify]
        s.faction_queue = self.faction_queue[:]
        s.order = self.order[:]
        s.attacks_left = self.attacks_left[:]
        s.revive_queue = self.revive_queue[:]
        s.camp_queue = self.camp_queue[:]
        s.winners = self.winners[:]
        s.round = self.round
        s.phase = self.phase
        s.first = self.first
        s.turn = self.turn
        s.active = self.active
        s.maneuver_line = self.maneuver_line
        s.decisions = self.decisions
        s.end_reason = self.end_reason
        return s

    @property
    def seats(self) -> int:
        return len(self.health)

    def unit(self, seat: int, pos: int) -> Any:
        return self.cards.units[self.decks[seat][pos]]

    # ----- position JSON (docs/formats/draconia-position.md) --------------
    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {k: getattr(self, k) for k in _SCALARS}
        data["phase"] = PHASE_NAMES[self.phase]
        for k in _LISTS:
            data[k] = list(getattr(self, k))
        for k in _NESTED:
            data[k] = [list(x) for x in getattr(self, k)]
        data["decks"] = [list(d) for d in self.decks]
        data["commit"] = self.commit.to_json()
        data["rng"] = self.rng.state
        return data
