"""Chapter 6 (Terror and Events), chapter 9 (who events hit) and chapter 10 (Event Cards)."""

from __future__ import annotations

from invasion_support import blank, defeat, do, give_deck, give_hand, legal

from wartable.games.invasion.cards import CHAOS, DARKRISING, DEMONSPELL, HORROR, TERROR, K
from wartable.games.invasion.eventcards import most_kills
from wartable.games.invasion.zones import terror_trigger


def test_discarding_terror_from_hand_raises_count() -> None:
    """Chapter 6: each Terror card discarded from a hand raises the Terror Count by 1."""
    s = blank()
    s.terror = 2
    give_hand(s, 0, "terror", "terror")
    give_deck(s, 0, *["wealth"] * 6)
    do(s, 0, "pass")  # end of turn: both terror cards are discarded from the hand
    assert s.terror == 4


def test_drawing_terror_does_nothing() -> None:
    """Chapter 6: only discarding from a hand triggers the die; drawing one does not."""
    s = blank()
    s.terror = 2
    give_hand(s, 0, "guard")
    give_deck(s, 0, *["terror"] * 6)
    do(s, 0, "pass")
    assert s.terror == 2
    assert s.hand[0][TERROR] == 6


def test_gaining_terror_does_nothing() -> None:
    """Chapter 6: a Terror card gained to the discard pile is not discarded from a hand."""
    s = blank()
    s.terror = 3
    set_hand = give_hand
    set_hand(s, 0, "fury")
    give_deck(s, 0, *["wealth"] * 6)
    do(s, 0, "play fury")
    assert s.discard[0][TERROR] == 1 and s.terror == 3


def test_six_draws_event_for_upcoming_player_then_rolls_over() -> None:
    """Chapter 6: at 6 an Event goes to the upcoming player; the die stays at 6 and rolls to 1."""
    s = blank()
    s.terror = 5
    before = len(s.event_deck)
    terror_trigger(s, None)
    assert s.terror == 6
    assert len(s.event_deck) == before - 1
    assert [len(p) for p in s.pending_events] == [0, 1, 0]  # seat 1 is next after seat 0
    terror_trigger(s, None)
    assert s.terror == 1
    assert len(s.event_deck) == before - 1  # rolling over draws nothing


def test_several_events_in_one_turn() -> None:
    """Chapter 9: several Event cards can be drawn in a single turn."""
    s = blank()
    s.terror = 4
    give_hand(s, 0, *["terror"] * 8)
    give_deck(s, 0, *["wealth"] * 6)
    do(s, 0, "pass")
    # 4 -> 5 -> 6 (event) -> 1 -> 2 -> 3 -> 4 -> 5 -> 6 (event)
    assert s.terror == 6
    assert len(s.pending_events[1]) == 0  # seat 1's turn started: both were resolved
    assert sum(s.events_seen) == 2


def test_event_resolved_at_start_of_recipients_turn() -> None:
    """Chapter 6: the upcoming player reveals and resolves the Event at the start of their turn."""
    s = blank()
    s.event_deck[-1] = HORROR
    s.terror = 5
    give_hand(s, 0, "terror")
    give_deck(s, 0, *["wealth"] * 6)
    give_hand(s, 1, "guard", "guard", "guard", "guard", "wealth")
    give_hand(s, 2, "guard", "guard", "guard", "guard", "wealth")
    defeat(s, 1, "reaper")  # seat 1 has the most kills
    do(s, 0, "pass")
    assert s.active == 1
    assert s.events_seen[HORROR] == 1
    assert s.stack and s.stack[-1][:3] == [0, 1, 3]  # seat 1 must discard 3
    do(s, 1, "discard guard", "discard guard", "discard wealth")
    assert sum(s.hand[1]) == 2
    assert sum(s.hand[2]) == 5  # seat 2 had no kills: untouched


def test_most_kills_ties_broken_by_gold_invaders_then_all() -> None:
    """Chapter 9: most defeated invaders; ties by gold invaders; then all tied are hit."""
    s = blank(4)
    assert most_kills(s) == [0, 1, 2, 3]  # nobody has kills: everyone is tied
    defeat(s, 1, "reaper", "succubus")
    defeat(s, 2, "reaper", "balar")
    assert most_kills(s) == [2]
    defeat(s, 3, "skeletal", "wyvern")
    assert most_kills(s) == [2, 3]


def _event_game(kind: int):
    s = blank()
    s.event_deck.pop()  # that card now waits with seat 0
    s.pending_events[0] = [kind]
    give_hand(s, 0, "guard", "wealth", "treasure", "fortune", "terror")
    give_hand(s, 1, "guard", "wealth")
    defeat(s, 0, "hellhound")
    return s


def _start(s) -> None:
    from wartable.games.invasion.turn import settle, start_turn

    start_turn(s, 0, None)
    settle(s, None)


def test_horror_discard_three() -> None:
    """Chapter 10 Horror: the player(s) with the most kills discard 3 cards."""
    s = _event_game(HORROR)
    _start(s)
    assert "discard terror" in legal(s, 0)
    do(s, 0, "discard terror", "discard guard", "discard wealth")
    assert sum(s.hand[0]) == 2
    assert s.terror == 2  # the discarded Terror card triggered the die


def test_demon_spell_three_to_deck() -> None:
    """Chapter 10 Demon Spell: place 3 cards from the hand on top of the deck."""
    s = _event_game(DEMONSPELL)
    _start(s)
    do(s, 0, "topdeck fortune", "topdeck treasure", "topdeck terror")
    assert s.deck[0][-3:] == [K["fortune"], K["treasure"], K["terror"]]
    assert s.terror == 1  # placing a Terror card on the deck is not a discard


def test_dark_rising_trashes_one_random_card() -> None:
    """Chapter 10 Dark Rising: trash 1 random card from the hand."""
    s = _event_game(DARKRISING)
    table = sum(s.supply)
    _start(s)
    assert sum(s.hand[0]) == 4
    assert sum(s.supply) == table + 1
    assert sum(s.hand[1]) == 2


def test_chaos_reshuffles_invaders_and_gives_terror_on_deck() -> None:
    """Chapter 10 Chaos: reshuffle and reveal new invaders (no effects); most kills gain Terror on deck."""
    s = _event_game(CHAOS)
    terror_before = s.terror
    _start(s)
    assert all(v >= 0 for v in s.row)
    assert s.deck[0][-1] == TERROR
    assert s.deck[1] == []
    assert s.terror == terror_before  # no revealed effects (a Skeletal Soldier would roll)


def test_retreat_ends_game_after_the_turn() -> None:
    """Chapter 7: drawing the final Event reveals the Retreat card; the game ends after that turn."""
    s = blank()
    s.event_deck = s.event_deck[-1:]
    s.events_total = 1
    s.terror = 5
    give_hand(s, 0, "terror", "guard")
    give_deck(s, 0, *["wealth"] * 6)
    do(s, 0, "pass")
    assert s.retreat == 1
    assert s.over == 1 and "Retreat" in s.end_reason


def test_retreat_after_last_event_option() -> None:
    """Option retreat=after_last_event: the final Event still resolves; the Retreat shows on the next draw."""
    s = blank(retreat="after_last_event")
    s.event_deck = s.event_deck[-1:]
    s.events_total = 1
    s.terror = 5
    give_hand(s, 0, "terror")
    give_deck(s, 0, *["wealth"] * 6)
    do(s, 0, "pass")
    assert not s.over and s.retreat == 0
    assert s.active == 1 and sum(s.events_seen) == 1
