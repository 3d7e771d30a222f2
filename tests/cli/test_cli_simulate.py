"""``wartable simulate`` and the ``wartable.sim`` package behind it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_support import GAMES, MAIN_GAME, assert_one_line_error, run

from wartable.cli.common import split_agent_specs
from wartable.sim import GameRecord, group_by_metric, run_games, wilson_interval
from wartable.sim.runner import SimJob

TIMING = (
    "seconds",
    "games_per_second",
    "decisions_per_second",
    "workers",
    "run_id",
    "already_stored",
)
REQUIRED = (
    "game",
    "games",
    "seed",
    "agents",
    "wins_per_seat",
    "wins_per_agent",
    "draws",
    "mean_length",
    "games_per_second",
    "decisions_per_second",
)


@pytest.fixture(autouse=True)
def _results_db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """simulate stores its games by default: keep them out of the working tree."""
    monkeypatch.setenv("WARTABLE_DB", f"sqlite:///{tmp_path / 'results.db'}")


def _simulate_json(*args: str) -> dict:
    result = run("simulate", *args, "--json")
    assert result.exit_code == 0, result.stderr
    assert result.stderr == ""  # no progress bar with --json
    return json.loads(result.stdout)


@pytest.mark.parametrize("gid", GAMES)
def test_simulate_json_fields(gid: str) -> None:
    data = _simulate_json(gid, "--games", "6", "--seed", "3")
    for key in REQUIRED:
        assert key in data, key
    assert data["game"] == gid and data["games"] == 6 and data["seed"] == 3
    seats = data["seats"]
    assert data["agents"] == ["random"] * seats
    assert len(data["wins_per_seat"]) == seats == len(data["wins_per_agent"])
    assert sum(data["wins_per_seat"]) == sum(data["wins_per_agent"])
    decided = 6 - data["draws"]
    assert decided <= sum(data["wins_per_seat"]) <= decided * (seats - 1)
    assert data["mean_length"] > 0
    assert data["games_per_second"] > 0 and data["decisions_per_second"] > 0
    for row in data["agent_results"] + data["seat_results"]:
        lo, hi = row["ci95"]
        assert 0 <= lo <= row["win_rate"] <= hi <= 1


def test_workers_do_not_change_results(tmp_path: Path) -> None:
    args = [MAIN_GAME, "--games", "12", "--seed", "40", "--agents", "random"]
    one = _simulate_json(*args, "--workers", "1", "--out", str(tmp_path / "w1.jsonl"))
    two = _simulate_json(*args, "--workers", "2", "--out", str(tmp_path / "w2.jsonl"))
    assert two["workers"] == 2
    assert {k: v for k, v in one.items() if k not in TIMING} == {
        k: v for k, v in two.items() if k not in TIMING
    }
    lines = (tmp_path / "w1.jsonl").read_text().splitlines()[1:]  # after the header
    assert len(lines) == 12
    assert lines == (tmp_path / "w2.jsonl").read_text().splitlines()[1:]
    # and the API agrees, with small chunks spread over the pool
    pooled = run_games(MAIN_GAME, 12, ["random"], seed=40, workers=2, chunk_size=1)
    assert [r.to_json() for r in pooled.records] == [json.loads(line) for line in lines]


def test_seats_rotate_and_seeds_follow_the_index(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    data = _simulate_json(MAIN_GAME, "-n", "5", "--seed", "100", "--out", str(out))
    seats = data["seats"]
    records = [json.loads(line) for line in out.read_text().splitlines()[1:]]
    assert len(records) == 5
    for i, rec in enumerate(records):
        assert rec["seed"] == 100 + i
        assert rec["seat_agents"] == [(s + i) % seats for s in range(seats)]
    for row in data["agent_results"]:
        assert row["games"] == 5  # every agent plays every game, in a rotating seat


def test_heuristic_against_random_is_reported_per_agent() -> None:
    data = _simulate_json(MAIN_GAME, "-n", "4", "--agents", "heuristic,random")
    assert [a["spec"] for a in data["agent_results"]] == ["heuristic", "random"]
    assert data["agents"] == ["heuristic", "random"]


def test_group_by_a_metric(tmp_path: Path) -> None:
    out = tmp_path / "g.jsonl"
    _simulate_json(MAIN_GAME, "-n", "6", "--out", str(out))
    metrics = json.loads(out.read_text().splitlines()[1])["metrics"]
    assert metrics, f"{MAIN_GAME} reports no metrics"
    for key in metrics:
        data = _simulate_json(MAIN_GAME, "-n", "6", "--by", key)
        by = data["by"]
        assert by["key"] == key
        if by["kind"] == "per_seat":
            assert sum(t["games"] for t in by["per_value"].values()) == 6 * data["seats"]
            assert sum(t["wins"] for t in by["per_value"].values()) == sum(data["wins_per_seat"])
        else:
            assert sum(g["games"] for g in by["groups"].values()) == 6
    unknown = run("simulate", MAIN_GAME, "-n", "2", "--by", "zz_nope", "--json")
    assert_one_line_error(unknown, "zz_nope")


def test_simulate_table_output_and_progress() -> None:
    result = run("simulate", MAIN_GAME, "-n", "3", "--agents", "random")
    assert result.exit_code == 0, result.stderr
    assert "per agent" in result.stdout and "per seat" in result.stdout
    assert "3/3" in result.stderr  # the progress bar went to stderr


def test_simulate_errors() -> None:
    assert_one_line_error(run("simulate", MAIN_GAME, "-n", "2", "--agents", "nobody"), "nobody")
    too_many = ",".join(["random"] * 7)
    assert_one_line_error(run("simulate", MAIN_GAME, "-n", "2", "--agents", too_many), "agents")
    assert_one_line_error(
        run("simulate", MAIN_GAME, "-n", "2", "--config", '{"zz_bad": 0}'), "zz_bad"
    )
    assert_one_line_error(run("simulate", "chess", "-n", "2"), "chess")
    assert_one_line_error(run("simulate", MAIN_GAME, "-n", "2", "--backend", "spark"), "spark")


def test_split_agent_specs() -> None:
    assert split_agent_specs("heuristic,ismcts:iterations=50,seconds=1,random") == [
        "heuristic",
        "ismcts:iterations=50,seconds=1",
        "random",
    ]
    assert split_agent_specs(None) is None


def test_wilson_interval() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)
    lo, hi = wilson_interval(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-4) and hi == pytest.approx(0.7634, abs=1e-4)
    lo, hi = wilson_interval(0, 20)
    assert lo == 0.0 and hi == pytest.approx(0.1611, abs=1e-4)
    lo, hi = wilson_interval(98, 100)
    assert lo == pytest.approx(0.9300, abs=1e-4) and hi == pytest.approx(0.9945, abs=1e-4)


def _rec(i: int, winners: tuple[int, ...], factions: list[str]) -> GameRecord:
    return GameRecord(
        i, i, (0, 1), winners, (0.0, 0.0), "r", 10, {"factions": factions, "k": i % 2}
    )


def test_draws_and_grouping_by_hand() -> None:
    recs = [
        _rec(0, (0,), ["elf", "orc"]),
        _rec(1, (1,), ["elf", "orc"]),
        _rec(2, (), ["orc", "orc"]),  # no winner: a draw
        _rec(3, (0, 1), ["elf", "elf"]),  # every seat wins: a draw
    ]
    assert [r.is_draw for r in recs] == [False, False, True, True]
    by = group_by_metric(recs, "factions", 2)
    assert by["per_value"]["elf"]["wins"] == 1 and by["per_value"]["elf"]["games"] == 4
    assert by["per_value"]["orc"]["wins"] == 1 and by["per_value"]["orc"]["games"] == 4
    assert by["matrix"]["elf"]["orc"]["games"] == 2 and by["matrix"]["elf"]["orc"]["wins"] == 1
    assert by["matrix"]["orc"]["orc"]["games"] == 2 and by["matrix"]["orc"]["orc"]["wins"] == 0
    per_game = group_by_metric(recs, "k", 2)
    g0, g1 = per_game["groups"]["0"], per_game["groups"]["1"]
    assert {k: g0[k] for k in ("games", "draws", "wins_per_seat")} == {
        "games": 2,
        "draws": 1,
        "wins_per_seat": [1, 0],
    }
    assert {k: g1[k] for k in ("games", "draws", "wins_per_seat")} == {
        "games": 2,
        "draws": 1,
        "wins_per_seat": [0, 1],
    }
    # each seat's win rate in the group, with its Wilson interval
    assert [t["wins"] for t in g0["seat_results"]] == [1, 0]
    assert g0["seat_results"][0]["games"] == 2 and g0["seat_results"][0]["win_rate"] == 0.5
    lo, hi = g0["seat_results"][0]["ci95"]
    assert 0.0 < lo < 0.5 < hi < 1.0


def test_seat_rotation_contract() -> None:
    job = SimJob("g", {}, 0, ("a", "b", "c"), 3)
    assert [job.seat_agents(i) for i in range(4)] == [(0, 1, 2), (1, 2, 0), (2, 0, 1), (0, 1, 2)]
