"""Gymnasium single-agent environments: registered ids and Gymnasium's own env checker."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest
from envcases import CASES, IDS
from gymnasium.utils.env_checker import check_env

import wartable.envs
from wartable.agents.specs import available_agents
from wartable.envs.gymnasium import WartableGymEnv
from wartable.games import available_games


def test_every_game_is_registered() -> None:
    for gid in available_games():
        assert f"wartable/{gid}-v0" in gym.registry
    assert set(wartable.envs.GYM_IDS) == {f"wartable/{g}-v0" for g in available_games()}


@pytest.mark.parametrize(("gid", "i", "cfg"), CASES, ids=IDS)
def test_check_env(gid: str, i: int, cfg: dict) -> None:
    opponents = "heuristic" if "heuristic" in available_agents(gid) and i == 0 else "random"
    e = gym.make(f"wartable/{gid}-v0", config=cfg, opponents=opponents)
    check_env(e.unwrapped, skip_render_check=True)  # no filter: it warns of nothing here


@pytest.mark.parametrize("gid", available_games())
def test_masked_random_episodes_end_with_a_terminal_reward(gid: str) -> None:
    e = WartableGymEnv(gid)
    rng = np.random.default_rng(0)
    for episode in range(3):
        obs, _ = e.reset(seed=episode)
        for _ in range(10_000):
            mask = obs["action_mask"]
            assert np.array_equal(mask.astype(bool), e.action_masks())
            obs, reward, terminated, _truncated, info = e.step(
                int(rng.choice(np.flatnonzero(mask)))
            )
            if terminated:
                assert reward in (-1.0, 0.0, 1.0)
                assert "winners" in info
                break
            assert reward == 0.0
        else:
            raise AssertionError("the episode did not end")


def test_illegal_action_ends_the_episode_with_the_penalty() -> None:
    e = WartableGymEnv("weapons", config={"players": 3}, illegal_reward=-5.0)
    obs, _ = e.reset(seed=2)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, terminated, _, info = e.step(illegal)
    assert (reward, terminated, info["illegal_action"]) == (-5.0, True, True)


def test_same_seed_same_episode() -> None:
    runs = []
    for _ in range(2):
        e = WartableGymEnv("weapons", config={"players": 4}, seat=2, opponents="heuristic")
        obs, _ = e.reset(seed=9)
        trace = [obs["observation"].tobytes()]
        done = False
        while not done:
            obs, _, done, _, _ = e.step(int(np.flatnonzero(obs["action_mask"])[-1]))
            trace.append(obs["observation"].tobytes())
        runs.append(trace)
    assert runs[0] == runs[1]
