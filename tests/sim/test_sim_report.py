"""``wartable report``: a self-contained HTML page whose charts are embedded PNGs."""

from __future__ import annotations

from pathlib import Path

import pytest
from sim_support import PNG, assert_one_line_error, page_of, run, simulate_json, sqlite_url

from wartable.sim import analysis
from wartable.sim.storage import ResultStore


@pytest.fixture(scope="module")
def results_db(tmp_path_factory: pytest.TempPathFactory) -> str:
    url = sqlite_url(tmp_path_factory.mktemp("report") / "r.db")
    simulate_json(
        "draconia", "-n", "8", "--agents", "heuristic,random", "--db", url, "--label", "d"
    )
    simulate_json("draconia", "-n", "4", "--mode", "settlement", "--db", url, "--label", "settle")
    simulate_json(
        "invasion", "-n", "2", "--mode", "solo", "--agents", "heuristic", "--db", url,
        "--label", "solo", "--sweep", "battle_stage=1,4", "--sweep", "solo_difficulty=beginner,expert",
    )  # fmt: skip
    return url


def test_report_has_every_chart(results_db: str, tmp_path: Path) -> None:
    out = tmp_path / "report.html"
    result = run("report", "--db", results_db, "--out", str(out))
    assert result.exit_code == 0, result.stderr
    assert "20 games from 6 runs" in result.stdout
    page = page_of(out)
    assert set(page.figures) == {
        "chart-seats-draconia",
        "chart-seats-invasion",
        "chart-faction-matrix-heuristic-vs-random",
        "chart-faction-matrix-random-vs-random",
        "chart-settlements",
        "chart-solo-pass",
        "chart-length-draconia",
        "chart-length-invasion",
    }
    for name, png in page.figures.items():
        assert png.startswith(PNG) and len(png) > 2000, name
    assert page.links == []  # self-contained: no external file
    assert any("faction against faction" in h for h in page.headings)
    assert any("pass rate per battle stage and difficulty" in h for h in page.headings)
    for stage, difficulty in [("1", "beginner"), ("4", "expert")]:
        assert stage in page.cells and difficulty in page.cells


def test_report_filters(results_db: str, tmp_path: Path) -> None:
    out = tmp_path / "solo.html"
    result = run("report", "--db", results_db, "--out", str(out), "--label", "solo")
    assert result.exit_code == 0, result.stderr
    assert "8 games from 4 runs" in result.stdout
    page = page_of(out)
    assert "chart-solo-pass" in page.figures and not any(
        f.startswith("chart-faction-matrix") for f in page.figures
    )
    only = run("report", "--db", results_db, "--out", str(out), "--where", "battle_stage=4")
    assert "4 games from 2 runs" in only.stdout
    none = run("report", "--db", results_db, "--out", str(tmp_path / "n.html"), "--game", "skirm")
    assert_one_line_error(none, "no stored games")
    assert not (tmp_path / "n.html").exists()


def test_numbers_behind_the_charts(results_db: str) -> None:
    store = ResultStore(results_db, create=False)
    games = store.games(game="draconia")
    store.close()
    factions = analysis.per_seat_metric(games, "factions")
    assert factions is not None
    assert sum(t.games for t in factions.per_value.values()) == 2 * len(games)
    wins = sum(g.seat_won(s) for g in games for s in range(g.seats))
    assert sum(t.wins for t in factions.per_value.values()) == wins
    settlements = analysis.per_seat_metric(games, "settlements")
    assert settlements is not None  # only the settlement-mode games count
    assert sum(t.games for t in settlements.per_value.values()) == 2 * 4
    groups = analysis.group_games(games)
    assert [len(g.games) for g in groups] == [8, 4]
    assert "settlement_mode=true" in groups[1].label


def test_a_won_solo_game_is_a_pass_not_a_draw(results_db: str) -> None:
    store = ResultStore(results_db, create=False)
    solo = store.games(game="invasion")
    store.close()
    assert len(solo) == 8 and all(g.seats == 1 for g in solo)
    for g in solo:
        assert not g.draw  # a one-seat game is won or lost, never drawn
        assert g.seat_won(0) == (g.winners == (0,))
    rates = analysis.solo_pass_rates(solo)
    assert sorted(rates) == [("1", "beginner"), ("1", "expert"), ("4", "beginner"), ("4", "expert")]
    assert sum(t.wins for t in rates.values()) == sum(g.seat_won(0) for g in solo)
    assert all(t.games == 2 for t in rates.values())


def test_solo_record_definitions() -> None:
    from wartable.sim import GameRecord

    won = GameRecord(0, 0, (0,), (0,), (20.0,), "glory", 50)
    lost = GameRecord(1, 1, (0,), (), (10.0,), "glory", 50)
    assert not won.is_draw and won.seat_won(0)
    assert not lost.is_draw and not lost.seat_won(0)
    assert lost.rewards() == [-1.0]
    shared = GameRecord(2, 2, (0, 1), (0, 1), (1.0, 1.0), "tie", 9)
    assert shared.is_draw and not shared.seat_won(0)
