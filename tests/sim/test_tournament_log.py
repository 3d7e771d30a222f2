"""The tournament's game log: resume, extend, report so far, and bad logs refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from wartable.sim.tournament import main, run_tournament
from wartable.sim.tournament_log import TournamentLog, header

GAME = "skirm"
SPECS = ["ismcts:iterations=10", "random"]


def test_a_resumed_and_extended_run_equals_one_straight_run(tmp_path: Path) -> None:
    log = tmp_path / "games.jsonl"
    first = run_tournament(GAME, SPECS, 2, seed=5, bootstrap=10, log_path=log)
    assert first["games_from_log"] == 0
    assert len(log.read_text().splitlines()) == 1 + 2  # header + one line per game
    more = run_tournament(GAME, SPECS, 6, seed=5, bootstrap=10, log_path=log)
    assert more["games_from_log"] == 2  # the first two games were not replayed
    assert len(log.read_text().splitlines()) == 1 + 6
    straight = run_tournament(GAME, SPECS, 6, seed=5, bootstrap=10)
    assert more["pairings"] == straight["pairings"]
    assert more["ratings"] == straight["ratings"]


def test_no_play_reports_the_games_so_far(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "games.jsonl"
    run_tournament(GAME, SPECS, 3, seed=1, bootstrap=10, log_path=log)
    lines = log.read_text()
    report = run_tournament(GAME, SPECS, 200, seed=1, bootstrap=10, log_path=log, play=False)
    assert report["pairings"][0]["games"] == 3 and log.read_text() == lines
    args = ["--game", GAME, "--agents", ",".join(SPECS), "--seed", "1", "--log", str(log)]
    assert main([*args, "--no-play", "--bootstrap", "5"]) == 0
    assert "(3 games read from the log)" in capsys.readouterr().out
    with pytest.raises(SystemExit):  # --no-play without a log has nothing to report
        main(["--game", GAME, "--agents", ",".join(SPECS), "--no-play"])


def test_an_unfinished_last_line_is_dropped(tmp_path: Path) -> None:
    log = tmp_path / "games.jsonl"
    run_tournament(GAME, SPECS, 2, seed=2, bootstrap=10, log_path=log)
    whole = log.read_text()
    log.write_text(whole + '{"pair": 0, "ind')  # a process killed mid-write
    reader = TournamentLog(log, header(GAME, {}, SPECS, 2))
    assert len(reader.read()) == 2
    assert log.read_text() == whole
    again = run_tournament(GAME, SPECS, 3, seed=2, bootstrap=10, log_path=log)
    assert again["games_from_log"] == 2 and again["pairings"][0]["games"] == 3


@pytest.mark.parametrize(
    "change",
    [
        lambda text: text.replace('"seed": 4', '"seed": 99'),  # another tournament
        lambda text: text + "not json\n",
        lambda text: text + '{"pair": 0, "index": 9}\n',  # no score
        lambda text: text + '{"pair": 0, "index": 9, "score": 3, "decisions": 1}\n',
        lambda text: "",  # empty lines only after removal below
    ],
)
def test_a_broken_log_is_refused_and_left_as_it_was(tmp_path: Path, change: object) -> None:
    log = tmp_path / "games.jsonl"
    run_tournament(GAME, SPECS, 2, seed=4, bootstrap=10, log_path=log)
    text = change(log.read_text())  # type: ignore[operator]
    if not text:
        text = "\n" + json.dumps({"pair": 0}) + "\n"  # a blank header line
    log.write_text(text)
    with pytest.raises(ValueError, match=str(log)):
        run_tournament(GAME, SPECS, 4, seed=4, bootstrap=10, log_path=log)
    assert log.read_text() == text
    code = main(["--game", GAME, "--agents", ",".join(SPECS), "--seed", "4", "--log", str(log)])
    assert code == 2 and log.read_text() == text


def test_committed_tournament_logs_are_readable(tmp_path: Path) -> None:
    """The logs behind docs/agents.md's tables read back (on a copy: reading may trim
    an unfinished last line)."""
    logs = sorted((Path(__file__).parents[2] / "docs" / "tournaments").glob("*.jsonl"))
    games = 0
    for path in logs:
        copy = tmp_path / path.name
        copy.write_bytes(path.read_bytes())
        head = json.loads(path.read_text().splitlines()[0])["tournament"]
        results = TournamentLog(copy, head).read()
        pairs = len(head["agents"]) * (len(head["agents"]) - 1) // 2
        assert all(0 <= r[0] < pairs and 0 <= r[2] <= 1 for r in results), path.name
        games += len(results)
    assert games > 0


def test_strength_script_resumes_a_log_from_its_header(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``make strength`` (bench/strength.py) reruns the tournament a log's header names."""
    import importlib.util

    script = Path(__file__).parents[2] / "bench" / "strength.py"
    spec = importlib.util.spec_from_file_location("strength", script)
    assert spec is not None and spec.loader is not None
    strength = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(strength)
    log = tmp_path / "games.jsonl"
    run_tournament(GAME, SPECS, 2, seed=8, bootstrap=10, log_path=log)
    strength.main(["--games", "4", "--workers", "1", str(log)])
    assert len(log.read_text().splitlines()) == 1 + 4
    assert "games.jsonl" in capsys.readouterr().out
    straight = run_tournament(GAME, SPECS, 4, seed=8, bootstrap=10)
    resumed = run_tournament(GAME, SPECS, 4, seed=8, bootstrap=10, log_path=log, play=False)
    assert resumed["pairings"] == straight["pairings"]
