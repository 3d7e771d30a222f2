"""A tiny run of examples/openspiel_bots.py: OpenSpiel's ISMCTS, MCTS and tabular
Q-learner play whole Skirm duels against wartable's bots through the adapter."""

from __future__ import annotations

import importlib.util
import json
import math
import sys
from pathlib import Path
from types import ModuleType

import pytest

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "openspiel_bots.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("openspiel_bots", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_every_pairing_plays_its_games(capsys: pytest.CaptureFixture[str]) -> None:
    _load().main(["--games", "4", "--simulations", "5", "--episodes", "50"])
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert summary["game"] == "skirm"
    pairs = {(r["openspiel"].split(" (")[0], r["wartable"]) for r in summary["results"]}
    assert pairs == {
        (bot, spec)
        for bot in ("ISMCTS", "MCTS on resampled states", "tabular Q-learning")
        for spec in ("random", "heuristic")
    }
    for r in summary["results"]:
        points = r["score"] * 4  # a win 1, a draw 1/2: a whole number of half points
        assert r["games"] == 4 and points == pytest.approx(round(points * 2) / 2, abs=0.01)
        assert r["ci95"] == pytest.approx(_wilson(points, 4), abs=0.002)


def _wilson(points: float, n: int) -> tuple[float, float]:
    """The 95% Wilson interval written out here (not the project's)."""
    p, z2 = points / n, 1.959964**2
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = math.sqrt(z2) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def test_the_interval_by_hand() -> None:
    """2 of 4 at z = 1.96: centre 1/2, half-width 1.96 * sqrt(1/16 + 0.06) / 1.96 = 0.35."""
    assert _wilson(2, 4) == pytest.approx((0.150, 0.850), abs=1e-3)
