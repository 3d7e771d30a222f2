"""Helpers for the ISMCTS tests: positions from seeded games, and a spying game proxy."""

from __future__ import annotations

import json
from typing import Any

from wartable.agents.random_agent import RandomAgent
from wartable.core.match import play_match
from wartable.core.rng import Rng
from wartable.games import get_game

# a 2-player config per game where it has one (fast, and what strength is measured on);
# Skirm with 3-card hands, so that there is something hidden to choose from
TWO_PLAYER: dict[str, dict[str, Any]] = {
    "skirm": {"hand_sizes": [3, 3]},
    "weapons": {"players": 2},
    "invasion": {"players": 2, "mode": "two_player", "battle_stage": "1"},
}

# iterations per decision that keep whole games quick in every game
SMALL_BUDGET: dict[str, int] = {"invasion": 4, "graxia": 4}

# iterations of a search guided by the game's heuristic, for a few decisions: Skirm's
# heuristic plays Monte Carlo duels itself (each guided iteration costs ~0.3 s)
GUIDED_BUDGET: dict[str, int] = {**SMALL_BUDGET, "skirm": 6}


def config_for(gid: str) -> dict[str, Any]:
    return TWO_PLAYER.get(gid, {})


def decision_states(gid: str, seed: int, count: int = 4) -> list[tuple[Any, int]]:
    """(true state, seat) at spread-out decisions of a seeded random game where
    the seat to act has a real choice."""
    game = get_game(gid)
    config = game.make_config(config_for(gid))
    seats = game.num_players(game.new_state(config, seed))
    record = play_match(game, config, seed, [RandomAgent() for _ in range(seats)])
    state = game.new_state(config, seed)
    picks = {int(record.length * i / count) for i in range(count)}
    out: list[tuple[Any, int]] = []
    for i, (seat, action) in enumerate(record.actions):
        if i in picks or (len(out) < len(picks) and i > max(picks)):
            if len(game.legal_actions(state, seat)) > 1:
                out.append((state.copy(), seat))
        game.apply_fast(state, seat, action, None)
    return out


def hidden_dump(game: Any, state: Any) -> str:
    """The state's position JSON with its chance generator left out."""
    saved = state.rng
    state.rng = Rng(0)
    try:
        return json.dumps(game.state_to_json(state), sort_keys=True)
    finally:
        state.rng = saved


ALLOWED = {
    "determinize",
    "to_act",
    "legal_actions",
    "apply_fast",
    "is_terminal",
    "outcome",
    "observe",
    "num_players",
    "action_to_str",
}


class SpyGame:
    """Forwards to a real game and, while an agent is deciding, checks every call.

    During ``act`` the agent may only: call ``determinize`` with the very
    observation it was given, and call the rules on states that ``determinize``
    returned during this decision. Everything else is recorded as a violation.
    """

    def __init__(self, game: Any) -> None:
        self._game = game
        self.in_agent = False
        self.observation: Any = None
        self.searched: dict[int, Any] = {}  # id -> determinized state (kept alive)
        self.snapshots: list[str] = []  # hidden dumps of this decision's determinizations
        self.true_states: list[Any] = []
        self.violations: list[str] = []
        self.determinize_calls = 0

    def __getattr__(self, name: str) -> Any:
        attr = getattr(self._game, name)
        if not callable(attr):
            return attr

        def call(*args: Any, **kwargs: Any) -> Any:
            if not self.in_agent:
                result = attr(*args, **kwargs)
                if name in ("new_state", "state_from_json"):
                    self.true_states.append(result)
                return result
            if name not in ALLOWED:
                self.violations.append(f"agent called {name}")
            if name == "determinize":
                if args[0] is not self.observation:
                    self.violations.append("determinize got something other than the observation")
                result = attr(*args, **kwargs)
                self.determinize_calls += 1
                self.searched[id(result)] = result
                self.snapshots.append(hidden_dump(self._game, result))
                return result
            for arg in args:
                if hasattr(arg, "copy") and hasattr(arg, "config"):  # a game state
                    if any(arg is t for t in self.true_states):
                        self.violations.append(f"agent passed the true state to {name}")
                    elif id(arg) not in self.searched:
                        self.violations.append(f"agent passed a non-determinized state to {name}")
            return attr(*args, **kwargs)

        return call


class SpyAgent:
    """Runs an inner agent with the spy switched on for the length of ``act``."""

    name = "spy"
    needs_observation = True

    def __init__(self, inner: Any, spy: SpyGame) -> None:
        self.inner = inner
        self.spy = spy
        self.decisions = 0
        self.varied = 0  # decisions whose determinizations were not all alike
        self.matched_truth = 0  # determinizations identical to the true hidden state
        self.total = 0

    def act(self, game: Any, observation: Any, legal: list[int], seat: int, rng: Rng) -> int:
        spy = self.spy
        assert game is spy
        before = json.dumps(observation, sort_keys=True)
        truth = hidden_dump(spy._game, spy.true_states[-1])
        spy.in_agent, spy.observation = True, observation
        spy.searched, spy.snapshots = {}, []
        try:
            action = self.inner.act(game, observation, legal, seat, rng)
        finally:
            spy.in_agent = False
        assert json.dumps(observation, sort_keys=True) == before, "the agent changed its input"
        assert action in legal
        self.decisions += 1
        self.varied += len(set(spy.snapshots)) > 1
        self.matched_truth += sum(s == truth for s in spy.snapshots)
        self.total += len(spy.snapshots)
        return action
