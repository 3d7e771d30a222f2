"""``new``, ``legal`` and ``apply``: working with position JSON files.

The input file is only ever read; ``apply`` prints the new position on stdout
and, on any error, prints one line on stderr, exits 2 and prints no position.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer

from wartable.core.errors import ConfigError, IllegalAction
from wartable.core.events import Event
from wartable.core.game import Game
from wartable.core.position import position_to_json
from wartable.core.replay import MAX_SEED
from wartable.games import get_game

from .common import cli_errors, default_seat, describe_outcome, echo_json, load_position
from .common import parse_config as parse_config_text

POSITION_HELP = "A position JSON file ('-' reads stdin)."
CONFIG_HELP = "Game config: a JSON object, or @FILE."


@cli_errors
def new(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="Game id (see 'games').")],
    seed: Annotated[int, typer.Option("--seed", help="Seed of the match randomness.")] = 0,
    config: Annotated[str | None, typer.Option("--config", help=CONFIG_HELP)] = None,
) -> None:
    """Print a starting position (JSON)."""
    if not 0 <= seed <= MAX_SEED:
        raise ConfigError(f"--seed: expected an integer 0..2^64-1, got {seed}")
    game: Game[Any, Any] = get_game(game_id)
    cfg = game.make_config(parse_config_text(config))
    echo_json(position_to_json(game, game.new_state(cfg, seed)))


@cli_errors
def legal(
    position: Annotated[str, typer.Argument(metavar="POSITION.json", help=POSITION_HELP)],
    player: Annotated[
        int | None, typer.Option("--player", help="Seat (default: the first seat to act).")
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print [{id, notation}] as JSON.")
    ] = False,
) -> None:
    """Legal actions, one per line, in notation (nothing when the game is over)."""
    game, state = load_position(position)
    if game.is_terminal(state):
        typer.echo(f"game over: {describe_outcome(game.outcome(state))}", err=True)
        if as_json:
            echo_json([])
        return
    seat = default_seat(game, state, player)
    actions = game.legal_actions(state, seat)
    if as_json:
        echo_json([{"id": a, "notation": game.action_to_str(a, state.config)} for a in actions])
        return
    for a in actions:
        typer.echo(game.action_to_str(a, state.config))


@cli_errors
def apply(
    position: Annotated[str, typer.Argument(metavar="POSITION.json", help=POSITION_HELP)],
    actions: Annotated[
        list[str],
        typer.Argument(metavar="ACTION...", help="Actions in notation, one argument each."),
    ],
    player: Annotated[
        int | None,
        typer.Option("--player", help="Seat for every action (default: first seat to act)."),
    ] = None,
) -> None:
    """Apply actions (validated); print the new position with its events under "events"."""
    game, state = load_position(position)
    events: list[Event] = []
    applied: list[list[Any]] = []
    for i, text in enumerate(actions, 1):
        where = f"action {i} of {len(actions)} ({text!r})"
        try:
            seat = default_seat(game, state, player)
        except ConfigError as err:
            raise ConfigError(f"{where}: {err}") from None
        try:
            action = game.parse_action(text, state.config)
            events.extend(game.apply(state, seat, action))
        except IllegalAction as err:
            raise type(err)(f"{where}, seat {seat}: {err}") from None
        applied.append([seat, game.action_to_str(action, state.config)])
    out = position_to_json(game, state)
    out["applied"] = applied
    out["events"] = events
    echo_json(out)


def register(app: typer.Typer) -> None:
    app.command("new")(new)
    app.command("legal")(legal)
    app.command("apply")(apply)
