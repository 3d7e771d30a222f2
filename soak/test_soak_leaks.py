"""Long leak-test runs (``make soak``): ``wartable.testing.leaks`` at every decision of many
games of every game and mode. Not part of ``make test`` (pytest's testpaths is ``tests``)."""

from __future__ import annotations

import os

import pytest

from wartable.games import available_games, get_game
from wartable.testing.leaks import check_leaks

SEEDS = int(os.environ.get("WARTABLE_SOAK_LEAK_SEEDS", "20"))
CASES = [
    (gid, i, cfg)
    for gid in available_games()
    for i, cfg in enumerate(get_game(gid).example_configs())
]


@pytest.mark.parametrize(("gid", "i", "cfg"), CASES)
def test_leaks_at_every_decision(gid: str, i: int, cfg: dict) -> None:
    game = get_game(gid)
    for seed in range(20_000, 20_000 + SEEDS):
        counts = check_leaks(game, cfg, seed, rate=1, max_points=10**9)
        assert counts["points"] == counts["decisions"]
