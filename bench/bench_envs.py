"""Benchmark: research-environment steps per second for each game, side by side with
PettingZoo's ``connect_four_v3`` (same loop, same run) as a reference.

For each registered game (its default config) and for connect four: PettingZoo AEC
steps/s with a uniformly random masked action (``last()`` + ``step()``, the cost a
learner pays per decision, observation encoding included); for the wartable games also
Gymnasium steps/s (the learner's steps; the random bots' moves happen inside them) and
OpenSpiel ``apply_action``/s (strings and tensors are not built). Each figure runs for
about ``SECONDS`` of wall time.
"""

from __future__ import annotations

import time
import warnings
from collections.abc import Callable
from typing import Any

import numpy as np

SECONDS = 1.0


def aec_steps_per_second(make: Callable[[], Any], seconds: float = SECONDS) -> float:
    env = make()
    rng = np.random.default_rng(0)
    steps, episodes = 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.reset(seed=episodes)
        episodes += 1
        for _agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
    return steps / (time.perf_counter() - start)


def gym_steps_per_second(gid: str, seconds: float = SECONDS) -> float:
    from wartable.envs.gymnasium import WartableGymEnv

    env = WartableGymEnv(gid)
    rng = np.random.default_rng(0)
    steps, episodes = 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        obs, _ = env.reset(seed=episodes)
        episodes += 1
        done = False
        while not done:
            obs, _, done, _, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
    return steps / (time.perf_counter() - start)


def spiel_steps_per_second(gid: str, seconds: float = SECONDS) -> float:
    import pyspiel

    from wartable.envs.openspiel import register

    register()
    game = pyspiel.load_game(f"wartable_{gid}")
    rng = np.random.default_rng(0)
    steps, episodes = 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        state.apply_action(episodes % game.max_chance_outcomes())
        episodes += 1
        while not state.is_terminal():
            state.apply_action(int(rng.choice(state.legal_actions())))
            steps += 1
    return steps / (time.perf_counter() - start)


def run() -> dict[str, Any]:
    from wartable.envs.pettingzoo import env
    from wartable.games import available_games

    out: dict[str, Any] = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from pettingzoo.classic import connect_four_v3

        c4 = aec_steps_per_second(connect_four_v3.env)
    out["connect_four_v3 AEC steps/s"] = round(c4)
    for gid in available_games():
        aec = aec_steps_per_second(lambda gid=gid: env(gid))
        out[f"{gid} AEC steps/s"] = round(aec)
        out[f"{gid} AEC vs connect four"] = f"{aec / c4:.2f}x"
        out[f"{gid} Gymnasium steps/s"] = round(gym_steps_per_second(gid))
        out[f"{gid} OpenSpiel apply_action/s"] = round(spiel_steps_per_second(gid))
    return out


if __name__ == "__main__":
    import json

    print(json.dumps(run(), indent=1))
