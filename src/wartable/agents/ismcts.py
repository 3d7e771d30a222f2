"""The ISMCTS agent (``ismcts``) and its difficulty levels (``easy``, ``normal``, ``hard``).

Specs: ``ismcts`` (plain search, the ``normal`` budget), ``ismcts:iterations=500``,
``ismcts:seconds=1`` (wall time; with ``clock=cpu`` the process's CPU time, i.e. one
core's work however busy the machine is), ``ismcts:c=1.0``,
``ismcts:rollout=heuristic`` (play-outs by the game's heuristic bot),
``ismcts:rollout=heuristic,bias=1`` (also guided by it: progressive bias toward its
choice), ``ismcts:reward=share`` (half the reward is the seat's share of all points);
a plain ``ismcts`` spec is exactly what it says.

Levels: ``easy``/``normal``/``hard`` (or ``ismcts:level=...``) set the budget, which an
explicit ``iterations``/``seconds`` overrides, and search the way the game's package
recommends (``ISMCTS_GUIDE``: the settings measured strongest there, docs/agents.md)
unless the spec says otherwise. The search tree and algorithm live in
``ismcts_tree``; see docs/agents.md.

The agent sees only what ``act`` is given: its seat's observation and the
legal action ids. It never receives the game state; it searches over states
built by ``game.determinize(observation, rng)``.
"""

from __future__ import annotations

import functools
import importlib
from dataclasses import dataclass
from typing import Any

from wartable.core.errors import ConfigError
from wartable.core.game import Game
from wartable.core.rng import Rng

from .ismcts_tree import CLOCKS, REWARDS, AgentRollout, RolloutPolicy, Search


@dataclass(frozen=True)
class Level:
    """A named budget: ``iterations`` per decision, capped at ``seconds`` of wall time."""

    iterations: int | None
    seconds: float | None
    description: str


# Iteration budgets keep a level reproducible (same seed, same moves); the time
# cap only bites on slow machines or in the slowest games.
LEVELS: dict[str, Level] = {
    "easy": Level(100, 0.5, "100 iterations per decision (capped at 0.5 s)"),
    "normal": Level(1_000, 2.0, "1,000 iterations per decision (capped at 2 s)"),
    "hard": Level(None, 2.0, "2 seconds per decision"),
}

ROLLOUTS = ("random", "heuristic")


class ISMCTSAgent:
    """Single-observer information-set MCTS over determinizations of its observation."""

    name = "ismcts"
    needs_observation = True

    def __init__(
        self,
        iterations: int | None = None,
        seconds: float | None = None,
        level: str | None = None,
        rollout: str | None = None,
        c: float = 0.7,
        bias: float | None = None,
        reward: str | None = None,
        clock: str = "wall",
    ) -> None:
        if level is not None and level not in LEVELS:
            raise ConfigError(f"unknown ismcts level {level!r} (known: {', '.join(LEVELS)})")
        if rollout is not None and rollout not in ROLLOUTS:
            raise ConfigError(f"unknown rollout {rollout!r} (known: {', '.join(ROLLOUTS)})")
        if iterations is not None and (not isinstance(iterations, int) or iterations < 1):
            raise ConfigError(f"ismcts iterations must be a positive integer, got {iterations!r}")
        if seconds is not None and (not isinstance(seconds, int | float) or seconds <= 0):
            raise ConfigError(f"ismcts seconds must be positive, got {seconds!r}")
        if not isinstance(c, int | float) or c < 0:
            raise ConfigError(f"ismcts exploration c must be >= 0, got {c!r}")
        if clock not in CLOCKS:
            raise ConfigError(f"unknown clock {clock!r} (known: {', '.join(CLOCKS)})")
        if reward is not None and reward not in REWARDS:
            raise ConfigError(f"unknown reward {reward!r} (known: {', '.join(REWARDS)})")
        if bias is not None and (not isinstance(bias, int | float) or bias < 0):
            raise ConfigError(f"ismcts bias must be >= 0, got {bias!r}")
        if iterations is None and seconds is None:
            budget = LEVELS[level or "normal"]
            iterations, seconds = budget.iterations, budget.seconds
        self.level = level
        self.iterations = iterations
        self.seconds = None if seconds is None else float(seconds)
        self.c = float(c)
        self.clock = clock
        # what the spec gave; a level fills the rest from the game's ISMCTS_GUIDE
        self.given: dict[str, Any] = {
            k: v
            for k, v in (("rollout", rollout), ("bias", bias), ("reward", reward))
            if v is not None
        }
        self.rollout: str = rollout or "random"
        self.bias = float(bias or 0.0)
        self.reward: str = reward or "win"
        self.last_search: Search | None = None  # the last search (for tests and display)
        self._policies: dict[str, AgentRollout] = {}

    def __repr__(self) -> str:
        return (
            f"ISMCTSAgent(iterations={self.iterations}, seconds={self.seconds}, "
            f"rollout={self.rollout!r}, c={self.c}, bias={self.bias}, "
            f"reward={self.reward!r}, clock={self.clock!r})"
        )

    def settings(self, game: Game[Any, Any]) -> tuple[str, float, str]:
        """(rollout, bias, reward) in ``game``: the spec's own values; for a level
        (easy/normal/hard) the game's ``ISMCTS_GUIDE`` fills what the spec left out."""
        if self.level is None:
            return self.rollout, self.bias, self.reward
        module = importlib.import_module(f"wartable.games.{game.id}")
        preset = {**getattr(module, "ISMCTS_GUIDE", {}), **self.given}
        return (
            str(preset.get("rollout", "random")),
            float(preset.get("bias", 0.0)),
            str(preset.get("reward", "win")),
        )

    def _policy(self, game: Game[Any, Any], rollout: str) -> RolloutPolicy:
        return RolloutPolicy() if rollout == "random" else self.heuristic_policy(game)

    def heuristic_policy(self, game: Game[Any, Any]) -> AgentRollout:
        """The game's heuristic bot, as play-out policy and as the search's guide."""
        policy = self._policies.get(game.id)
        if policy is None:
            agents = getattr(importlib.import_module(f"wartable.games.{game.id}"), "AGENTS", {})
            if "heuristic" not in agents:
                raise ConfigError(f"{game.id} has no heuristic agent to play out or guide with")
            policy = AgentRollout(agents["heuristic"])
            self._policies[game.id] = policy
        return policy

    def act(
        self,
        game: Game[Any, Any],
        observation: dict[str, Any] | None,
        legal: list[int],
        seat: int,
        rng: Rng,
    ) -> int:
        if observation is None:
            raise ValueError("ismcts needs the seat's observation")
        search_rng = rng.fork()  # one draw from the agent's stream per decision
        if len(legal) == 1:
            return legal[0]
        rollout, bias, reward = self.settings(game)
        guide = self.heuristic_policy(game) if bias > 0 else None
        search = Search(
            game,
            observation,
            seat,
            search_rng,
            self.c,
            self._policy(game, rollout),
            guide,
            bias,
            reward,
        )
        search.run(self.iterations, self.seconds, self.clock)
        self.last_search = search
        return search.best_action(legal)


def _level(name: str) -> Any:
    factory = functools.partial(ISMCTSAgent, level=name)
    functools.update_wrapper(factory, ISMCTSAgent)
    return factory


AGENTS: dict[str, Any] = {
    "ismcts": ISMCTSAgent,
    "easy": _level("easy"),
    "normal": _level("normal"),
    "hard": _level("hard"),
}
