"""``wartable replay LOG.json``: re-run a game log with validated applies and verify it."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from wartable.core.errors import ReplayError, WartableError
from wartable.core.replay import check_replay, run_replay
from wartable.games import get_game

from .common import cli_errors, describe_outcome, echo_json, load_json_file


@cli_errors
def replay(
    log_path: Annotated[str, typer.Argument(metavar="LOG.json", help="A replay log ('-': stdin).")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
) -> None:
    """Re-run a replay log and verify the recorded outcome (exit 2 if it differs)."""
    log: Any = load_json_file(log_path, ReplayError, "a replay log")
    name = "<stdin>" if log_path == "-" else log_path
    try:
        check_replay(log)
        game = get_game(log["game"])
        _, outcome = run_replay(game, log, allow_local_data=True)
    except WartableError as err:
        raise ReplayError(f"{name}: {err}") from None
    n = len(log.get("actions", []))
    verified = log.get("outcome") is not None
    if as_json:
        echo_json(
            {
                "game": game.id,
                "actions": n,
                "finished": outcome is not None,
                "outcome": outcome.to_json() if outcome else None,
                "verified_outcome": verified,
            }
        )
        return
    status = describe_outcome(outcome) if outcome else "the game is not over"
    check = "recorded outcome verified" if verified else "no recorded outcome to verify"
    typer.echo(f"replay ok: {game.id}, {n} actions; {status}; {check}")


def register(app: typer.Typer) -> None:
    app.command("replay")(replay)
