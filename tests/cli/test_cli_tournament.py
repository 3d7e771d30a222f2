"""``wartable tournament``: the round robin from the command line."""

from __future__ import annotations

import json
from pathlib import Path

from cli_support import assert_one_line_error, run

GAME = "skirm"  # the quickest games


def test_tournament_json_reports_every_pairing_and_rating() -> None:
    result = run(
        "tournament", GAME, "--agents", "random,heuristic,ismcts:iterations=5", "--games", "4",
        "--bootstrap", "10", "--seed", "2", "--json",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    assert result.stderr == ""  # no progress bar with --json
    data = json.loads(result.stdout)
    assert data["game"] == GAME and data["games_per_pairing"] == 4
    assert [(p["a"], p["b"]) for p in data["pairings"]] == [
        ("random", "heuristic"),
        ("random", "ismcts:iterations=5"),
        ("heuristic", "ismcts:iterations=5"),
    ]
    assert all(p["games"] == 4 for p in data["pairings"])
    assert {r["agent"] for r in data["ratings"]} == {"random", "heuristic", "ismcts:iterations=5"}


def test_tournament_table_progress_and_log(tmp_path: Path) -> None:
    log = tmp_path / "games.jsonl"
    args = ["tournament", GAME, "--agents", "random,heuristic", "--seed", "3", "--log", str(log)]
    first = run(*args, "--games", "2", "--bootstrap", "5")
    assert first.exit_code == 0, first.stderr
    assert "95% CI" in first.stdout and "Elo" in first.stdout
    assert "round robin" in first.stderr  # the progress bar
    assert len(log.read_text().splitlines()) == 3
    report = run(*args, "--no-play", "--bootstrap", "5")
    assert report.exit_code == 0 and "(2 games read from the log)" in report.stdout


def test_tournament_errors_are_one_line(tmp_path: Path) -> None:
    assert_one_line_error(run("tournament", GAME, "--agents", "random"), "two agent specs")
    assert_one_line_error(run("tournament", GAME, "--agents", "random,nosuchbot"), "nosuchbot")
    assert_one_line_error(
        run("tournament", GAME, "--agents", "random,random", "--no-play"), "--log"
    )
    bad = tmp_path / "other.jsonl"
    bad.write_text('{"tournament": {"game": "weapons"}}\n')
    result = run("tournament", GAME, "--agents", "random,random", "--games", "2", "--log", str(bad))
    assert_one_line_error(result, "another tournament")
    assert bad.read_text() == '{"tournament": {"game": "weapons"}}\n'
