"""The attack and arrow-strike events name each term of the values they compare (for the log
and the web table's battle panel): the printed number, Command, settlement effects, tokens."""

from __future__ import annotations

import random

from wartable.games.draconia import GAME
from wartable.games.draconia.scenario import build_position

A, B = 0, 1


def _first(events: list[dict], kind: str) -> dict:  # type: ignore[type-arg]
    return next(e for e in events if e["type"] == kind)


def test_supply_and_fortify_tokens_are_terms() -> None:
    s = build_position(
        ("ironshroud", "zigmar"),
        field={A: ["Iron Lancers", None, None], B: ["Mummy Wardens", None, None]},
        face_up={B: [True, False, False]},
        slot_supply={A: [1, 0, 0]},
        slot_fortify={B: [2, 0, 0]},
    )
    attack = _first(GAME.apply(s, A, "cautious L1"), "attack")
    assert attack["attack_terms"] == [["Iron Lancers", 3], ["supply token", 1]]
    assert attack["defense_terms"] == [["Mummy Wardens", 3], ["fortify tokens", 2]]


def test_command_from_both_neighbours_is_a_term() -> None:
    s = build_position(
        ("frostfjell", "zigmar"),
        field={A: ["Jarl Ragnar", "Berserkers", "Clan Skald"], B: [None, "Mummy Wardens", None]},
        face_up={A: [True, False, True], B: [False, True, False]},
    )
    attack = _first(GAME.apply(s, A, "cautious L2"), "attack")
    assert attack["attack_terms"] == [["Berserkers", 3], ["Command", 2]]
    assert attack["attack"] == 5


def _apply_random(seed: int, config: dict) -> list[dict]:  # type: ignore[type-arg]
    s = GAME.new_state(GAME.make_config(config), seed)
    rng = random.Random(seed)
    out = []
    for _ in range(2000):
        if GAME.is_terminal(s):
            break
        for seat in GAME.to_act(s):
            out += GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
            break
    return out


def test_terms_add_up_to_the_values_in_random_games() -> None:
    """In random games (plain and with settlements) every attack's terms sum to its attack and
    defense, and every arrow strike's terms to the defense it compared."""
    attacks = arrows = 0
    for seed in range(8):
        config = {"settlement_mode": True} if seed % 2 else {}
        for e in _apply_random(seed, config):
            if e["type"] == "attack":
                attacks += 1
                assert sum(v for _, v in e["attack_terms"]) == e["attack"], e
                assert sum(v for _, v in e["defense_terms"]) == e["defense"], e
            elif e["type"] == "arrow_strike":
                arrows += 1
                assert sum(v for _, v in e["defense_terms"]) == e["defense"], e
    assert attacks >= 20
