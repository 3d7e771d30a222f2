"""Agent specs shared by the CLI, the simulation lab and the server.

``NAME[:key=value,...]``: ``random``, ``heuristic``, ``ismcts:iterations=500``.
Game-specific agents (``heuristic``) come from the game package's ``AGENTS``
mapping; game-independent ones are registered here.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from wartable.core.errors import ConfigError

from .random_agent import RandomAgent

Factory = Callable[..., Any]


def _generic_agents() -> dict[str, Factory]:
    agents: dict[str, Factory] = {"random": RandomAgent}
    try:  # optional search agents plug in here when present
        mod = importlib.import_module("wartable.agents.ismcts")
        agents.update(getattr(mod, "AGENTS", {}))
    except ModuleNotFoundError:
        pass
    return agents


def split_agent_specs(text: str) -> list[str]:
    """``"heuristic,ismcts:iterations=500,seconds=1"`` -> two specs.

    A comma-separated part with ``=`` but no ``:`` continues the previous
    spec's parameters; an empty part is an error."""
    specs: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            raise ConfigError(f"agents {text!r}: empty agent spec")
        if "=" in part and ":" not in part and specs:
            specs[-1] += "," + part
        else:
            specs.append(part)
    return specs


def parse_agent_spec(spec: str) -> tuple[str, dict[str, Any]]:
    name, _, rest = spec.strip().partition(":")
    params: dict[str, Any] = {}
    if rest:
        for part in rest.split(","):
            key, eq, value = part.partition("=")
            if not eq or not key:
                raise ConfigError(f"agent spec {spec!r}: expected key=value, got {part!r}")
            params[key.strip()] = _coerce(value.strip())
    if not name:
        raise ConfigError(f"agent spec {spec!r} has no name")
    return name, params


def _coerce(value: str) -> Any:
    for cast in (int, float):
        try:
            return cast(value)
        except ValueError:
            pass
    if value.lower() in ("true", "false"):
        return value.lower() == "true"
    return value


def available_agents(game_id: str) -> dict[str, Factory]:
    agents = _generic_agents()
    module = importlib.import_module(f"wartable.games.{game_id}")
    agents.update(getattr(module, "AGENTS", {}))
    return agents


def make_agent(spec: str, game_id: str) -> Any:
    name, params = parse_agent_spec(spec)
    agents = available_agents(game_id)
    if name not in agents:
        raise ConfigError(
            f"unknown agent {name!r} for {game_id} (known: {', '.join(sorted(agents))})"
        )
    try:
        agent = agents[name](**params)
    except TypeError as err:
        raise ConfigError(f"agent {name!r}: {err}") from None
    return agent
