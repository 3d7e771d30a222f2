"""One reward rule for the lab and the research adapters (``wartable.core.rewards``)."""

from __future__ import annotations

import gymnasium as gym
import pytest

import wartable.envs  # noqa: F401  (registers wartable/<game>-v0)
from wartable.core.errors import ConfigError
from wartable.core.game import Outcome
from wartable.core.rewards import REWARDS, is_draw, rewards_for, terminal_rewards
from wartable.sim import GameRecord, run_games


def test_a_victory_every_seat_shares_is_a_draw_worth_nothing() -> None:
    everyone = Outcome((0, 1, 2), (3.0, 3.0, 3.0), "nobody scored")
    assert is_draw(everyone.winners, 3)
    assert terminal_rewards(everyone, 3) == [0.0, 0.0, 0.0]
    assert terminal_rewards(everyone, 3, "win") == [0.0, 0.0, 0.0]
    assert terminal_rewards(everyone, 3, "score") == [3.0, 3.0, 3.0]
    assert terminal_rewards(Outcome((), (0.0, 0.0), "x"), 2) == [0.0, 0.0]


def test_share_splits_one_point_among_fewer_winners() -> None:
    team = Outcome((0, 2), (5.0, 1.0, 5.0, 2.0), "team")
    assert terminal_rewards(team, 4) == [0.5, -1.0, 0.5, -1.0]
    assert terminal_rewards(team, 4, "win") == [1.0, -1.0, 1.0, -1.0]
    assert terminal_rewards(team, 4, "score") == [5.0, 1.0, 5.0, 2.0]
    assert rewards_for((1,), (0.0, 1.0), 2) == [-1.0, 1.0]


def test_a_solo_game_is_won_or_lost_never_drawn() -> None:
    assert not is_draw((0,), 1)
    assert not is_draw((), 1)
    assert rewards_for((0,), (20.0,), 1) == [1.0]
    assert rewards_for((), (9.0,), 1) == [-1.0]
    assert rewards_for((), (9.0,), 1, "win") == [-1.0]
    assert rewards_for((), (9.0,), 1, "score") == [9.0]


def test_an_unknown_rule_is_refused_with_the_known_ones() -> None:
    with pytest.raises(ConfigError, match="share, win, score"):
        rewards_for((0,), (1.0, 0.0), 2, "glory")
    assert REWARDS == ("share", "win", "score")


def test_the_lab_and_the_records_use_the_same_rule() -> None:
    record = GameRecord(0, 0, (0, 1, 2), (0, 1, 2), (1.0, 1.0, 1.0), "tie", 9)
    assert record.is_draw and record.rewards() == [0.0, 0.0, 0.0]
    result = run_games("invasion", 6, ["random"], seed=2)
    summary = result.summary(reward="share")
    assert summary["reward"] == "share"
    for a in summary["agent_results"]:
        assert -1.0 <= a["mean_reward"] <= 1.0
    expected = [sum(r.rewards("share")[s] for r in result.records) / 6 for s in range(3)]
    got = [s["mean_reward"] for s in summary["seat_results"]]
    assert got == pytest.approx(expected, abs=1e-6)


@pytest.mark.parametrize("rule", REWARDS)
def test_gymnasium_pays_the_chosen_rule(rule: str) -> None:
    env = gym.make("wartable/invasion-v0", config={"players": 3}, reward=rule).unwrapped
    for seed in range(3):
        obs, _ = env.reset(seed=seed)
        done = False
        reward = 0.0
        while not done:
            legal = [i for i, m in enumerate(obs["action_mask"]) if m]
            obs, r, done, _, info = env.step(legal[0])
            reward = float(r)
        outcome = env.game.outcome(env.state)
        assert reward == terminal_rewards(outcome, 3, rule)[0]
        assert info["draw"] == is_draw(outcome.winners, 3)
    with pytest.raises(ConfigError):
        gym.make("wartable/skirm-v0", reward="glory")
