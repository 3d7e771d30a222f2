"""Heuristic self-play games per CPU second in one Graxia scenario, over a fixed number of
games (seeds 500 on: the games ``bench_graxia rates`` starts with, but a count instead of a
second of CPU, so two trees play exactly the same games):

    python -m bench.graxia_games 40 2p-1
"""

from __future__ import annotations

import sys
import time

from wartable.core.match import play_match
from wartable.games.graxia import GAME, HeuristicAgent


def main(argv: list[str]) -> None:
    games = int(argv[0]) if argv else 40
    scenario = argv[1] if len(argv) > 1 else "2p-1"
    start = time.process_time()
    for i in range(games):
        play_match(GAME, {"scenario": scenario}, 500 + i, [HeuristicAgent(), HeuristicAgent()])
    print(f"{games / (time.process_time() - start):.1f} games/CPU s")


if __name__ == "__main__":
    main(sys.argv[1:])
