"""Helpers for hand-built Draconis Invasion positions (imported by the invasion tests)."""

from __future__ import annotations

from typing import Any

from wartable.core.events import Event
from wartable.games.invasion import GAME
from wartable.games.invasion.cards import INVADER_KEYS, NK, K
from wartable.games.invasion.state import MAIN, InvasionState
from wartable.games.invasion.turn import reset_turn


def blank(players: int = 3, mode: str = "basic", stage: str = "1", **opts: Any) -> InvasionState:
    """A game at seat 0's main phase with every hand, deck and discard pile emptied to the table."""
    config = GAME.make_config({"players": players, "mode": mode, "battle_stage": stage, **opts})
    s = GAME.new_state(config, 1)
    for p in range(s.n):
        for k in range(NK):
            s.supply[k] += s.hand[p][k] + s.discard[p][k]
            s.hand[p][k] = s.discard[p][k] = 0
        for k in s.deck[p]:
            s.supply[k] += 1
        s.deck[p] = []
    s.stack = []
    s.active = 0
    s.first = 0
    s.phase = MAIN
    s.terror = 1
    reset_turn(s)
    assert not GAME.invariants(s), GAME.invariants(s)
    return s


def _take(s: InvasionState, key: str) -> int:
    k = K[key]
    assert s.supply[k] > 0, f"no {key} left on the table"
    s.supply[k] -= 1
    return k


def give_hand(s: InvasionState, seat: int, *keys: str) -> None:
    for key in keys:
        s.hand[seat][_take(s, key)] += 1


def give_deck(s: InvasionState, seat: int, *keys: str) -> None:
    """Cards onto the deck; the last one named ends on top."""
    for key in keys:
        s.deck[seat].append(_take(s, key))


def give_discard(s: InvasionState, seat: int, *keys: str) -> None:
    for key in keys:
        s.discard[seat][_take(s, key)] += 1


def set_row(s: InvasionState, slot: int, key: str) -> None:
    """Put invader ``key`` face up in ``slot`` (swapping it with one from the decks)."""
    want = INVADER_KEYS.index(key)
    old = s.row[slot]
    for deck in (s.blue_deck, s.gold_deck):
        if want in deck:
            deck.remove(want)
            break
    else:
        other = s.row.index(want)
        s.row[other] = old
        s.row[slot] = want
        return
    if old >= 0:
        (s.gold_deck if s.db.inv_gold[old] else s.blue_deck).insert(0, old)
    s.row[slot] = want


def defeat(s: InvasionState, seat: int, *keys: str) -> None:
    """Move invaders from the decks (or row) into a seat's defeated pile."""
    for key in keys:
        v = INVADER_KEYS.index(key)
        for deck in (s.blue_deck, s.gold_deck):
            if v in deck:
                deck.remove(v)
                break
        else:
            slot = s.row.index(v)
            deck = s.gold_deck if slot >= 3 else s.blue_deck
            s.row[slot] = deck.pop() if deck else -1
        s.defeated[seat].append(v)


def do(s: InvasionState, seat: int, *texts: str) -> list[Event]:
    """Apply actions in notation through the validated path; the invariants must hold."""
    events: list[Event] = []
    for text in texts:
        events += GAME.apply(s, seat, text)
        assert not GAME.invariants(s), GAME.invariants(s)
    return events


def legal(s: InvasionState, seat: int) -> set[str]:
    return {GAME.action_to_str(a, s.config) for a in GAME.legal_actions(s, seat)}


def hand(s: InvasionState, seat: int) -> dict[str, int]:
    from wartable.games.invasion.cards import KEYS

    return {KEYS[k]: c for k, c in enumerate(s.hand[seat]) if c}


def count(s: InvasionState, where: list[int], key: str) -> int:
    return where[K[key]]


def next_invader(s: InvasionState, key: str) -> None:
    """Make ``key`` the next card of its invader deck."""
    v = INVADER_KEYS.index(key)
    deck = s.gold_deck if s.db.inv_gold[v] else s.blue_deck
    deck.remove(v)
    deck.append(v)
