"""``wartable data check GAME DIR``: validate a directory of a game's data files.

A game plugs in by exposing ``check_data(path)`` in its package; it raises
``DataError`` (file, record, field) on a bad file and may return a summary.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Annotated

import typer

from wartable.core.errors import DataError
from wartable.games import get_game

from .common import cli_errors

data_app = typer.Typer(help="Game data files (cards, units, scenarios).", no_args_is_help=True)


@data_app.command("check")
@cli_errors
def check(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    directory: Annotated[Path, typer.Argument(metavar="DIR", help="Directory of data files.")],
) -> None:
    """Validate DIR as GAME's data (errors name the file, record and field)."""
    get_game(game_id)  # unknown or unbuilt game: a one-line error
    module = importlib.import_module(f"wartable.games.{game_id}")
    checker = getattr(module, "check_data", None)
    if checker is None:
        typer.echo(f"{game_id} has no external data to check")
        return
    if not directory.is_dir():
        raise DataError(f"{directory}: not a directory")
    summary = checker(directory)
    typer.echo(f"{game_id} data ok: {directory}" + (f" ({summary})" if summary else ""))


def register(app: typer.Typer) -> None:
    app.add_typer(data_app, name="data")
