"""The round-robin tournament command on tiny budgets."""

from __future__ import annotations

import json

import pytest

from wartable.sim.tournament import main, make_tasks, run_tournament, split_specs

GAME = "skirm"


def test_split_specs_keeps_parameters_together() -> None:
    assert split_specs("ismcts:iterations=5,c=1.2,heuristic,random") == [
        "ismcts:iterations=5,c=1.2",
        "heuristic",
        "random",
    ]
    assert split_specs(" random , easy ") == ["random", "easy"]


def test_seats_rotate_and_deals_are_paired() -> None:
    pairings, tasks = make_tasks(GAME, {}, ["random", "heuristic"], 4, seed=10)
    assert len(pairings) == 1 and len(tasks) == 4
    assert [t.seat_specs for t in tasks] == [
        ("random", "heuristic"),
        ("heuristic", "random"),
        ("random", "heuristic"),
        ("heuristic", "random"),
    ]
    assert [t.first_seats for t in tasks] == [(0,), (1,), (0,), (1,)]
    assert tasks[0].seed == tasks[1].seed != tasks[2].seed == tasks[3].seed


def test_tournament_results_are_consistent_and_reproducible() -> None:
    specs = ["ismcts:iterations=10", "random", "heuristic"]
    one = run_tournament(GAME, specs, 4, seed=3, workers=1, bootstrap=20)
    two = run_tournament(GAME, specs, 4, seed=3, workers=2, bootstrap=20)
    for key in ("pairings", "ratings"):
        assert one[key] == two[key]  # worker processes change nothing
    assert len(one["pairings"]) == 3
    for p in one["pairings"]:
        assert p["games"] == 4
        assert p["a_wins"] + p["draws_or_shared"] + p["b_wins"] == 4
        low, high = p["ci95"]
        assert 0 <= low <= p["a_score"] <= high <= 1
    assert abs(sum(r["elo"] for r in one["ratings"])) < 0.5  # centred on 0
    for r in one["ratings"]:
        assert (
            r["games"] == 8 and r["elo_low"] <= r["elo"] + 0.1 and r["elo"] - 0.1 <= r["elo_high"]
        )


def test_command_prints_table_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--game", GAME, "--agents", "random,heuristic", "--games", "2"]) == 0
    out = capsys.readouterr().out
    assert "95% CI" in out and "Elo" in out and "heuristic" in out
    args = ["--game", GAME, "--agents", "random,random", "--games", "2", "--json"]
    assert main([*args, "--bootstrap", "10"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games_per_pairing"] == 2 and len(data["ratings"]) == 2


def test_command_errors_are_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--game", GAME, "--agents", "random,nosuchbot", "--games", "2"]) == 2
    err = capsys.readouterr().err
    assert "nosuchbot" in err and err.count("\n") == 1
    with pytest.raises(SystemExit):
        main(["--game", GAME, "--agents", "random", "--games", "2"])
