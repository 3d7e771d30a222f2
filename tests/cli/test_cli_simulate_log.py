"""``wartable simulate --out``: a self-describing log, and any game of it re-played from the
header alone (``wartable replay --from-log FILE --game-index N``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_support import assert_one_line_error, run

from wartable import __version__
from wartable.sim.run_log import LOG_FORMAT, replay_game, same_game


@pytest.fixture(autouse=True)
def _results_db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WARTABLE_DB", f"sqlite:///{tmp_path / 'results.db'}")


def _simulate(tmp_path: Path, *args: str) -> Path:
    out = tmp_path / "games.jsonl"
    result = run("simulate", *args, "--no-store", "--json", "--out", str(out))
    assert result.exit_code == 0, result.stderr
    return out


def test_the_first_line_names_everything_a_game_depends_on(tmp_path: Path) -> None:
    config = json.dumps({"scenario": "solo-2"})
    out = _simulate(
        tmp_path, "graxia", "-n", "2", "--seed", "31", "--agents", "random", "--config", config
    )
    lines = out.read_text().splitlines()
    header = json.loads(lines[0])
    assert header["format"] == LOG_FORMAT
    assert header["game"] == "graxia" and header["agents"] == ["random"]
    assert header["seed"] == 31 and header["games"] == 2 and header["seats"] == 1
    # the whole config, defaults included, not only what the command line gave
    assert header["config"]["scenario"] == "solo-2"
    assert "solo_reinforcements" in header["config"]
    assert header["wartable_version"] == __version__
    assert header["commit"] is None or len(header["commit"]) == 40
    assert [json.loads(line)["index"] for line in lines[1:]] == [0, 1]


def test_a_game_of_the_log_replays_to_the_same_outcome(tmp_path: Path) -> None:
    out = _simulate(tmp_path, "skirm", "-n", "6", "--seed", "500", "--agents", "heuristic,random")
    for index in (0, 5):  # seats rotated: the second game of each rotation too
        record, logged = replay_game(out, index)
        assert record.seed == 500 + index
        assert same_game(record, logged) == []
        result = run("replay", "--from-log", str(out), "--game-index", str(index))
        assert result.exit_code == 0, result.stderr
        assert "the same as the log" in result.stdout


def test_a_log_that_does_not_match_its_replay_is_refused(tmp_path: Path) -> None:
    out = _simulate(tmp_path, "skirm", "-n", "3", "--seed", "7", "--agents", "heuristic,random")
    lines = out.read_text().splitlines()
    game = json.loads(lines[2])
    game["length"] += 1  # a log edited after the run
    lines[2] = json.dumps(game)
    out.write_text("\n".join(lines) + "\n")
    result = run("replay", "--from-log", str(out), "--game-index", "1")
    assert result.exit_code == 2
    assert "length" in result.stderr


def test_bad_requests_are_one_line_errors(tmp_path: Path) -> None:
    out = _simulate(tmp_path, "skirm", "-n", "2", "--agents", "random")
    before = out.read_text()
    assert_one_line_error(run("replay", "--from-log", str(out), "--game-index", "7"), "index 7")
    assert_one_line_error(run("replay", "--from-log", str(out)), "--game-index")
    old = tmp_path / "old.jsonl"
    old.write_text(before.split("\n", 1)[1])  # a log without the header
    assert_one_line_error(run("replay", "--from-log", str(old), "--game-index", "0"), "header")
    assert out.read_text() == before
