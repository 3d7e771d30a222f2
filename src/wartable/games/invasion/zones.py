"""Moving cards: drawing and reshuffling, gaining, trashing, the terror die and event draws.

Events passed as ``ev`` (a list or ``None`` on the fast path) collect what
happened; private details carry ``to``.
"""

from __future__ import annotations

from typing import Final

from wartable.core.events import Event, event

from .cards import KEYS, NK, TERROR
from .state import InvasionState

Ev = list[Event] | None


def reshuffle(s: InvasionState, seat: int, ev: Ev) -> None:
    """Chapter 5: when the deck runs out, shuffle the discard pile as the new deck."""
    pile = s.discard[seat]
    cards: list[int] = []  # ascending kinds
    for k in range(NK):
        c = pile[k]
        if c:
            for _ in range(c):
                cards.append(k)
    s.rng.shuffle(cards)
    s.discard[seat] = [0] * NK
    s.deck[seat] = cards + s.deck[seat]
    if ev is not None:
        ev.append(event("reshuffle", seat=seat, cards=len(cards)))


def pop_deck(s: InvasionState, seat: int, ev: Ev) -> int:
    """The top card of the deck, reshuffling first if needed; -1 if none is left."""
    deck = s.deck[seat]
    if not deck:
        if not any(s.discard[seat]):
            return -1
        reshuffle(s, seat, ev)
        deck = s.deck[seat]
    return deck.pop()


def draw(s: InvasionState, seat: int, count: int, ev: Ev) -> int:
    """Draw ``count`` cards into the hand; returns how many were drawn."""
    hand = s.hand[seat]
    got = 0
    drawn: list[str] = []
    while got < count:
        deck = s.deck[seat]
        if not deck:
            if not any(s.discard[seat]):
                break
            reshuffle(s, seat, ev)
            deck = s.deck[seat]
        take = count - got
        if take > len(deck):
            take = len(deck)
        for _ in range(take):  # the top card is the last
            k = deck.pop()
            hand[k] = hand[k] + 1  # (``+=`` on a list item is a generic add, compiled)
            if ev is not None:
                drawn.append(KEYS[k])
        got += take
    if ev is not None and count:
        ev.append(event("draw", seat=seat, count=got))
        ev.append(event("drew", to=(seat,), seat=seat, cards=drawn))
    return got


def reveal(s: InvasionState, seat: int, count: int, ev: Ev) -> list[int]:
    """Take up to ``count`` cards off the top of the deck, face up."""
    out: list[int] = []
    for _ in range(count):
        k = pop_deck(s, seat, ev)
        if k < 0:
            break
        out.append(k)
    if ev is not None:
        ev.append(event("reveal", seat=seat, cards=[KEYS[k] for k in out]))
    return out


GAIN_DISCARD: Final = 0
GAIN_TOP: Final = 1
GAIN_HAND: Final = 2


def gain(s: InvasionState, seat: int, kind: int, where: int, ev: Ev) -> bool:
    """Chapter 8 "Gain": from the table to the discard pile (or deck top / hand)."""
    if s.supply[kind] <= 0:
        if ev is not None:
            ev.append(event("gain_failed", seat=seat, card=KEYS[kind], reason="pile empty"))
        return False
    s.supply[kind] -= 1
    if where == GAIN_TOP:
        s.deck[seat].append(kind)
    elif where == GAIN_HAND:
        s.hand[seat][kind] += 1
    else:
        s.discard[seat][kind] += 1
    if ev is not None:
        ev.append(
            event("gain", seat=seat, card=KEYS[kind], where=("discard", "deck", "hand")[where])
        )
    return True


def trash_from_hand(s: InvasionState, seat: int, kind: int, ev: Ev) -> None:
    """Chapter 8 "Trash": the card returns to the top of its pile on the table."""
    s.hand[seat][kind] -= 1
    s.supply[kind] += 1
    if ev is not None:
        ev.append(event("trash", seat=seat, card=KEYS[kind]))


def discard_from_hand(s: InvasionState, seat: int, kind: int, ev: Ev) -> None:
    """Discard one card from a hand; a Terror card triggers the terror die (chapter 6)."""
    s.hand[seat][kind] -= 1
    s.discard[seat][kind] += 1
    if ev is not None:
        ev.append(event("discard", seat=seat, card=KEYS[kind]))
    if kind == TERROR:
        terror_trigger(s, ev)


def upcoming(s: InvasionState) -> int:
    return (s.active + 1) % s.n


def terror_trigger(s: InvasionState, ev: Ev) -> None:
    """Chapter 6: +1 per Terror card discarded; reaching 6 draws an Event; 6 rolls over to 1."""
    if s.terror >= 6:
        s.terror = 1
    else:
        s.terror += 1
        if s.terror == 6:
            draw_event(s, ev)
    if ev is not None:
        ev.append(event("terror", count=s.terror))


def draw_event(s: InvasionState, ev: Ev) -> None:
    """Chapter 6: the top Event goes to the upcoming player; the Retreat card may show."""
    if s.retreat:
        return
    if not s.event_deck:
        s.retreat = 1  # "after_last_event": the Retreat card is reached
        if ev is not None:
            ev.append(event("retreat"))
        return
    kind = s.event_deck.pop()
    to = upcoming(s)
    s.pending_events[to].append(kind)
    if ev is not None:
        ev.append(event("event_drawn", seat=to))
    if not s.event_deck and s.config.retreat == "last_event":
        s.retreat = 1
        if ev is not None:
            ev.append(event("retreat"))


def refill_slot(s: InvasionState, slot: int) -> int:
    """Chapter 5: replace a defeated Invader from its deck; returns the new invader or -1."""
    deck = s.blue_deck if slot < 3 else s.gold_deck
    kind = deck.pop() if deck else -1
    s.row[slot] = kind
    return kind
