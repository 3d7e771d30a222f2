"""Chapter 5: the A-BCDE-F turn, buying, campaigns, defeating, eliminating, forwarding, drawing."""

from __future__ import annotations

import pytest
from invasion_support import blank, do, give_deck, give_discard, give_hand, hand, legal, set_row

from wartable.core.errors import IllegalAction
from wartable.games.invasion import GAME
from wartable.games.invasion.cards import K
from wartable.games.invasion.state import BUY, DEFEAT, FORWARD, MAIN


def test_one_action_without_plus_action() -> None:
    """Chapter 5 ACTION: one Action card per turn; a second needs an Action +X bonus."""
    s = blank(stage="2")
    give_hand(s, 0, "reinforce", "reinforce")
    give_deck(s, 0, *["wealth"] * 6)
    do(s, 0, "play reinforce")
    assert "play reinforce" not in legal(s, 0)
    with pytest.raises(IllegalAction, match="no Action left"):
        GAME.apply(s, 0, "play reinforce")


def test_plus_action_chains() -> None:
    """Chapter 8 icons, A +X: Rush To Battle lets another Action card be played."""
    s = blank()
    give_hand(s, 0, "rush", "rush")
    give_deck(s, 0, *["wealth"] * 6)
    do(s, 0, "play rush")
    assert s.actions_left == 1 and s.gold == 10
    do(s, 0, "play rush")
    assert s.actions_left == 1 and s.gold == 20
    assert sum(s.hand[0]) == 2  # +1 card each


def test_exactly_one_of_buy_campaign_defeat_eliminate() -> None:
    """Chapter 5: after the action, exactly ONE of Buy / Campaign / Defeat / Eliminate."""
    s = blank()
    give_hand(s, 0, "wealth", "wealth", "guard", "guard")
    assert {"buy", "campaign", "defeat", "eliminate wealth", "pass"} <= legal(s, 0)
    do(s, 0, "buy", "buy guard")
    assert s.phase == FORWARD  # one buy used: the choice is over
    assert "defeat" not in legal(s, 0) and "campaign" not in legal(s, 0)


def test_buy_needs_enough_gold_and_gains_to_discard() -> None:
    """Chapter 5 BUY: the bought card costs at most the Gold played; it goes to the discard pile."""
    s = blank()
    give_hand(s, 0, "wealth", "wealth", "wealth", "treasure")
    give_deck(s, 0, *["guard"] * 6)
    do(s, 0, "buy")
    assert s.phase == BUY
    options = legal(s, 0)
    assert "buy warlord" in options  # 50 = 3x10 + 20
    assert "buy dread" in options
    assert "buy valkyrie" not in options  # costs 60
    before = s.supply[K["warlord"]]
    do(s, 0, "buy warlord")
    assert s.discard[0][K["warlord"]] == 1
    assert s.supply[K["warlord"]] == before - 1
    # the gold played stayed in play until the end of the turn, then was discarded
    assert s.discard[0][K["wealth"]] == 3 and s.discard[0][K["treasure"]] == 1
    assert s.active == 1


def test_gold_pays_with_least_overpay() -> None:
    """Chapter 5 BUY: gold cards are played to cover the cost (the engine overpays least)."""
    s = blank()
    give_hand(s, 0, "wealth", "wealth", "fortune")
    do(s, 0, "buy", "buy treasure")  # 30: the Fortune alone
    assert s.play[K["fortune"]] == 1 and s.play[K["wealth"]] == 0
    assert hand(s, 0) == {"wealth": 2}


def test_terror_cannot_be_bought() -> None:
    """Chapter 5 BUY: only Gold, Action and Defender cards on the table are for sale."""
    s = blank()
    give_hand(s, 0, "fortune", "fortune")
    do(s, 0, "buy")
    assert "buy terror" not in legal(s, 0)
    assert "buy titan" not in legal(s, 0)  # not on the stage 1 table


def test_multiple_buys_with_buy_bonus() -> None:
    """Chapter 8 icons, B +X: Courage gives one more buy (and Gold +40)."""
    s = blank(stage="6")
    give_hand(s, 0, "courage")
    give_deck(s, 0, *["wealth"] * 6)
    do(s, 0, "play courage", "buy")
    assert s.buys_left == 2 and s.gold == 40
    do(s, 0, "buy guard", "buy treasure")
    assert s.discard[0][K["guard"]] == 1 and s.discard[0][K["treasure"]] == 1
    assert s.active == 1  # both buys used, no gold left to forward: the turn is over


def test_campaign_draws_two_from_deck_or_face_up() -> None:
    """Chapter 5 CAMPAIGN: two cards, from the deck and/or face up; a face-up one is replaced."""
    s = blank()
    before = list(s.campaign_row)
    deck_top = s.campaign_deck[-1]
    do(s, 0, "campaign", "campaign row 2")
    assert before[1] in s.campaigns[0]
    assert s.campaign_row[1] == deck_top  # replaced from the top of the deck
    do(s, 0, "campaign deck")
    assert len(s.campaigns[0]) == 4


def test_eliminate_trashes_non_terror_to_the_table() -> None:
    """Chapter 5 ELIMINATE: trash a non-Terror card from the hand back to its pile."""
    s = blank()
    give_hand(s, 0, "guard", "terror")
    assert "eliminate terror" not in legal(s, 0)
    before = s.supply[K["guard"]]
    do(s, 0, "eliminate guard")
    assert s.supply[K["guard"]] == before + 1
    assert s.hand[0][K["guard"]] == 0


def test_forward_unused_gold_to_the_deck_top() -> None:
    """Chapter 5 FORWARD: one unused Gold card from the hand goes on top of the deck."""
    s = blank()
    give_hand(s, 0, "fortune", "wealth", "guard")
    give_deck(s, 0, *["guard"] * 8)
    do(s, 0, "pass")
    assert legal(s, 0) == {"forward fortune", "forward wealth", "no forward"}
    do(s, 0, "forward fortune")
    assert s.hand[0][K["fortune"]] == 1  # drawn straight back into the new hand
    assert s.active == 1


def test_used_gold_cannot_be_forwarded() -> None:
    """Chapter 5 FORWARD: gold used to buy is in play, not in hand."""
    s = blank()
    give_hand(s, 0, "treasure", "guard")
    do(s, 0, "buy", "buy guard")
    assert s.active == 1  # no unused gold left: the turn ends without a forward decision


def test_end_of_turn_discards_all_and_draws_six() -> None:
    """Chapter 5: discard played and unplayed cards, then draw a new hand of 6."""
    s = blank()
    give_hand(s, 0, "wealth", "guard", "guard")
    give_deck(s, 0, *["wealth"] * 10)
    do(s, 0, "pass", "no forward")
    assert sum(s.hand[0]) == 6
    assert s.discard[0][K["guard"]] == 2
    assert s.active == 1 and s.phase == MAIN


def test_reshuffle_when_deck_runs_out() -> None:
    """Chapter 5: when the deck runs out, shuffle the discard pile as the new deck and go on."""
    s = blank()
    give_hand(s, 0, "guard")
    give_deck(s, 0, "wealth", "wealth")
    give_discard(s, 0, "treasure", "treasure", "treasure")
    do(s, 0, "pass")
    assert sum(s.hand[0]) == 6  # 2 from the deck, then the reshuffled discard (3 + the Guard)
    assert s.deck[0] == []


def test_defeat_with_enough_damage() -> None:
    """Chapter 5 DEFEAT: health <= total damage defeats; the invader is replaced from its deck."""
    s = blank()
    set_row(s, 0, "skeletal")
    give_hand(s, 0, "guard", "guard")
    nxt = s.blue_deck[-1]
    do(s, 0, "defeat")
    assert s.phase == DEFEAT
    do(s, 0, "defend guard", "defend guard", "target b1")
    assert s.defeated[0] == [K_INV("skeletal")]
    assert s.row[0] == nxt


def test_defeat_fails_with_too_little_damage() -> None:
    """Chapter 5 DEFEAT: too little damage and the invader stays."""
    s = blank()
    set_row(s, 3, "balar")
    give_hand(s, 0, "guard", "guard")
    do(s, 0, "defeat", "defend guard", "defend guard", "target g1")
    assert s.defeated[0] == []
    assert s.row[3] == K_INV("balar")


def test_defender_needs_attack_cost() -> None:
    """Chapter 9 Defender cards: a Defender needs its Attack Cost paid in Gold."""
    s = blank()
    give_hand(s, 0, "valkyrie", "wealth", "wealth", "wealth", "wealth")
    do(s, 0, "defeat")
    assert "defend valkyrie" not in legal(s, 0)  # 50 needed, 40 in hand
    s2 = blank()
    give_hand(s2, 0, "valkyrie", "wealth", "wealth", "wealth", "treasure")
    do(s2, 0, "defeat")
    assert "defend valkyrie" in legal(s2, 0)
    do(s2, 0, "defend valkyrie")
    assert s2.atk_damage == 30 and s2.gold == 0


def test_only_one_target_without_stone_titan() -> None:
    """Chapter 5 DEFEAT: one Invader per turn (Stone Titan excepted)."""
    s = blank()
    give_hand(s, 0, "guard")
    do(s, 0, "defeat", "target b1")
    assert not any(a.startswith("target") for a in legal(s, 0))


def K_INV(key: str) -> int:
    from wartable.games.invasion.cards import INVADER_KEYS

    return INVADER_KEYS.index(key)


def test_direct_buy_from_the_main_phase() -> None:
    """Chapter 5 BUY: "buy <card>" in the main phase picks Buy and buys at once."""
    s = blank()
    give_hand(s, 0, "treasure", "wealth")
    give_deck(s, 0, *["guard"] * 6)
    assert "buy dread" not in legal(s, 0)  # 40 > 30
    do(s, 0, "buy treasure")
    assert s.discard[0][K["treasure"]] == 2  # the one paid with, and the one bought
    assert s.active == 1  # the one buy is used and no gold is left: the turn ends


def test_team_direct_buy_waits_for_partner() -> None:
    """Team Versus: the Buy choice first lets the partner add gold, so no direct buy."""
    s = blank(4, "team")
    give_hand(s, 0, "treasure")
    assert not any(a.startswith("buy ") for a in legal(s, 0))
    assert "buy" in legal(s, 0)


def test_announcing_the_target_starts_the_attack() -> None:
    """Chapter 5 DEFEAT: defenders first, then the target is announced and the attack resolves;
    with a Stone Titan several targets are announced, then `attack`."""
    s = blank()
    set_row(s, 0, "skeletal")
    give_hand(s, 0, "guard", "guard")
    do(s, 0, "defeat", "defend guard", "defend guard")
    assert "attack" not in legal(s, 0)
    do(s, 0, "target b1")
    assert len(s.defeated[0]) == 1
