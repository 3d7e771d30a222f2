"""A small tune on a real game: a deliberately unbalanced start moves into its band."""

from __future__ import annotations

import tomllib
from pathlib import Path

from tune_support import ONE_PAIRING, request

from wartable.games.draconia import check_data
from wartable.sim.runner import run_games
from wartable.tune.run import tune


def _unit(units: dict, name: str, nth: int = 1) -> dict:
    return [u for u in units["unit"] if u["name"] == name][nth - 1]


def test_an_unbalanced_start_is_tuned_into_its_band(tmp_path: Path) -> None:
    summary = tune(request(tmp_path))
    first = summary["trials"][0]["cells"]["pairing=0.2..0.8"]["ironshroud v highwood"]
    assert first["rate"] > 0.8  # the start is out of the band
    assert summary["holds"]
    best = summary["trials"][summary["best_trial"]]
    cell = best["cells"]["pairing=0.2..0.8"]["ironshroud v highwood"]
    assert 0.2 <= cell["ci95"][0] and cell["ci95"][1] <= 0.8
    assert len(summary["trials"]) <= 15

    out = tmp_path / "tuned"
    check_data(out)  # an owners' data directory the game accepts
    units = tomllib.loads((out / "units.toml").read_text("utf-8"))
    values = best["values"]
    assert _unit(units, "King Edric")["attack"] == values["units.toml:unit[name=King Edric].attack"]
    guard = "units.toml:unit[faction=ironshroud,name=Bastion Guard#1].defense"
    assert _unit(units, "Bastion Guard", 1)["defense"] == values[guard]
    assert (out / "tune.json").is_file() and (out / "report.html").is_file()
    assert summary["changes"] and all("->" in line for line in summary["changes"])

    # the lab itself, on the output directory and the study's seeds, measures the same figure
    wins = 0.0
    for factions, seat, seed in (
        (["ironshroud", "highwood"], 0, 0),
        (["highwood", "ironshroud"], 1, 0),
    ):
        config = {"factions": factions, "data_dir": str(out)}
        first_games = run_games("draconia", 5, ["heuristic"], seed, config)
        rest = run_games("draconia", 15, ["heuristic"], seed + 5, config)
        for record in first_games.records + rest.records:
            wins += 1.0 / len(record.winners) if seat in record.winners else 0.0
            wins += 0.5 if not record.winners else 0.0
    assert wins / 40 == cell["rate"]
    assert ONE_PAIRING["factions"] == ["ironshroud", "highwood"]


def test_the_report_shows_before_and_after(tmp_path: Path) -> None:
    tune(request(tmp_path, trials=2, games=20, first_batch=10))
    page = (tmp_path / "tuned" / "report.html").read_text("utf-8")
    for part in ("The changes", "Before", "After", "intervals per trial", "<img"):
        assert part in page
    assert (tmp_path / "tuned" / "report-before-after-0.png").stat().st_size > 1000
