"""Benchmark: Guardians of Graxia per scenario - random and heuristic games per second, and
the state copy time (the targets: a copy under 20 µs, 50 random games/s in scenario 1).
Every figure is printed, never asserted."""

from __future__ import annotations

import time
import timeit
from typing import Any

from wartable.agents.random_agent import RandomAgent
from wartable.core.match import play_match
from wartable.games.graxia import GAME, HeuristicAgent


def _rate(config: Any, make: Any, seconds: float) -> float:
    games = 0
    start = time.perf_counter()
    while True:
        play_match(GAME, config, 500 + games, [make(), make()])
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds and games >= 2:
            return games / elapsed


def _copy_us(config: Any) -> float:
    record = play_match(GAME, config, 7, [RandomAgent(), RandomAgent()])
    state = GAME.new_state(config, 7)
    for seat, action in record.actions[: record.length // 2]:
        GAME.apply_fast(state, seat, action, None)
    timer = timeit.Timer(state.copy)
    number, _ = timer.autorange()
    return min(timer.repeat(repeat=5, number=number)) / number * 1e6


def run(seconds: float = 1.0) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for cfg in GAME.example_configs():
        config = GAME.make_config(cfg)
        out[cfg["scenario"]] = {
            "random_games_per_s": round(_rate(config, RandomAgent, seconds), 1),
            "heuristic_games_per_s": round(_rate(config, HeuristicAgent, seconds), 2),
            "copy_us": round(_copy_us(config), 1),
        }
    return out


if __name__ == "__main__":
    import json

    print(json.dumps(run(), indent=1))
