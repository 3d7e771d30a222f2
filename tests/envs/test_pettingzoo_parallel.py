"""PettingZoo parallel environments, truncation, the global state and the order checks,
with PettingZoo's own test utilities."""

from __future__ import annotations

import json

import numpy as np
import pytest
from envcases import CASES, IDS
from pettingzoo.test import parallel_api_test
from pettingzoo.test.state_test import test_parallel_env as pz_parallel_state_test
from pettingzoo.test.state_test import test_state_space as pz_state_space_test

from wartable.core.errors import IllegalAction
from wartable.envs.pettingzoo import env, parallel_env, raw_env
from wartable.envs.seats import NotReset


@pytest.mark.parametrize(("gid", "i", "cfg"), CASES, ids=IDS)
def test_parallel_api(gid: str, i: int, cfg: dict) -> None:
    # no warning filter: these three give our environments none, so any warning is news
    parallel_api_test(parallel_env(gid, **cfg), num_cycles=60)
    pz_parallel_state_test(parallel_env(gid, **cfg))
    pz_state_space_test(raw_env(gid, **cfg))


def _first_legal(obs: dict) -> int:
    return int(np.flatnonzero(obs["action_mask"])[0])


def test_a_simultaneous_decision_is_one_parallel_step() -> None:
    """Skirm's reveal: both duelists choose a card at once (skirm rulebook, REVEAL)."""
    p = parallel_env("skirm", hand_sizes=[3, 3])
    obs, _ = p.reset(seed=2)
    assert p.deciding() == ["player_0", "player_1"]
    with pytest.raises(IllegalAction, match="player_1: must decide now"):
        p.step({"player_0": _first_legal(obs["player_0"])})
    actions = {a: _first_legal(obs[a]) for a in p.deciding()}
    before = p.cycles
    p.step(actions)
    assert p.cycles == before + 1
    assert "player_0" in p.agents and "player_1" in p.agents


def test_seats_not_deciding_send_no_action_and_extra_ones_are_ignored() -> None:
    p = parallel_env("weapons", players=3)
    obs, _ = p.reset(seed=1)
    deciding = p.deciding()
    assert len(deciding) == 1
    idle = [a for a in p.agents if a not in deciding]
    assert all(not obs[a]["action_mask"].any() for a in idle)
    alone = {deciding[0]: _first_legal(obs[deciding[0]])}
    twin = parallel_env("weapons", players=3)
    twin.reset(seed=1)
    p.step(alone)
    twin.step({**alone, **dict.fromkeys(idle, 0)})
    assert json.dumps(p.game.state_to_json(p.game_state)) == json.dumps(
        twin.game.state_to_json(twin.game_state)
    )


def test_parallel_and_aec_play_the_same_game_and_pay_the_same() -> None:
    p = parallel_env("draconia", reward="win")
    obs, _ = p.reset(seed=7)
    a = raw_env("draconia", reward="win")
    a.reset(seed=7)
    rewards: dict[str, float] = {}
    while p.agents:
        obs, rewards, *_ = p.step({x: _first_legal(obs[x]) for x in p.deciding()})
    totals = dict.fromkeys(a.possible_agents, 0.0)
    for agent in a.agent_iter(100_000):
        o, r, term, trunc, _ = a.last()
        totals[agent] += float(r)
        a.step(None if term or trunc else _first_legal(o))
    assert a.game.state_to_json(a.game_state) == p.game.state_to_json(p.game_state)
    assert totals == rewards and a.cycles == p.cycles


@pytest.mark.parametrize(("gid", "n"), [("draconia", 5), ("skirm", 2)])
def test_max_cycles_truncates_aec_and_parallel_at_the_same_decision(gid: str, n: int) -> None:
    p = parallel_env(gid, max_cycles=n)
    obs, _ = p.reset(seed=3)
    steps = 0
    while p.agents:
        obs, rewards, term, trunc, _ = p.step({x: _first_legal(obs[x]) for x in p.deciding()})
        steps += 1
    assert steps == n and all(trunc.values()) and not any(term.values())
    assert set(rewards.values()) == {0.0}
    a = env(gid, max_cycles=n)
    a.reset(seed=3)
    for _agent in a.agent_iter(1000):
        o, _r, term_a, trunc_a, _ = a.last()
        a.step(None if term_a or trunc_a else _first_legal(o))
    assert a.unwrapped.cycles == n and not a.agents
    assert a.unwrapped.game.state_to_json(a.unwrapped.game_state) == p.game.state_to_json(
        p.game_state
    )
    assert not p.game.is_terminal(p.game_state)


def test_state_is_every_seats_observation() -> None:
    e = env("weapons", players=3)
    e.reset(seed=4)
    s = e.state()
    assert s.shape == e.unwrapped.state_space.shape == (3 * e.unwrapped.encoder.size,)
    parts = [e.observe(a)["observation"] for a in e.possible_agents]
    assert np.array_equal(s, np.concatenate(parts))
    assert e.unwrapped.state_space.contains(s)


def test_clear_errors_before_reset() -> None:
    wrapped = env("skirm")
    with pytest.raises(AssertionError, match="reset\\(\\) needs to be called before step"):
        wrapped.step(0)
    with pytest.raises(AssertionError, match="before state"):
        wrapped.state()
    raw = raw_env("skirm")
    for call in (lambda: raw.step(0), lambda: raw.observe("player_0"), raw.state):
        with pytest.raises(NotReset, match="reset\\(\\) needs to be called before"):
            call()
    par = parallel_env("skirm")
    with pytest.raises(NotReset, match="before step"):
        par.step({})
    with pytest.raises(NotReset, match="before state"):
        par.state()
