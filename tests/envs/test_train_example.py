"""A tiny run of examples/train_masked_policy.py: the masked policy learns to beat random."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_masked_policy.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_masked_policy", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_tiny_training_run_beats_the_random_bot() -> None:
    result = _load().run("weapons", {"players": 2}, episodes=300, eval_games=100, seed=0)
    assert result["learner_decisions"] > 300
    # a uniform random learner wins about half its games against the random bot
    assert 0.3 < result["win_rate_uniform_random"] < 0.7
    assert result["win_rate_after"] >= 0.75
    assert result["win_rate_after"] > result["win_rate_before"] + 0.2
