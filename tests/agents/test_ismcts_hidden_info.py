"""The ISMCTS agent cannot see hidden information.

Three angles, each over every registered game:
1. Re-randomise everything the seat cannot see (the game's ``hidden.py`` scrambler,
   declared apart from ``observe``): the agent's move and its whole root statistics are
   unchanged.
   A control agent that peeks at the true state from its caller's frame (the
   way a leaky bot could) fails the same check, so the check can fail.
2. Inside a real match (``play_match``) a spying game proxy checks every call
   the agent makes while deciding: it only calls ``determinize`` with the very
   observation it was given, and only runs the rules on states that
   ``determinize`` returned, never on the match's true state.
3. Those determinizations really vary, and do not systematically coincide
   with the true hidden state.
"""

from __future__ import annotations

import hashlib
import inspect
import json
from typing import Any

import pytest
from ismcts_support import (
    SMALL_BUDGET,
    SpyAgent,
    SpyGame,
    config_for,
    decision_states,
    hidden_dump,
)

from wartable.agents.ismcts import ISMCTSAgent
from wartable.agents.random_agent import RandomAgent
from wartable.core.match import play_match
from wartable.core.rng import Rng
from wartable.games import available_games, get_game

GAMES = available_games()


class PeekingAgent:
    """A deliberately leaky control bot: reads the true state from its caller's frame."""

    name = "peek"
    needs_observation = True

    def act(self, game: Any, observation: Any, legal: list[int], seat: int, rng: Rng) -> int:
        frame = inspect.currentframe()
        assert frame is not None and frame.f_back is not None
        true_state = frame.f_back.f_locals["true_state"]
        digest = hashlib.sha256(hidden_dump(game, true_state).encode()).digest()
        return legal[int.from_bytes(digest[:8], "big") % len(legal)]


def decide(game: Any, true_state: Any, seat: int, agent: Any, seed: int) -> int:
    """How a match asks an agent (the true state sits in this frame, as in play_match)."""
    observation = game.observe(true_state, seat)
    legal = game.legal_actions(true_state, seat)
    return int(agent.act(game, observation, legal, seat, Rng(seed)))


@pytest.mark.parametrize("gid", GAMES)
def test_choice_unchanged_when_hidden_information_is_redrawn(gid: str) -> None:
    """The hidden state is redrawn by the game's ``hidden.py`` scrambler (written from the
    rulebook apart from ``observe``/``determinize``), not from the seat's own observation:
    the agent, asked through the game as a match asks it, must choose the same."""
    game = get_game(gid)
    scramble = game.hidden_scrambler()
    assert scramble is not None
    budget = SMALL_BUDGET.get(gid, 60)
    redrawn = peek_differs = 0
    for n, (state, seat) in enumerate(decision_states(gid, seed=21, count=6)):
        for k in range(3):
            other = scramble(state, seat, Rng(1000 * n + k))
            if hidden_dump(game, other) == hidden_dump(game, state):
                continue  # nothing hidden here: no evidence either way
            redrawn += 1
            a, b = ISMCTSAgent(iterations=budget), ISMCTSAgent(iterations=budget)
            assert decide(game, state, seat, a, 7) == decide(game, other, seat, b, 7)
            assert a.last_search is not None and b.last_search is not None
            assert a.last_search.root_stats() == b.last_search.root_stats()
            peek = PeekingAgent()
            peek_differs += decide(game, state, seat, peek, 7) != decide(game, other, seat, peek, 7)
    assert redrawn >= 3, f"{gid}: too few positions with hidden information to test"
    assert peek_differs > 0, f"{gid}: the control (a peeking bot) was never caught"


def test_choice_check_catches_an_observation_that_leaks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Control for the check above: with Weapons' ``observe`` listing the cards in the other
    hands among the discards (a planted leak), the agent's determinizations, hence its
    search, follow those cards, and the check sees it."""
    from wartable.games.weapons.game import WeaponsGame

    original = WeaponsGame.observe

    def leaky(self: WeaponsGame, state: Any, player: int | None) -> dict[str, Any]:
        obs = original(self, state, player)
        others = [c for p, h in enumerate(state.hands) if p != player for c in h]
        return {**obs, "discard": obs["discard"] + sorted(others)}

    monkeypatch.setattr(WeaponsGame, "observe", leaky)
    with pytest.raises(AssertionError):
        test_choice_unchanged_when_hidden_information_is_redrawn("weapons")


@pytest.mark.parametrize("gid", GAMES)
def test_agent_only_searches_determinizations_of_its_observation(gid: str) -> None:
    game = get_game(gid)
    spy = SpyGame(game)
    budget = SMALL_BUDGET.get(gid, 20)
    config = game.make_config(config_for(gid))
    seats = game.num_players(game.new_state(config, 3))
    agent = SpyAgent(ISMCTSAgent(iterations=budget), spy)
    others: list[Any] = [RandomAgent() for _ in range(seats - 1)]
    record = play_match(spy, config, 3, [agent, *others])
    assert record.outcome is not None
    assert agent.decisions > 0
    assert spy.violations == [], sorted(set(spy.violations))
    # one determinization per iteration; each search ran its budget or stopped once decided
    assert spy.determinize_calls == agent.total <= agent.decisions * budget
    # the determinizations really vary and are not the true hidden state
    assert agent.varied > 0, f"{gid}: determinizations never varied"
    assert agent.matched_truth < agent.total / 2, (
        f"{gid}: {agent.matched_truth}/{agent.total} determinizations equal the true state"
    )


def test_spy_catches_an_agent_that_uses_the_true_state() -> None:
    """Control for the spy: an agent running the rules on the true state is flagged."""
    gid = "skirm" if "skirm" in GAMES else GAMES[0]
    game = get_game(gid)
    spy = SpyGame(game)

    class Cheat:
        name = "cheat"
        needs_observation = True

        def act(self, g: Any, observation: Any, legal: list[int], seat: int, rng: Rng) -> int:
            caller = inspect.currentframe().f_back.f_back  # type: ignore[union-attr]
            state = caller.f_locals["state"]  # type: ignore[union-attr]
            g.legal_actions(state, seat)
            return legal[0]

    config = game.make_config(config_for(gid))
    seats = game.num_players(game.new_state(config, 3))
    agent = SpyAgent(Cheat(), spy)
    spy.true_states.clear()
    play_match(spy, config, 3, [agent, *[RandomAgent() for _ in range(seats - 1)]])
    assert any("true state" in v for v in spy.violations)
    json.dumps(spy.violations)
