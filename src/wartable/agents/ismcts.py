"""The ISMCTS agent (``ismcts``) and its difficulty levels (``easy``, ``normal``, ``hard``).

Specs: ``ismcts`` (plain search, the ``normal`` budget), ``ismcts:iterations=500``,
``ismcts:seconds=1`` (wall time; with ``clock=cpu`` the process's CPU time, i.e. one
core's work however busy the machine is), ``ismcts:c=1.0``,
``ismcts:rollout=heuristic`` (play-outs by the game's heuristic bot),
``ismcts:rollout=heuristic,bias=1`` (also guided by it: progressive bias toward its
choice), ``ismcts:reward=graded`` (half the reward is the seat's share of all points; the default ``reward=victory`` scores the outcome alone);
a plain ``ismcts`` spec is exactly what it says.

Levels: ``easy``/``normal``/``hard`` (or ``ismcts:level=...``) set the budget, a number
of iterations sized per game (``BUDGETS``: about 0.1 s, 0.5 s and 2 s on one core) so
that a level is reproducible whatever the machine's load; an explicit
``iterations``/``seconds`` overrides it (a clock is read only when ``seconds`` is
given). Levels also search the way the game's package
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
from typing import Any, NamedTuple

from wartable.core.errors import ConfigError
from wartable.core.game import Game
from wartable.core.rng import Rng

from .ismcts_tree import CLOCKS, REWARDS, AgentRollout, RolloutPolicy, Search


@dataclass(frozen=True)
class Level:
    """A named budget: a number of iterations per decision sized per game (``BUDGETS``)
    to take about ``seconds`` on one free core. No clock is read: same seed, same moves,
    however busy the machine."""

    index: int  # the column of ``BUDGETS``
    seconds: float  # the time the budgets aim at (documentation, never enforced)
    default_iterations: int  # for a game without a row in ``BUDGETS``
    description: str


LEVELS: dict[str, Level] = {
    # the 2-player rows of Draconia, Invasion and Weapons are sized by strength instead:
    # hard within 1 CPU s per decision on the compiled engine, the levels 100+ Elo apart
    "easy": Level(0, 0.1, 100, "iterations sized to about 0.1 s per decision or less"),
    "normal": Level(1, 0.5, 500, "iterations sized to about 0.5 s per decision or less"),
    "hard": Level(2, 2.0, 2_000, "iterations sized to 1-2 s per decision"),
}

# Iterations per decision for (easy, normal, hard), per game and player count, from the
# iterations per CPU second measured on one core while searching the way the level does
# (``ISMCTS_GUIDE``), averaged over decisions spread through random games (docs/agents.md
# lists the rates). A player count without a row takes the nearest one below it.
BUDGETS: dict[str, dict[int, tuple[int, int, int]]] = {
    "skirm": {2: (2_000, 10_000, 40_000)},  # ~23,000 it/s
    "weapons": {
        # 2 players: ~6,500-8,800 it/s compiled (the machine's load moves it); hard within
        # 1 CPU s per decision; past a few hundred iterations the search gains little
        # (300 was within 40 Elo of 5,000), so normal and easy sit far below it and the
        # levels lie 100+ Elo apart (docs/agents.md)
        2: (10, 100, 5_000),
        3: (600, 3_000, 12_000),  # (between 2 and 4 players)
        4: (500, 2_500, 10_000),  # ~4,800 it/s
        5: (400, 2_000, 8_000),  # (between 4 and 6 players)
        6: (350, 1_800, 7_000),  # ~3,700 it/s
    },
    "draconia": {
        # 2 players: ~1,000 it/s compiled, guided (hard within 1 CPU s per decision);
        # easy and normal search plainly (``ISMCTS_GUIDE``'s levels): 40 guided iterations
        # played within 84 Elo of hard, 50 plain ones level with easy's 10 head to head, and
        # 200 plain ones beat easy 10 of 10 and won 4 of 10 against the heuristic
        # (docs/tournaments/experiments/), so normal is 200 plain iterations; the round robin
        # at these levels puts them 316 and 184 Elo apart (docs/agents.md)
        2: (10, 200, 650),
        3: (50, 250, 950),  # ~480 it/s
        4: (30, 150, 600),  # ~310 it/s
    },
    "invasion": {
        1: (200, 1_000, 4_000),  # ~2,100 it/s, solo
        # 2 players: ~2,500-3,000 it/s compiled in real games, guided (hard within 1 CPU s
        # per decision on a quiet machine; 3,500 took 1.05-1.24); easy searches plainly, and
        # normal's 150 guided iterations play about as well as the heuristic (docs/agents.md)
        2: (100, 150, 2_300),
        3: (60, 300, 1_200),  # ~610 it/s
        4: (30, 140, 560),  # ~280 it/s (Team Versus); 5-6 players: not measured
    },
    "graxia": {2: (28, 140, 570)},  # ~285 it/s, default scenario, guided (random play-outs)
}


def level_iterations(level: str, game_id: str, players: int | None) -> int:
    """The iteration budget of ``level`` in ``game_id`` with ``players`` seats."""
    lv = LEVELS[level]
    rows = BUDGETS.get(game_id)
    if not rows:
        return lv.default_iterations
    counts = sorted(rows)
    below = [n for n in counts if players is not None and n <= players]
    return rows[below[-1] if below else counts[0]][lv.index]


def _players(observation: Any) -> int | None:
    config = observation.get("config") if isinstance(observation, dict) else None
    players = config.get("players") if isinstance(config, dict) else None
    return players if isinstance(players, int) else None


ROLLOUTS = ("random", "heuristic")
DEFAULT_C = 0.7  # the exploration constant where neither the spec nor the game's guide sets one


class SearchSettings(NamedTuple):
    """How a search plays out, is guided, is rewarded and explores."""

    rollout: str
    bias: float
    reward: str
    c: float


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
        c: float | None = None,
        bias: float | None = None,
        reward: str | None = None,
        clock: str = "wall",
        stop_when_decided: bool = True,
    ) -> None:
        if level is not None and level not in LEVELS:
            raise ConfigError(f"unknown ismcts level {level!r} (known: {', '.join(LEVELS)})")
        if rollout is not None and rollout not in ROLLOUTS:
            raise ConfigError(f"unknown rollout {rollout!r} (known: {', '.join(ROLLOUTS)})")
        if iterations is not None and (not isinstance(iterations, int) or iterations < 1):
            raise ConfigError(f"ismcts iterations must be a positive integer, got {iterations!r}")
        if seconds is not None and (not isinstance(seconds, int | float) or seconds <= 0):
            raise ConfigError(f"ismcts seconds must be positive, got {seconds!r}")
        if c is not None and (not isinstance(c, int | float) or c < 0):
            raise ConfigError(f"ismcts exploration c must be >= 0, got {c!r}")
        if clock not in CLOCKS:
            raise ConfigError(f"unknown clock {clock!r} (known: {', '.join(CLOCKS)})")
        if reward is not None and reward not in REWARDS:
            raise ConfigError(f"unknown reward {reward!r} (known: {', '.join(REWARDS)})")
        if bias is not None and (not isinstance(bias, int | float) or bias < 0):
            raise ConfigError(f"ismcts bias must be >= 0, got {bias!r}")
        if not isinstance(stop_when_decided, bool):
            raise ConfigError(
                f"ismcts stop_when_decided must be true or false, got {stop_when_decided!r}"
            )
        self.level = level
        # None (and no ``seconds``): the level's budget for the game, resolved in ``act``
        self.iterations = iterations
        self.seconds = None if seconds is None else float(seconds)
        self.c = DEFAULT_C if c is None else float(c)
        self.clock = clock
        # stop an iteration budget early once more iterations cannot change the move (the
        # same move, sooner); false spends the whole budget (full visit counts for research)
        self.stop_when_decided = stop_when_decided
        # what the spec gave; a level fills the rest from the game's ISMCTS_GUIDE
        self.given: dict[str, Any] = {
            k: v
            for k, v in (("rollout", rollout), ("bias", bias), ("reward", reward), ("c", c))
            if v is not None
        }
        self.rollout: str = rollout or "random"
        self.bias = float(bias or 0.0)
        self.reward: str = reward or "victory"
        self.last_search: Search | None = None  # the last search (for tests and display)
        self._policies: dict[str, AgentRollout] = {}

    def __repr__(self) -> str:
        if self.level is None:
            search = (
                f"rollout={self.rollout!r}, c={self.c}, bias={self.bias}, reward={self.reward!r}"
            )
        else:  # a level's other settings are its game's (``settings``): name only the given
            given = "".join(f", {k}={v!r}" for k, v in self.given.items())
            search = f"level={self.level!r}{given}"
        return (
            f"ISMCTSAgent(iterations={self.iterations}, seconds={self.seconds}, {search}, "
            f"clock={self.clock!r}, stop_when_decided={self.stop_when_decided})"
        )

    def budget(self, game: Game[Any, Any], observation: Any) -> int | None:
        """Iterations for this decision: the spec's own, else (without ``seconds``) the
        level's budget for the game (``normal`` for a plain ``ismcts``); ``None``: the
        ``seconds`` budget alone."""
        if self.iterations is not None or self.seconds is not None:
            return self.iterations
        return level_iterations(self.level or "normal", game.id, _players(observation))

    def settings(self, game: Game[Any, Any]) -> SearchSettings:
        """The search's settings in ``game``: the spec's own values; for a level
        (easy/normal/hard) the game's ``ISMCTS_GUIDE`` fills what the spec left out, its
        ``levels`` entry (``{"easy": {...}}``) first for that level."""
        if self.level is None:
            return SearchSettings(self.rollout, self.bias, self.reward, self.c)
        module = importlib.import_module(f"wartable.games.{game.id}")
        guide = dict(getattr(module, "ISMCTS_GUIDE", {}))
        # a level may search differently from the others (``easy``: plainly, to be weak)
        own = guide.pop("levels", {}).get(self.level, {})
        preset = {**guide, **own, **self.given}
        return SearchSettings(
            str(preset.get("rollout", "random")),
            float(preset.get("bias", 0.0)),
            str(preset.get("reward", "victory")),
            float(preset.get("c", DEFAULT_C)),
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
        rollout, bias, reward, c = self.settings(game)
        guide = self.heuristic_policy(game) if bias > 0 else None
        search = Search(
            game,
            observation,
            seat,
            search_rng,
            c,
            self._policy(game, rollout),
            guide,
            bias,
            reward,
        )
        search.run(
            self.budget(game, observation),
            self.seconds,
            self.clock,
            decided_among=legal if self.stop_when_decided else None,
        )
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
