"""``play_match`` refuses an agent's answer that is not one of the legal ids it was offered.

In each of the five games a bot plays honestly (uniform random) for a few of its turns,
then answers wrong once: an id inside the action space that is not legal there, one
outside it, or something that is not an integer. ``play_match`` must raise
``IllegalAction`` naming the agent, the seat, the answer and the decision number; the
decision number expected is found independently, by replaying the honest log.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from wartable.agents.random_agent import RandomAgent
from wartable.core.errors import IllegalAction
from wartable.core.game import Game
from wartable.core.match import play_match
from wartable.core.rng import Rng
from wartable.games import get_game

GAMES = ("skirm", "graxia", "invasion", "weapons", "draconia")
SEED = 7
HONEST_TURNS = 3  # the broken seat answers honestly this many times first
BROKEN_SEAT = 1


class BrokenAgent:
    """Random for ``honest`` answers, then ``wrong(legal, num_actions)`` once."""

    needs_observation = False

    def __init__(self, honest: int, wrong: Any, num_actions: int) -> None:
        self.name = "broken-test-bot"
        self.honest = honest
        self.wrong = wrong
        self.num_actions = num_actions
        self.calls = 0

    def act(self, game: Any, obs: Any, legal: list[int], seat: int, rng: Rng) -> Any:
        self.calls += 1
        if self.calls <= self.honest:
            return legal[rng.below(len(legal))]  # exactly what RandomAgent answers
        return self.wrong(legal, self.num_actions)


def _illegal_in_range(legal: list[int], num_actions: int) -> int:
    return next(a for a in range(num_actions) if a not in legal)


WRONG_ANSWERS: dict[str, tuple[Any, str]] = {
    # name: (answer given the legal list and the action-space size, text the message shows)
    "illegal id": (_illegal_in_range, "returned action"),
    "past the action space": (lambda legal, n: n, "returned action"),
    "negative": (lambda legal, n: -1, "returned action -1"),
    "string": (lambda legal, n: str(legal[0]), "(str)"),
    "float": (lambda legal, n: 1.5, "returned 1.5 (float)"),
    "integral float": (lambda legal, n: float(legal[0]), "(float)"),
    "bool": (lambda legal, n: True, "returned True (bool)"),
    "none": (lambda legal, n: None, "returned None"),
}


def _setup(game_id: str) -> tuple[Game[Any, Any], Any, int]:
    game: Game[Any, Any] = get_game(game_id)
    config = game.make_config({})
    seats = game.num_players(game.new_state(config, SEED))
    return game, config, seats


def _decision_of_turn(game: Game[Any, Any], config: Any, seat: int, turn: int) -> int:
    """The decision number at which ``seat`` is asked for the ``turn``-th time (0-based) in
    the honest all-random game: its log replayed, forced moves (one legal action, never
    asked) skipped."""
    seats = game.num_players(game.new_state(config, SEED))
    record = play_match(game, config, SEED, [RandomAgent() for _ in range(seats)])
    state = game.new_state(config, SEED)
    asked = 0
    for number, (who, action) in enumerate(record.actions):
        if who == seat and len(game.legal_actions(state, who)) > 1:
            if asked == turn:
                return number
            asked += 1
        game.apply(state, who, action)
    raise AssertionError(f"seat {seat} was asked only {asked} times")


@pytest.mark.parametrize("wrong", list(WRONG_ANSWERS))
@pytest.mark.parametrize("game_id", GAMES)
def test_play_match_refuses_a_wrong_answer(game_id: str, wrong: str) -> None:
    game, config, seats = _setup(game_id)
    answer, shown = WRONG_ANSWERS[wrong]
    agents: list[Any] = [RandomAgent() for _ in range(seats)]
    agents[BROKEN_SEAT] = BrokenAgent(HONEST_TURNS, answer, game.num_actions(config))
    decision = _decision_of_turn(game, config, BROKEN_SEAT, HONEST_TURNS)
    with pytest.raises(IllegalAction) as caught:
        play_match(game, config, SEED, agents)
    message = str(caught.value)
    assert game_id in message
    assert "'broken-test-bot'" in message
    assert f"seat {BROKEN_SEAT}," in message
    assert f"decision {decision}:" in message
    assert shown in message


def test_the_message_names_the_illegal_id() -> None:
    """The exact id the agent gave is in the message (not only a fixed text)."""
    game, config, seats = _setup("skirm")
    agents: list[Any] = [RandomAgent() for _ in range(seats)]
    agents[0] = BrokenAgent(0, lambda legal, n: 117, n := game.num_actions(config))
    assert 117 < n
    with pytest.raises(IllegalAction, match=r"returned action 117, which is not legal"):
        play_match(game, config, SEED, agents)


class NumpyRandomAgent:
    """RandomAgent's choice, handed back as a numpy integer (as an array-based bot would)."""

    name = "numpy-random"
    needs_observation = False

    def act(self, game: Any, obs: Any, legal: list[int], seat: int, rng: Rng) -> Any:
        return np.int64(legal[rng.below(len(legal))])


@pytest.mark.parametrize("game_id", GAMES)
def test_numpy_integers_are_accepted_and_logged_as_int(game_id: str) -> None:
    game, config, seats = _setup(game_id)
    plain = play_match(game, config, SEED, [RandomAgent() for _ in range(seats)])
    numpy = play_match(game, config, SEED, [NumpyRandomAgent() for _ in range(seats)])
    assert numpy.actions == plain.actions
    assert all(type(action) is int for _, action in numpy.actions)
    assert numpy.outcome == plain.outcome


def test_the_agents_generators_are_those_of_the_honest_game() -> None:
    """The premise of the decision numbers above: a BrokenAgent's honest answers draw from
    its generator exactly as RandomAgent does, so both games agree up to the wrong answer."""
    game, config, seats = _setup("draconia")
    honest = play_match(game, config, SEED, [RandomAgent() for _ in range(seats)])
    mimic = play_match(game, config, SEED, [BrokenAgent(10**9, None, 0) for _ in range(seats)])
    assert mimic.actions == honest.actions
