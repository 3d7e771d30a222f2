"""``wartable games``: the registered games, their seats, modes and config fields."""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.table import Table

from wartable.agents.specs import available_agents
from wartable.games import available_games
from wartable.games.info import describe_game

from .common import cli_errors, echo_json, stdout_console


def game_info(gid: str) -> dict[str, Any]:
    """What ``wartable games --json`` prints for one game (``/api/games`` too)."""
    return describe_game(gid, available_agents(gid))


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
