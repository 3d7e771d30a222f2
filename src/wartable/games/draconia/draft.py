"""Draft Variant: leader, champion and basic-unit drafts as written, and the settlement deal.

Cards here are unit ids (the whole card pool, one copy of each of the 102 units);
``state.draft`` holds the piles, the center row, the discard pile and the cards
returned to the box; ``state.picks[seat]`` the cards a seat has drafted (face up).
"""

from __future__ import annotations

from typing import Final

from wartable.core.events import Event

from . import actions as acts
from .state import (
    BASIC_PILE,
    CHAMPION_PILE,
    DISCARD,
    DRAFT_BASIC,
    DRAFT_CHAMPION,
    DRAFT_LEADER,
    LEADER_PILE,
    OUT,
    ROW,
    DraconiaState,
)

NEEDED: Final = {DRAFT_LEADER: 1, DRAFT_CHAMPION: 2, DRAFT_BASIC: 14}
ROW_SIZE: Final = {DRAFT_LEADER: 3, DRAFT_CHAMPION: 3, DRAFT_BASIC: 6}


def _class_of(s: DraconiaState, uid: int) -> str:
    return str(s.cards.units[uid].unit_class)


def start_draft(s: DraconiaState) -> None:
    """1. Three shuffled draft piles; 2. the leader draft starts with the first player."""
    units = s.cards.units
    leaders = [u.uid for u in units if u.unit_class == "leader"]
    champions = [u.uid for u in units if u.unit_class == "champion"]
    basics = [u.uid for u in units if u.is_basic]
    for pile in (leaders, champions, basics):
        s.rng.shuffle(pile)
    s.draft = [leaders, champions, basics, [], [], []]
    s.picks = [[] for _ in range(s.seats)]
    _open_stage(s, DRAFT_LEADER)


def _pile_for(phase: int) -> int:
    return {DRAFT_LEADER: LEADER_PILE, DRAFT_CHAMPION: CHAMPION_PILE, DRAFT_BASIC: BASIC_PILE}[
        phase
    ]


def _draw(s: DraconiaState, phase: int) -> int | None:
    pile = s.draft[_pile_for(phase)]
    if not pile and phase == DRAFT_BASIC and s.draft[DISCARD]:
        # "If the basic unit draft pile is running out of cards, shuffle all the discards"
        pile.extend(s.draft[DISCARD])
        s.draft[DISCARD] = []
        s.rng.shuffle(pile)
    return pile.pop() if pile else None


def _open_stage(s: DraconiaState, phase: int) -> None:
    s.draft[OUT].extend(s.draft[ROW])
    s.draft[ROW] = []
    s.phase = phase
    s.draft_turn = s.first
    for _ in range(ROW_SIZE[phase]):
        card = _draw(s, phase)
        if card is not None:
            s.draft[ROW].append(card)


def legal(s: DraconiaState) -> list[int]:
    return [acts.DRAFT + i for i in range(len(s.draft[ROW]))]


def _count(s: DraconiaState, seat: int, phase: int) -> int:
    picks = [_class_of(s, u) for u in s.picks[seat]]
    if phase == DRAFT_LEADER:
        return picks.count("leader")
    if phase == DRAFT_CHAMPION:
        return picks.count("champion")
    return len(picks) - picks.count("leader") - picks.count("champion")


def pick(s: DraconiaState, seat: int, slot: int, ev: list[Event] | None) -> bool:
    """A pick; returns True when the whole draft is complete."""
    phase = s.phase
    row = s.draft[ROW]
    card = row.pop(slot)
    s.picks[seat].append(card)
    if ev is not None:
        ev.append(
            {"type": "draft_pick", "seat": seat, "unit": s.cards.units[card].name, "card": card}
        )
    if phase == DRAFT_BASIC:
        # discard the left-most card, slide, add 2 new cards to the right
        if row:
            s.draft[DISCARD].append(row.pop(0))
        for _ in range(2):
            new = _draw(s, phase)
            if new is not None:
                row.append(new)
    else:
        new = _draw(s, phase)
        if new is not None:
            row.append(new)
    need = NEEDED[phase]
    if all(_count(s, p, phase) >= need for p in range(s.seats)):
        if phase == DRAFT_LEADER:
            _open_stage(s, DRAFT_CHAMPION)
        elif phase == DRAFT_CHAMPION:
            _open_stage(s, DRAFT_BASIC)
        else:
            s.draft[OUT].extend(row)  # "Return all the unpicked cards to the box"
            s.draft[ROW] = []
            return True
        return False
    nxt = (seat + 1) % s.seats
    while _count(s, nxt, phase) >= need:
        nxt = (nxt + 1) % s.seats
    s.draft_turn = nxt
    if not row:  # piles exhausted (cannot happen with the printed card counts)
        _open_stage(s, phase)
    return False
