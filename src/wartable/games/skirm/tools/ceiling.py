"""An upper bound on any bot's win rate against the random bot (a designer's tool).

Run ``python -m wartable.games.skirm.tools.ceiling [--games N] [--seed S]``. For each
seed (the bot's seat alternating, as in the bot test) the duel is replayed
exactly as ``play_match`` would (same dice, same random opponent's choices)
and every sequence of the bot's own choices is searched: the seed counts as
winnable if any sequence wins. A bot that knew every future die roll could do
no better, so the share of winnable seeds bounds every bot from above. It
prints.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from wartable.core.match import agent_rngs, default_agent_seed
from wartable.core.rng import Rng

from .. import abilities
from ..game import SkirmGame
from ..state import ABILITY, SkirmState

Key = tuple[Any, ...]


def _key(s: SkirmState, opp_rng: Rng) -> Key:
    aux = tuple(s.aux)
    if s.phase == ABILITY and abilities.ability_of(s) == "SET3":
        aux = tuple(sorted(aux))  # SET3's used faces: order is irrelevant
    return (
        s.phase,
        s.step,
        s.stage,
        tuple(s.dice[0]),
        tuple(s.dice[1]),
        tuple(s.hidden[0]),
        tuple(s.hidden[1]),
        tuple(sorted(s.sel)),
        tuple(s.osel),
        aux,
        s.left,
        s.rng.state,
        opp_rng.state,
        tuple(s.card),
        tuple(tuple(b) for b in s.commit.buffers),
        tuple(s.commit.done),
    )


def winnable(game: SkirmGame, config: dict[str, Any], seed: int, bot: int) -> bool:
    """Whether some sequence of ``bot``'s choices wins this seed against the random bot."""
    state = game.new_state(game.make_config(config), seed)
    memo: dict[Key, bool] = {}

    def search(s: SkirmState, opp_rng: Rng) -> bool:
        if game.is_terminal(s):
            return s.winner == bot
        seat = game.to_act(s)[0]
        legal = game.legal_actions(s, seat)
        if seat != bot:  # the random bot: one draw from its own generator per real choice
            r = opp_rng
            a = legal[0]
            if len(legal) > 1:
                r = opp_rng.copy()
                a = legal[r.below(len(legal))]
            t = s.copy()
            game.apply_fast(t, seat, a, None)
            return search(t, r)
        k = _key(s, opp_rng)
        if k not in memo:
            memo[k] = False
            for a in legal:
                t = s.copy()
                game.apply_fast(t, seat, a, None)
                if search(t, opp_rng):
                    memo[k] = True
                    break
        return memo[k]

    return search(state, agent_rngs(default_agent_seed(seed), 2)[1 - bot])


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(
        prog="python -m wartable.games.skirm.tools.ceiling", description=__doc__
    )
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=0, help="first seed")
    ap.add_argument("--config", default="{}", help="game config as JSON")
    args = ap.parse_args(argv)
    import json

    game = SkirmGame()
    config = json.loads(args.config)
    seeds = range(args.seed, args.seed + args.games)
    won = sum(winnable(game, config, s, s % 2) for s in seeds)
    sys.stdout.write(
        f"seeds {args.seed}-{args.seed + args.games - 1}: {won}/{args.games} "
        f"({100 * won / args.games:.1f}%) winnable by some sequence of the bot's choices\n"
    )


if __name__ == "__main__":
    main()
