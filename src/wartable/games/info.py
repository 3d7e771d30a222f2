"""What a registered game offers, for listings: title, seats, modes, config fields.

``wartable games --json`` and the web table's ``/api/games`` print the same
``describe_game`` (with the agents each knows for the game).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from wartable.core.game import Game

from . import get_game


def _resolve(prop: dict[str, Any], defs: dict[str, Any]) -> dict[str, Any]:
    ref = prop.get("$ref")
    if isinstance(ref, str):
        return defs.get(ref.rsplit("/", 1)[-1], {})
    return prop


def _field_type(prop: dict[str, Any], defs: dict[str, Any]) -> str:
    prop = _resolve(prop, defs)
    if "type" in prop:
        kind = prop["type"]
        if kind == "array" and isinstance(prop.get("items"), dict):
            return f"array of {_field_type(prop['items'], defs)}"
        return str(kind)
    options = prop.get("anyOf") or prop.get("oneOf")
    if options:
        return " | ".join(_field_type(o, defs) for o in options)
    if "const" in prop:
        return type(prop["const"]).__name__
    return "any"


def _allowed(prop: dict[str, Any], defs: dict[str, Any]) -> list[Any] | None:
    prop = _resolve(prop, defs)
    if "enum" in prop:
        return list(prop["enum"])
    if "const" in prop:
        return [prop["const"]]
    options = prop.get("anyOf") or prop.get("oneOf")
    if options:
        values: list[Any] = []
        for o in options:
            sub = _allowed(o, defs)
            if sub is None:
                if _resolve(o, defs).get("type") == "null":
                    values.append(None)
                    continue
                return None
            values.extend(sub)
        return values
    return None


def describe_fields(game: Game[Any, Any]) -> dict[str, dict[str, Any]]:
    """Each config field with its type, default, allowed values, range and description."""
    info = game.config_fields()
    defs = info.get("defs", {})
    fields: dict[str, dict[str, Any]] = {}
    for name, prop in info.get("properties", {}).items():
        entry: dict[str, Any] = {"type": _field_type(prop, defs), "default": prop.get("default")}
        allowed = _allowed(prop, defs)
        if allowed is not None:
            entry["allowed"] = allowed
        for bound in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
            if bound in prop:
                entry[bound] = prop[bound]
        if "description" in prop:
            entry["description"] = prop["description"]
        fields[name] = entry
    return fields


def describe_game(gid: str, agents: Iterable[str]) -> dict[str, Any]:
    """One game's listing entry; ``agents``: the agent names offered for it."""
    game: Game[Any, Any] = get_game(gid)
    return {
        "id": gid,
        "title": game.title,
        "min_players": game.min_players,
        "max_players": game.max_players,
        "modes": list(game.modes),
        "agents": sorted(agents),
        "config_fields": describe_fields(game),
        "example_configs": game.example_configs(),
    }
