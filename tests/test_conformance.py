"""DESIGN.md "Testing": the conformance suite over every registered game and mode."""

from __future__ import annotations

import pytest

from wartable.games import available_games, get_game
from wartable.testing.conformance import (
    check_determinism,
    check_notation,
    check_playout,
)
from wartable.testing.roundtrip import check_roundtrip_play

CASES = [
    (gid, i, cfg)
    for gid in available_games()
    for i, cfg in enumerate(get_game(gid).example_configs())
]


def test_some_game_is_registered() -> None:
    assert CASES, "no game is registered"


@pytest.mark.parametrize(("gid", "i", "cfg"), CASES)
def test_notation_round_trip(gid: str, i: int, cfg: dict) -> None:
    game = get_game(gid)
    check_notation(game, game.make_config(cfg))


@pytest.mark.parametrize(("gid", "i", "cfg"), CASES)
@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4])
def test_random_playouts_keep_invariants(gid: str, i: int, cfg: dict, seed: int) -> None:
    check_playout(get_game(gid), cfg, seed, deep=False)


@pytest.mark.parametrize(("gid", "i", "cfg"), CASES)
@pytest.mark.parametrize("seed", [11, 12])
def test_deep_checks_at_every_decision(gid: str, i: int, cfg: dict, seed: int) -> None:
    """Position round-trip, copy independence, rejected actions, and the leak test."""
    check_playout(get_game(gid), cfg, seed, deep=True)


@pytest.mark.parametrize(("gid", "i", "cfg"), CASES)
def test_determinism_and_replay(gid: str, i: int, cfg: dict) -> None:
    check_determinism(get_game(gid), cfg, 2024)


@pytest.mark.parametrize(("gid", "i", "cfg"), CASES)
def test_reloaded_positions_play_on_identically(gid: str, i: int, cfg: dict) -> None:
    """Positions reloaded at several points: same observations, legal actions and outcome."""
    check_roundtrip_play(get_game(gid), cfg, 7)
