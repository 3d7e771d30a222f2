"""Legal actions per decision step (the one source of truth) and why others are illegal."""

from __future__ import annotations

from typing import Final

from . import actions as acts
from . import draft
from . import settlements as settlement_cards
from .board import enemies, multiplayer
from .cards import DECK_SIZE, FACTIONS
from .combat import arrows_on_field
from .setup import settlement_options
from .state import (
    ARROW,
    BELLOW,
    BOMBARD,
    CAMP_RETRIEVE,
    CAMP_SPEND,
    DEPLOY,
    DRAFT_BASIC,
    DRAFT_LEADER,
    EMPTY,
    FACTION,
    MAIN,
    MANEUVER,
    PALACE,
    PHASE_NAMES,
    REVIVE,
    SETTLEMENT,
    SKIRMISH,
    DraconiaState,
)

LINES: Final = (0, 1, 2)


def _reveals(s: DraconiaState, seat: int, out: list[int]) -> None:
    row, up = s.field[seat], s.face_up[seat]
    for line in LINES:
        if row[line] != EMPTY and not up[line]:
            out.append(acts.REVEAL + line)


def _attacks(
    s: DraconiaState, seat: int, lines: list[int], base: int, mid_base: int, out: list[int]
) -> None:
    if not multiplayer(s):
        for line in lines:
            out.append(base + line)
        return
    for line in lines:
        if line == 1:
            out.extend(mid_base + foe for foe in enemies(s, seat))
        else:
            out.append(base + line)


def legal(s: DraconiaState, seat: int) -> list[int]:
    ph = s.phase
    out: list[int] = []
    if ph == DEPLOY:
        buf = s.commit.buffers[seat]
        used_lines = {(a - acts.DEPLOY) // DECK_SIZE for a in buf}
        used_cards = {(a - acts.DEPLOY) % DECK_SIZE for a in buf}
        free = [c for c in sorted(s.hand[seat]) if c not in used_cards]
        for line in LINES:
            if line not in used_lines:
                base = acts.DEPLOY + line * DECK_SIZE
                for c in free:  # plain loops: no generator per line (a hot path)
                    out.append(base + c)
        return out
    if ph == ARROW:
        _reveals(s, seat, out)
        if arrows_on_field(s, seat) > 0:
            if multiplayer(s):
                for foe in enemies(s, seat):
                    out.extend(
                        acts.arrow_at(foe, line) for line in LINES if s.field[foe][line] != EMPTY
                    )
            else:
                out.extend(acts.ARROW + line for line in LINES if s.field[1 - seat][line] != EMPTY)
        out.append(acts.PASS)
        return out
    if ph == MAIN:
        _reveals(s, seat, out)
        out.append(acts.SKIRMISH)
        out.append(acts.REST)
        lines = [line for line in LINES if s.field[seat][line] != EMPTY]
        _attacks(s, seat, lines, acts.CAUTIOUS, acts.CAUTIOUS_MID, out)
        return out
    if ph == SKIRMISH:
        _reveals(s, seat, out)
        _attacks(s, seat, s.attacks_left, acts.ATTACK, acts.ATTACK_MID, out)
        return out
    if ph == MANEUVER:
        out.append(acts.PASS)
        out.extend(acts.MANEUVER + c for c in sorted(s.hand[seat]))
        return out
    if ph == REVIVE:
        out.append(acts.REVIVE_HEAL)
        out.extend(acts.REVIVE + c for c in sorted(set(s.grave[seat])) if s.unit(seat, c).is_basic)
        return out
    if ph == CAMP_RETRIEVE:
        return [acts.RETRIEVE + c for c in sorted(s.camp[seat])]
    if ph == CAMP_SPEND:
        return _camp_spend(s, seat)
    if ph == BOMBARD:
        return [acts.BOMBARD_AT + foe for foe in enemies(s, seat)]
    if ph == BELLOW:
        return [acts.PASS, acts.BELLOW + s.bellow_queue[0] % 100]
    if ph == PALACE:
        return [acts.PASS, acts.PALACE]
    if ph == SETTLEMENT:
        if s.commit.buffers[seat]:
            return []
        return [acts.SETTLE + i for i in settlement_options(s, seat)]
    if ph == FACTION:
        return [acts.FACTION + i for i, f in enumerate(FACTIONS) if f not in s.factions]
    if DRAFT_LEADER <= ph <= DRAFT_BASIC:
        return draft.legal(s)
    return out


def _camp_spend(s: DraconiaState, seat: int) -> list[int]:
    out = [acts.PASS]
    sup = s.supply[seat]
    if sup >= 2:
        out.append(acts.HEAL)
    if sup >= 1:
        out.extend(acts.EXTRA + c for c in sorted(s.camp[seat]))
        out.extend(acts.SUPPLY_SLOT + line for line in LINES if s.slot_supply[seat][line] == 0)
        out.extend(
            acts.PERSIST + c for c in sorted(set(s.grave[seat])) if s.unit(seat, c).persistent
        )
    st = s.settlement[seat]
    if st == settlement_cards.NONE:
        return out
    if st == settlement_cards.GLIMMERSPIRE and sup >= 2 and s.glimmer_round[seat] != s.round:
        out.extend(acts.GLIMMER + line for line in LINES if s.slot_fortify[seat][line] < 2)
    elif (
        st == settlement_cards.WHITE_TOOTH_GORGE
        and s.stokens[seat] > 0
        and s.round < s.config.rounds
    ):
        out.extend(
            acts.BLESS + line * len(settlement_cards.BLESSINGS) + k
            for line in LINES
            for k in range(len(settlement_cards.BLESSINGS))
        )
    elif st == settlement_cards.ANVIRA and s.stokens[seat] > 0:
        for line in LINES:
            out.extend(
                acts.PYRAMID + line * len(settlement_cards.PYRAMIDS) + k
                for k, cost in enumerate(settlement_cards.PYRAMID_COST)
                if sup >= cost
            )
    return out


def explain(s: DraconiaState, seat: int, a: int) -> str:
    """The rule an illegal action breaks (for ``IllegalAction``)."""
    text = acts.action_to_str(a)
    rules = (
        (
            (acts.REVEAL, acts.ATTACK),
            "Revealing Units: only your own face-down units, during your turn",
        ),
        ((acts.ATTACK, acts.ARROW), "Skirmish: each of your units on the field attacks once"),
        (
            (acts.ATTACK_MID, acts.CAUTIOUS_MID),
            "Skirmish: each of your units on the field attacks once; the middle line attacks an opponent's middle",
        ),
        (
            (acts.ARROW, acts.SUPPLY_SLOT),
            "Arrow Strike: once at the start of your turn, needs face-up Arrows and a target unit",
        ),
        (
            (acts.ARROW_AT, acts.BOMBARD_AT),
            "Arrow Strike: once at the start of your turn, at any unit of any opponent",
        ),
        (
            (acts.DEPLOY, acts.RETRIEVE),
            "Deploy Phase: 3 units from your hand, one per battleline, face down",
        ),
        ((acts.RETRIEVE, acts.EXTRA), "Camp Phase step 1: retrieve 1 card from your Camp"),
        (
            (acts.EXTRA, acts.PERSIST),
            "Camp Phase step 2: 1 supply retrieves an extra card from your Camp",
        ),
        (
            (acts.SUPPLY_SLOT, acts.DEPLOY),
            "Camp Phase step 2: 1 supply on a status slot (1 per slot at most)",
        ),
        (
            (acts.PERSIST, acts.REVIVE),
            "Persistent: in the Camp Phase, 1 supply retrieves this unit from the Graveyard",
        ),
        (
            (acts.REVIVE, acts.MANEUVER),
            "Revive: in the Back Line Phase, restore 1 health or retrieve 1 basic unit",
        ),
        (
            (acts.MANEUVER, acts.FACTION),
            "Maneuver: after a blocked attack, place another unit from your hand",
        ),
        (
            (acts.FACTION, acts.ATTACK_MID),
            "Select a Faction: at set-up, a faction nobody has taken",
        ),
        (
            (acts.BOMBARD_AT, acts.SETTLE),
            "Bombard (3-4 players): the middle unit's owner chooses the opponent",
        ),
        (
            (acts.SETTLE, acts.GLIMMER),
            "Settlement Mode: choose 1 of the settlements offered to you",
        ),
        (
            (acts.GLIMMER, acts.BLESS),
            "Glimmerspire: once per round in the Camp Phase, 2 supply for 2 fortify tokens",
        ),
        ((acts.BLESS, acts.PYRAMID), "White Tooth Gorge: once per game in the Camp Phase"),
        (
            (acts.PYRAMID, acts.BELLOW),
            "Anvira: three times per game in the Camp Phase, paying 3 or 5 supply",
        ),
        (
            (acts.BELLOW, acts.DRAFT),
            "The Beast's Bellow: when your Command unit enters the Graveyard",
        ),
        ((acts.DRAFT, acts.NUM_ACTIONS), "Draft Variant: pick one of the cards in the center"),
    )
    for (lo, hi), rule in rules:
        if lo <= a < hi:
            return f"'{text}': {rule}"
    if (
        a in (acts.SKIRMISH, acts.REST)
        or acts.CAUTIOUS <= a < acts.REVEAL
        or acts.CAUTIOUS_MID <= a < acts.ARROW_AT
    ):
        return f"'{text}': Main Action: choose one of Skirmish, Cautious Attack or Rest once per turn, after the arrow strike"
    if a == acts.HEAL:
        return f"'{text}': Camp Phase step 2: 2 supply restore 1 health"
    if a == acts.PALACE:
        return f"'{text}': Crimson Palace: once per game at the end of the Order Phase"
    return f"'{text}' is not legal in the {PHASE_NAMES[s.phase]} step"
