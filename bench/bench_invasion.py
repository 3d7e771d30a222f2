"""Benchmark: Draconis Invasion heuristic 2-player games per second, side by side with
pyminion's BigMoney vs BigMoney Smithy 2-player Dominion (issue 4's target: at least 2x).

Three engines are timed in turns (``rounds`` rounds of ``seconds`` each, so a burst of
load elsewhere hits all of them alike) and each one's median is reported: pyminion, the
interpreted wartable engine, and the compiled one (``bench/compiled_engine.py``: the same
source through mypyc; built here if it is missing or stale). Ratios are against pyminion.

pyminion is a bench-only dependency (``pip install -e '.[bench]'``); without it the
comparison is reported as unavailable. Every figure is printed, never asserted.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from wartable.core.match import play_match
from wartable.games.invasion import GAME, HeuristicAgent

CONFIG = {"players": 2, "mode": "two_player", "battle_stage": "1"}
ROOT = Path(__file__).resolve().parents[1]


def bench_invasion(seconds: float = 1.5, first_seed: int = 0) -> dict[str, Any]:
    config = GAME.make_config(CONFIG)
    games = decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        seed = first_seed + games
        record = play_match(GAME, config, seed, [HeuristicAgent(), HeuristicAgent()])
        games += 1
        decisions += record.length
    elapsed = time.perf_counter() - start
    return {
        "games": games,
        "seconds": round(elapsed, 3),
        "games_per_second": round(games / elapsed, 1),
        "decisions_per_second": round(decisions / elapsed, 1),
    }


def bench_pyminion(seconds: float = 1.5) -> dict[str, Any] | None:
    try:
        import logging
        import random

        from pyminion.bots.examples import BigMoney, BigMoneySmithy
        from pyminion.expansions.base import base_set, smithy
        from pyminion.game import Game
    except ImportError:
        return None
    logging.getLogger().setLevel(logging.WARNING)
    random.seed(0)
    games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game = Game(
            players=[BigMoney(), BigMoneySmithy()],
            expansions=[base_set],
            kingdom_cards=[smithy],
            log_stdout=False,
        )
        game.play()
        games += 1
    elapsed = time.perf_counter() - start
    return {
        "games": games,
        "seconds": round(elapsed, 3),
        "games_per_second": round(games / elapsed, 1),
    }


class CompiledRunner:
    """A child process with the compiled tree first on its path (or, ``pure``, the
    pure-Python engine), timing on request."""

    def __init__(self, pure: bool = False) -> None:
        from bench.compiled_engine import build, compiled_env, pure_env

        self.proc = subprocess.Popen(
            [sys.executable, "-c", _CHILD if not pure else _CHILD.replace(_ASSERT, "")],
            cwd=ROOT,
            env=pure_env() if pure else compiled_env(build()),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def run(self, seconds: float, first_seed: int) -> dict[str, Any]:
        assert self.proc.stdin and self.proc.stdout
        self.proc.stdin.write(f"{seconds} {first_seed}\n")
        self.proc.stdin.flush()
        return json.loads(self.proc.stdout.readline())

    def close(self) -> None:
        if self.proc.stdin:
            self.proc.stdin.close()
        self.proc.wait(timeout=60)


_ASSERT = """import wartable.games.invasion.turn as turn
assert turn.__file__.endswith(".so"), "not the compiled engine"
"""
_CHILD = """
import json, sys
import wartable.games.invasion.turn as turn
assert turn.__file__.endswith(".so"), "not the compiled engine"
from bench.bench_invasion import bench_invasion
bench_invasion(0.3)  # warm up
for line in sys.stdin:
    seconds, first = line.split()
    print(json.dumps(bench_invasion(float(seconds), int(first))), flush=True)
"""


def _median(runs: list[dict[str, Any]]) -> dict[str, Any]:
    rates = [r["games_per_second"] for r in runs]
    return {
        "games": sum(r["games"] for r in runs),
        "games_per_second": round(statistics.median(rates), 1),
        "rounds": rates,
    }


def run(seconds: float = 1.5, rounds: int = 3) -> dict[str, Any]:
    compiled: CompiledRunner | None
    try:
        compiled = CompiledRunner()
    except Exception as exc:  # no compiler or no mypy: report the interpreted engine alone
        compiled, reason = None, f"unavailable: {exc}"
    interpreted = CompiledRunner(pure=True)  # in a child: this process may be compiled
    ours: list[dict[str, Any]] = []
    fast: list[dict[str, Any]] = []
    theirs: list[dict[str, Any]] = []
    for r in range(rounds):
        seed = r * 100_000  # each round plays new deals
        if (result := bench_pyminion(seconds)) is not None:
            theirs.append(result)
        ours.append(interpreted.run(seconds, seed))
        if compiled:
            fast.append(compiled.run(seconds, seed))
    if compiled:
        compiled.close()
    interpreted.close()
    out: dict[str, Any] = {
        "invasion_heuristic_2p": _median(ours),
        "invasion_heuristic_2p_compiled": _median(fast) if fast else reason,
        "pyminion_bigmoney_vs_smithy": _median(theirs) if theirs else None,
    }
    if theirs:
        base = out["pyminion_bigmoney_vs_smithy"]["games_per_second"]
        out["ratio"] = round(out["invasion_heuristic_2p"]["games_per_second"] / base, 2)
        if fast:
            rate = out["invasion_heuristic_2p_compiled"]["games_per_second"]
            out["ratio_compiled"] = round(rate / base, 2)
    return out


if __name__ == "__main__":
    print(json.dumps(run(), indent=1))
