"""A bot that answers an illegal action stops a simulation with one clear line, not a
traceback and not a finished run: ``wartable simulate`` (in this process and with worker
processes) and the Python API (``run_games``).

The broken bot is registered the way a game's own bots are, in the game package's
``AGENTS`` mapping (for the test's duration); worker processes are forked, so they see it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sim_support import assert_one_line_error, run

import wartable.games.skirm as skirm_pkg
from wartable.core.errors import IllegalAction
from wartable.core.rng import Rng
from wartable.sim import run_games
from wartable.sim.storage import ResultStore


class OffByOneAgent:
    """Answers one past the largest legal id: never legal (the list holds every legal id)."""

    name = "off-by-one"
    needs_observation = False

    def act(self, game: Any, obs: Any, legal: list[int], seat: int, rng: Rng) -> int:
        return max(legal) + 1


class TextAgent:
    """Answers the legal id as text, as a bot reading a notation might by mistake."""

    name = "text"
    needs_observation = False

    def act(self, game: Any, obs: Any, legal: list[int], seat: int, rng: Rng) -> str:
        return str(legal[0])


@pytest.fixture(autouse=True)
def broken_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(skirm_pkg.AGENTS, "off-by-one", OffByOneAgent)
    monkeypatch.setitem(skirm_pkg.AGENTS, "text", TextAgent)


@pytest.mark.parametrize("workers", ["1", "2"])
def test_simulate_reports_an_illegal_action_on_one_line(tmp_path: Path, workers: str) -> None:
    db = tmp_path / "results.db"
    result = run(
        "simulate", "skirm", "-n", "6", "--agents", "random,off-by-one",
        "--workers", workers, "--db", str(db), "-q",
    )  # fmt: skip
    assert_one_line_error(result, "skirm", "'off-by-one'", "seat ", "decision ", "not legal")
    store = ResultStore(f"sqlite:///{db}")
    try:
        assert store.runs() == []  # nothing of the broken run is stored
    finally:
        store.close()


def test_simulate_reports_a_non_integer_answer() -> None:
    result = run("simulate", "skirm", "-n", "2", "--agents", "text", "--no-store", "-q")
    assert_one_line_error(result, "'text'", "(str)", "not an integer action id")


def test_run_games_raises_illegal_action() -> None:
    with pytest.raises(IllegalAction, match=r"skirm: agent 'off-by-one' at seat [01], decision"):
        run_games("skirm", 4, ["off-by-one", "random"])
