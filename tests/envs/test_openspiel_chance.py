"""OpenSpiel's chance model: seat 0's first observation cannot be looked up to find the deal.

The attack this guards against: with few possible seeds, a seat enumerates every chance
history once, files each deal under its own first observation, and later reads the whole
deal (every hidden hand, every future die) off the table. With 4,096 seeds that
identified 4,096 deals of 4,096 in Weapons, Skirm and Invasion. Now eight chance nodes of
256 outcomes compose a 64-bit seed. The tests below (a) check that every one of the eight
bytes changes the deal (the 2^64 histories are distinct deals, not 4,096 in disguise),
(b) run the tabulation attack with 2,000 tabulated histories against 2,000 fresh deals
and (c) run the same attack against the old 4,096-seed model to show it does catch a
table small enough to enumerate.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel
import pytest

from wartable.envs.openspiel import CHANCE_NODES, CHANCE_OUTCOMES, register
from wartable.games import available_games, get_game

register()
SAMPLES = 2_000
GAMES = [g for g in ("weapons", "skirm", "invasion", "draconia") if g in available_games()]


def _deal(game: Any, chance: list[int]) -> tuple[str, str]:
    """(seat 0's first observation, the full position) after the chance bytes."""
    state = game.new_initial_state()
    for byte in chance:
        assert state.is_chance_node()
        state.apply_action(byte)
    assert not state.is_chance_node()
    return state.observation_string(0), str(state)


def _attack(table: dict[str, str], deals: list[tuple[str, str]]) -> int:
    """How many deals the table identifies (the observation is filed with that position)."""
    return sum(1 for obs, full in deals if table.get(obs) == full)


def test_the_chance_model_is_eight_nodes_of_256_outcomes() -> None:
    game = pyspiel.load_game("wartable_weapons")
    state = game.new_initial_state()
    assert game.max_chance_outcomes() == CHANCE_OUTCOMES == 256
    for _ in range(CHANCE_NODES):
        outcomes = state.chance_outcomes()
        assert len(outcomes) == 256
        assert all(p == pytest.approx(1 / 256) for _, p in outcomes)
        state.apply_action(0)
    assert not state.is_chance_node() and state.chance_outcomes() == []
    assert CHANCE_NODES * 8 == 64


@pytest.mark.parametrize("gid", GAMES)
def test_every_chance_byte_changes_the_deal(gid: str) -> None:
    game = pyspiel.load_game(f"wartable_{gid}")
    base = [7, 1, 2, 3, 4, 5, 6, 9]
    deals = {_deal(game, base)[1]}
    for k in range(CHANCE_NODES):
        other = list(base)
        other[k] ^= 0x5A
        deals.add(_deal(game, other)[1])
    assert len(deals) == CHANCE_NODES + 1


@pytest.mark.parametrize("gid", GAMES)
def test_a_table_of_first_observations_identifies_no_fresh_deal(gid: str) -> None:
    game = pyspiel.load_game(f"wartable_{gid}")
    rng = np.random.default_rng(2026)

    def sample() -> list[tuple[str, str]]:
        draws = rng.integers(0, CHANCE_OUTCOMES, size=(SAMPLES, CHANCE_NODES))
        return [_deal(game, [int(b) for b in row]) for row in draws]

    table = dict(sample())  # the attacker's precomputed table
    fresh = sample()
    assert len({full for _, full in fresh}) == SAMPLES  # no deal came twice
    assert _attack(table, fresh) == 0


@pytest.mark.parametrize("gid", ["weapons", "skirm"])
def test_the_same_attack_reads_every_deal_of_a_4096_seed_model(gid: str) -> None:
    """The control: the old model (the seed uniform among 4,096) falls to the attack."""
    wgame = get_game(gid)
    config = wgame.make_config({})

    def deal(seed: int) -> tuple[str, str]:
        state = wgame.new_state(config, seed)
        return repr(wgame.observe(state, 0)), repr(wgame.state_to_json(state))

    table = dict(deal(seed) for seed in range(4096))
    picked = np.random.default_rng(5).integers(0, 4096, size=SAMPLES)
    assert _attack(table, [deal(int(s)) for s in picked]) == SAMPLES
