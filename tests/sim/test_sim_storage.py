"""Stored results: one row per game in a real SQLite file, appendable, read back exactly."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from sim_support import run, simulate_json, sqlite_url

from wartable.sim import run_games
from wartable.sim.storage import ResultStore, db_url


def test_round_trip_on_a_sqlite_file(tmp_path: Path) -> None:
    path = tmp_path / "res.db"
    result = run_games("draconia", 6, ["heuristic", "random"], seed=11)
    store = ResultStore(sqlite_url(path))
    run_id = store.save(result, label="exp1")
    store.close()
    assert path.is_file()

    back = ResultStore(str(path), create=False)  # a plain path means a SQLite file
    games = back.games()
    runs = back.runs()
    back.close()
    assert [r["run_id"] for r in runs] == [run_id]
    assert runs[0]["games"] == 6 and runs[0]["agents"] == ["heuristic", "random"]
    assert len(games) == 6
    for rec, row in zip(result.records, games, strict=True):
        assert row.run_id == run_id and row.label == "exp1" and row.game == "draconia"
        assert row.config == result.job.config
        assert row.seed == rec.seed and row.index == rec.index
        assert row.agents == tuple(result.job.agents[a] for a in rec.seat_agents)
        assert row.winners == rec.winners and row.draw == rec.is_draw
        assert row.scores == tuple(float(s) for s in rec.scores)
        assert row.length == rec.length and row.reason == rec.reason
        assert row.metrics == rec.metrics
        assert [row.seat_won(s) for s in range(2)] == [rec.seat_won(s) for s in range(2)]

    # the file is plain SQLite: one row per game in `games`
    with sqlite3.connect(path) as conn:
        assert conn.execute("select count(*) from games").fetchone() == (6,)
        assert conn.execute("select count(distinct seed) from games").fetchone() == (6,)


def test_later_runs_append(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path / "a.db")
    one = simulate_json("draconia", "-n", "4", "--db", url, "--label", "first")
    two = simulate_json("skirm", "-n", "3", "--seed", "9", "--db", url, "--label", "second")
    assert one["run_id"] != two["run_id"] and one["db"] == url
    store = ResultStore(url, create=False)
    assert len(store.games()) == 7
    assert [g.seed for g in store.games(labels=["second"])] == [9, 10, 11]
    assert {g.game for g in store.games(game="draconia")} == {"draconia"}
    assert len(store.games(run_ids=[one["run_id"]])) == 4
    assert [r["label"] for r in store.runs()] == ["first", "second"]
    store.close()


def test_where_filters_on_config(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path / "w.db")
    simulate_json("draconia", "-n", "2", "--db", url, "--sweep", "starting_health=7,9")
    store = ResultStore(url, create=False)
    assert [g.config["starting_health"] for g in store.games(where={"starting_health": 9})] == [
        9,
        9,
    ]
    assert store.games(where={"starting_health": 8}) == []
    store.close()


def test_default_store_and_no_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WARTABLE_DB", sqlite_url(tmp_path / "default.db"))
    data = simulate_json("weapons", "-n", "2")
    assert data["db"] == sqlite_url(tmp_path / "default.db")
    assert (tmp_path / "default.db").is_file()
    none = simulate_json("weapons", "-n", "2", "--no-store")
    assert none["db"] is None and none["run_id"] is None
    assert len(ResultStore(data["db"], create=False).games()) == 2


def test_db_urls(tmp_path: Path) -> None:
    assert db_url(None).startswith("sqlite:///results/")
    assert db_url("x/y.db") == "sqlite:///x/y.db"
    assert db_url("postgresql://h/db") == "postgresql://h/db"
    missing = run("report", "--db", str(tmp_path / "none.db"))
    assert missing.exit_code == 2 and "no such database file" in missing.stderr
