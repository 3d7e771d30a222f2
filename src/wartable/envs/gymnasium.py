"""Gymnasium single-agent environments: one seat learns, wartable bots play the others.

Registered as ``wartable/<game>-v0`` for every game in
``wartable.games.available_games()`` when ``wartable.envs`` is imported (or
``gym.make("wartable.envs:wartable/skirm-v0")``, which imports it). Keyword
arguments of ``gym.make``: ``config`` (the game's config dict), ``seat`` (the
learner's seat, default 0), ``opponents`` (an agent spec such as ``random``
or ``heuristic``, or one spec per other seat), ``encoder`` ("auto" or
"generic"), ``illegal_reward``, ``reward`` (the terminal reward rule,
``"share"`` by default, ``"win"`` or ``"score"``: ``wartable.core.rewards``).

Observations are ``{"observation": float32 vector, "action_mask": int8}``
as in the PettingZoo environment, and ``action_masks()`` returns the mask
(the convention of maskable policy-gradient libraries). An illegal action
ends the episode with ``illegal_reward`` (default -1) and
``info["illegal_action"] = True``; the terminal reward is otherwise
``common.terminal_rewards`` under ``reward`` for the learner's seat (a victory
every seat shares is a draw: 0), with ``info["winners"]`` and ``info["draw"]``.

``reset(seed=...)`` seeds the episode stream (same seed, same episodes); each episode's
deal seed and the bots' seed are independent draws from it, and ``info`` never holds
either (the seed would reveal the whole deal).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, SupportsFloat

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from wartable.agents.specs import make_agent
from wartable.core.game import Game
from wartable.core.match import agent_rngs
from wartable.core.rewards import is_draw

from .common import (
    DEFAULT_REWARD,
    HIGH,
    LOW,
    action_mask,
    bounded,
    check_reward,
    resolve_game,
    terminal_rewards,
)
from .encoders import make_encoder

ObsType = dict[str, np.ndarray]


class WartableGymEnv(gym.Env[ObsType, np.int64]):
    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        game: str | Game[Any, Any],
        config: dict[str, Any] | None = None,
        seat: int = 0,
        opponents: str | Sequence[str] = "random",
        encoder: str = "auto",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        reward: str = DEFAULT_REWARD,
    ) -> None:
        self.reward = check_reward(reward)
        self.game = resolve_game(game)
        self.config = self.game.make_config(config or {})
        self.seats = self.game.num_players(self.game.new_state(self.config, 0))
        if not 0 <= seat < self.seats:
            raise ValueError(f"seat {seat} is not a seat of {self.game.id} ({self.seats} seats)")
        self.seat = seat
        others = [s for s in range(self.seats) if s != seat]
        specs = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
        if len(specs) != len(others):
            raise ValueError(f"{len(others)} opponent specs needed, got {len(specs)}")
        self.opponents = {
            s: make_agent(spec, self.game.id) for s, spec in zip(others, specs, strict=True)
        }
        self.encoder = make_encoder(self.game, self.config, encoder)
        self.num_actions = self.game.num_actions(self.config)
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.observation_space = spaces.Dict(  # type: ignore[assignment]
            {
                "observation": spaces.Box(LOW, HIGH, (self.encoder.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.num_actions,), np.int8),
            }
        )
        self.action_space = spaces.Discrete(self.num_actions)
        self.state: Any = None
        self._legal: list[int] = []

    def _advance(self) -> None:
        """Let the bots move until it is the learner's turn or the game is over."""
        game, state = self.game, self.state
        while not game.is_terminal(state):
            acting = game.to_act(state)
            if self.seat in acting:
                self._legal = game.legal_actions(state, self.seat)
                return
            s = acting[0]
            legal = game.legal_actions(state, s)
            bot = self.opponents[s]
            obs = game.observe(state, s) if bot.needs_observation else None
            action = legal[0] if len(legal) == 1 else bot.act(game, obs, legal, s, self._rngs[s])
            game.apply_fast(state, s, action, None)
        self._legal = []

    def _obs(self) -> ObsType:
        vec = bounded(self.encoder.encode(self.game.observe(self.state, self.seat)))
        return {"observation": vec, "action_mask": action_mask(self._legal, self.num_actions)}

    def action_masks(self) -> np.ndarray:
        return action_mask(self._legal, self.num_actions).astype(bool)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObsType, dict[str, Any]]:
        super().reset(seed=seed)
        for _ in range(100):  # a game that ends before the learner acts is dealt again
            # the deal's seed and the bots' seed are two independent draws, and neither is
            # returned: ``info`` holding the seed would hand the learner the whole deal
            game_seed = int(self.np_random.integers(0, 2**62))
            agent_seed = int(self.np_random.integers(0, 2**62))
            self.state = self.game.new_state(self.config, game_seed)
            self._rngs = agent_rngs(agent_seed, self.seats)
            self._advance()
            if not self.game.is_terminal(self.state):
                return self._obs(), {}
        raise RuntimeError(f"{self.game.id}: seat {self.seat} never gets a decision")

    def step(self, action: Any) -> tuple[ObsType, SupportsFloat, bool, bool, dict[str, Any]]:
        if self.state is None or self.game.is_terminal(self.state):
            raise RuntimeError("step() called before reset() or after the episode ended")
        action = int(action)
        if action not in self._legal:
            self._legal = []
            return self._obs(), self.illegal_reward, True, False, {"illegal_action": True}
        self.game.apply_fast(self.state, self.seat, action, None)
        self._advance()
        if self.game.is_terminal(self.state):
            outcome = self.game.outcome(self.state)
            reward = terminal_rewards(outcome, self.seats, self.reward)[self.seat]
            info = {"winners": list(outcome.winners), "draw": is_draw(outcome.winners, self.seats)}
            return self._obs(), reward, True, False, info
        return self._obs(), 0.0, False, False, {}

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.state is None:
            return None
        return self.game.render(self.state, self.seat)


def env_id(game_id: str) -> str:
    return f"wartable/{game_id}-v0"


def register() -> list[str]:
    """Register ``wartable/<game>-v0`` for every available game; returns the ids."""
    from wartable.games import available_games

    ids = []
    for gid in available_games():
        eid = env_id(gid)
        if eid not in gym.registry:
            gym.register(
                id=eid,
                entry_point="wartable.envs.gymnasium:WartableGymEnv",
                kwargs={"game": gid},
                disable_env_checker=True,
            )
        ids.append(eid)
    return ids
