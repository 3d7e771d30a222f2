"""``wartable replay LOG.json``: re-run a game log with validated applies and verify it."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from wartable.core.errors import ConfigError, ReplayError, WartableError
from wartable.core.replay import check_replay, run_replay
from wartable.games import get_game

from .common import cli_errors, describe_outcome, echo_json, load_json_file


@cli_errors
def replay(
    log_path: Annotated[
        str | None, typer.Argument(metavar="LOG.json", help="A replay log ('-': stdin).")
    ] = None,
    from_log: Annotated[
        Path | None,
        typer.Option(
            "--from-log", help="A `wartable simulate --out` log: re-play one of its games."
        ),
    ] = None,
    game_index: Annotated[
        int | None, typer.Option("--game-index", help="With --from-log: the game's index.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
) -> None:
    """Re-run a replay log and verify the recorded outcome (exit 2 if it differs), or play
    one game of a simulation log again from its header and compare it with the logged line."""
    if from_log is not None or game_index is not None:
        if log_path is not None or from_log is None or game_index is None:
            raise ConfigError("--from-log FILE and --game-index N go together, without LOG.json")
        _replay_from_sim_log(from_log, game_index, as_json)
        return
    if log_path is None:
        raise ConfigError("give a replay log (LOG.json, '-': stdin) or --from-log FILE")
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


def _replay_from_sim_log(path: Path, index: int, as_json: bool) -> None:
    from wartable.sim.run_log import replay_game, same_game

    record, logged = replay_game(path, index)
    differs = same_game(record, logged)
    if as_json:
        echo_json({"game_index": index, "replayed": record.to_json(), "differs": differs})
    else:
        won = ", ".join(str(w) for w in record.winners) or "nobody"
        typer.echo(
            f"game {index} (seed {record.seed}): winners {won}; {record.reason}; "
            f"{record.length} decisions"
        )
    if differs:
        raise ReplayError(f"game {index} re-played differently from the log: {', '.join(differs)}")
    if not as_json:
        typer.echo("the same as the log")


def register(app: typer.Typer) -> None:
    app.command("replay")(replay)
