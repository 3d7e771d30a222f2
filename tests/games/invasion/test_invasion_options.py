"""The choices where the rulebook is silent (docs/games/invasion.md, "Choices")."""

from __future__ import annotations

from invasion_support import blank, do, give_deck, give_hand, next_invader, set_row

from wartable.games.invasion import GAME
from wartable.games.invasion.cards import TERROR, K


def test_solo_gladiator_still_gives_your_treasure() -> None:
    """Solo: Gladiator Elite's "you each gain" keeps your own Treasure."""
    s = blank(1, "solo", stage="6")
    give_hand(s, 0, "gladiator", "treasure")
    do(s, 0, "defeat", "defend gladiator")
    assert not s.stack and s.discard[0][K["treasure"]] == 1


def test_solo_balar_still_gives_your_terror() -> None:
    """Solo: Balar's "you each gain" keeps the attacker's Terror card."""
    s = blank(1, "solo")
    set_row(s, 3, "wyvern")
    next_invader(s, "balar")
    give_hand(s, 0, *["guard"] * 7)
    give_deck(s, 0, *["wealth"] * 6)
    do(s, 0, "defeat", *["defend guard"] * 7, "target g1")
    assert s.discard[0][TERROR] == 1


def test_several_betrayals_against_one_attack() -> None:
    """Betrayal: each Betrayal card discarded gives -10 Damage."""
    s = blank(stage="3")
    set_row(s, 1, "reaper")
    give_hand(s, 0, *["guard"] * 6)
    give_hand(s, 1, "betrayal", "betrayal")
    do(s, 0, "defeat", *["defend guard"] * 6, "target b2")
    do(s, 1, "betray", "betray", "no betrayal")
    assert s.defeated[0] == []  # 30 - 20 < 25


def test_betrayal_window_does_not_depend_on_the_hand() -> None:
    """The window opens for a seat with Betrayal in its deck too (no hidden-hand leak)."""
    s = blank(stage="3")
    set_row(s, 0, "skeletal")
    give_hand(s, 0, "guard", "guard")
    give_deck(s, 2, "betrayal")
    do(s, 0, "defeat", "defend guard", "defend guard", "target b1")
    assert GAME.to_act(s) == (2,)
    assert GAME.legal_actions(s, 2) == [GAME.parse_action("no betrayal", s.config)]


def test_no_invaders_left_ends_the_game() -> None:
    """When no invader is left in the rows or decks, the game ends after the turn
    (unit check of the end condition: the invader limit would normally come first)."""
    from wartable.games.invasion.turn import end_reason

    s = blank(1, "solo")
    assert end_reason(s) == ""
    s.row = [-1] * 6
    s.blue_deck.clear()
    s.gold_deck.clear()
    assert end_reason(s) == "no invaders are left"


def test_turn_limit_option() -> None:
    """Option turn_limit: the game stops after that many turns."""
    s = blank(turn_limit=2)
    give_deck(s, 0, *["wealth"] * 6)
    give_deck(s, 1, *["wealth"] * 6)
    do(s, 0, "pass")
    assert not s.over
    do(s, 1, "pass")
    assert s.over and s.end_reason == "turn limit"
