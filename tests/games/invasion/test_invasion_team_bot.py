"""Team gold (chapter 12), direct Defeat choices (chapter 5), the bot's gifts and Eliminate."""

from __future__ import annotations

from invasion_support import blank, do, give_deck, give_discard, give_hand, legal, set_row

from wartable.core.rng import Rng
from wartable.games.invasion import GAME, HeuristicAgent
from wartable.games.invasion.cards import K
from wartable.games.invasion.state import DEFEAT, InvasionState


def _bot(s: InvasionState, seat: int) -> str:
    moves = GAME.legal_actions(s, seat)
    a = HeuristicAgent().act(GAME, GAME.observe(s, seat), moves, seat, Rng(0))
    return GAME.action_to_str(a, s.config)


def _clear_row(s: InvasionState, keep: int = -1) -> None:
    """Face-up invaders back under their decks, except slot ``keep``."""
    for slot in range(6):
        v = s.row[slot]
        if slot != keep and v >= 0:
            (s.gold_deck if s.db.inv_gold[v] else s.blue_deck).insert(0, v)
            s.row[slot] = -1


def test_partner_may_give_gold_again_when_asked() -> None:
    """Chapter 12 Team Versus: "During your teammate's turn, you may discard any number of
    Gold cards" - not only once: the active player may reopen the window (`ask partner`)."""
    s = blank(4, "team")
    give_hand(s, 0, "wealth")
    give_hand(s, 1, "treasure", "treasure")
    do(s, 0, "buy")
    do(s, 1, "give treasure", "done")
    assert s.gold == 20 and "ask partner" in legal(s, 0)
    do(s, 0, "ask partner")
    assert legal(s, 1) == {"give treasure", "done"}
    do(s, 1, "give treasure", "done")
    assert s.gold == 40 and s.discard[1][K["treasure"]] == 2
    assert "ask partner" not in legal(s, 0)  # the partner holds no more gold


def test_team_gold_once_option() -> None:
    """Option team_gold = "once": only the window opened by picking Buy or Defeat."""
    s = blank(4, "team", team_gold="once")
    give_hand(s, 0, "wealth")
    give_hand(s, 1, "treasure", "treasure")
    do(s, 0, "buy")
    do(s, 1, "give treasure", "done")
    assert "ask partner" not in legal(s, 0)


def test_closed_hands_ask_partner_depends_only_on_the_hand_size() -> None:
    """Option team_open_hands = false: the active player cannot see whether the partner holds
    Gold, so `ask partner` is offered while the partner holds any card (chapter 12)."""
    s = blank(4, "team", team_open_hands=False)
    give_hand(s, 0, "wealth")
    give_hand(s, 1, "guard", "treasure")
    do(s, 0, "buy")
    do(s, 1, "give treasure", "done")
    assert "ask partner" in legal(s, 0)  # the partner still holds a card (no Gold left)
    do(s, 0, "ask partner")
    assert legal(s, 1) == {"done"}
    do(s, 1, "done")
    s.hand[1][K["guard"]] = 0
    s.supply[K["guard"]] += 1
    assert "ask partner" not in legal(s, 0)  # an empty hand: nothing to ask for


def test_direct_defend_and_target_from_the_main_phase() -> None:
    """Chapter 5 DEFEAT: playing a defender or announcing a target picks Defeat at once
    (outside Team Versus, where picking Defeat first lets the partner add gold)."""
    s = blank(2, "two_player")
    set_row(s, 0, "skeletal")
    give_hand(s, 0, "guard", "guard")
    assert {"defend guard", "target b1"} <= legal(s, 0)
    do(s, 0, "defend guard")
    assert s.phase == DEFEAT and "buy guard" not in legal(s, 0)
    t = blank(4, "team")
    give_hand(t, 0, "guard")
    assert not any(a.startswith(("defend", "target")) for a in legal(t, 0))


def test_bot_gives_gold_when_the_partner_buys_better() -> None:
    """The heuristic gives what lifts the partner's buy most: 20 alone buys an Imperial Guard,
    20 + 20 + 30 reaches a Golem (70); the biggest card goes first, one per decision."""
    s = blank(4, "team")
    give_hand(s, 0, "wealth", "wealth")
    give_hand(s, 1, "treasure", "fortune")
    do(s, 0, "buy")
    assert _bot(s, 1) == "give fortune"
    do(s, 1, "give fortune")
    assert _bot(s, 1) == "give treasure"
    do(s, 1, "give treasure")
    assert _bot(s, 1) == "done"
    do(s, 1, "done")
    assert "buy golem" in legal(s, 0)
    assert _bot(s, 0) == "buy golem"


def test_bot_gives_the_least_gold_for_the_same_buy() -> None:
    """20 + 20 and 20 + 30 both reach only a Treasure: the Treasure card is given."""
    s = blank(4, "team")
    give_hand(s, 0, "wealth", "wealth")
    give_hand(s, 1, "treasure", "fortune")
    for k in ("golem", "rush", "valkyrie", "fortune"):  # nothing else up to 70 is worth more
        s.supply[K[k]] = 0
    assert _bot_after_buy(s) == "give treasure"


def _bot_after_buy(s: InvasionState) -> str:
    GAME.apply(s, 0, "buy")
    return _bot(s, 1)


def test_bot_keeps_gold_the_partner_does_not_need() -> None:
    s = blank(4, "team")
    give_hand(s, 0, "fortune", "fortune", "fortune", "fortune")
    give_hand(s, 1, "treasure")
    do(s, 0, "buy")
    assert _bot(s, 1) == "done"


def test_bot_gives_gold_for_an_attack() -> None:
    """Defeat: the partner's gold pays a defender's attack cost that defeats an invader."""
    s = blank(4, "team")
    set_row(s, 0, "skeletal")
    _clear_row(s, keep=0)
    give_hand(s, 0, "dread")
    give_hand(s, 1, "fortune", "fortune")
    do(s, 0, "defeat")
    assert _bot(s, 1) == "give fortune"


def test_bot_eliminates_a_wealth_when_nothing_is_worth_buying() -> None:
    """Chapter 5 ELIMINATE: with Treasure in the deck, a lone Wealth is trashed, not spent."""
    s = blank(2, "two_player")
    _clear_row(s)
    give_hand(s, 0, "wealth", "terror")
    give_discard(s, 0, "wealth", "wealth", "wealth", "wealth", "treasure", "treasure", "treasure")
    give_deck(s, 0, "guard")
    assert _bot(s, 0) == "eliminate wealth"


def test_bot_does_not_eliminate_a_thin_deck() -> None:
    s = blank(2, "two_player")
    _clear_row(s)
    give_hand(s, 0, "wealth", "terror")
    give_discard(s, 0, "wealth", "wealth")
    assert _bot(s, 0) != "eliminate wealth"
