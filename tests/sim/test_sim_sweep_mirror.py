"""Parameter sweeps (a grid of config cells) and mirrored seeds."""

from __future__ import annotations

from pathlib import Path

import pytest
from sim_support import assert_one_line_error, run, simulate_json, sqlite_url

from wartable.core.errors import ConfigError
from wartable.games import get_game
from wartable.sim import run_games
from wartable.sim.inputs import grid, parse_sweeps, split_values
from wartable.sim.storage import ResultStore


def test_parse_and_grid() -> None:
    assert split_values('8,10,["a","b"],{"x":1}') == ["8", "10", '["a","b"]', '{"x":1}']
    sweeps = parse_sweeps(["starting_health=8,10", "rounds=5,6"])
    assert sweeps == [("starting_health", [8, 10]), ("rounds", [5, 6])]
    cells = grid({"players": 2}, sweeps)
    assert [c for c, _ in cells] == [
        "starting_health=8 rounds=5",
        "starting_health=8 rounds=6",
        "starting_health=10 rounds=5",
        "starting_health=10 rounds=6",
    ]
    assert cells[3][1] == {"players": 2, "starting_health": 10, "rounds": 6}
    # a text field of the game keeps "1" as text (Invasion's battle stages are "1".."10","X")
    assert parse_sweeps(["battle_stage=1,X"], get_game("invasion")) == [
        ("battle_stage", ["1", "X"])
    ]
    for bad in (["nokey"], ["k="], ["k=1,,2"], ["k=1", "k=2"]):
        with pytest.raises(ConfigError):
            parse_sweeps(bad)
    with pytest.raises(ConfigError, match="conflicts"):
        grid({"rounds": 3}, [("rounds", [1])])


def test_sweep_runs_every_cell_and_stores_its_config(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path / "s.db")
    data = simulate_json(
        "draconia", "-n", "4", "--seed", "5", "--db", url,
        "--sweep", "starting_health=6,14", "--sweep", "rounds=2,6",
    )  # fmt: skip
    assert data["sweep"] == ["starting_health", "rounds"]
    cells = data["cells"]
    assert [c["cell"] for c in cells] == [
        "starting_health=6 rounds=2",
        "starting_health=6 rounds=6",
        "starting_health=14 rounds=2",
        "starting_health=14 rounds=6",
    ]
    for c in cells:
        assert c["games"] == 4 and c["seed"] == 5
        health, rounds = (int(part.split("=")[1]) for part in c["cell"].split())
        assert c["config"]["starting_health"] == health and c["config"]["rounds"] == rounds
    # each cell equals a plain run with that config
    alone = run_games("draconia", 4, None, seed=5, config={"starting_health": 14, "rounds": 2})
    assert cells[2]["wins_per_seat"] == alone.summary()["wins_per_seat"]
    assert cells[2]["mean_length"] == alone.summary()["mean_length"]
    # shorter games with fewer rounds: the sweep really changes the config
    assert cells[0]["mean_length"] < cells[1]["mean_length"]
    store = ResultStore(url, create=False)
    rows = store.games()
    assert len(rows) == 16
    assert {(r.cell, r.config["starting_health"], r.config["rounds"]) for r in rows} == {
        ("starting_health=6 rounds=2", 6, 2),
        ("starting_health=6 rounds=6", 6, 6),
        ("starting_health=14 rounds=2", 14, 2),
        ("starting_health=14 rounds=6", 14, 6),
    }
    assert len({r.run_id for r in rows}) == 4  # one run per cell
    store.close()


def test_sweep_table_output() -> None:
    result = run("simulate", "weapons", "-n", "3", "--sweep", "starting_health=2,4", "--no-store")
    assert result.exit_code == 0, result.stderr
    assert "starting_health=2" in result.stdout and "starting_health=4" in result.stdout
    assert "6/6" in result.stderr  # one progress bar over every cell


def test_a_bad_sweep_cell_fails_before_any_game(tmp_path: Path) -> None:
    db = tmp_path / "never.db"
    bad = run("simulate", "draconia", "-n", "2", "--db", str(db), "--sweep", "starting_health=8,0")
    assert_one_line_error(bad, "starting_health")
    assert not db.exists()
    unknown = run("simulate", "draconia", "-n", "2", "--db", str(db), "--sweep", "zz_key=1,2")
    assert_one_line_error(unknown, "zz_key")
    assert not db.exists()


def test_mirror_plays_each_deal_from_every_seat() -> None:
    mirrored = run_games("draconia", 8, ["heuristic", "random"], seed=30, mirror=True)
    recs = mirrored.records
    assert [r.seed for r in recs] == [30, 30, 31, 31, 32, 32, 33, 33]
    assert [r.seat_agents for r in recs] == [(0, 1), (1, 0)] * 4
    for a, b in zip(recs[::2], recs[1::2], strict=True):
        # the same deal: the same factions at the same seats, agents swapped
        assert a.metrics["factions"] == b.metrics["factions"]
    plain = run_games("draconia", 8, ["heuristic", "random"], seed=30)
    assert [r.seed for r in plain.records] == list(range(30, 38))
    # mirrored with 2 workers is the same as in one process
    pooled = run_games(
        "draconia", 8, ["heuristic", "random"], seed=30, mirror=True, workers=2, chunk_size=1
    )
    assert [r.to_json() for r in pooled.records] == [r.to_json() for r in recs]


def test_mirror_on_three_seats_and_the_cli() -> None:
    data = simulate_json(
        "weapons", "-n", "6", "--config", '{"players": 3}', "--mirror", "--no-store"
    )
    assert data["games"] == 6
    assert [row["games"] for row in data["agent_results"]] == [6, 6, 6]
    bad = run("simulate", "weapons", "-n", "4", "--config", '{"players": 3}', "--mirror")
    assert_one_line_error(bad, "multiple of 3")
