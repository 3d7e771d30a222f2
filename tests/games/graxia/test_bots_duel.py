"""Graxia's two-player levels (bots_duel.py): what they are, what they see, how they score a
position, and the committed tournament logs that measure them (docs/agents.md,
"Graxia's levels")."""

from __future__ import annotations

import pytest

from wartable.agents.specs import available_agents, make_agent
from wartable.core.errors import ConfigError
from wartable.core.rng import Rng
from wartable.games.graxia import GAME, HeuristicAgent
from wartable.games.graxia.bots_duel import (
    DuelAgent,
    EasyAgent,
    HardAgent,
    NormalAgent,
    duel_value,
    ranked,
)
from wartable.games.graxia.hidden import scramble
from wartable.games.graxia.state import COMMAND, OVER, T_HOLD0, T_WINNER, GraxiaState
from wartable.server.bot_limits import BotLimits, check_bot_spec
from wartable.server.errors import Unprocessable


def _command_position(scenario: str, seed: int, turn: int, seat: int) -> GraxiaState:
    """Heuristic self-play up to ``seat``'s Command Phase of Game Turn ``turn``."""
    state = GAME.new_state(GAME.make_config({"scenario": scenario}), seed)
    agent, rng = HeuristicAgent(), Rng(seed)
    for _ in range(5_000):
        who = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, who)
        if state.phase == COMMAND and who == seat and state.turn >= turn and len(legal) > 3:
            return state
        GAME.apply_fast(
            state, who, agent.act(GAME, GAME.observe(state, who), legal, who, rng), None
        )
    raise AssertionError(f"{scenario} seed {seed}: no Command Phase of seat {seat} on turn {turn}")


def test_the_levels_are_graxias_own_and_bounded_on_the_server() -> None:
    """Graxia's package defines easy/normal/hard (taking precedence over the generic ISMCTS
    levels); the server lets a stranger make them cheaper, never dearer; bad parameters are
    refused with a clear error."""
    agents = available_agents("graxia")
    assert (agents["easy"], agents["normal"], agents["hard"]) == (
        EasyAgent,
        NormalAgent,
        HardAgent,
    )
    hard = make_agent("hard", "graxia")
    assert isinstance(hard, DuelAgent) and hard.worlds > NormalAgent().worlds
    assert EasyAgent().worlds == 0 and EasyAgent().slip > 0
    limits = BotLimits()
    check_bot_spec("hard:worlds=1", "graxia", 2, limits)
    with pytest.raises(Unprocessable, match="worlds"):
        check_bot_spec(f"hard:worlds={hard.worlds + 1}", "graxia", 2, limits)
    for bad in ({"width": 0}, {"worlds": -1}, {"steps": 1.5}, {"slip": 2}):
        with pytest.raises(ConfigError, match="duel"):
            DuelAgent(**bad)


def test_duel_sees_no_hidden_information() -> None:
    """Redrawing what the seat may not see (the scrambler: the opponent's hand, every deck's
    order, the generator) leaves the search's choice unchanged for the same agent seed: it
    decides from the observation alone."""
    state = _command_position("2p-1", 7, 3, 1)
    legal = GAME.legal_actions(state, 1)
    agent = DuelAgent(width=3, worlds=2)
    choice = agent.act(GAME, GAME.observe(state, 1), legal, 1, Rng(5))
    assert choice in legal
    redrawn = 0
    for k in range(3):
        other = scramble(state, 1, Rng(100 + k))
        redrawn += other.hands[0] != state.hands[0] or other.decks != state.decks
        assert GAME.legal_actions(other, 1) == legal
        assert agent.act(GAME, GAME.observe(other, 1), legal, 1, Rng(5)) == choice
    assert redrawn == 3, "the scrambler must have changed the hidden state"


def test_duel_value_counts_the_scenarios_victory_terms() -> None:
    """Two Cities (2p-1): a round more holding both cities is better for the holder and
    worse for the other seat; a victory point more is better; a won game beats anything."""
    s = _command_position("2p-1", 3, 2, 0)
    held = s.copy()
    held.track[T_HOLD0] += 1
    assert duel_value(held, 0) > duel_value(s, 0)
    assert duel_value(held, 1) < duel_value(s, 1)
    ahead = s.copy()
    ahead.vp[0] += 2
    assert duel_value(ahead, 0) > duel_value(s, 0)
    won = s.copy()
    won.phase, won.track[T_WINNER] = OVER, 0
    assert duel_value(won, 0) > duel_value(held, 0) and duel_value(won, 1) < duel_value(s, 1)


def test_easy_slips_among_the_best_and_normal_and_hard_search_them() -> None:
    """Every level picks among the one-ply ranking's best ``width``; ``easy`` sometimes
    plays one that is not the best, deterministically for its seed."""
    state = _command_position("2p-1", 5, 2, 0)
    legal = GAME.legal_actions(state, 0)
    obs = GAME.observe(state, 0)
    order = [a for _, a in ranked(GAME, state, legal, 0)]
    easy = EasyAgent()
    picks = [easy.act(GAME, obs, legal, 0, Rng(seed)) for seed in range(30)]
    assert set(picks) <= set(order[: easy.width])
    assert order[0] in picks and len(set(picks)) > 1
    assert picks == [easy.act(GAME, obs, legal, 0, Rng(seed)) for seed in range(30)]
    for level in (NormalAgent(), HardAgent()):
        assert level.act(GAME, obs, legal, 0, Rng(1)) in order[: level.width]
