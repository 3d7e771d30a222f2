"""PettingZoo AEC environments for every wartable game and mode.

``env(game, **config)`` (DESIGN.md, "Research entry points") builds one; the
config keys are the game's own (``env("weapons", players=3)``) plus two
adapter options: ``encoder`` ("auto" or "generic", see
``wartable.envs.encoders``) and ``render_mode`` ("ansi" or "human").

Agents are ``player_<seat>``. Each observation is
``{"observation": float32 vector, "action_mask": int8 over the action universe}``;
the mask comes from ``legal_actions`` and is all zeros for a seat that has
no decision now. A simultaneous decision (several seats in ``to_act``)
appears as consecutive turns, lowest seat first; each seat's observation
comes from ``game.observe``, which hides the earlier commitments. Rewards
are given at the end only (``common.terminal_rewards``). Stepping an
illegal action raises ``IllegalAction``. The engine seed of a game is in no
observation or info; ``seed_used`` gives it once the game is over.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from wartable.core.errors import IllegalAction
from wartable.core.game import Game

from .common import BOUND, action_mask, bounded, resolve_game, terminal_rewards
from .encoders import make_encoder


class WartableAECEnv(AECEnv[str, dict[str, np.ndarray], int]):
    """One wartable game as a PettingZoo AEC environment (through the ``Game`` protocol)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (the PettingZoo convention)
        "render_modes": ["ansi", "human"],
        "name": "wartable_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str | Game[Any, Any],
        config: dict[str, Any] | None = None,
        encoder: str = "auto",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.game = resolve_game(game)
        self.config = self.game.make_config(config or {})
        self.metadata = {**self.metadata, "name": f"wartable_{self.game.id}_v0"}
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.encoder = make_encoder(self.game, self.config, encoder)
        self.num_actions = self.game.num_actions(self.config)
        seats = self.game.num_players(self.game.new_state(self.config, 0))
        self.possible_agents = [f"player_{s}" for s in range(seats)]
        self.agent_seat = {a: s for s, a in enumerate(self.possible_agents)}
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(-BOUND, BOUND, (self.encoder.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.num_actions,), np.int8),
            }
        )
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.num_actions) for a in self.possible_agents}
        self._seeder = np.random.default_rng()
        self.state: Any = None
        self._seed = 0

    # ----- spaces ----------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # ----- the AEC loop ----------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeder = np.random.default_rng(seed)
        self._seed = int(self._seeder.integers(0, 2**62))
        self.state = self.game.new_state(self.config, self._seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._legal: dict[int, list[int]] = {}
        self.agent_selection = self._next_agent(0)

    @property
    def seed_used(self) -> int | None:
        """The engine seed of this game, once it is over (``None`` while it goes on: the
        seed would reveal the whole deal). Infos never hold it."""
        if self.state is None or not self.game.is_terminal(self.state):
            return None
        return self._seed

    def _next_agent(self, after: int) -> str:
        acting = self.game.to_act(self.state)
        if acting:
            return self.possible_agents[acting[0]]
        return self.possible_agents[after % len(self.possible_agents)]

    def legal(self, seat: int) -> list[int]:
        """Legal actions of ``seat`` now (empty if it has no decision); cached per step."""
        if seat not in self._legal:
            acting = self.game.to_act(self.state)
            self._legal[seat] = self.game.legal_actions(self.state, seat) if seat in acting else []
        return self._legal[seat]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.agent_seat[agent]
        vec = bounded(self.encoder.encode(self.game.observe(self.state, seat)))
        return {"observation": vec, "action_mask": action_mask(self.legal(seat), self.num_actions)}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.agent_seat[agent]
        if action is None or int(action) not in self.legal(seat):
            shown = action if action is None else int(action)
            reason = (
                "no action given"
                if action is None or not 0 <= int(action) < self.num_actions
                else self.game.explain_illegal(self.state, seat, int(action))
            )
            raise IllegalAction(f"{agent}: action {shown} is not legal: {reason}")
        self._cumulative_rewards[agent] = 0.0
        self.game.apply_fast(self.state, seat, int(action), None)
        self._legal = {}
        if self.game.is_terminal(self.state):
            rewards = terminal_rewards(self.game.outcome(self.state), len(self.possible_agents))
            for a in self.agents:
                self.rewards[a] = rewards[self.agent_seat[a]]
                self.terminations[a] = True
        else:
            for a in self.agents:
                self.rewards[a] = 0.0
        self.agent_selection = self._next_agent(seat + 1)
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None or self.state is None:
            return None
        text = self.game.render(self.state, None)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.state = None


def raw_env(game: str | Game[Any, Any], **config: Any) -> WartableAECEnv:
    """The environment without wrappers; ``encoder`` and ``render_mode`` are adapter options."""
    encoder = config.pop("encoder", "auto")
    render_mode = config.pop("render_mode", None)
    return WartableAECEnv(game, config, encoder=encoder, render_mode=render_mode)


def env(game: str | Game[Any, Any], **config: Any) -> WartableAECEnv:
    """``wartable.envs.pettingzoo.env("skirm", variant="quick")``: an AEC environment.

    Illegal actions raise (the mask is authoritative), so no illegal-move
    wrapper is applied; the environment is returned unwrapped.
    """
    return raw_env(game, **config)
