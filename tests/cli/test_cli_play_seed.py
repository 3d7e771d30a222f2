"""``wartable play`` keeps the seed secret until the game is over."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from cli_support import GAMES, run

ALWAYS_FIRST = "1\n" * 5000


@pytest.mark.parametrize("gid", GAMES)
def test_the_seed_is_shown_only_after_the_game(gid: str, tmp_path: Path) -> None:
    log = tmp_path / "game.json"
    result = run("play", gid, "--vs", "random", "--save", str(log), input=ALWAYS_FIRST)
    assert result.exit_code == 0, (result.stdout[-2000:], result.stderr)
    out = result.stdout
    seed = json.loads(log.read_text())["seed"]
    before, _, after = out.partition("game over:")
    assert after, out[-500:]
    assert str(seed) not in before
    assert "seed" not in before
    assert re.search(rf"\bseed {seed}\b", after)


def test_a_fresh_game_differs_each_time(tmp_path: Path) -> None:
    seeds = set()
    for k in range(3):
        log = tmp_path / f"g{k}.json"
        result = run("play", "weapons", "--vs", "random", "--save", str(log), input=ALWAYS_FIRST)
        assert result.exit_code == 0, result.stderr
        seeds.add(json.loads(log.read_text())["seed"])
    assert len(seeds) == 3


def test_an_abandoned_game_shows_the_seed_when_it_stops(tmp_path: Path) -> None:
    result = run("play", "weapons", "--vs", "random", "--seed", "77", input="quit\n")
    assert result.exit_code == 1
    assert "seed 77" in result.stdout.splitlines()[-1]
    assert result.stdout.count("seed") == 1
