"""``wartable deck check FILE [--game GAME]``: explain every rule a deck file breaks.

A game plugs in by exposing ``check_deck(path) -> list[str]`` (one line per
violation, empty when the deck is legal) in its package; with ``--scenario`` it is called
as ``check_deck(path, scenario)``.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Annotated

import typer

from wartable.games import get_game

from .common import EXIT_ERROR, cli_errors, fail

deck_app = typer.Typer(help="Constructed decks.", no_args_is_help=True)


@deck_app.command("check")
@cli_errors
def check(
    path: Annotated[Path, typer.Argument(metavar="FILE", help="A deck file (TOML).")],
    game_id: Annotated[str, typer.Option("--game", help="The game the deck is for.")] = "draconia",
    scenario: Annotated[
        str | None,
        typer.Option("--scenario", help="The scenario whose deck rules apply (graxia: solo-4..6)."),
    ] = None,
) -> None:
    """List every way FILE breaks the deck construction rules (exit 2 if it does)."""
    get_game(game_id)
    checker = getattr(importlib.import_module(f"wartable.games.{game_id}"), "check_deck", None)
    if checker is None:
        fail(f"{game_id} has no deck construction")
    problems = checker(str(path), scenario) if scenario else checker(path)
    if not problems:
        typer.echo(f"{path}: a legal deck")
        return
    for problem in problems:
        typer.echo(f"{path}: {problem}", err=True)
    raise typer.Exit(EXIT_ERROR)


def register(app: typer.Typer) -> None:
    app.add_typer(deck_app, name="deck")
