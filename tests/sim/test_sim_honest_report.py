"""Honest reports: re-runs counted once, line-ups kept apart, mirrored deals paired,
empty runs refused."""

from __future__ import annotations

import math
import sqlite3
from pathlib import Path

import pytest
from sim_support import assert_one_line_error, page_of, run, simulate_json, sqlite_url

from wartable.core.errors import ConfigError
from wartable.sim import analysis, run_games
from wartable.sim.inputs import data_digest
from wartable.sim.storage import ResultStore


def test_identical_reruns_are_counted_once(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path / "r.db")
    first = simulate_json("skirm", "-n", "6", "--agents", "heuristic,random", "--db", url)
    again = simulate_json("skirm", "-n", "6", "--agents", "heuristic,random", "--db", url)
    overlap = simulate_json(
        "skirm", "-n", "6", "--seed", "3", "--agents", "heuristic,random", "--db", url
    )
    assert first["already_stored"] == 0 and again["already_stored"] == 6
    # seeds 3..5 of the third run repeat games already stored (same agents at each seat?)
    store = ResultStore(url, create=False)
    games = store.games()
    store.close()
    assert len(games) == 18
    kept, repeats = analysis.unique_games(games)
    identities = {g.identity for g in games}
    assert len(kept) == len(identities) and repeats == 18 - len(identities)
    assert overlap["already_stored"] == 18 - len(identities) - 6
    out = tmp_path / "r.html"
    result = run("report", "--db", url, "--out", str(out))
    assert result.exit_code == 0, result.stderr
    assert f"report: {len(identities)} games ({repeats} re-run games counted once)" in (
        result.stdout
    )
    page = page_of(out)
    # the per-seat table counts every distinct game once
    group = analysis.group_games(kept)[0]
    assert sum(t.games for t in group.seat_tallies()) == 2 * len(identities)
    assert str(len(identities)) in page.cells


def test_a_different_seat_order_or_data_is_a_different_game(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path / "d.db")
    simulate_json("skirm", "-n", "2", "--agents", "heuristic,random", "--db", url)
    swapped = simulate_json("skirm", "-n", "2", "--agents", "random,heuristic", "--db", url)
    assert swapped["already_stored"] == 0
    data = tmp_path / "data"
    data.mkdir()
    (data / "cards.toml").write_text("a = 1\n")
    before = data_digest({"data_dir": str(data)})
    (data / "cards.toml").write_text("a = 2\n")
    assert data_digest({"data_dir": str(data)}) != before
    assert data_digest({}) == ""


def test_an_old_results_file_gains_the_data_column(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    store = ResultStore(str(path))
    store.save(run_games("skirm", 2, None, seed=1))
    store.close()
    with sqlite3.connect(path) as conn:
        conn.execute("ALTER TABLE games DROP COLUMN data")
    back = ResultStore(str(path), create=False)
    games = back.games()
    back.close()
    assert len(games) == 2 and all(g.data == "" for g in games)


def test_empty_runs_are_errors(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path / "e.db")
    for n in ("0", "-3"):
        result = run("simulate", "skirm", "-n", n, "--db", url)
        assert_one_line_error(result, "at least one game")
    zero_mirror = run("simulate", "skirm", "-n", "0", "--mirror", "--no-store")
    assert_one_line_error(zero_mirror, "at least one game")
    assert not (tmp_path / "e.db").exists()
    store = ResultStore(url)
    empty = run_games("skirm", 2, None)
    empty.records.clear()
    with pytest.raises(ConfigError, match="empty run"):
        store.save(empty)
    assert store.runs() == []
    store.close()


@pytest.fixture(scope="module")
def two_lineups(tmp_path_factory: pytest.TempPathFactory) -> str:
    url = sqlite_url(tmp_path_factory.mktemp("lineups") / "l.db")
    simulate_json("draconia", "-n", "6", "--agents", "heuristic,random", "--db", url)
    simulate_json("draconia", "-n", "4", "--agents", "random", "--seed", "50", "--db", url)
    return url


def test_the_faction_matrix_names_its_lineups_and_can_be_filtered(
    two_lineups: str, tmp_path: Path
) -> None:
    out = tmp_path / "all.html"
    assert run("report", "--db", two_lineups, "--out", str(out)).exit_code == 0
    page = page_of(out)
    matrices = sorted(f for f in page.figures if f.startswith("chart-faction-matrix"))
    assert matrices == [
        "chart-faction-matrix-heuristic-vs-random",
        "chart-faction-matrix-random-vs-random",
    ]
    text = out.read_text()
    assert "heuristic vs random (6 games)" in text and "random vs random (4 games)" in text
    only = tmp_path / "one.html"
    result = run("report", "--db", two_lineups, "--out", str(only), "--lineup", "random")
    assert result.exit_code == 0 and "report: 4 games" in result.stdout
    assert [f for f in page_of(only).figures if "faction" in f] == [
        "chart-faction-matrix-random-vs-random"
    ]
    swapped = run("report", "--db", two_lineups, "--out", str(only), "--lineup", "random,heuristic")
    assert "report: 6 games" in swapped.stdout
    none = run("report", "--db", two_lineups, "--out", str(only), "--lineup", "heuristic")
    assert_one_line_error(none, "no stored games")


def test_mirrored_deals_get_paired_statistics(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path / "m.db")
    simulate_json("skirm", "-n", "20", "--agents", "heuristic,random", "--mirror", "--db", url)
    store = ResultStore(url, create=False)
    games = store.games()
    store.close()
    p = analysis.paired(games)
    assert p is not None and p.deals == 10
    assert (p.a, p.b) == ("heuristic", "random")
    for spec in ("heuristic", "random"):
        wins = sum(g.seat_won(s) for g in games for s, a in enumerate(g.agents) if a == spec)
        assert p.share[spec].mean == pytest.approx(wins / 20)  # one seat per game each
    assert p.diff is not None
    assert p.diff.mean == pytest.approx(p.share["heuristic"].mean - p.share["random"].mean)
    assert p.better + p.worse + p.ties == 10
    # the paired interval recomputed here from the games, deal by deal (a deal is a seed)
    per_deal: dict[int, list[float]] = {}
    for g in games:
        for s, a in enumerate(g.agents):
            per_deal.setdefault(g.seed, [0.0, 0.0])[a == "random"] += g.seat_won(s)
    d = [h - r for h, r in per_deal.values()]  # one seat each per game, two games a deal
    d = [x / 2 for x in d]
    mean = sum(d) / 10
    half = 1.959964 * math.sqrt(sum((x - mean) ** 2 for x in d) / 9 / 10)
    assert (p.diff.mean, p.diff.low, p.diff.high) == pytest.approx(
        (mean, mean - half, mean + half), abs=1e-5
    )
    assert p.better == sum(x > 0 for x in d) and p.worse == sum(x < 0 for x in d)
    # a run that is not mirrored has no complete deal at seed+i with one rotation each
    assert analysis.paired(run_games_stored(tmp_path)) is None
    out = tmp_path / "m.html"
    assert run("report", "--db", url, "--out", str(out)).exit_code == 0
    assert "heuristic minus random" in page_of(out).cells


def run_games_stored(tmp_path: Path) -> list:  # type: ignore[type-arg]
    url = sqlite_url(tmp_path / "plain.db")
    simulate_json("skirm", "-n", "6", "--agents", "heuristic,random", "--db", url)
    store = ResultStore(url, create=False)
    games = store.games()
    store.close()
    return games


def test_mean_interval_by_hand() -> None:
    """Deals scoring 1, 0, 1, 1: mean 0.75, sample deviation 0.5, half-width
    1.96 * 0.5 / 2 = 0.49."""
    m = analysis.mean_interval([1.0, 0.0, 1.0, 1.0])
    assert (m.mean, m.low, m.high, m.n) == pytest.approx((0.75, 0.26, 1.24, 4), abs=1e-4)


def test_simulate_reward_rule(tmp_path: Path) -> None:
    """``--reward``: the mean reward per agent under the same rules the adapters pay."""
    out = simulate_json(
        "invasion", "-n", "6", "--agents", "random", "--reward", "win", "--no-store"
    )
    assert out["reward"] == "win"
    # the win rule pays 1 for a win, -1 for a game another seat won, 0 for a draw
    decided = out["games"] - out["draws"]
    for a in out["agent_results"]:
        lost = decided - a["wins"]
        assert a["mean_reward"] == pytest.approx((a["wins"] - lost) / out["games"], abs=1e-5)
    assert any(a["mean_reward"] != 0 for a in out["agent_results"])
    bad = run("simulate", "skirm", "-n", "2", "--reward", "glory", "--no-store")
    assert_one_line_error(bad, "reward 'glory'", "share, win, score")
