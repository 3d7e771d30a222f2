"""Chapter 10, Action Cards: every action card as printed (and Betrayal as a reaction)."""

from __future__ import annotations

from invasion_support import blank, do, give_deck, give_discard, give_hand, legal, set_row

from wartable.games.invasion.cards import TERROR, K


def test_casualty_of_war_trash_non_terror() -> None:
    """Casualty of War (30): Action +1. Trash 1 Non-Terror card from your hand."""
    s = blank()
    give_hand(s, 0, "casualty", "wealth", "terror")
    before = s.supply[K["wealth"]]
    do(s, 0, "play casualty")
    assert legal(s, 0) == {"trash wealth"}
    do(s, 0, "trash wealth")
    assert s.supply[K["wealth"]] == before + 1
    assert s.actions_left == 1


def test_obsidian_tower_draw_three_put_back_three() -> None:
    """Obsidian Tower (30): Action +1. Gain +3 cards to your hand, then place 3 on your deck."""
    s = blank(stage="3")
    give_hand(s, 0, "obsidian", "guard")
    give_deck(s, 0, "wealth", "fortune", "treasure", "treasure")
    do(s, 0, "play obsidian")
    assert sum(s.hand[0]) == 4
    do(s, 0, "topdeck guard", "topdeck treasure", "topdeck fortune")
    assert s.deck[0][-3:] == [K["guard"], K["treasure"], K["fortune"]]
    assert sum(s.hand[0]) == 1 and s.actions_left == 1


def test_cursed_fury_ten_damage_and_terror() -> None:
    """Cursed Fury (40): inflict +10 Damage this turn. Gain 1 Terror card."""
    s = blank()
    set_row(s, 0, "succubus")
    give_hand(s, 0, "fury", "guard")
    do(s, 0, "play fury")
    assert s.discard[0][TERROR] == 1
    do(s, 0, "defeat", "defend guard", "target b1")
    assert len(s.defeated[0]) == 1  # 5 + 10 = 15 = Succubus health


def test_buried_gold_reveal_three() -> None:
    """Buried Gold (40): Action +1. Reveal 3 cards from your deck; Gold to hand, the rest discarded."""
    s = blank(stage="2")
    give_hand(s, 0, "buried")
    give_deck(s, 0, "wealth", "guard", "treasure", "terror")
    do(s, 0, "play buried")
    assert s.hand[0][K["treasure"]] == 1 and s.hand[0][K["terror"]] == 0
    assert s.discard[0][K["guard"]] == 1 and s.discard[0][TERROR] == 1
    assert s.deck[0] == [K["wealth"]]
    assert s.terror == 1  # revealed and discarded from the deck, not from a hand


def test_shapeshifting_discard_and_redraw() -> None:
    """Shapeshifting (50): Action +1. Discard any number of cards; +1 card per card discarded."""
    s = blank()
    give_hand(s, 0, "shapeshift", "terror", "terror", "guard")
    give_deck(s, 0, "fortune", "fortune")
    do(s, 0, "play shapeshift", "discard terror", "discard terror", "done")
    assert s.hand[0][K["fortune"]] == 2 and s.hand[0][TERROR] == 0
    assert s.terror == 3  # each discarded Terror card raised the count


def test_city_siege_others_discard_down_to_four() -> None:
    """City Siege (50): Cards +1. Each other player must discard down to 4 cards."""
    s = blank()
    give_hand(s, 0, "siege")
    give_deck(s, 0, "wealth")
    give_hand(s, 1, *["guard"] * 6)
    give_hand(s, 2, *["guard"] * 3)
    do(s, 0, "play siege")
    assert sum(s.hand[0]) == 1
    assert s.stack[-1][1] == 1  # seat 1 decides in seat 0's turn
    do(s, 1, "discard guard", "discard guard")
    assert sum(s.hand[1]) == 4 and sum(s.hand[2]) == 3
    assert not s.stack


def test_betrayal_on_own_turn() -> None:
    """Betrayal (60): Action +2, Buy +1."""
    s = blank(stage="3")
    give_hand(s, 0, "betrayal")
    do(s, 0, "play betrayal")
    assert s.actions_left == 2 and s.buys_left == 2


def test_betrayal_reaction_in_another_players_turn() -> None:
    """Betrayal: during another player's turn, if they attack, discard it to give them -10 Damage.
    Chapter 5: the reaction is revealed right after the attacker announces the target."""
    s = blank(stage="3")
    set_row(s, 0, "skeletal")
    give_hand(s, 0, "guard", "guard")
    give_hand(s, 2, "betrayal")
    do(s, 0, "defeat", "defend guard", "defend guard", "target b1")
    assert s.stack[-1][1] == 2  # a decision for a seat that is not the active player
    assert legal(s, 2) == {"betray", "no betrayal"}
    do(s, 2, "betray")
    do(s, 2, "no betrayal")
    assert s.defeated[0] == []  # 10 damage - 10 < 10 health
    assert s.discard[2][K["betrayal"]] == 1


def test_betrayal_window_declined() -> None:
    """Betrayal is optional: declining lets the attack through."""
    s = blank(stage="3")
    set_row(s, 0, "skeletal")
    give_hand(s, 0, "guard", "guard")
    give_hand(s, 1, "betrayal")
    do(s, 0, "defeat", "defend guard", "defend guard", "target b1")
    do(s, 1, "no betrayal")
    assert len(s.defeated[0]) == 1


def test_rush_to_battle() -> None:
    """Rush To Battle (60): Gold +10, Cards +1, Action +1."""
    s = blank()
    give_hand(s, 0, "rush")
    give_deck(s, 0, "guard")
    do(s, 0, "play rush")
    assert (s.gold, sum(s.hand[0]), s.actions_left) == (10, 1, 1)


def test_reinforcements() -> None:
    """Reinforcements (70): Cards +3."""
    s = blank(stage="2")
    give_hand(s, 0, "reinforce")
    give_deck(s, 0, "guard", "guard", "guard", "guard")
    do(s, 0, "play reinforce")
    assert sum(s.hand[0]) == 3 and s.actions_left == 0


def test_ruler_of_the_ruins_buy_to_deck_top() -> None:
    """Ruler Of The Ruins (50): Cards +1, Action +1; bought cards may go on top of the deck."""
    s = blank()
    give_hand(s, 0, "ruler", "fortune")
    give_deck(s, 0, "wealth", "wealth")
    do(s, 0, "play ruler", "buy")
    assert "buy treasure top" in legal(s, 0)
    do(s, 0, "buy treasure top")
    assert s.deck[0][-1] == K["treasure"]


def test_ruler_top_option_only_with_ruler() -> None:
    """Without Ruler Of The Ruins, bought cards go to the discard pile (chapter 8, Gain)."""
    s = blank()
    give_hand(s, 0, "fortune")
    do(s, 0, "buy")
    assert not any(a.endswith(" top") for a in legal(s, 0))


def test_enchantment_ten_per_defender() -> None:
    """Enchantment (80): Action +1. All attacking Defenders inflict +10 Damage this turn."""
    s = blank(stage="4")
    set_row(s, 1, "reaper")
    give_hand(s, 0, "enchant", "guard", "guard")
    do(s, 0, "play enchant", "defeat", "defend guard", "defend guard", "target b2")
    assert len(s.defeated[0]) == 1  # (5 + 10) x 2 = 30 >= 25


def test_dawn_of_hope() -> None:
    """Dawn Of Hope (90): Gold +20, Cards +2, Action +1; another player gains +1 card to hand."""
    s = blank()
    give_hand(s, 0, "dawn")
    give_deck(s, 0, "guard", "guard")
    give_deck(s, 2, "fortune")
    do(s, 0, "play dawn")
    assert (s.gold, sum(s.hand[0]), s.actions_left) == (20, 2, 1)
    do(s, 0, "choose seat 2")
    assert s.hand[2][K["fortune"]] == 1


def test_growing_darkness() -> None:
    """Growing Darkness (100): Action +1; another player gains 1 Terror to the top of their deck."""
    s = blank(stage="5")
    give_hand(s, 0, "darkness")
    give_deck(s, 1, "wealth")
    do(s, 0, "play darkness", "choose seat 1")
    assert s.deck[1][-1] == TERROR and s.actions_left == 1


def test_courage() -> None:
    """Courage (110): Gold +40, Action +1, Buy +1; discard Terror cards, +2 cards each."""
    s = blank(stage="6")
    s.terror = 2
    give_hand(s, 0, "courage", "terror", "terror", "guard")
    give_deck(s, 0, *["wealth"] * 5)
    do(s, 0, "play courage")
    assert (s.gold, s.actions_left, s.buys_left) == (40, 1, 2)
    assert s.hand[0][TERROR] == 0 and s.hand[0][K["wealth"]] == 4
    assert s.terror == 4


def test_gold_bonus_pays_for_buys() -> None:
    """Chapter 8, Gold +X: added to the gold usable this turn."""
    s = blank()
    give_hand(s, 0, "rush", "wealth", "wealth", "wealth", "wealth", "wealth")
    give_deck(s, 0, "treasure")
    give_discard(s, 0, "guard")
    do(s, 0, "play rush", "buy")
    assert "buy werebear" in legal(s, 0)  # 10 (Rush) + 5 x 10 + 20 (drawn Treasure) = 80
    assert "buy dawn" not in legal(s, 0)  # 90
