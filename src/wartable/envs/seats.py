"""What the PettingZoo AEC and parallel environments share: seats, spaces, encoding.

One ``Table`` per environment: the game and its validated config, the
encoder, the agents ``player_<seat>``, the observation, action and global
state spaces, the reward rule, and the checks of an action against the
legal ones (``IllegalAction`` naming the rule it breaks).

The **global state** (``state()``, for centralised critics) is every seat's
encoded observation, seat 0 first: all that any seat knows, nothing that no
seat knows (the deck order and future rolls stay hidden).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

from wartable.core.errors import IllegalAction
from wartable.core.game import Game

from .common import DEFAULT_REWARD, HIGH, LOW, action_mask, bounded, check_reward, resolve_game
from .encoders import make_encoder

ADAPTER_OPTIONS = ("encoder", "render_mode", "reward", "max_cycles")


class NotReset(RuntimeError):
    """A method that needs a game was called before ``reset()``."""


def split_options(config: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """``env(game, **kwargs)``: the game's config keys and the adapter's options."""
    options = {k: config[k] for k in ADAPTER_OPTIONS if k in config}
    return {k: v for k, v in config.items() if k not in options}, options


class Table:
    def __init__(
        self,
        game: str | Game[Any, Any],
        config: dict[str, Any] | None,
        encoder: str = "auto",
        reward: str = DEFAULT_REWARD,
        max_cycles: int | None = None,
    ) -> None:
        self.game = resolve_game(game)
        self.config = self.game.make_config(config or {})
        self.reward = check_reward(reward)
        if max_cycles is not None and int(max_cycles) < 1:
            raise ValueError(f"max_cycles must be >= 1 or None, got {max_cycles}")
        self.max_cycles = None if max_cycles is None else int(max_cycles)
        self.encoder = make_encoder(self.game, self.config, encoder)
        self.num_actions = self.game.num_actions(self.config)
        self.seats = self.game.num_players(self.game.new_state(self.config, 0))
        self.possible_agents = [f"player_{s}" for s in range(self.seats)]
        self.agent_seat = {a: s for s, a in enumerate(self.possible_agents)}
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(LOW, HIGH, (self.encoder.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.num_actions,), np.int8),
            }
        )
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.num_actions) for a in self.possible_agents}
        self.state_space = spaces.Box(LOW, HIGH, (self.seats * self.encoder.size,), np.float32)

    def encode(self, state: Any, seat: int) -> np.ndarray:
        return bounded(self.encoder.encode(self.game.observe(state, seat)))

    def observation(self, state: Any, seat: int, legal: list[int]) -> dict[str, np.ndarray]:
        return {
            "observation": self.encode(state, seat),
            "action_mask": action_mask(legal, self.num_actions),
        }

    def global_state(self, state: Any) -> np.ndarray:
        return np.concatenate([self.encode(state, s) for s in range(self.seats)])

    def legal(self, state: Any, seat: int) -> list[int]:
        """``seat``'s legal actions now (empty when it has no decision)."""
        if seat not in self.game.to_act(state):
            return []
        return self.game.legal_actions(state, seat)

    def refuse(self, state: Any, seat: int, action: Any) -> IllegalAction:
        agent = self.possible_agents[seat]
        if action is None:
            return IllegalAction(f"{agent}: must decide now, but no action was given")
        if not 0 <= int(action) < self.num_actions:
            reason = f"not an action of this game (0..{self.num_actions - 1})"
        else:
            reason = self.game.explain_illegal(state, seat, int(action))
        return IllegalAction(f"{agent}: action {int(action)} is not legal: {reason}")


class SeatedEnv:
    """What the AEC and parallel environments answer alike: spaces per agent, the global
    state, the seed once the game is over; a method that needs a game before ``reset()``
    raises ``NotReset``."""

    table: Table
    game: Game[Any, Any]
    game_state: Any
    observation_spaces: dict[str, spaces.Dict]
    action_spaces: dict[str, spaces.Discrete]
    _seed: int

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def _need_game(self, what: str) -> Any:
        if self.game_state is None:
            raise NotReset(f"reset() needs to be called before {what}()")
        return self.game_state

    def state(self) -> np.ndarray:
        """The global state: every seat's encoded observation, seat 0 first."""
        return self.table.global_state(self._need_game("state"))

    @property
    def seed_used(self) -> int | None:
        """The engine seed of this game, once it is over (``None`` while it goes on: the
        seed would reveal the whole deal). Infos never hold it."""
        if self.game_state is None or not self.game.is_terminal(self.game_state):
            return None
        return self._seed
