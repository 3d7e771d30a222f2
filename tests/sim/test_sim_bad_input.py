"""Bad input: one clear line, exit code 2, and no game played (nothing stored)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from sim_support import assert_one_line_error, run, simulate_json

import wartable.games.draconia as draconia_pkg
from wartable.games import get_game
from wartable.sim.inputs import apply_mode, mode_assignment

DRACONIA_DATA = Path(draconia_pkg.__file__).parent / "data"


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["chess", "-n", "2"], ["chess"]),
        (["draconia", "-n", "2", "--mode", "zz_mode"], ["zz_mode", "teams"]),
        (["invasion", "-n", "2", "--mode", "teams"], ["teams", "solo"]),
        (["draconia", "-n", "2", "--agents", "nobody"], ["nobody"]),
        (["draconia", "-n", "2", "--agents", "heuristic:zz_param=1"], ["zz_param"]),
        (["draconia", "-n", "2", "--agents", "random,random,random"], ["agents"]),
        (["draconia", "-n", "2", "--config", '{"zz_bad": 0}'], ["zz_bad"]),
        (["draconia", "-n", "2", "--config", "{nope"], ["--config"]),
        (["draconia", "-n", "2", "--config", '{"starting_health": 0}'], ["starting_health"]),
        (["draconia", "-n", "2", "--sweep", "zz_key=1,2"], ["zz_key"]),
        (["draconia", "-n", "2", "--sweep", "starting_health"], ["KEY=V1,V2"]),
        (["draconia", "-n", "3", "--mirror"], ["multiple of 2"]),
        (["draconia", "-n", "2", "--by", "zz_metric"], ["zz_metric", "factions"]),
        (["draconia", "-n", "2", "--backend", "spark"], ["spark"]),
        (["draconia", "-n", "2", "--address", "ray://x:1"], ["--address"]),
        (["draconia", "-n", "2", "--mode", "teams", "--config", '{"mode": "standard"}'], ["mode"]),
        (["weapons", "-n", "2", "--data", "."], ["weapons", "--data"]),
        (["draconia", "-n", "2", "--data", "/nonexistent/zz"], ["not a directory"]),
    ],
)
def test_one_line_and_nothing_played(tmp_path: Path, args: list[str], words: list[str]) -> None:
    db = tmp_path / "never.db"
    assert_one_line_error(run("simulate", *args, "--db", str(db)), *words)
    assert not db.exists()  # the store opens only after every check: no game was played


def test_data_file_failing_validation(tmp_path: Path) -> None:
    data = tmp_path / "cards"
    shutil.copytree(DRACONIA_DATA, data)
    good = simulate_json("draconia", "-n", "2", "--data", str(data), "--no-store")
    assert good["config"]["data_dir"] == str(data.resolve())
    units = data / "units.toml"
    units.write_text(units.read_text().replace("attack = 3", 'attack = "lots"', 1))
    db = tmp_path / "never.db"
    bad = run("simulate", "draconia", "-n", "2", "--data", str(data), "--db", str(db))
    assert_one_line_error(bad, "units.toml", "attack")
    assert not db.exists()
    skirm = tmp_path / "skirm"
    skirm.mkdir()
    (skirm / "cards.toml").write_text("garbage = [\n")
    assert_one_line_error(run("simulate", "skirm", "-n", "2", "--data", str(skirm)), "cards.toml")


def test_bad_database_url(tmp_path: Path) -> None:
    assert_one_line_error(run("simulate", "weapons", "-n", "1", "--db", "zzdb://x/y"), "zzdb")


def test_modes_select_config_keys() -> None:
    draconia, invasion, skirm = (get_game(g) for g in ("draconia", "invasion", "skirm"))
    assert mode_assignment(draconia, "teams") == {"mode": "teams"}
    assert mode_assignment(draconia, "settlement") == {"settlement_mode": True}
    assert mode_assignment(draconia, "draft") == {"draft": True}
    assert mode_assignment(skirm, "quick") == {"variant": "quick"}
    # solo needs one player: taken from the game's example config of that mode
    assert apply_mode(invasion, "solo", {}) == {"mode": "solo", "players": 1}
    assert apply_mode(draconia, "teams", {}) == {"mode": "teams", "players": 4}
    data = simulate_json("invasion", "-n", "1", "--mode", "solo", "--no-store")
    assert data["seats"] == 1 and data["config"]["mode"] == "solo"
