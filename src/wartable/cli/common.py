"""Shared plumbing for the commands: one-line errors, JSON input, configs, output.

Every error derived from ``WartableError`` becomes ``error: <reason>`` on one
line of stderr and exit code 2; nothing is written to stdout in that case.
"""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn, ParamSpec, TypeVar

import typer
from rich.console import Console

from wartable.agents.specs import split_agent_specs as split_specs
from wartable.core.errors import ConfigError, PositionError, WartableError
from wartable.core.game import Game
from wartable.core.position import position_from_json
from wartable.games import get_game

P = ParamSpec("P")
R = TypeVar("R")

EXIT_ERROR = 2


def fail(message: str) -> NoReturn:
    """Print ``error: message`` as one line on stderr and exit with code 2."""
    one_line = " ".join(str(message).split())
    sys.stderr.write(f"error: {one_line}\n")
    sys.stderr.flush()
    raise typer.Exit(EXIT_ERROR)


def cli_errors(func: Callable[P, R]) -> Callable[P, R]:
    """Turn ``WartableError`` (and unreadable files) into a one-line error, exit 2."""

    @functools.wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return func(*args, **kwargs)
        except WartableError as err:
            fail(str(err))
        except OSError as err:
            where = f"{err.filename}: " if err.filename else ""
            fail(f"{where}{err.strerror or err}")

    return wrapper


def stdout_console() -> Console:
    return Console(highlight=False)


def stderr_console() -> Console:
    return Console(stderr=True, highlight=False)


def echo_json(data: Any) -> None:
    """Machine-readable output: plain JSON on stdout (never wrapped or coloured)."""
    sys.stdout.write(json.dumps(data, indent=2, sort_keys=False) + "\n")


def read_text(path: str) -> str:
    """A file's text, or stdin for ``-``."""
    if path == "-":
        return sys.stdin.read()
    return Path(path).read_text(encoding="utf-8")


def load_json_file(path: str, error: type[WartableError], what: str) -> Any:
    """Parse a JSON file; bad JSON raises ``error`` naming the file, line and column."""
    text = read_text(path)
    name = "<stdin>" if path == "-" else path
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise error(
            f"{name}: not valid JSON ({what}): {err.msg} at line {err.lineno} column {err.colno}"
        ) from None


def load_position(path: str) -> tuple[Game[Any, Any], Any]:
    """Read a position file (``-`` for stdin): ``PositionError`` names what is wrong."""
    data = load_json_file(path, PositionError, "a position")
    name = "<stdin>" if path == "-" else path
    try:
        return position_from_json(data, get_game)
    except PositionError as err:
        raise PositionError(f"{name}: {err}") from None


def parse_config(text: str | None) -> dict[str, Any]:
    """``--config``: a JSON object, or ``@FILE`` holding one."""
    if not text:
        return {}
    if text.startswith("@"):
        text = read_text(text[1:])
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise ConfigError(f"--config is not valid JSON: {err.msg} at column {err.colno}") from None
    if not isinstance(data, dict):
        raise ConfigError("--config must be a JSON object")
    return data


def split_agent_specs(text: str | None) -> list[str] | None:
    """``--agents``/``--vs``: comma-separated specs (``wartable.agents.specs``); None if empty."""
    return split_specs(text) if text else None


def check_seat(game: Game[Any, Any], state: Any, seat: int) -> int:
    seats = game.num_players(state)
    if not 0 <= seat < seats:
        raise ConfigError(f"seat {seat} does not exist (this game has seats 0..{seats - 1})")
    return seat


def default_seat(game: Game[Any, Any], state: Any, player: int | None) -> int:
    """``--player`` if given, else the first seat with a pending decision."""
    if player is not None:
        return check_seat(game, state, player)
    acting = game.to_act(state)
    if not acting:
        raise ConfigError("the game is over: nobody is to act")
    return int(acting[0])


def describe_outcome(outcome: Any) -> str:
    winners = list(outcome.winners)
    if not winners:
        who = "no winner"
    elif len(winners) == 1:
        who = f"seat {winners[0]} wins"
    else:
        who = "seats " + ", ".join(str(w) for w in winners) + " share the victory"
    scores = ", ".join(f"{s:g}" for s in outcome.scores)
    return f"{who} ({outcome.reason}); scores: {scores}"
