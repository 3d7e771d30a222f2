"""Event cards (chapters 6, 9 and 10): who is hit, and what each event does."""

from __future__ import annotations

from wartable.core.events import event

from .cards import CHAOS, DARKRISING, DEMONSPELL, EVENT_KEYS, HORROR, NK, TERROR
from .stack import F_DISCARD, F_TOPDECK, push_in_order
from .state import InvasionState
from .zones import GAIN_TOP, Ev, gain, trash_from_hand


def most_kills(s: InvasionState) -> list[int]:
    """Chapter 9: most defeated invaders, ties broken by gold invaders, then all tied."""
    gold = s.db.inv_gold
    keys = [(len(d), sum(1 for v in d if gold[v])) for d in s.defeated]
    best = max(keys)
    start = s.active
    return [(start + i) % s.n for i in range(s.n) if keys[(start + i) % s.n] == best]


def resolve_event(s: InvasionState, kind: int, ev: Ev) -> None:
    """Chapter 10 Event Cards, resolved at the start of the recipient's turn."""
    s.events_seen[kind] += 1
    hit = most_kills(s)
    if ev is not None:
        ev.append(event("event", event=EVENT_KEYS[kind], seat=s.active, hits=hit))
    if kind == HORROR:
        push_in_order(s, [[F_DISCARD, p, min(3, s.hand_size(p)), 0] for p in hit if s.hand_size(p)])
    elif kind == DEMONSPELL:
        push_in_order(s, [[F_TOPDECK, p, min(3, s.hand_size(p)), 0] for p in hit if s.hand_size(p)])
    elif kind == DARKRISING:
        for p in hit:
            size = s.hand_size(p)
            if not size:
                continue
            pick = s.rng.below(size)
            hand = s.hand[p]
            for k in range(NK):
                if pick < hand[k]:
                    trash_from_hand(s, p, k, ev)
                    break
                pick -= hand[k]
    elif kind == CHAOS:
        chaos_reshuffle(s, ev)
        for p in hit:
            gain(s, p, TERROR, GAIN_TOP, ev)


def chaos_reshuffle(s: InvasionState, ev: Ev) -> None:
    """Chaos: the face-up invaders go back, both decks are shuffled, 3 + 3 are revealed."""
    for slot in range(6):
        kind = s.row[slot]
        if kind >= 0:
            (s.blue_deck if slot < 3 else s.gold_deck).append(kind)
    s.rng.shuffle(s.blue_deck)
    s.rng.shuffle(s.gold_deck)
    for slot in range(6):
        deck = s.blue_deck if slot < 3 else s.gold_deck
        s.row[slot] = deck.pop() if deck else -1
    if ev is not None:
        ev.append(event("invaders_reshuffled", row=list(s.row)))
