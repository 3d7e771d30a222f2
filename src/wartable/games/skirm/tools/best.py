"""Skirm bots measured against the best play on the same deals (a designer's tool).

Run ``python -m wartable.games.skirm.tools.best [--games N] [--seed S] [--futures K]``.

A deal is what ``new_state(config, seed)`` draws: both cards and both first rolls.
What follows (every reroll, and the random opponent's choices) is the deal's
*future*. For each seed the deal is kept and ``K`` futures are drawn (generators
derived one-way from the seed); every bot plays the same ``K`` (deal, future)
pairs against the random bot, its seat alternating with the seed as in the bot
test. A bot's *value* is its mean win rate over them.

Two yardsticks on the same deals:

- **best play** (below): the best value any bot reaches here; the ``expectimax``
  bot (the exact model of the random opponent, every own choice searched on
  sampled futures) is the strongest, so its value is a lower bound of the best
  possible non-clairvoyant play;
- **clairvoyant ceiling** (above): the share of the same (deal, future) pairs
  that some sequence of the bot's own choices wins (``ceiling``): no bot that
  cannot see future rolls can do better.

Each bot's value is then stated as a share of both. Pure: no clock, seeded
generators only; it prints.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any

from wartable.core.rng import Rng
from wartable.core.seeds import derive_seed

from ..bots import HeuristicAgent
from ..expectimax import ExpectimaxAgent
from ..game import SkirmGame
from ..rollout import RolloutAgent
from ..state import SkirmState

BOTS: dict[str, Callable[[], Any]] = {
    "heuristic": RolloutAgent,
    "greedy": HeuristicAgent,
    "expectimax": ExpectimaxAgent,
}


def deal(game: SkirmGame, config: dict[str, Any], seed: int, future: int) -> SkirmState:
    """The seed's deal with future number ``future`` (its own reroll generator)."""
    state = game.new_state(game.make_config(config), seed)
    state.rng = Rng(derive_seed(seed, "skirm-best-future", future))
    return state


def play(game: SkirmGame, state: SkirmState, bot: Any, seat: int, seed: int, future: int) -> bool:
    """Whether ``bot`` in ``seat`` wins ``state`` against uniformly random choices."""
    bot_rng = Rng(derive_seed(seed, "skirm-best-bot", future))
    opp_rng = Rng(derive_seed(seed, "skirm-best-random", future))
    while not game.is_terminal(state):
        s = game.to_act(state)[0]
        legal = game.legal_actions(state, s)
        if len(legal) == 1:
            action = legal[0]
        elif s == seat:
            action = bot.act(game, game.observe(state, s), legal, s, bot_rng)
        else:
            action = legal[opp_rng.below(len(legal))]
        game.apply_fast(state, s, action, None)
    return state.winner == seat


def clairvoyant(game: SkirmGame, state: SkirmState, seat: int, seed: int, future: int) -> bool:
    """Whether some sequence of ``seat``'s choices wins this exact (deal, future)."""
    opp_seed = derive_seed(seed, "skirm-best-random", future)

    def search(s: SkirmState, opp: Rng) -> bool:
        if game.is_terminal(s):
            return s.winner == seat
        who = game.to_act(s)[0]
        legal = game.legal_actions(s, who)
        if who != seat:
            r = opp
            a = legal[0]
            if len(legal) > 1:
                r = opp.copy()
                a = legal[r.below(len(legal))]
            t = s.copy()
            game.apply_fast(t, who, a, None)
            return search(t, r)
        for a in legal:
            t = s.copy()
            game.apply_fast(t, who, a, None)
            if search(t, opp):
                return True
        return False

    return search(state, Rng(opp_seed))


def measure(config: dict[str, Any], seeds: range, futures: int, bots: list[str]) -> dict[str, Any]:
    game = SkirmGame()
    wins = dict.fromkeys(bots, 0)
    ceiling = 0
    for seed in seeds:
        seat = seed % 2
        for k in range(futures):
            for name in bots:
                wins[name] += play(game, deal(game, config, seed, k), BOTS[name](), seat, seed, k)
            ceiling += clairvoyant(game, deal(game, config, seed, k), seat, seed, k)
    n = len(seeds) * futures
    values = {name: w / n for name, w in wins.items()}
    best = max(values.values())
    return {
        "config": config,
        "seeds": [seeds.start, seeds.stop - 1],
        "futures": futures,
        "pairs": n,
        "value": values,
        "best": best,
        "best_bot": max(values, key=lambda b: values[b]),
        "ceiling": ceiling / n,
        "share_of_best": {b: v / best for b, v in values.items()},
        "share_of_ceiling": {b: v / (ceiling / n) for b, v in values.items()},
    }


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(
        prog="python -m wartable.games.skirm.tools.best", description=__doc__
    )
    ap.add_argument("--games", type=int, default=300, help="deals (seeds)")
    ap.add_argument("--seed", type=int, default=0, help="first seed")
    ap.add_argument("--futures", type=int, default=2, help="futures per deal")
    ap.add_argument("--config", default="{}", help="game config as JSON")
    ap.add_argument("--bots", default="heuristic,greedy,expectimax")
    args = ap.parse_args(argv)
    out = measure(
        json.loads(args.config),
        range(args.seed, args.seed + args.games),
        args.futures,
        args.bots.split(","),
    )
    sys.stdout.write(json.dumps(out, indent=2) + "\n")


if __name__ == "__main__":
    main()
