"""Where each seat's hidden information lives (skirmish-battle-for-draconia.txt), for the leak test.

Declared from the rules, apart from ``observe``: every deck list, health, supply, status
slots, Camps and Graveyards, face-up units, settlements and their tokens, the draft row and
picks are on the table. Hidden from a seat: the cards in other hands, other seats'
face-down units ("Revealing Units"), the order of every draw pile (its own too), the kind of
another seat's face-down Blessing token, the settlement cards dealt to another seat and not
taken, the order of the draft piles, what other seats have committed to (deployments,
settlement choices), the decision counter (it counts other seats' hidden steps) and future
randomness. ``scramble`` redraws exactly those, working on the state's fields.
"""

from __future__ import annotations

from typing import Final

from wartable.core.events import Event
from wartable.core.rng import Rng

from . import actions as acts
from .cards import DECK_SIZE, SETTLEMENT_IDS
from .settlements import BLESSINGS, NONE
from .setup import settlement_options
from .state import BASIC_PILE, CHAMPION_PILE, DEPLOY, EMPTY, LEADER_PILE, SETTLEMENT, DraconiaState


def _cards(s: DraconiaState, p: int, seat: int, rng: Rng) -> dict[int, int]:
    """Deal seat ``p``'s unseen deck positions anew; returns old position -> new position.

    A face-down unit is drawn from the non-Haste units: every Haste unit deployed is revealed
    in the Order Phase ("Players must reveal all the face-down units with the Haste
    ability"), so the table knows that much. (A unit placed face down by Maneuver later
    may have Haste; drawing it from the others still gives a position the seat cannot
    tell apart.)"""
    if p == seat:
        rng.shuffle(s.draw[p])
        return {}
    down = [line for line in range(3) if s.field[p][line] != EMPTY and not s.face_up[p][line]]
    old_down = [s.field[p][line] for line in down]
    old = s.hand[p] + old_down
    pool = old + s.draw[p]
    rng.shuffle(pool)
    new_down = []
    for line in down:
        i = next((i for i, c in enumerate(pool) if not s.unit(p, c).haste), 0)
        new_down.append(pool.pop(i))
        s.field[p][line] = new_down[-1]
    k = len(s.hand[p])
    rename = dict(zip(s.hand[p] + old_down, pool[:k] + new_down, strict=True))
    s.hand[p] = pool[:k]
    s.draw[p] = pool[k:]
    return rename


def _deals(s: DraconiaState, seat: int, rng: Rng) -> dict[int, int]:
    """Settlement cards dealt to other seats and not taken come from the unseen ones."""
    known = set(s.deal[seat]) | {x for x in s.settlement if x != NONE}
    pool = [i for i in range(len(SETTLEMENT_IDS)) if i not in known]
    rng.shuffle(pool)
    rename: dict[int, int] = {}
    for p in range(s.seats):
        if p == seat:
            continue
        for i, card in enumerate(s.deal[p]):
            if card != s.settlement[p]:
                rename[card] = s.deal[p][i] = pool.pop()
    return rename


def scramble(state: DraconiaState, seat: int, rng: Rng) -> DraconiaState:
    """A copy of ``state`` that ``seat`` cannot tell apart from it."""
    s = state.copy()
    deals = _deals(s, seat, rng)
    for p in range(s.seats):
        rename = _cards(s, p, seat, rng)
        if p == seat:
            continue
        bless = s.bless[p]
        if bless[0] >= 0 and not bless[3]:
            bless[1] = rng.below(len(BLESSINGS))
        buf = s.commit.buffers[p]
        if s.phase == DEPLOY:
            for i, act in enumerate(buf):
                line, card = divmod(act - acts.DEPLOY, DECK_SIZE)
                buf[i] = acts.deploy(line, rename[card])
        elif s.phase == SETTLEMENT and buf:
            chosen = buf[0] - acts.SETTLE
            if s.config.draft:
                buf[0] = acts.SETTLE + deals.get(chosen, chosen)
            else:
                buf[0] = acts.SETTLE + rng.choice(settlement_options(s, p))
    if s.draft:
        for pile in (LEADER_PILE, CHAMPION_PILE, BASIC_PILE):
            rng.shuffle(s.draft[pile])
    s.decisions += rng.below(8)
    s.rng = Rng(rng.next64())
    return s


# No public fact follows a hidden card except through these events (the leak test checks
# every other step leaves a seat the same observation whatever the hidden cards are).
STRICT_STEPS: Final = True


def reveals(ev: Event, seat: int) -> bool:
    """Events by which the rules make hidden things public to ``seat``: a unit turned face up
    ("Revealing Units"), its Blessing token, the settlements chosen together, its own draw,
    and a draft pick (the pile's next card is turned face up into the row)."""
    kind = ev["type"]
    if kind == "drew":  # the drawer sees its cards; shown to anyone else, it is a leak
        return seat == ev["seat"]
    return kind in ("reveal", "blessing", "settlement", "draft_pick")
