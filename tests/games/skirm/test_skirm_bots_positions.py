"""Skirm bots, positions and errors (docs/games/skirm.md)."""

from __future__ import annotations

from typing import Any

import pytest

from wartable.agents.random_agent import RandomAgent
from wartable.core.errors import PositionError
from wartable.core.match import play_match
from wartable.games.skirm import AGENTS, GAME
from wartable.games.skirm.ceiling import winnable
from wartable.games.skirm.matrix import matrix, wilson


def test_heuristic_beats_random() -> None:
    """Issue 5 ("Both"): heuristic against random over 300 fixed seeds, seats alternating.

    Default configuration (one dealt card each, no card choice). Measured 240/300 = 80.0%
    on these seeds, but 76.6% over seeds 0-999: seeds 0-299 are easier than average
    (see docs/games/skirm.md, "Bots and measured figures"). The issue's 80% is not met in
    general, so the test asserts what holds with a margin (75%) rather than a threshold
    tuned to these seeds; issue 5 stays open on this point.
    """
    wins = 0
    for seed in range(300):
        h = seed % 2
        agents = [RandomAgent(), RandomAgent()]
        agents[h] = AGENTS["heuristic"]()
        rec = play_match(GAME, {}, seed, agents)
        assert rec.outcome is not None
        wins += rec.outcome.winners[0] == h
    assert wins / 300 >= 0.75


def test_ceiling_bounds_every_win() -> None:
    """The ceiling tool: every seed a bot actually wins is found winnable (it is an upper bound)."""
    unwinnable = 0
    for seed in range(30):
        h = seed % 2
        ok = winnable(GAME, {}, seed, h)
        unwinnable += not ok
        for agent in (AGENTS["greedy"](), RandomAgent()):
            agents: list[Any] = [RandomAgent(), RandomAgent()]
            agents[h] = agent
            rec = play_match(GAME, {}, seed, agents)
            assert rec.outcome is not None
            assert ok or rec.outcome.winners[0] != h
    assert unwinnable > 0  # some duels are lost whatever the bot chooses


def test_position_round_trip_and_bad_field() -> None:
    """Positions: the JSON round-trips exactly; a bad field is named."""
    s = GAME.new_state(GAME.make_config({}), 4)
    data = GAME.state_to_json(s)
    assert GAME.state_to_json(GAME.state_from_json(s.config, data)) == data
    bad = dict(data, dice=[[0] * 6, [9] * 6])
    with pytest.raises(PositionError, match="dice"):
        GAME.state_from_json(s.config, bad)


def test_matrix_tool_counts_and_interval() -> None:
    """Designer tool: the card-vs-card matrix is antisymmetric and Wilson intervals bracket p."""
    m = matrix(2, 0, "comparison", None)
    assert len(m) == 12 and all(len(r) == 12 for r in m)
    assert m[0][1][0] + m[1][0][0] == 2
    lo, hi = wilson(30, 40)
    assert lo < 0.75 < hi
