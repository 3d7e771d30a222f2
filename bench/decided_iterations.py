"""Iterations an ISMCTS spec runs per decision once it stops when the move is decided.

    PYTHONPATH=src python -m bench.decided_iterations weapons hard --config '{"players":2}' --games 2

Plays ``--games`` games of SPEC against the game's heuristic (seats alternate, seeds
``--seed``, ``--seed``+1, ...) and prints, over the decisions with a real choice, the budget
and the mean and median iterations run. Counts, not times: the same on every machine.
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections.abc import Sequence
from typing import Any

from wartable.agents.specs import make_agent
from wartable.core.match import play_match
from wartable.games import get_game


class Counted:
    """Wraps an ISMCTS agent and records the iterations of each decision with a choice."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.needs_observation = True
        self.wants_view = False
        self.name = "counted"
        self.iterations: list[int] = []

    def act(self, game: Any, observation: Any, legal: list[int], seat: int, rng: Any) -> int:
        action: int = self.inner.act(game, observation, legal, seat, rng)
        if len(legal) > 1:
            self.iterations.append(self.inner.last_search.iterations)
        return action


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.decided_iterations")
    parser.add_argument("game")
    parser.add_argument("spec")
    parser.add_argument("--config", default="{}")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2)
    args = parser.parse_args(argv)
    game = get_game(args.game)
    config = json.loads(args.config)
    ran: list[int] = []
    budget = 0
    for k in range(args.games):
        agent = make_agent(args.spec, args.game)
        counted = Counted(agent)
        other = make_agent("heuristic", args.game)
        play_match(
            game, config, args.seed + k, [counted, other] if k % 2 == 0 else [other, counted]
        )
        ran += counted.iterations
        budget = max(budget, agent.budget(game, {"config": config}) or 0)
    print(
        f"{args.game} {args.spec}: budget {budget}, {len(ran)} decisions in {args.games} games, "
        f"iterations mean {statistics.mean(ran):.0f} ({1 - statistics.mean(ran) / budget:.0%} "
        f"saved), median {statistics.median(ran):.0f}, full budget in "
        f"{sum(r == budget for r in ran)}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
