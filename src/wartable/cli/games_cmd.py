"""``wartable games``: the registered games, their seats, modes and config fields."""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.table import Table

from wartable.agents.specs import available_agents
from wartable.core.game import Game
from wartable.games import available_games, get_game

from .common import cli_errors, echo_json, stdout_console


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


def game_info(gid: str) -> dict[str, Any]:
    game: Game[Any, Any] = get_game(gid)
    return {
        "id": gid,
        "title": game.title,
        "min_players": game.min_players,
        "max_players": game.max_players,
        "modes": list(game.modes),
        "agents": sorted(available_agents(gid)),
        "config_fields": describe_fields(game),
        "example_configs": game.example_configs(),
    }


@cli_errors
def games(
    as_json: Annotated[
        bool, typer.Option("--json", help="Machine-readable, with config fields.")
    ] = False,
) -> None:
    """List the games: player counts, modes (and config fields with --json)."""
    infos = [game_info(gid) for gid in available_games()]
    if as_json:
        echo_json(infos)
        return
    table = Table(title="wartable games")
    for col in ("id", "title", "players", "modes", "agents"):
        table.add_column(col)
    for g in infos:
        lo, hi = g["min_players"], g["max_players"]
        players = str(lo) if lo == hi else f"{lo}-{hi}"
        table.add_row(g["id"], g["title"], players, ", ".join(g["modes"]), ", ".join(g["agents"]))
    stdout_console().print(table)


def register(app: typer.Typer) -> None:
    app.command("games")(games)
