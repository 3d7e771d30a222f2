"""Where each seat's hidden information lives (skirm-dice-duel.txt), for the leak test.

Declared from the rules, apart from ``observe``: a duelist sees its own hand, every revealed
card, every die except the opponent's concealed ones (CLOAK: "conceal them from your
opponent until final scoring"), and the state of the ability being resolved. Hidden from
it: the opponent's other cards (unless the config names both hands), the card the opponent
has committed before the reveal, the faces of the opponent's concealed dice before final
scoring, and every future roll. ``scramble`` redraws exactly those.
"""

from __future__ import annotations

from typing import Final

from wartable.core.events import Event
from wartable.core.rng import Rng

from . import actions as acts
from .state import OVER, REVEAL, SkirmState


def scramble(state: SkirmState, seat: int, rng: Rng) -> SkirmState:
    """A copy of ``state`` that ``seat`` cannot tell apart from it."""
    s = state.copy()
    o = 1 - seat
    cards = s.cards
    old = list(s.hands[o])
    if s.config.hands is None:  # dealt at random: the opponent's unrevealed cards are unknown
        known = set(s.hands[seat]) | {c for c in s.card if c}
        pool = [c.id for c in cards.cards if c.id not in known]
        rng.shuffle(pool)
        s.hands[o] = [c if c == s.card[o] and c else pool.pop() for c in old]
    rename = dict(zip(old, s.hands[o], strict=True))
    if s.phase == REVEAL and s.commit.buffers[o]:
        if s.config.hands is None:  # the committed card follows its slot in the new hand
            chosen = cards.cards[s.commit.buffers[o][0] - acts.REVEAL].id
            new = rename[chosen]
        else:  # both hands are public: which one was committed is not
            new = rng.choice(s.hands[o])
        s.commit.buffers[o] = [acts.REVEAL + cards.index_of(new)]
    if s.phase != OVER:
        s.dice[o] = [rng.below(6) if h else f for f, h in zip(s.dice[o], s.hidden[o], strict=True)]
    s.rng = Rng(rng.next64())
    return s


# No public fact follows a hidden card or die except through these events (the leak test
# checks every other step leaves a seat the same observation whatever is hidden).
STRICT_STEPS: Final = True


def reveals(ev: Event) -> bool:
    """Events by which the rules make hidden things public: both cards revealed together
    (Duel Sequence) and the final scoring, where concealed dice are shown."""
    return ev["type"] in ("reveal", "score")
