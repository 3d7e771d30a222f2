"""PettingZoo parallel environments: every seat that must decide acts in one step.

``parallel_env(game, **config)`` (re-exported by ``wartable.envs.pettingzoo``)
takes the same config keys and adapter options as the AEC ``env``.

A step takes ``{agent: action}`` for **every seat that must decide now**
(``game.to_act``): one seat in a turn-based decision, several in a
simultaneous one (Draconia's deploy, Skirm's reveal), whose actions are
then applied together, in seat order, each seat having seen only its own
observation. Seats not deciding send no action: their mask is all zeros,
and an action they send anyway is ignored (PettingZoo's own
``parallel_api_test`` sends every live agent an action sampled from its
mask). A missing or illegal action of a deciding seat raises
``IllegalAction`` before anything is applied.

Every agent stays live until the game ends (all ``terminated``, with the
terminal rewards) or is truncated after ``max_cycles`` steps (all
``truncated``, reward 0). ``state()`` is the global state vector.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from pettingzoo import ParallelEnv

from wartable.core.game import Game
from wartable.core.rewards import terminal_rewards

from .common import DEFAULT_REWARD
from .seats import SeatedEnv, Table, split_options

Obs = dict[str, np.ndarray]


class WartableParallelEnv(SeatedEnv, ParallelEnv[str, Obs, int]):
    """One wartable game as a PettingZoo parallel environment."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (the PettingZoo convention)
        "render_modes": ["ansi"],
        "name": "wartable_v0",
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
        self.table = Table(game, config, encoder, reward, max_cycles)
        self.game = self.table.game
        self.config = self.table.config
        self.max_cycles = self.table.max_cycles
        self.metadata = {**self.metadata, "name": f"wartable_{self.game.id}_v0"}
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.possible_agents = self.table.possible_agents[:]
        self.agents: list[str] = []
        self.observation_spaces = self.table.observation_spaces
        self.action_spaces = self.table.action_spaces
        self.state_space = self.table.state_space
        self._seeder = np.random.default_rng()
        self.game_state: Any = None
        self._seed = 0
        self.cycles = 0

    def deciding(self) -> list[str]:
        """The agents that must send an action in the next step."""
        return [self.possible_agents[s] for s in self.game.to_act(self._need_game("deciding"))]

    def _observations(self) -> dict[str, Obs]:
        state = self.game_state
        return {
            a: self.table.observation(state, s, self.table.legal(state, s))
            for s, a in enumerate(self.possible_agents)
            if a in self.agents
        }

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Obs], dict[str, dict[str, Any]]]:
        if seed is not None:
            self._seeder = np.random.default_rng(seed)
        self._seed = int(self._seeder.integers(0, 2**62))
        self.game_state = self.game.new_state(self.config, self._seed)
        self.cycles = 0
        self.agents = self.possible_agents[:]
        return self._observations(), {a: {} for a in self.agents}

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[
        dict[str, Obs],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        state = self._need_game("step")
        if not self.agents:
            raise RuntimeError("step() after the game ended: call reset()")
        acting = list(self.game.to_act(state))
        chosen: list[tuple[int, int]] = []
        for seat in acting:
            action = actions.get(self.possible_agents[seat])
            if action is None or int(action) not in self.table.legal(state, seat):
                raise self.table.refuse(state, seat, action)
            chosen.append((seat, int(action)))
        for seat, action in chosen:
            self.game.apply_fast(state, seat, action, None)
        self.cycles += 1
        live = self.agents
        rewards = dict.fromkeys(live, 0.0)
        ended = self.game.is_terminal(state)
        cut = not ended and self.max_cycles is not None and self.cycles >= self.max_cycles
        if ended:
            paid = terminal_rewards(self.game.outcome(state), self.table.seats, self.table.reward)
            rewards = {a: paid[self.table.agent_seat[a]] for a in live}
        observations = self._observations()
        terminations = dict.fromkeys(live, ended)
        truncations = dict.fromkeys(live, cut)
        infos: dict[str, dict[str, Any]] = {a: {} for a in live}
        if ended or cut:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        if self.render_mode is None or self.game_state is None:
            return None
        return self.game.render(self.game_state, None)

    def close(self) -> None:
        self.game_state = None


def parallel_env(game: str | Game[Any, Any], **config: Any) -> WartableParallelEnv:
    """``parallel_env("draconia", players=2)``: a parallel environment (see module doc)."""
    game_config, options = split_options(config)
    return WartableParallelEnv(game, game_config, **options)
