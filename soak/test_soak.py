"""Long fuzzing runs (``make soak``): the conformance checks over many seeds of every game
and mode. Not part of ``make test`` (pytest's testpaths is ``tests``)."""

from __future__ import annotations

import os

import pytest

from wartable.games import available_games, get_game
from wartable.testing.conformance import check_determinism, check_playout

SEEDS = int(os.environ.get("WARTABLE_SOAK_SEEDS", "300"))
DEEP = int(os.environ.get("WARTABLE_SOAK_DEEP", "10"))
CASES = [
    (gid, i, cfg)
    for gid in available_games()
    for i, cfg in enumerate(get_game(gid).example_configs())
]


@pytest.mark.parametrize(("gid", "i", "cfg"), CASES)
def test_many_random_playouts(gid: str, i: int, cfg: dict) -> None:
    game = get_game(gid)
    for seed in range(10_000, 10_000 + SEEDS):
        check_playout(game, cfg, seed, deep=False)


@pytest.mark.parametrize(("gid", "i", "cfg"), CASES)
def test_deep_checks_on_many_seeds(gid: str, i: int, cfg: dict) -> None:
    game = get_game(gid)
    for seed in range(20_000, 20_000 + DEEP):
        check_playout(game, cfg, seed, deep=True)
        check_determinism(game, cfg, seed)
