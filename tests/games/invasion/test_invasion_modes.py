"""Chapter 12, Special Rules: Solo Mode, 2-Player Mode and Team Versus Mode."""

from __future__ import annotations

from invasion_support import blank, defeat, do, give_deck, give_hand, legal, set_row

from wartable.games.invasion import GAME
from wartable.games.invasion.cards import TERROR, K
from wartable.games.invasion.observe import observe


def new(players: int, mode: str, seed: int = 3):
    return GAME.new_state(GAME.make_config({"players": players, "mode": mode}), seed)


def test_solo_three_events_and_no_other_player_campaigns() -> None:
    """Solo Mode: 3 Event cards; campaigns requiring other players (Royal Mission) are ignored."""
    s = new(1, "solo")
    assert s.events_total == 3
    held = s.campaign_deck + s.campaign_row + s.campaigns[0]
    assert all(not s.db.camp_others[c] for c in held)
    assert len(held) == 26


def test_solo_open_scoring_and_threshold() -> None:
    """Solo Mode: cards face up, glory scored immediately; 15/20/25 glory passes the stage."""
    s = blank(1, "solo", solo_difficulty="beginner")
    s.campaign_deck.extend(s.campaigns[0])
    s.campaigns[0] = []
    defeat(s, 0, "firedragon", "icedragon")
    assert GAME.outcome(s).winners == (0,)  # 15 glory
    assert observe(s, 0)["campaigns"][0] == []
    give_deck(s, 0, *["wealth"] * 6)
    do(s, 0, "pass")
    assert s.over and s.end_reason == "the battle stage is passed"
    s2 = blank(1, "solo", solo_difficulty="intermediate")
    s2.campaign_deck.extend(s2.campaigns[0])
    s2.campaigns[0] = []
    defeat(s2, 0, "firedragon", "icedragon")
    assert GAME.outcome(s2).winners == ()  # 15 < 20


def test_solo_ignores_effects_on_other_players() -> None:
    """Solo Mode: effects that require "other" players (e.g. Dawn Of Hope) are ignored."""
    s = blank(1, "solo")
    give_hand(s, 0, "dawn", "siege")
    give_deck(s, 0, *["wealth"] * 4)
    do(s, 0, "play dawn")
    assert not s.stack and s.gold == 20  # no player to choose
    do(s, 0, "play siege")
    assert not s.stack


def test_solo_wyvern_and_titan_only_hit_the_player() -> None:
    """Solo Mode: "all players" is just you."""
    s = blank(1, "solo", stage="3")
    give_hand(s, 0, "titan")
    do(s, 0, "defeat", "defend titan")
    assert s.discard[0][TERROR] == 1


def test_two_player_six_events_nine_invaders() -> None:
    """2-Player Mode: 6 Event cards; the game ends when a player defeats 9 invaders."""
    s = new(2, "two_player")
    assert s.events_total == 6
    s = blank(2, "two_player")
    defeat(s, 0, "reaper", "reaper", "succubus", "succubus", "hellhound", "hellhound")
    give_deck(s, 0, *["wealth"] * 12)
    do(s, 0, "pass")
    assert not s.over  # six is not enough in a 2-player game
    defeat(s, 0, "skeletal", "skeletal")
    set_row(s, 0, "skeletal")
    give_hand(s, 1, "guard", "guard")
    give_deck(s, 1, *["wealth"] * 6)
    defeat(s, 1, "succubus")
    s.active = 1
    defeat(s, 1, "reaper", "hellhound", "skeletal", "succubus", "reaper", "hellhound", "wyvern")
    do(s, 1, "defeat", "defend guard", "defend guard", "target b1")
    assert s.over and s.end_reason == "9 invaders defeated"


def test_team_needs_four_or_six() -> None:
    """Team Versus: exactly 4 or 6 players (checked by the config)."""
    import pytest

    from wartable.core.errors import ConfigError

    for n in (2, 3, 5):
        with pytest.raises(ConfigError):
            GAME.make_config({"players": n, "mode": "team"})
    assert GAME.make_config({"players": 6, "mode": "team"}).players == 6


def test_team_shared_campaigns() -> None:
    """Team Versus: 2 Campaign cards per team, kept in a shared pile."""
    s = new(6, "team")
    assert [len(c) for c in s.campaigns] == [2, 2, 2]
    obs = observe(s, 1)
    assert obs["campaigns"][0] == s.campaigns[0]  # seat 1 sees its team's pile
    assert obs["campaigns"][1] is None


def test_team_partners_sit_together_and_see_each_others_hand() -> None:
    """Team Versus: teammates sit side by side (seats 0-1, 2-3) and may show their hands."""
    s = new(4, "team")
    assert s.teammate(0) == 1 and s.teammate(3) == 2
    obs = observe(s, 0)
    assert obs["hands"][1] == s.hand[1] and obs["hands"][2] is None


def test_teammate_adds_gold_in_partners_turn() -> None:
    """Team Versus: during the teammate's turn, discard Gold cards to add to their played Gold."""
    s = blank(4, "team")
    give_hand(s, 0, "wealth")
    give_hand(s, 1, "fortune", "guard")
    do(s, 0, "buy")
    assert s.stack[-1][1] == 1  # the partner decides during seat 0's turn
    assert legal(s, 1) == {"give fortune", "done"}
    do(s, 1, "give fortune", "done")
    assert s.gold == 30 and s.discard[1][K["fortune"]] == 1
    assert "buy valkyrie" not in legal(s, 0) and "buy dread" in legal(s, 0)  # 40 in all


def test_team_ten_invaders_combined_and_team_scoring() -> None:
    """Team Versus: the game ends when a team has defeated a combined 10 invaders;
    the team with the most glory wins (both partners)."""
    s = blank(4, "team")
    for t in range(2):
        s.campaign_deck.extend(s.campaigns[t])
        s.campaigns[t] = []
    defeat(s, 0, "reaper", "reaper", "succubus", "succubus", "hellhound")
    defeat(s, 1, "hellhound", "skeletal", "skeletal", "skeletal", "skeletal")
    give_deck(s, 0, *["wealth"] * 6)
    do(s, 0, "pass")
    assert s.over and s.end_reason == "10 invaders defeated"
    out = GAME.outcome(s)
    assert out.winners == (0, 1)
    assert out.scores[0] == out.scores[1] == 2 + 2 + 1 + 1 + 2 + 2 + 4 * 1
