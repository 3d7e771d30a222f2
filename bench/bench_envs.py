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
    while time.perf_counter() - start < seconds or episodes == 0:
        if episodes == 1 and steps:  # the first episode warms up (imports, caches)
            steps, start = 0, time.perf_counter()
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


def _connect_four() -> float:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from pettingzoo.classic import connect_four_v3

        return aec_steps_per_second(connect_four_v3.env)


def run() -> dict[str, Any]:
    from wartable.envs.pettingzoo import env
    from wartable.games import available_games

    # connect four at the start and at the end: the shared machine's load drifts
    c4_start = _connect_four()
    figures = {}
    for gid in available_games():
        aec = aec_steps_per_second(lambda gid=gid: env(gid))
        figures[gid] = (aec, gym_steps_per_second(gid), spiel_steps_per_second(gid))
    c4_end = _connect_four()
    c4 = (c4_start + c4_end) / 2
    out: dict[str, Any] = {
        "connect_four_v3 AEC steps/s (start)": round(c4_start),
        "connect_four_v3 AEC steps/s (end)": round(c4_end),
    }
    for gid, (aec, gym_rate, spiel_rate) in figures.items():
        out[f"{gid} AEC steps/s"] = round(aec)
        out[f"{gid} AEC vs connect four"] = f"{aec / c4:.2f}x"
        out[f"{gid} Gymnasium steps/s"] = round(gym_rate)
        out[f"{gid} OpenSpiel apply_action/s"] = round(spiel_rate)
    return out


if __name__ == "__main__":
    import json

    print(json.dumps(run(), indent=1))
