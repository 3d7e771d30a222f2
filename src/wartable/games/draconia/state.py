"""Draconia's state: flat per-seat lists, copied by hand (no deepcopy).

Cards are a seat's deck positions (0..16); ``decks[seat][pos]`` is the unit id.
A field slot holds a position or ``EMPTY``.
"""

from __future__ import annotations

from typing import Any, Final

from wartable.core.commit import Commitments
from wartable.core.rng import Rng

from .cards import CardSet
from .config import DraconiaConfig

EMPTY: Final = -1

# phases / steps of the decision state machine
(
    FACTION,
    DEPLOY,
    ARROW,
    MAIN,
    SKIRMISH,
    MANEUVER,
    REVIVE,
    CAMP_RETRIEVE,
    CAMP_SPEND,
    OVER,
    SETTLEMENT,
    PALACE,
    BELLOW,
    BOMBARD,
    DRAFT_LEADER,
    DRAFT_CHAMPION,
    DRAFT_BASIC,
) = range(17)
PHASE_NAMES: Final = (
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
    "settlement",
    "palace",
    "bellow",
    "bombard",
    "draft_leader",
    "draft_champion",
    "draft_basic",
)
# marks[seat]: settlement tokens on that seat's status slots (index + line)
BURN: Final = 0
CRACK: Final = 3
PYRAMID_ATTACK: Final = 6
PYRAMID_DEFENSE: Final = 9
# draft piles
LEADER_PILE: Final = 0
CHAMPION_PILE: Final = 1
BASIC_PILE: Final = 2
DISCARD: Final = 3
ROW: Final = 4
OUT: Final = 5
# what to do once pending Bellow choices are made
RESUME_SKIRMISH: Final = 0
RESUME_MAIN: Final = 1

_LISTS: Final = (
    "health",
    "supply",
    "factions",
    "faction_queue",
    "order",
    "attacks_left",
    "revive_queue",
    "camp_queue",
    "winners",
    "alive",
    "settlement",
    "stokens",
    "glimmer_round",
    "bombard_queue",
    "palace_queue",
    "bellow_queue",
)
_NESTED: Final = (
    "hand",
    "draw",
    "camp",
    "grave",
    "field",
    "face_up",
    "slot_supply",
    "slot_fortify",
    "marks",
    "bless",
    "draft",
    "picks",
    "deal",
)
_SCALARS: Final = (
    "round",
    "phase",
    "first",
    "turn",
    "active",
    "maneuver_line",
    "decisions",
    "end_reason",
    "resume",
    "draft_turn",
)


class DraconiaState:
    __slots__ = (*_LISTS, *_NESTED, *_SCALARS, "cards", "commit", "config", "decks", "rng")

    config: DraconiaConfig
    cards: CardSet
    rng: Rng
    commit: Commitments
    decks: list[tuple[int, ...]]
    factions: list[str]
    health: list[int]
    supply: list[int]
    alive: list[bool]
    settlement: list[int]
    stokens: list[int]
    glimmer_round: list[int]
    hand: list[list[int]]
    draw: list[list[int]]
    camp: list[list[int]]
    grave: list[list[int]]
    field: list[list[int]]
    face_up: list[list[bool]]
    slot_supply: list[list[int]]
    slot_fortify: list[list[int]]
    marks: list[list[int]]
    bless: list[list[int]]
    draft: list[list[int]]
    picks: list[list[int]]
    deal: list[list[int]]
    faction_queue: list[int]
    order: list[int]
    attacks_left: list[int]
    revive_queue: list[int]
    camp_queue: list[int]
    bombard_queue: list[int]
    palace_queue: list[int]
    bellow_queue: list[int]
    winners: list[int]
    round: int
    phase: int
    first: int
    turn: int
    active: int
    maneuver_line: int
    decisions: int
    end_reason: str
    resume: int
    draft_turn: int

    def copy(self) -> DraconiaState:
        # written out field by field: a loop over getattr/setattr costs twice as much
        s = DraconiaState.__new__(DraconiaState)
        s.config = self.config
        s.cards = self.cards
        s.decks = self.decks[:]
        s.rng = self.rng.copy()
        s.commit = self.commit.copy()
        s.health = self.health[:]
        s.supply = self.supply[:]
        s.factions = self.factions[:]
        s.faction_queue = self.faction_queue[:]
        s.order = self.order[:]
        s.attacks_left = self.attacks_left[:]
        s.revive_queue = self.revive_queue[:]
        s.camp_queue = self.camp_queue[:]
        s.winners = self.winners[:]
        s.alive = self.alive[:]
        s.settlement = self.settlement[:]
        s.stokens = self.stokens[:]
        s.glimmer_round = self.glimmer_round[:]
        s.bombard_queue = self.bombard_queue[:]
        s.palace_queue = self.palace_queue[:]
        s.bellow_queue = self.bellow_queue[:]
        s.hand = [x[:] for x in self.hand]
        s.draw = [x[:] for x in self.draw]
        s.camp = [x[:] for x in self.camp]
        s.grave = [x[:] for x in self.grave]
        s.field = [x[:] for x in self.field]
        s.face_up = [x[:] for x in self.face_up]
        s.slot_supply = [x[:] for x in self.slot_supply]
        s.slot_fortify = [x[:] for x in self.slot_fortify]
        s.marks = [x[:] for x in self.marks]
        s.bless = [x[:] for x in self.bless]
        s.draft = [x[:] for x in self.draft]
        s.picks = [x[:] for x in self.picks]
        s.deal = [x[:] for x in self.deal]
        s.round = self.round
        s.phase = self.phase
        s.first = self.first
        s.turn = self.turn
        s.active = self.active
        s.maneuver_line = self.maneuver_line
        s.decisions = self.decisions
        s.end_reason = self.end_reason
        s.resume = self.resume
        s.draft_turn = self.draft_turn
        return s

    @property
    def seats(self) -> int:
        return len(self.health)

    def unit(self, seat: int, pos: int) -> Any:
        return self.cards.units[self.decks[seat][pos]]

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {k: getattr(self, k) for k in _SCALARS}
        data["phase"] = PHASE_NAMES[self.phase]
        for k in _LISTS:
            data[k] = list(getattr(self, k))
        for k in _NESTED:
            data[k] = [list(x) for x in getattr(self, k)]
        data["commit"] = self.commit.to_json()
        data["rng"] = self.rng.state
        return data
