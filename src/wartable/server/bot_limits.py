"""What a bot seated from the web may cost: agent specs checked against the operator's caps.

A stranger chooses the agent spec of a bot seat, and a search bot's parameters are
CPU time on the server. So every parameter that costs CPU is bounded before the
match exists: ISMCTS ``iterations`` by ``bot_max_iterations`` (0: the game's ``hard``
budget for the player count, so every named level fits), wall-time ``seconds`` by
``bot_max_seconds`` (0: refused), and the numeric parameters of the games' own agents
(samples, worlds, budgets) by their defaults: a bot may be made cheaper, never dearer.
Every number must be finite. The wall-clock guard of the bot pool catches the rest
(e.g. costly play-outs per iteration).
"""

from __future__ import annotations

import inspect
import math
from dataclasses import dataclass
from typing import Any

from wartable.agents.ismcts import LEVELS, ISMCTSAgent, level_iterations
from wartable.agents.specs import available_agents, parse_agent_spec

from .errors import Unprocessable


@dataclass(frozen=True)
class BotLimits:
    max_iterations: int = 0  # 0: the game's ``hard`` budget for the player count
    max_seconds: float = 0.0  # 0: ``seconds=`` refused

    def iteration_cap(self, game_id: str, players: int) -> int:
        if self.max_iterations > 0:
            return self.max_iterations
        return level_iterations("hard", game_id, players)


def check_bot_spec(spec: str, game_id: str, players: int, limits: BotLimits) -> None:
    """Raise ``Unprocessable`` naming the parameter and the limit if ``spec`` may cost more
    than ``limits`` allow; the agent itself still checks its parameters' meaning."""
    name, params = parse_agent_spec(spec)
    for key, value in params.items():
        if isinstance(value, float) and not math.isfinite(value):
            raise Unprocessable(f"agent {spec!r}: {key}={value} is not a finite number")
    factory = available_agents(game_id).get(name)
    if factory is None:
        return  # unknown agents are refused by ``make_agent`` with the list of known ones
    if _is_search(factory):
        cap = limits.iteration_cap(game_id, players)
        _check_search(spec, params, limits, cap, game_id)
        level = params.get("level", getattr(factory, "keywords", {}).get("level"))
        if "iterations" not in params and "seconds" not in params:
            _check_level(spec, level if isinstance(level, str) else "normal", cap, game_id, players)
    else:
        _check_by_defaults(spec, factory, params)


def _is_search(factory: Any) -> bool:
    return factory is ISMCTSAgent or getattr(factory, "func", None) is ISMCTSAgent


def _check_search(
    spec: str, params: dict[str, Any], limits: BotLimits, cap: int, game_id: str
) -> None:
    iterations = params.get("iterations")
    if isinstance(iterations, int | float) and iterations > cap:
        raise Unprocessable(
            f"agent {spec!r}: iterations={iterations} is above this server's limit of "
            f"{cap} per decision for {game_id} (named levels: {', '.join(LEVELS)})"
        )
    if "seconds" in params:
        seconds = params["seconds"]
        if limits.max_seconds <= 0:
            raise Unprocessable(
                f"agent {spec!r}: seconds={seconds} asks for wall time, which this server "
                f"refuses (its limit is 0 s); use iterations= (at most {cap}) or a level "
                f"({', '.join(LEVELS)})"
            )
        if isinstance(seconds, int | float) and seconds > limits.max_seconds:
            raise Unprocessable(
                f"agent {spec!r}: seconds={seconds} is above this server's limit of "
                f"{limits.max_seconds:g} s per decision"
            )


def _check_level(spec: str, level: str, cap: int, game_id: str, players: int) -> None:
    """A level's own budget, when the operator set a cap below the ``hard`` one."""
    if level not in LEVELS:
        return  # refused by the agent with the list of levels
    budget = level_iterations(level, game_id, players)
    if budget > cap:
        raise Unprocessable(
            f"agent {spec!r}: the {level!r} level searches {budget} iterations per decision "
            f"in {game_id}, above this server's limit of {cap}"
        )


def _check_by_defaults(spec: str, factory: Any, params: dict[str, Any]) -> None:
    """A game agent's integer parameters (samples, worlds, budgets): from 0 to their defaults."""
    try:
        signature = inspect.signature(factory)
    except (TypeError, ValueError):
        return
    for key, value in params.items():
        parameter = signature.parameters.get(key)
        if parameter is None or not isinstance(value, int | float) or isinstance(value, bool):
            continue  # unknown names are refused by ``make_agent``
        default = parameter.default
        if not isinstance(default, int) or isinstance(default, bool):
            continue  # not a count of work (e.g. a noise level, a home region)
        if isinstance(value, float) or value < 0:
            raise Unprocessable(f"agent {spec!r}: {key}={value} must be a whole number >= 0")
        if value > default:
            raise Unprocessable(
                f"agent {spec!r}: {key}={value} is above this server's limit of {default} "
                f"(the agent's default)"
            )
