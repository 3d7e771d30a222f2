"""Skirm bots, positions and errors (docs/games/skirm.md)."""

from __future__ import annotations

from typing import Any

import pytest

from wartable.agents.random_agent import RandomAgent
from wartable.core.errors import PositionError
from wartable.core.match import play_match
from wartable.core.stats import wilson_interval as wilson
from wartable.games.skirm import AGENTS, GAME
from wartable.games.skirm.tools.best import measure
from wartable.games.skirm.tools.ceiling import winnable
from wartable.games.skirm.tools.matrix import matrix


@pytest.mark.parametrize("deals", [100, pytest.param(300, marks=pytest.mark.slow)])
def test_heuristic_against_the_best_play_on_the_same_deals(deals: int) -> None:
    """The heuristic bot against random, stated against the clairvoyant ceiling of the same
    (deal, future) pairs rather than as an absolute win rate, which the dealt cards and
    dice decide (docs/games/skirm.md, "Bars against the best play").

    Seeds 0-299, one future each, seats alternating: measured 79.3% won of 88.3% winnable
    by any sequence of choices (89.8% of the ceiling); seeds 0-99 alone (`make test`; the
    300 run in `make soak`): 90.8%. The bar is 85% of the ceiling.
    """
    out = measure({}, range(deals), 1, ["heuristic"])
    assert out["pairs"] == deals
    assert out["share_of_ceiling"]["heuristic"] >= 0.85, out


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
    """Designer tool: the card-vs-card matrix is antisymmetric, and its Wilson interval gives
    the numbers worked by hand: 30 of 40 at z = 1.96 is centre (0.75 + 0.048) / 1.096 =
    0.7281, half-width 1.96 * sqrt(0.75 * 0.25 / 40 + 1.96**2 / 6400) / 1.096 = 0.1300."""
    m = matrix(2, 0, "comparison", None)
    assert len(m) == 12 and all(len(r) == 12 for r in m)
    assert m[0][1][0] + m[1][0][0] == 2
    assert wilson(30, 40) == pytest.approx((0.5981, 0.8581), abs=1e-4)
    assert wilson(2, 4) == pytest.approx((0.1500, 0.8500), abs=1e-4)  # symmetric about 1/2
