"""The seat view (view.py) rebuilds exactly the state the observation dict rebuilds.

``play_match`` hands the heuristic ``GraxiaGame.seat_view`` instead of ``observe``'s dict;
its games must stay the games the dict gives. At every decision of random and heuristic
games, for both seats, ``determinize`` of the view and of the dict, from generators in the
same state, must give the same state and leave the generators alike. The view shares the
game state's public lists: the state ``determinize`` builds from it must not.
"""

from __future__ import annotations

from functools import cache

import pytest

from wartable.agents.random_agent import RandomAgent
from wartable.core.match import play_match
from wartable.core.rng import Rng
from wartable.games.graxia import GAME, HeuristicAgent
from wartable.games.graxia.state import GraxiaState
from wartable.games.graxia.view import SeatView

SCENARIOS = ("2p-1", "2p-2", "2p-3", "2p-4", "2p-5", "2p-6", "custom")


@cache
def states(scenario: str, heuristic: bool) -> list[GraxiaState]:
    """Every position of one game (heuristic or random players)."""
    config = GAME.make_config({"scenario": scenario})
    agents = [HeuristicAgent(), HeuristicAgent()] if heuristic else [RandomAgent(), RandomAgent()]
    record = play_match(GAME, config, 5, agents)
    state = GAME.new_state(config, 5)
    out = []
    for seat, action in record.actions:
        out.append(state.copy())
        GAME.apply_fast(state, seat, action, None)
    return out


@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.parametrize("heuristic", [False, True])
def test_view_and_dict_determinize_alike(scenario: str, heuristic: bool) -> None:
    phases = set()
    for i, s in enumerate(states(scenario, heuristic)):
        for seat in (0, 1):
            view = GAME.seat_view(s, seat)
            assert isinstance(view, SeatView)
            by_view, by_dict = Rng(i), Rng(i)
            a = GAME.determinize(view, by_view)
            b = GAME.determinize(GAME.observe(s, seat), by_dict)
            assert GAME.state_to_json(a) == GAME.state_to_json(b), (i, seat)
            assert a.config == b.config and a.sc is b.sc
            assert by_view.state == by_dict.state
            phases.add(s.phase)
    assert len(phases) >= 6  # set-up, command, battle steps, draw, buy: all compared


def test_the_built_state_shares_no_list_with_the_game() -> None:
    s = states("2p-1", True)[60]
    before = GAME.state_to_json(s)
    for seat in (0, 1):
        t = GAME.determinize(GAME.seat_view(s, seat), Rng(3))
        for name in GraxiaState.__slots__:
            value = getattr(t, name)
            if isinstance(value, list):
                value.append(7)
                for item in value:
                    if isinstance(item, list):
                        item.append(7)
        t.commit.buffers[0].append(7)
    assert GAME.state_to_json(s) == before


def test_a_solo_seat_view_is_the_observation() -> None:
    config = GAME.make_config({"scenario": "solo-1"})
    s = GAME.new_state(config, 2)
    assert GAME.seat_view(s, 0) == GAME.observe(s, 0)
