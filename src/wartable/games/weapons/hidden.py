"""Where each seat's hidden information lives (weapon-skirmish-fragment.txt), for the leak test.

Declared from the rules, apart from ``observe``: a seat sees its own hand, every face-up
card of the Skirmish, the discard pile, health, Satchel cards and who holds how many cards.
Hidden from it: the other hands, the order of the draw pile, the face-down third attack of
a Skirmish until the Defender answers it (unless this seat made it), and future shuffles.
``scramble`` redraws exactly those, working on the state's fields.
"""

from __future__ import annotations

from wartable.core.events import Event
from wartable.core.rng import Rng

from .rules import face_down_pending
from .state import WeaponsState


def scramble(state: WeaponsState, seat: int, rng: Rng) -> WeaponsState:
    """A copy of ``state`` that ``seat`` cannot tell apart from it: hidden cards dealt anew."""
    s = state.copy()
    others = [p for p in range(s.config.players) if p != seat]
    face_down = face_down_pending(s) and s.attackers[-1] != seat
    pool = [c for p in others for c in s.hands[p]] + s.deck
    if face_down:
        pool.append(s.attacks[-1])
    rng.shuffle(pool)
    for p in others:
        k = len(s.hands[p])
        s.hands[p] = sorted(pool[:k])
        del pool[:k]
    if face_down:
        s.attacks[-1] = pool.pop()
    s.deck = pool
    s.rng = Rng(rng.next64())
    return s


def reveals(ev: Event) -> bool:
    """Events that make a hidden card public by the rules: a card played face up from a
    hand (an attack or a defence) and the face-down attack turned over when answered."""
    kind = ev["type"]
    return kind in ("defend", "reveal") or (kind == "attack" and not ev.get("face_down"))
