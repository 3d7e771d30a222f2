"""OpenSpiel's own bots and one of its learning agents against wartable's bots.

Every wartable game is an OpenSpiel game (``wartable.envs.openspiel``). This
plays, on Skirm by default (any game works: ``--game weapons``):

- OpenSpiel's Python ``ISMCTSBot`` (``open_spiel.python.algorithms.ismcts``),
  unchanged: it resamples hidden information itself through
  ``state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0., 1.))``;
- OpenSpiel's Python ``MCTSBot`` searching a state resampled from its own
  information state at each decision (determinized MCTS: it never reads the
  real hidden dice or cards);
- OpenSpiel's tabular Q-learner (``open_spiel.python.algorithms.tabular_qlearner``,
  keyed on the information-state tensor) trained for a tiny budget against the
  random bot through ``open_spiel.python.rl_environment``;

each against wartable's ``random`` and ``heuristic`` bots, seats alternating,
and prints the win rates with 95% Wilson intervals. The C++ ``pyspiel.MCTSBot``
and ``pyspiel.ISMCTSBot`` cannot be used: they crash on every Python-defined
game (docs/research.md).

    .venv/bin/python examples/openspiel_bots.py                       # about a minute
    .venv/bin/python examples/openspiel_bots.py --games 200 --simulations 100
"""

from __future__ import annotations

import argparse
import json
import math
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python import rl_environment
from open_spiel.python.algorithms import ismcts, mcts, tabular_qlearner

from wartable.agents.specs import make_agent
from wartable.core.rng import Rng
from wartable.envs.openspiel import register

Chooser = Callable[[Any, int], int]  # (pyspiel state, seat) -> action


def wartable_bot(spec: str, game_id: str, seed: int) -> Chooser:
    """A wartable bot acting in an OpenSpiel state from its own observation only."""
    bot = make_agent(spec, game_id)
    rng = Rng(seed)

    def choose(state: Any, seat: int) -> int:
        wgame = state.core.spec.wgame
        legal = state.legal_actions(seat)
        obs = wgame.observe(state.wstate, seat)
        return int(legal[0] if len(legal) == 1 else bot.act(wgame, obs, legal, seat, rng))

    return choose


def ismcts_bot(game: Any, simulations: int, seed: int) -> Chooser:
    rs = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(
        game, mcts.RandomRolloutEvaluator(1, rs), 2.0, simulations, random_state=rs
    )
    return lambda state, seat: int(bot.step(state))


def mcts_bot(game: Any, simulations: int, seed: int) -> Chooser:
    rs = np.random.RandomState(seed)
    bot = mcts.MCTSBot(game, 2.0, simulations, mcts.RandomRolloutEvaluator(1, rs), random_state=rs)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)

    def choose(state: Any, seat: int) -> int:
        return int(bot.step(state.resample_from_infostate(seat, sampler)))

    return choose


def train_qlearner(game: Any, game_id: str, episodes: int, seed: int) -> Chooser:
    """OpenSpiel's tabular Q-learner as seat 0, trained against wartable's random bot."""
    env = rl_environment.Environment(game, seed=seed)
    learner = tabular_qlearner.QLearner(0, env.action_spec()["num_actions"])
    opponent = wartable_bot("random", game_id, seed)
    for _ in range(episodes):
        step = env.reset()
        while not step.last():
            seat = step.observations["current_player"]
            if seat == 0:
                action = learner.step(step).action
            else:
                action = opponent(env.get_state, seat)
            step = env.step([action])
        learner.step(step)

    def choose(state: Any, seat: int) -> int:
        legal = state.legal_actions(seat)
        key = str(state.information_state_tensor(seat))
        q = learner._q_values[key]
        return int(max(legal, key=lambda a: (q[a], -a)))

    return choose


def play(game: Any, players: dict[int, Chooser], rng: np.random.RandomState) -> list[float]:
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(int(rng.randint(game.max_chance_outcomes())))
        else:
            seat = state.current_player()
            state.apply_action(players[seat](state, seat))
    return list(state.returns())


def wilson(wins: float, n: int) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    z, p = 1.959963984540054, wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def match(
    game: Any, make_a: Callable[[int], Chooser], make_b: Callable[[int], Chooser], games: int
) -> dict[str, Any]:
    """``a`` against ``b`` in a two-seat game, seats alternating; a draw counts half."""
    score = 0.0
    rng = np.random.RandomState(12345)
    for g in range(games):
        a_seat = g % 2
        players = {a_seat: make_a(g), 1 - a_seat: make_b(g)}
        returns = play(game, players, rng)
        mine, theirs = returns[a_seat], returns[1 - a_seat]
        score += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
    lo, hi = wilson(score, games)
    return {"games": games, "score": round(score / games, 3), "ci95": [round(lo, 3), round(hi, 3)]}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--game", default="skirm")
    ap.add_argument("--config", default="{}")
    ap.add_argument("--games", type=int, default=40, help="games per pairing")
    ap.add_argument("--simulations", type=int, default=30, help="MCTS / ISMCTS simulations")
    ap.add_argument("--episodes", type=int, default=2000, help="Q-learning training episodes")
    ap.add_argument("--bots", default="ismcts,mcts,q", help="which OpenSpiel players to run")
    args = ap.parse_args(argv)
    register()
    game = pyspiel.load_game(f"wartable_{args.game}", {"config": args.config, "reward": "win"})
    if game.num_players() != 2:
        raise SystemExit("this example pits two seats against each other: pick a 2-seat config")
    chosen = set(args.bots.split(","))
    started = time.perf_counter()
    q_bot = train_qlearner(game, args.game, args.episodes, seed=7) if "q" in chosen else None
    trained = time.perf_counter() - started
    contenders: dict[str, Callable[[int], Chooser]] = {}
    if "ismcts" in chosen:
        contenders[f"ISMCTS ({args.simulations} sims)"] = lambda g: ismcts_bot(
            game, args.simulations, g
        )
    if "mcts" in chosen:
        contenders[f"MCTS on resampled states ({args.simulations} sims)"] = lambda g: mcts_bot(
            game, args.simulations, g
        )
    if q_bot is not None:
        contenders[f"tabular Q-learning ({args.episodes} episodes)"] = lambda g: q_bot
    results = []
    for name, make in contenders.items():
        for spec in ("random", "heuristic"):
            t0 = time.perf_counter()
            r = match(
                game, make, lambda g, spec=spec: wartable_bot(spec, args.game, 1000 + g), args.games
            )
            r.update(openspiel=name, wartable=spec, seconds=round(time.perf_counter() - t0, 1))
            results.append(r)
            print(
                f"{name:45s} vs wartable {spec:9s}: {r['score']:.3f} "
                f"({r['ci95'][0]:.3f}-{r['ci95'][1]:.3f}) over {r['games']} games, {r['seconds']} s"
            )
    print(
        json.dumps({"game": args.game, "q_training_seconds": round(trained, 1), "results": results})
    )


if __name__ == "__main__":
    main()
