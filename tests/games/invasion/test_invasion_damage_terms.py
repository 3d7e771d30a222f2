"""The attack event's terms: each source of the damage, summing to the damage the rules used."""

from __future__ import annotations

import random

from tests.games.invasion.invasion_support import blank, do, give_hand, set_row

from wartable.games.invasion import GAME


def _attack(events: list[dict]) -> dict:  # type: ignore[type-arg]
    return next(e for e in events if e["type"] == "attack")


def test_cursed_fury_is_a_term_of_the_damage() -> None:
    """Cursed Fury's +10 is named in the event, beside the defenders' 5, and they add to 15."""
    s = blank()
    set_row(s, 0, "succubus")
    give_hand(s, 0, "fury", "guard")
    events = do(s, 0, "play fury", "defend guard", "target b1")
    attack = _attack(events)
    assert attack["terms"] == [["defenders", 5], ["fury", 10]]
    assert attack["defenders"] == ["guard"]
    assert attack["damage"] == 15 and attack["defeated"]


def test_dragon_slayer_bonus_is_a_term_only_against_a_dragon() -> None:
    s = blank()
    set_row(s, 3, "icedragon")
    give_hand(s, 0, "slayer", "fortune", "fortune", "treasure")
    attack = _attack(do(s, 0, "defeat", "defend slayer", "target g1"))
    assert attack["terms"] == [["defenders", 30], ["slayer", 50]]
    s2 = blank()
    set_row(s2, 4, "balar")
    give_hand(s2, 0, "slayer", "fortune", "fortune", "treasure")
    attack = _attack(do(s2, 0, "defeat", "defend slayer", "target g2"))
    assert attack["terms"] == [["defenders", 30]]


def test_terms_add_up_to_the_damage_in_random_games() -> None:
    """Over random games of several battle stages, every attack's terms sum to its damage
    (never below 0) and the listed defenders are cards with attack damage."""
    attacks = 0
    for seed, stage in [(1, "1"), (2, "4"), (3, "5"), (4, "6"), (5, "8"), (6, "10")]:
        config = GAME.make_config({"players": 3, "battle_stage": stage})
        s = GAME.new_state(config, seed)
        rng = random.Random(seed)
        for _ in range(3000):
            if GAME.is_terminal(s):
                break
            seat = GAME.to_act(s)[0]
            for e in GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat))):
                if e["type"] == "attack":
                    attacks += 1
                    assert e["damage"] == max(0, sum(int(v) for _, v in e["terms"])), e
    assert attacks >= 20
