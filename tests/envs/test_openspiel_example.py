"""A tiny run of examples/openspiel_bots.py: OpenSpiel's ISMCTS, MCTS and tabular
Q-learner play whole Skirm duels against wartable's bots through the adapter."""

from __future__ import annotations

import importlib.util
import json
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
        assert r["games"] == 4 and 0.0 <= r["score"] <= 1.0
        assert r["ci95"][0] <= r["score"] <= r["ci95"][1]
