"""The lobby's levels.json is built from any game's round-robin log, as the tournament reports it."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from wartable.sim.tournament import run_tournament
from wartable.sim.tournament_levels import build
from wartable.sim.tournament_log import LogError

AGENTS = ["random", "heuristic"]


def _round_robin(path: Path, games: int = 6) -> dict[str, Any]:
    return run_tournament("weapons", AGENTS, games, config={"players": 2}, seed=3, log_path=path)


def test_an_entry_is_the_tournaments_own_report(tmp_path: Path) -> None:
    result = _round_robin(tmp_path / "any-name.jsonl")
    entry = build(tmp_path, min_games=1)["weapons"]  # keyed by the header's game, not the file name
    assert entry["players"] == 2 and entry["config"] == {"players": 2}
    assert entry["games_per_pairing"] == 6
    ratings = {r["agent"]: r for r in result["ratings"]}
    assert set(entry["agents"]) == set(AGENTS)
    for agent, shown in entry["agents"].items():
        r = ratings[agent]
        assert (shown["elo"], shown["low"], shown["high"]) == (
            round(r["elo"]),
            round(r["elo_low"]),
            round(r["elo_high"]),
        )
        assert shown["games"] == 6 and shown["low"] <= shown["elo"] <= shown["high"]
    # the heuristic outplays random: the ratings say so
    assert entry["agents"]["heuristic"]["elo"] > entry["agents"]["random"]["elo"]


def test_games_per_pairing_is_read_from_the_log(tmp_path: Path) -> None:
    _round_robin(tmp_path / "w.jsonl", games=4)
    assert build(tmp_path, min_games=1)["weapons"]["games_per_pairing"] == 4
    # fewer games than the lobby's minimum: no entry (one game can rank hard below easy)
    assert build(tmp_path, min_games=5) == {}
    assert build(tmp_path, min_games=4) != {}


def test_an_agent_that_has_not_played_has_no_rating(tmp_path: Path) -> None:
    """A log still running (here: only the first pairing's games) rates who has played."""
    path = tmp_path / "w.jsonl"
    run_tournament("weapons", [*AGENTS, "easy"], 2, config={"players": 2}, seed=3, log_path=path)
    lines = path.read_text().splitlines()
    path.write_text(
        "\n".join(line for line in lines if '"pair": 0' in line or "tournament" in line) + "\n"
    )
    entry = build(tmp_path, min_games=0)["weapons"]
    assert set(entry["agents"]) == set(AGENTS)
    assert entry["games_per_pairing"] == 0
    assert build(tmp_path, min_games=1) == {}


def test_no_log_no_entry_and_bad_logs_are_refused(tmp_path: Path) -> None:
    assert build(tmp_path, min_games=1) == {}
    _round_robin(tmp_path / "a.jsonl", games=2)
    (tmp_path / "a.jsonl").write_text((tmp_path / "a.jsonl").read_text().splitlines()[0] + "\n")
    assert build(tmp_path, min_games=1) == {}  # a log with its header alone: no game, no rating
    _round_robin(tmp_path / "a.jsonl", games=2)
    shutil.copy(tmp_path / "a.jsonl", tmp_path / "b.jsonl")
    with pytest.raises(LogError, match="second round-robin log of weapons"):
        build(tmp_path, min_games=1)
    (tmp_path / "b.jsonl").write_text('{"not": "a header"}\n')
    before = (tmp_path / "b.jsonl").read_bytes()
    with pytest.raises(LogError, match=r"b\.jsonl:1: not a tournament log's header"):
        build(tmp_path, min_games=1)
    assert (tmp_path / "b.jsonl").read_bytes() == before
