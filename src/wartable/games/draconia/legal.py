"""Legal actions per decision step (the one source of truth) and why others are illegal."""

from __future__ import annotations

from . import actions as A
from . import draft
from . import settlements as S
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

LINES = (0, 1, 2)


def _reveals(s: DraconiaState, seat: int, out: list[int]) -> None:
    row, up = s.field[seat], s.face_up[seat]
    for line in LINES:
        if row[line] != EMPTY and not up[line]:
            out.append(A.REVEAL + line)


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
        used_lines = {(a - A.DEPLOY) // DECK_SIZE for a in buf}
        used_cards = {(a - A.DEPLOY) % DECK_SIZE for a in buf}
        free = [c for c in sorted(s.hand[seat]) if c not in used_cards]
        for line in LINES:
            if line not in used_lines:
                base = A.DEPLOY + line * DECK_SIZE
                for c in free:  # plain loops: no generator per line (a hot path)
                    out.append(base + c)
        return out
    if ph == ARROW:
        _reveals(s, seat, out)
        if arrows_on_field(s, seat) > 0:
            if multiplayer(s):
                for foe in enemies(s, seat):
                    out.extend(
                        A.arrow_at(foe, line) for line in LINES if s.field[foe][line] != EMPTY
                    )
            else:
                out.extend(A.ARROW + line for line in LINES if s.field[1 - seat][line] != EMPTY)
        out.append(A.PASS)
        return out
    if ph == MAIN:
        _reveals(s, seat, out)
        out.append(A.SKIRMISH)
        out.append(A.REST)
        lines = [line for line in LINES if s.field[seat][line] != EMPTY]
        _attacks(s, seat, lines, A.CAUTIOUS, A.CAUTIOUS_MID, out)
        return out
    if ph == SKIRMISH:
        _reveals(s, seat, out)
        _attacks(s, seat, s.attacks_left, A.ATTACK, A.ATTACK_MID, out)
        return out
    if ph == MANEUVER:
        out.append(A.PASS)
        out.extend(A.MANEUVER + c for c in sorted(s.hand[seat]))
        return out
    if ph == REVIVE:
        out.append(A.REVIVE_HEAL)
        out.extend(A.REVIVE + c for c in sorted(set(s.grave[seat])) if s.unit(seat, c).is_basic)
        return out
    if ph == CAMP_RETRIEVE:
        return [A.RETRIEVE + c for c in sorted(s.camp[seat])]
    if ph == CAMP_SPEND:
        return _camp_spend(s, seat)
    if ph == BOMBARD:
        return [A.BOMBARD_AT + foe for foe in enemies(s, seat)]
    if ph == BELLOW:
        return [A.PASS, A.BELLOW + s.bellow_queue[0] % 100]
    if ph == PALACE:
        return [A.PASS, A.PALACE]
    if ph == SETTLEMENT:
        if s.commit.buffers[seat]:
            return []
        return [A.SETTLE + i for i in settlement_options(s, seat)]
    if ph == FACTION:
        return [A.FACTION + i for i, f in enumerate(FACTIONS) if f not in s.factions]
    if DRAFT_LEADER <= ph <= DRAFT_BASIC:
        return draft.legal(s)
    return out


def _camp_spend(s: DraconiaState, seat: int) -> list[int]:
    out = [A.PASS]
    sup = s.supply[seat]
    if sup >= 2:
        out.append(A.HEAL)
    if sup >= 1:
        out.extend(A.EXTRA + c for c in sorted(s.camp[seat]))
        out.extend(A.SUPPLY_SLOT + line for line in LINES if s.slot_supply[seat][line] == 0)
        out.extend(A.PERSIST + c for c in sorted(set(s.grave[seat])) if s.unit(seat, c).persistent)
    st = s.settlement[seat]
    if st == S.NONE:
        return out
    if st == S.GLIMMERSPIRE and sup >= 2 and s.glimmer_round[seat] != s.round:
        out.extend(A.GLIMMER + line for line in LINES if s.slot_fortify[seat][line] < 2)
    elif st == S.WHITE_TOOTH_GORGE and s.stokens[seat] > 0 and s.round < s.config.rounds:
        out.extend(
            A.BLESS + line * len(S.BLESSINGS) + k for line in LINES for k in range(len(S.BLESSINGS))
        )
    elif st == S.ANVIRA and s.stokens[seat] > 0:
        for line in LINES:
            out.extend(
                A.PYRAMID + line * len(S.PYRAMIDS) + k
                for k, cost in enumerate(S.PYRAMID_COST)
                if sup >= cost
            )
    return out


def explain(s: DraconiaState, seat: int, a: int) -> str:
    """The rule an illegal action breaks (for ``IllegalAction``)."""
    text = A.action_to_str(a)
    rules = (
        ((A.REVEAL, A.ATTACK), "Revealing Units: only your own face-down units, during your turn"),
        ((A.ATTACK, A.ARROW), "Skirmish: each of your units on the field attacks once"),
        (
            (A.ATTACK_MID, A.CAUTIOUS_MID),
            "Skirmish: each of your units on the field attacks once; the middle line attacks an opponent's middle",
        ),
        (
            (A.ARROW, A.SUPPLY_SLOT),
            "Arrow Strike: once at the start of your turn, needs face-up Arrows and a target unit",
        ),
        (
            (A.ARROW_AT, A.BOMBARD_AT),
            "Arrow Strike: once at the start of your turn, at any unit of any opponent",
        ),
        (
            (A.DEPLOY, A.RETRIEVE),
            "Deploy Phase: 3 units from your hand, one per battleline, face down",
        ),
        ((A.RETRIEVE, A.EXTRA), "Camp Phase step 1: retrieve 1 card from your Camp"),
        (
            (A.EXTRA, A.PERSIST),
            "Camp Phase step 2: 1 supply retrieves an extra card from your Camp",
        ),
        (
            (A.SUPPLY_SLOT, A.DEPLOY),
            "Camp Phase step 2: 1 supply on a status slot (1 per slot at most)",
        ),
        (
            (A.PERSIST, A.REVIVE),
            "Persistent: in the Camp Phase, 1 supply retrieves this unit from the Graveyard",
        ),
        (
            (A.REVIVE, A.MANEUVER),
            "Revive: in the Back Line Phase, restore 1 health or retrieve 1 basic unit",
        ),
        (
            (A.MANEUVER, A.FACTION),
            "Maneuver: after a blocked attack, place another unit from your hand",
        ),
        ((A.FACTION, A.ATTACK_MID), "Select a Faction: at set-up, a faction nobody has taken"),
        (
            (A.BOMBARD_AT, A.SETTLE),
            "Bombard (3-4 players): the middle unit's owner chooses the opponent",
        ),
        ((A.SETTLE, A.GLIMMER), "Settlement Mode: choose 1 of the settlements offered to you"),
        (
            (A.GLIMMER, A.BLESS),
            "Glimmerspire: once per round in the Camp Phase, 2 supply for 2 fortify tokens",
        ),
        ((A.BLESS, A.PYRAMID), "White Tooth Gorge: once per game in the Camp Phase"),
        (
            (A.PYRAMID, A.BELLOW),
            "Anvira: three times per game in the Camp Phase, paying 3 or 5 supply",
        ),
        ((A.BELLOW, A.DRAFT), "The Beast's Bellow: when your Command unit enters the Graveyard"),
        ((A.DRAFT, A.NUM_ACTIONS), "Draft Variant: pick one of the cards in the center"),
    )
    for (lo, hi), rule in rules:
        if lo <= a < hi:
            return f"'{text}': {rule}"
    if a in (A.SKIRMISH, A.REST) or A.CAUTIOUS <= a < A.REVEAL or A.CAUTIOUS_MID <= a < A.ARROW_AT:
        return f"'{text}': Main Action: choose one of Skirmish, Cautious Attack or Rest once per turn, after the arrow strike"
    if a == A.HEAL:
        return f"'{text}': Camp Phase step 2: 2 supply restore 1 health"
    if a == A.PALACE:
        return f"'{text}': Crimson Palace: once per game at the end of the Order Phase"
    return f"'{text}' is not legal in the {PHASE_NAMES[s.phase]} step"
