"""PettingZoo AEC environments: PettingZoo's own api_test and seed_test for every mode."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from envcases import CASES, IDS
from pettingzoo.test import api_test, seed_test

from wartable.core.errors import IllegalAction
from wartable.envs.pettingzoo import env
from wartable.games import get_game


@pytest.mark.parametrize(("gid", "i", "cfg"), CASES, ids=IDS)
def test_api_and_seed(gid: str, i: int, cfg: dict) -> None:
    with warnings.catch_warnings():
        # Only the two warnings api_test gives every environment of ours, both about the
        # action-masking form PettingZoo documents: each observation is a dict
        # {"observation": array, "action_mask": array} in a Dict space, not a bare array in
        # a Box. api_test then checks the inner array and the mask itself. Any other warning
        # is news and shows.
        warnings.filterwarnings(
            "ignore", message="Observation is not a NumPy array", category=UserWarning
        )
        warnings.filterwarnings(
            "ignore",
            message="Observation space for each agent probably should be gymnasium.spaces.box",
            category=UserWarning,
        )
        api_test(env(gid, **cfg), num_cycles=15)
        seed_test(lambda: env(gid, **cfg), num_cycles=15)


@pytest.mark.parametrize(("gid", "i", "cfg"), CASES, ids=IDS)
def test_masks_match_legal_actions_through_a_whole_game(gid: str, i: int, cfg: dict) -> None:
    e = env(gid, **cfg)
    e.reset(seed=5 + i)
    game = get_game(gid)
    rng = np.random.default_rng(i)
    steps = 0
    for agent in e.agent_iter(5000):
        obs, _reward, term, trunc, _ = e.last()
        if term or trunc:
            e.step(None)
            continue
        seat = int(agent.split("_")[1])
        assert seat in game.to_act(e.game_state)
        legal = sorted(game.legal_actions(e.game_state, seat))
        assert np.flatnonzero(obs["action_mask"]).tolist() == legal
        e.step(int(rng.choice(legal)))
        steps += 1
    assert not e.agents, "the game did not end"
    assert steps > 0


def test_simultaneous_reveal_is_consecutive_turns_hiding_the_first_choice() -> None:
    views = []
    for pick in (0, -1):
        e = env("skirm", hand_sizes=[3, 3])
        e.reset(seed=11)
        assert e.agent_selection == "player_0"
        mask = e.observe("player_0")["action_mask"]
        choices = np.flatnonzero(mask)
        assert len(choices) == 3
        e.step(int(choices[pick]))
        assert e.agent_selection == "player_1"  # the second seat of the same decision
        views.append(e.observe("player_1")["observation"])
    assert np.array_equal(views[0], views[1]), "player_1 can see player_0's hidden choice"


def test_illegal_action_raises() -> None:
    e = env("weapons", players=2)
    e.reset(seed=1)
    mask = e.observe(e.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalAction):
        e.step(illegal)


def test_terminal_rewards_sum_to_zero_in_a_two_player_game() -> None:
    e = env("skirm", variant="quick")
    e.reset(seed=3)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter(100):
        obs, reward, term, trunc, _ = e.last()
        totals[agent] += reward
        e.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[0]))
    assert sorted(totals.values()) in ([-1.0, 1.0], [0.0, 0.0])
