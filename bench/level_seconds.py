"""CPU seconds per decision of an agent spec, measured in real games against the heuristic.

    PYTHONPATH=src python -m bench.level_seconds draconia hard --games 2
    PYTHONPATH=src python -m bench.level_seconds weapons hard --config '{"players":2}'

Plays ``--games`` games of SPEC against the game's heuristic (seats alternate, seeds
``--seed``, ``--seed``+1, ...) and times every call of SPEC's ``act`` that had a real
choice (more than one legal action) with ``time.process_time``: this process's CPU time,
i.e. one core's work however busy the machine is. Prints the mean, median, 90th
percentile and maximum. Run it from a compiled snapshot (docs/speed.md) for the figures
docs/agents.md quotes. Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Sequence
from typing import Any

from wartable.agents.specs import make_agent
from wartable.core.match import play_match
from wartable.games import get_game


class Timed:
    """Wraps an agent and records the CPU seconds of each decision with a real choice."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.needs_observation = getattr(inner, "needs_observation", False)
        self.wants_view = getattr(inner, "wants_view", False)
        self.name = getattr(inner, "name", "timed")
        self.seconds: list[float] = []

    def act(self, game: Any, observation: Any, legal: list[int], seat: int, rng: Any) -> int:
        start = time.process_time()
        action: int = self.inner.act(game, observation, legal, seat, rng)
        if len(legal) > 1:
            self.seconds.append(time.process_time() - start)
        return action


def measure(game_id: str, spec: str, config: dict[str, Any], games: int, seed: int) -> list[float]:
    game = get_game(game_id)
    out: list[float] = []
    for k in range(games):
        timed = Timed(make_agent(spec, game_id))
        other = make_agent("heuristic", game_id)
        agents = [timed, other] if k % 2 == 0 else [other, timed]
        play_match(game, config, seed + k, agents)
        out += timed.seconds
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.level_seconds")
    parser.add_argument("game")
    parser.add_argument("spec", help="agent spec, e.g. hard or ismcts:iterations=500")
    parser.add_argument("--config", default="{}")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    seconds = measure(args.game, args.spec, json.loads(args.config), args.games, args.seed)
    if not seconds:
        print("no decision with a choice")
        return 1
    ordered = sorted(seconds)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    print(
        f"{args.game} {args.spec}: {len(seconds)} decisions in {args.games} games, CPU s per "
        f"decision: mean {statistics.fmean(seconds):.3f}, median {statistics.median(seconds):.3f}, "
        f"p90 {p90:.3f}, max {ordered[-1]:.3f}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
