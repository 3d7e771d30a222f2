"""Where each seat's hidden information lives (for the leak test, apart from ``observe``).

``scramble(state, seat, rng)`` redraws what ``seat`` may not see: the other seat's hand
(keeping its unit and spell counts, and a fallen Guardian back in it in the open), every deck's order and contents among the hidden cards,
the other seat's set-up pool (but scenario 6's openly drafted one), the other seat's
placement or sacrifice commitment, its secret spy, and the ``Rng``.
"""

from __future__ import annotations

from typing import Final

from wartable.core.events import Event
from wartable.core.rng import Rng

from . import actions as acts
from .game import GraxiaGame
from .observe import open_piles
from .setup import place_legal
from .state import B_SAC, OVER, PLACE, GraxiaState

REVEALING: Final = frozenset(
    {
        "summon",
        "spell",
        "battle_spell",
        "sacrifice",
        "bluff",
        "revealed",
        "guardian",
        "drafted",
        "drawn",
    }
)


def scramble(state: GraxiaState, seat: int, rng: Rng) -> GraxiaState:
    s = state.copy()
    s.rng = Rng(rng.next64())
    nu = len(s.cat.units)
    other = 1 - seat
    units: list[int] = []
    spells: list[int] = []
    for i, d in enumerate(s.decks):
        if i not in open_piles(s):
            for c in d:
                (units if c < nu else spells).append(c)
    # a fallen Guardian goes back to its owner's hand in the open (§5.1): it stays there
    guardian = s.guard[other]
    kept = [c for c in s.hands[other] if c == guardian]
    hidden = [c for c in s.hands[other] if c != guardian]
    hand_units = sum(1 for c in hidden if c < nu)
    hand_spells = len(hidden) - hand_units
    for c in hidden:
        (units if c < nu else spells).append(c)
    open_pool = s.sc.draft[other] == "assassination" or s.sc.solo  # solo: the Player's lists
    if not open_pool:
        units.extend(s.pool[other])
    rng.shuffle(units)
    rng.shuffle(spells)
    s.hands[other] = (
        kept + [units.pop() for _ in range(hand_units)] + [spells.pop() for _ in range(hand_spells)]
    )
    if not open_pool:
        s.pool[other] = [units.pop() for _ in range(len(state.pool[other]))]
    for i, d in enumerate(state.decks):
        if i in open_piles(s):  # known contents, unknown order
            s.decks[i] = d[:]
            rng.shuffle(s.decks[i])
            continue
        src = units if i < 2 else spells
        s.decks[i] = [src.pop() for _ in range(len(d))]
    if s.phase != OVER and s.track.spy(other) >= 0 and s.phase > PLACE:
        mine = sorted(
            {u for c, u in enumerate(s.unit) if u >= 0 and s.owner[c] == other} - {s.guard[other]}
        )
        if mine:
            s.track.set_spy(other, rng.choice(mine))
    if s.phase == B_SAC and s.commit.done[other] and s.commit.buffers[other]:
        s.commit.buffers[other] = [acts.BLUFF]
    elif s.phase == PLACE:
        lay = GraxiaGame().layout(s.config)
        s.commit.buffers[other] = []
        for _ in range(200):
            legal = place_legal(s, lay, other)
            if not legal or (acts.END in legal and (s.commit.done[other] or rng.below(2))):
                break
            choice = [a for a in legal if a != acts.END and lay.decode(a)[0] != acts.K_UNPLACE]
            if not choice:
                break
            s.commit.add(other, rng.choice(choice))
    return s


def reveals(event: Event, seat: int) -> bool:
    """Events whose values the rules make public: cards played or revealed; a card drawn
    only to the seat that drew it (the event addressed to it alone)."""
    if event.get("type") == "drawn":
        return event.get("to") == [seat]
    return event.get("type") in REVEALING
