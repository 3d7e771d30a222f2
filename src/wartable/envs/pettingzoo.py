"""PettingZoo environments for every wartable game and mode: AEC and parallel.

``env(game, **config)`` (DESIGN.md, "Research entry points") builds an AEC
environment wrapped in PettingZoo's ``OrderEnforcingWrapper``;
``raw_env`` the same unwrapped; ``parallel_env(game, **config)`` the
parallel one (``pettingzoo_parallel``). The config keys are the game's own
(``env("weapons", players=3)``) plus the adapter options ``encoder``
("auto" or "generic", see ``wartable.envs.encoders``), ``render_mode``
("ansi" or "human"), ``reward`` ("share", "win" or "score":
``wartable.core.rewards``) and ``max_cycles`` (truncation, default none).

Agents are ``player_<seat>``. Each observation is
``{"observation": float32 vector, "action_mask": int8 over the action universe}``;
the mask comes from ``legal_actions`` and is all zeros for a seat that has
no decision now. A simultaneous decision (several seats in ``to_act``)
appears as consecutive turns, lowest seat first, one action each per cycle
(below); each seat's observation comes from ``game.observe``, which hides
the earlier commitments. Rewards
are given at the end only. Stepping an illegal action raises
``IllegalAction``. The engine seed of a game is in no observation or info;
``seed_used`` gives it once the game is over.

A **cycle** is one action of every seat deciding at its start, in seat
order, exactly as one parallel step: in a simultaneous decision where a
seat acts several times (Draconia's deploy), the seats take turns, one
action each. ``max_cycles``: the game is truncated (every agent
``truncated``, reward 0) after that many cycles without ending, so the AEC
and parallel environments truncate at the same point of the same game. ``state()`` is the global state
vector (``seats.Table.global_state``).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from pettingzoo import AECEnv
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

from wartable.core.game import Game
from wartable.core.rewards import terminal_rewards

from .common import DEFAULT_REWARD
from .pettingzoo_parallel import WartableParallelEnv, parallel_env
from .seats import SeatedEnv, Table, split_options

__all__ = ["WartableAECEnv", "WartableParallelEnv", "env", "parallel_env", "raw_env"]


class WartableAECEnv(SeatedEnv, AECEnv[str, dict[str, np.ndarray], int]):
    """One wartable game as a PettingZoo AEC environment (through the ``Game`` protocol)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (the PettingZoo convention)
        "render_modes": ["ansi", "human"],
        "name": "wartable_v0",
        "is_parallelizable": True,
    }

    def __init__(
        self,
        game: str | Game[Any, Any],
        config: dict[str, Any] | None = None,
        encoder: str = "auto",
        render_mode: str | None = None,
        reward: str = DEFAULT_REWARD,
        max_cycles: int | None = None,
    ) -> None:
        super().__init__()
        self.table = Table(game, config, encoder, reward, max_cycles)
        self.game = self.table.game
        self.config = self.table.config
        self.encoder = self.table.encoder
        self.num_actions = self.table.num_actions
        self.max_cycles = self.table.max_cycles
        self.metadata = {**self.metadata, "name": f"wartable_{self.game.id}_v0"}
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.possible_agents = self.table.possible_agents[:]
        self.agent_seat = self.table.agent_seat
        self.observation_spaces = self.table.observation_spaces
        self.action_spaces = self.table.action_spaces
        self.state_space = self.table.state_space
        self._seeder = np.random.default_rng()
        self.game_state: Any = None  # the wartable state (``state()`` is PettingZoo's vector)
        self._seed = 0
        self.cycles = 0
        self._pending: list[int] = []  # seats still to act in this cycle, in order

    # ----- the AEC loop ----------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeder = np.random.default_rng(seed)
        self._seed = int(self._seeder.integers(0, 2**62))
        self.game_state = self.game.new_state(self.config, self._seed)
        self.cycles = 0
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._legal: dict[int, list[int]] = {}
        self._pending = sorted(self.game.to_act(self.game_state))
        self.agent_selection = self._next_agent(0)

    def _next_agent(self, after: int) -> str:
        if self._pending:
            return self.possible_agents[self._pending[0]]
        return self.possible_agents[after % len(self.possible_agents)]

    def legal(self, seat: int) -> list[int]:
        """Legal actions of ``seat`` now (empty if it has no decision); cached per step."""
        if seat not in self._legal:
            self._legal[seat] = self.table.legal(self._need_game("legal"), seat)
        return self._legal[seat]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.agent_seat[agent]
        return self.table.observation(self._need_game("observe"), seat, self.legal(seat))

    def step(self, action: int | None) -> None:
        state = self._need_game("step")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.agent_seat[agent]
        if action is None or int(action) not in self.legal(seat):
            raise self.table.refuse(state, seat, action)
        self._cumulative_rewards[agent] = 0.0
        self.game.apply_fast(state, seat, int(action), None)
        self._legal = {}
        now = self.game.to_act(state)
        self._pending = [s for s in self._pending if s != seat and s in now]
        if not self._pending:  # every seat of this decision acted once: a cycle
            self.cycles += 1
            self._pending = sorted(now)
        for a in self.agents:
            self.rewards[a] = 0.0
        if self.game.is_terminal(state):
            rewards = terminal_rewards(
                self.game.outcome(state), self.table.seats, self.table.reward
            )
            for a in self.agents:
                self.rewards[a] = rewards[self.agent_seat[a]]
                self.terminations[a] = True
        elif self.max_cycles is not None and self.cycles >= self.max_cycles:
            for a in self.agents:
                self.truncations[a] = True
        if self.terminations[agent] or self.truncations[agent]:
            self._pending = []
        self.agent_selection = self._next_agent(seat + 1)
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None or self.game_state is None:
            return None
        text = self.game.render(self.game_state, None)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.game_state = None


def raw_env(game: str | Game[Any, Any], **config: Any) -> WartableAECEnv:
    """The AEC environment without wrappers; ``encoder``, ``render_mode``, ``reward`` and
    ``max_cycles`` are adapter options, every other keyword a config key of the game."""
    game_config, options = split_options(config)
    return WartableAECEnv(game, game_config, **options)


def env(game: str | Game[Any, Any], **config: Any) -> OrderEnforcingWrapper[str, Any, int]:
    """``wartable.envs.pettingzoo.env("skirm", variant="quick")``: an AEC environment in
    PettingZoo's ``OrderEnforcingWrapper`` (a clear error when used before ``reset()``).

    Illegal actions raise (the mask is authoritative), so no illegal-move
    wrapper is applied.
    """
    return OrderEnforcingWrapper(raw_env(game, **config))
