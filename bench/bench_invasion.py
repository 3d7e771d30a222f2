"""Benchmark: Draconis Invasion heuristic 2-player games per second, side by side with
pyminion's BigMoney vs BigMoney Smithy 2-player Dominion (issue 4's target: at least 2x).

pyminion is a bench-only dependency (``pip install -e '.[bench]'``); without it the
comparison is reported as unavailable. Each side runs for about ``seconds`` of wall time.
"""

from __future__ import annotations

import time
from typing import Any

from wartable.core.match import play_match
from wartable.games.invasion import GAME, HeuristicAgent

CONFIG = {"players": 2, "mode": "two_player", "battle_stage": "1"}


def bench_invasion(seconds: float = 1.5) -> dict[str, Any]:
    config = GAME.make_config(CONFIG)
    games = decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        record = play_match(GAME, config, games, [HeuristicAgent(), HeuristicAgent()])
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


def run() -> dict[str, Any]:
    ours = bench_invasion()
    theirs = bench_pyminion()
    out: dict[str, Any] = {"invasion_heuristic_2p": ours, "pyminion_bigmoney_vs_smithy": theirs}
    if theirs:
        out["ratio"] = round(ours["games_per_second"] / theirs["games_per_second"], 2)
    return out


if __name__ == "__main__":
    import json

    print(json.dumps(run(), indent=1))
