"""Weapon game rules, each test citing its part of weapon-skirmish-fragment.txt."""

from __future__ import annotations

from typing import Any

import pytest

from wartable.agents.random_agent import RandomAgent
from wartable.core.errors import IllegalAction
from wartable.core.match import play_match
from wartable.games.weapons import AGENTS, GAME
from wartable.games.weapons.cards import beats
from wartable.games.weapons.state import DEFEND, THROW_IN, WeaponsState


def cid(text: str, cfg: Any) -> int:
    """'S7' -> card id (S swords, A axes, B bows, M maces)."""
    g = "SABM".index(text[0])
    return g * cfg.max_value + int(text[1:]) - 1


def table(
    hands: list[list[str]], deck: list[str] | None = None, first: int = 0, **cfg: Any
) -> WeaponsState:
    """A hand-built position: the given hands, the rest of the deck in the draw pile."""
    config = GAME.make_config({"players": len(hands), **cfg})
    s = GAME.new_state(config, 1)
    s.hands = [sorted(cid(x, config) for x in h) for h in hands]
    held = {c for h in s.hands for c in h}
    top = [cid(x, config) for x in (deck or [])]
    rest = [c for c in range(40) if c not in held and c not in top]
    s.deck = rest + list(reversed(top))  # the first listed deck card is drawn first
    s.discard = []
    s.first = s.attacker = first
    s.defender = (first + 1) % len(hands)
    return s


def act(s: WeaponsState, seat: int, text: str) -> None:
    GAME.apply(s, seat, text)


def test_beating_rule() -> None:
    """Skirmish: same weapon and higher value; Swords beat any weapon unless a higher Sword attacks."""
    c = GAME.make_config({})
    assert beats(cid("A5", c), cid("A3", c), c)
    assert not beats(cid("A3", c), cid("A5", c), c)
    assert not beats(cid("B9", c), cid("A3", c), c)
    assert beats(cid("S1", c), cid("A10", c), c)
    assert beats(cid("S4", c), cid("S2", c), c) and not beats(cid("S2", c), cid("S4", c), c)


def test_first_attack_any_card_on_player_to_the_left() -> None:
    """Skirmish: the First Attacker attacks the player to their immediate left, any weapon/value."""
    s = table([["A3", "B7", "S2"], ["A9"], ["M1"]])
    assert GAME.to_act(s) == (0,) and s.defender == 1
    names = {GAME.action_to_str(a, s.config) for a in GAME.legal_actions(s, 0)}
    assert names == {"play A3", "play B7", "play S2"}  # no pass before the first attack


def test_later_attacks_only_use_values_already_used() -> None:
    """Skirmish: later attacks must be of a value already used in the Skirmish."""
    s = table([["A3", "B3", "B5", "M7"], ["A5", "S1", "M2"], ["M1"]])
    act(s, 0, "play A3")
    act(s, 1, "play A5")
    names = {GAME.action_to_str(a, s.config) for a in GAME.legal_actions(s, 0)}
    assert names == {"play B3", "play B5", "pass"}
    with pytest.raises(IllegalAction, match="value already used"):
        act(s, 0, "play M7")


def test_defence_must_beat() -> None:
    """Skirmish: the Defender defends with the same weapon and higher value, or a Sword."""
    s = table([["A5"], ["A3", "A9", "B10", "S1"], ["M1"]])
    act(s, 0, "play A5")
    names = {GAME.action_to_str(a, s.config) for a in GAME.legal_actions(s, 1)}
    assert names == {"play A9", "play S1", "concede"}


def test_third_attack_is_face_down() -> None:
    """Skirmish: the 3rd attack is placed face down; the Defender must still beat it."""
    s = table([["A3", "B3", "M5", "A6"], ["A5", "S1", "B9", "M2"], ["M1"]])
    act(s, 0, "play A3")
    act(s, 1, "play A5")
    act(s, 0, "play B3")
    act(s, 1, "play S1")
    act(s, 0, "play M5")
    assert GAME.observe(s, 1)["attacks"][-1] == -1  # hidden from the Defender
    assert GAME.observe(s, 2)["attacks"][-1] == -1
    assert GAME.observe(s, 0)["attacks"][-1] == cid("M5", s.config)
    names = {GAME.action_to_str(a, s.config) for a in GAME.legal_actions(s, 1)}
    assert names == {"play B9", "play M2", "concede"}  # blind: any card
    act(s, 1, "play M2")  # fails to beat M5: beaten, collects everything
    assert cid("M5", s.config) in s.hands[1] and cid("A3", s.config) in s.hands[1]


def test_three_attacks_defended_discard_and_defender_attacks_next() -> None:
    """What happens if the Defender isn't beaten: cards discarded, refill, Defender attacks next,
    the First Attacker picks up a Satchel card."""
    s = table(
        [
            ["A3", "B3", "M3", "A7", "A8", "A9"],
            ["A5", "S1", "M9", "B1", "B2", "S7"],
            ["M1"] * 0 + ["B4"],
        ]
    )
    act(s, 0, "play A3")
    act(s, 1, "play A5")
    act(s, 0, "play B3")
    act(s, 1, "play S1")
    act(s, 0, "play M3")
    act(s, 1, "play M9")
    assert len(s.discard) == 6
    assert s.satchels[0] == 1
    assert s.first == 1 and s.defender == 2
    assert all(len(h) == 6 for h in s.hands)


def test_refill_order_first_attacker_first_defender_last() -> None:
    """End of the Skirmish: draw to 6, the First Attacker first, then to their left, the Defender last."""
    s = table(
        [
            ["A3", "A7", "A8", "A9", "B9", "B8"],
            ["A5", "B1", "B2", "B4", "M7", "M8"],
            ["M1", "M2", "M4", "M6", "M10", "B10"],
        ],
        deck=["S10", "S9"],
    )
    act(s, 0, "play A3")
    act(s, 1, "play A5")
    # nobody holds another 3 or 5: every attacker must pass and the skirmish ends
    assert cid("S10", s.config) in s.hands[0]  # first attacker drew first
    assert cid("S9", s.config) in s.hands[1]


def test_pass_lets_the_next_attacker_continue() -> None:
    """What if the attacker can't go: 'Pass', and the next Attacker to the left continues."""
    s = table([["A3", "B3"], ["A5", "S9", "S8"], ["M1"], ["B5", "M4"]])
    act(s, 0, "play A3")
    act(s, 1, "play A5")
    act(s, 0, "pass")  # by choice: seat 0 could still attack with B3
    # seat 2 holds no 3 or 5 and passes automatically; seat 3 continues
    assert GAME.to_act(s) == (3,)
    act(s, 3, "play B5")
    assert s.phase == DEFEND and s.attackers == [0, 3]


def test_concede_collect_throw_in_and_skip() -> None:
    """What happens if the Defender IS beaten: 'Concede', the First Attacker may add attacks (max 3),
    the Defender collects all cards and is skipped as next First Attacker."""
    s = table([["A3", "B3", "M3", "M9"], ["A1", "B1"], ["M1", "M2"]])
    act(s, 0, "play A3")
    act(s, 1, "concede")
    assert s.phase == THROW_IN and GAME.to_act(s) == (0,)
    act(s, 0, "play B3")
    act(s, 0, "play M3")  # the third attack: the skirmish is full
    assert {cid(x, s.config) for x in ["A3", "B3", "M3"]} <= set(s.hands[1])
    assert s.health[1] == 2  # concede_damage 1
    assert s.first == 2  # the Defender (seat 1) is skipped


def test_satchel_shield_absorbs_health_loss() -> None:
    """Gap (Satchel cards): default 'shield' spends a Satchel card instead of health."""
    s = table([["A3", "A4"], ["A1", "B1"], ["M1"]])
    s.satchels[1] = 1
    s.satchel_pile -= 1
    act(s, 0, "play A3")
    act(s, 1, "concede")
    assert s.health[1] == 3 and s.satchels[1] == 0 and s.satchel_spent == 1


def test_health_zero_eliminates_and_ends_round() -> None:
    """'if any player's health reaches 0 ... eliminated - and the round ends there'; the player to
    the left of the eliminated player deals next."""
    s = table([["A3", "A4"], ["A1", "B1"], ["M1"]])
    s.health[1] = 1
    act(s, 0, "play A3")
    act(s, 1, "concede")
    assert not s.alive[1] and s.out == [1]
    assert s.round == 2 and s.dealer == 2 and s.first == 2
    assert len(s.hands[1]) == 0 and all(len(s.hands[p]) == 6 for p in (0, 2))


def test_final_battle_last_player_with_cards_is_removed() -> None:
    """Final Battle: with the draw pile empty nobody refills; the last player with cards is removed."""
    s = table([["A3"], ["A5", "M2"], ["B9"]])
    s.discard, s.deck = s.deck, []
    act(s, 0, "play A3")
    act(s, 1, "play A5")  # seat 0 is out of cards, seat 2 has no 3/5: defended
    assert s.first == 1 and s.defender == 2
    act(s, 1, "play M2")
    act(s, 2, "concede")  # seat 2 collects M2; seat 1 is out of cards
    assert s.out == [2] and not s.alive[2]


def test_two_player_option_and_heuristic_beats_random() -> None:
    """Issue 5: 2 players is an option; the heuristic beats random in >= 80% of 2-player games."""
    wins = 0
    for seed in range(300):
        h = seed % 2
        agents = [RandomAgent(), RandomAgent()]
        agents[h] = AGENTS["heuristic"]()
        rec = play_match(GAME, {"players": 2}, seed, agents)
        assert rec.outcome is not None
        wins += h in rec.outcome.winners
    assert wins / 300 >= 0.8
