"""The ``wartable`` command line (DESIGN.md, "The command line").

Game-independent: every command works through the ``Game`` protocol and the
registry, so a newly registered game needs nothing here. Each command group
lives in its own module and registers itself on ``app``.
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version
from typing import Annotated

import typer

import wartable

from . import (
    data_cmd,
    deck_cmd,
    games_cmd,
    play_cmd,
    position_cmds,
    replay_cmd,
    report_cmd,
    serve_cmd,
    simulate_cmd,
    tournament_cmd,
    tune_cmd,
)

app = typer.Typer(
    name="wartable",
    help="A digital table for tabletop battle games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _version() -> str:
    try:
        return version("wartable")
    except PackageNotFoundError:  # running from a source tree without installing
        return wartable.__version__


def _show_version(value: bool) -> None:
    if value:
        typer.echo(f"wartable {_version()}")
        raise typer.Exit(0)


@app.callback()
def main(
    show_version: Annotated[
        bool,
        typer.Option(
            "--version", help="Print the version and exit.", callback=_show_version, is_eager=True
        ),
    ] = False,
) -> None:
    """A digital table for tabletop battle games."""


for module in (
    games_cmd,
    position_cmds,
    replay_cmd,
    simulate_cmd,
    tournament_cmd,
    report_cmd,
    tune_cmd,
    play_cmd,
    data_cmd,
    deck_cmd,
    serve_cmd,
):
    module.register(app)


if __name__ == "__main__":
    app()
