"""Where each seat's hidden information lives (draconis-invasion.txt), for the leak test.

Declared from the rules, apart from ``observe``: the table, every discard pile and play
area, defeated invaders and the decision stack are face up; every gain and trash is
announced, so what a player owns is known, not where it lies. Hidden from a seat: the
cards in other hands (a Team Versus partner's hand is shown when ``team_open_hands``),
the order of every deck including its own, the order of the invader decks, which Event
cards wait in the Event deck or in a player's pending pile, the Campaign cards held by
other players or teams and the Campaign deck (solo: Campaign cards are kept face up), and
future randomness. ``scramble`` redraws exactly those, working on the state's fields.
"""

from __future__ import annotations

from wartable.core.events import Event
from wartable.core.rng import Rng

from .cards import NK
from .state import InvasionState


def _expand(counts: list[int]) -> list[int]:
    return [k for k, c in enumerate(counts) for _ in range(c)]


def _deal(pool: list[int], sizes: list[int]) -> list[list[int]]:
    out = []
    for size in sizes:
        out.append(pool[:size])
        del pool[:size]
    return out


def scramble(state: InvasionState, seat: int, rng: Rng) -> InvasionState:
    """A copy of ``state`` that ``seat`` cannot tell apart from it."""
    s = state.copy()
    c = s.config
    mate = seat ^ 1 if c.team and c.team_open_hands else -1
    for p in range(s.n):
        if p in (seat, mate):
            rng.shuffle(s.deck[p])
            continue
        pool = _expand(s.hand[p]) + s.deck[p]
        rng.shuffle(pool)
        size = sum(s.hand[p])
        hand = [0] * NK
        for k in pool[:size]:
            hand[k] += 1
        s.hand[p] = hand
        s.deck[p] = pool[size:]
    rng.shuffle(s.blue_deck)
    rng.shuffle(s.gold_deck)
    pool = s.event_deck + [e for pile in s.pending_events for e in pile]
    rng.shuffle(pool)
    sizes = [len(s.event_deck)] + [len(pile) for pile in s.pending_events]
    s.event_deck, *s.pending_events = _deal(pool, sizes)
    if not c.solo:  # solo: Campaign cards held are face up
        mine = s.owner_of(seat)
        others = [h for h in range(len(s.campaigns)) if h != mine]
        pool = s.campaign_deck + [x for h in others for x in s.campaigns[h]]
        rng.shuffle(pool)
        s.campaign_deck = _deal(pool, [len(s.campaign_deck)])[0]
        for h in others:
            s.campaigns[h] = _deal(pool, [len(s.campaigns[h])])[0]
    else:
        rng.shuffle(s.campaign_deck)
    s.rng = Rng(rng.next64())
    return s


def reveals(ev: Event, seat: int) -> bool:
    """Events that make something public to ``seat`` by the rules, which the table may not
    keep in sight afterwards: the cards it draws, in the order drawn (its own deck's top),
    and the cards it puts back on its deck; revealed cards; the Gold card forwarded to the
    top of a deck ("FORWARD"); the Gold cards played from a hand to pay for a buy, placed
    face up in the play area ("BUY: How To Buy A Card")."""
    kind = ev["type"]
    if kind in ("drew", "topdecked"):  # its own cards; shown to anyone else, it is a leak
        return seat == ev["seat"]
    return kind in ("reveal", "forward", "gold")
