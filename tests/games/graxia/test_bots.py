"""The heuristic bot beats the random bot in every scenario (a few games, seats alternated;
the benchmark with more games is in docs/games/graxia.md)."""

from __future__ import annotations

import pytest
from graxia_helpers import GAME

from wartable.agents.random_agent import RandomAgent
from wartable.core.match import play_match
from wartable.games.graxia import HeuristicAgent

# two-player scenarios (the solo ones, one seat: test_solo_bots.py)
TWO_PLAYER = [c["scenario"] for c in GAME.example_configs() if not c["scenario"].startswith("solo")]


@pytest.mark.parametrize("scenario", TWO_PLAYER)
def test_heuristic_beats_random(scenario: str) -> None:
    config = GAME.make_config({"scenario": scenario})
    won = 0.0
    games = 4
    for i in range(games):
        seat = i % 2
        agents = (
            [HeuristicAgent(), RandomAgent()] if seat == 0 else [RandomAgent(), HeuristicAgent()]
        )
        out = play_match(GAME, config, 9000 + i, agents).outcome
        won += 1.0 if seat in out.winners else 0.5 if not out.winners else 0.0
    assert won >= 3, f"{scenario}: the heuristic won {won} of {games}"


def test_heuristic_chooses_the_same_with_hidden_cards_redrawn() -> None:
    """The bot reads only its observation: two states that differ in hidden cards only give
    it the same observation, hence the same choice."""
    from wartable.core.rng import Rng

    config = GAME.make_config({"scenario": "2p-1"})
    state = GAME.new_state(config, 4)
    rng = Rng(1)
    for _ in range(60):
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        GAME.apply_fast(state, seat, legal[rng.below(len(legal))], None)
    seat = GAME.to_act(state)[0]
    obs = GAME.observe(state, seat)
    other = GAME.determinize(obs, Rng(2))
    legal = GAME.legal_actions(state, seat)
    a = HeuristicAgent().act(GAME, obs, legal, seat, Rng(5))
    b = HeuristicAgent().act(
        GAME, GAME.observe(other, seat), GAME.legal_actions(other, seat), seat, Rng(5)
    )
    assert a == b
