"""A ``swap`` parameter moves a map's pieces without losing or doubling one: two cells trade
tiles, the lists that describe positions (home rows, zones) follow, and what sits on a tile
(a printed unit placement, the castle to take) stays with the tile. Judged by reading the
written files back and loading them in the game, not by asking the tuner."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest
from tune_support import write_params

from wartable.core.errors import ConfigError
from wartable.games.graxia.catalog.loading import load_db
from wartable.games.graxia.tuning import DATA_DIR
from wartable.tune.data import check_ranges, resolve, write_values
from wartable.tune.params import load_params_file

CASTLE_SWAP = """
game = "graxia"

[[param]]
path = "scenarios/2p-5.toml:tiles[tile=8a].tile"
swap = ["8a", "34a", "3b"]
follow = ["players.home_row", "players.control", "players.deploy"]
"""


def _cells(doc: dict[str, Any]) -> dict[tuple[int, int], str]:
    return {(c["q"], c["r"]): c["tile"] for c in doc["tiles"]}


def _scenario(directory: Path) -> dict[str, Any]:
    return tomllib.loads((directory / "scenarios/2p-5.toml").read_text("utf-8"))


def test_two_cells_trade_tiles_and_the_zones_follow(tmp_path: Path) -> None:
    params = resolve(load_params_file(write_params(tmp_path, CASTLE_SWAP)), "graxia", DATA_DIR)
    assert params[0].swap and params[0].choices == ("8a", "34a", "3b")
    out = tmp_path / "out"
    write_values(DATA_DIR, out, params, {params[0].name: "34a"})
    before, after = _scenario(DATA_DIR), _scenario(out)
    old, new = _cells(before), _cells(after)
    changed = {cell for cell in old if old[cell] != new[cell]}
    castle_cell = next(c for c, t in old.items() if t == "8a")
    forest_cell = next(c for c, t in old.items() if t == "34a")
    assert changed == {castle_cell, forest_cell}
    assert new[forest_cell] == "8a" and new[castle_cell] == "34a"
    assert sorted(old.values()) == sorted(new.values())  # nothing lost or doubled
    flist_before, flist_after = before["players"][0], after["players"][0]
    # the home row is the back row: it now names the forest that moved there
    assert "34a" in flist_after["home_row"] and "8a" not in flist_after["home_row"]
    assert flist_after["home_row"].index("34a") == flist_before["home_row"].index("8a")
    assert "8a" in flist_after["control"] and "34a" not in flist_after["control"]
    # printed placements stay on their tiles; the castle to take is still 8a
    assert flist_after["units"] == flist_before["units"]
    assert after["victory"] == before["victory"] and after["vital"] == ["8a"]
    # every other file is byte for byte the base's
    for rel in ("tiles.toml", "scenarios/2p-1.toml", "units-common.toml"):
        assert (out / rel).read_bytes() == (DATA_DIR / rel).read_bytes()
    # and the game loads it, with the castle where the forest was
    scenario = load_db(out).scenarios["2p-5"]
    placed = {(p.q, p.r): p.tile for p in scenario.tiles}
    assert placed[forest_cell] == "8a"


def test_every_choice_is_data_the_game_accepts(tmp_path: Path) -> None:
    params = resolve(load_params_file(write_params(tmp_path, CASTLE_SWAP)), "graxia", DATA_DIR)
    check_ranges("graxia", DATA_DIR, params, tmp_path)  # raises on a choice the game refuses


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (CASTLE_SWAP.replace('"3b"]', '"99z"]'), ("0 records hold tile = '99z'",)),
        (CASTLE_SWAP.replace("swap = ", "low = 1\nhigh = 2\nswap = "), ("give one of",)),
        (CASTLE_SWAP.replace('"8a", "34a", "3b"', '"34a", "3b"'), ("not one of its choices",)),
        (CASTLE_SWAP.replace('"players.deploy"', '"players.nowhere"'), ("names no list",)),
        (CASTLE_SWAP.replace("tiles[tile=8a].tile", "tiles[tile=8a]"), ("not the record",)),
        (
            'game = "graxia"\n[[param]]\npath = "tiles.toml:tile[id=1b].mana"\nlow = 0\n'
            'high = 4\nfollow = ["players.home_row"]\n',
            ("follow goes with swap",),
        ),
    ],
)
def test_a_bad_swap_is_refused(tmp_path: Path, text: str, words: tuple[str, ...]) -> None:
    with pytest.raises(ConfigError) as err:
        resolve(load_params_file(write_params(tmp_path, text)), "graxia", DATA_DIR)
    for word in words:
        assert word in str(err.value), str(err.value)
