"""Shared plumbing for the commands: one-line errors, JSON input, configs, output.

Every error derived from ``WartableError`` becomes ``error: <reason>`` on one
line of stderr and exit code 2; nothing is written to stdout in that case. Files and
stdin go through ``core.untrusted`` (size cap, UTF-8, nesting depth, number limits).
"""

from __future__ import annotations

import functools
import json
import os
import sys
from collections.abc import Callable
from typing import Any, NoReturn, ParamSpec, TypeVar

import typer
from rich.console import Console

from wartable.agents.specs import split_agent_specs as split_specs
from wartable.core.errors import ConfigError, PositionError, WartableError
from wartable.core.game import Game
from wartable.core.position import position_from_json
from wartable.core.untrusted import MAX_BYTES, decode_utf8, load_json_text, read_bytes
from wartable.games import get_game

P = ParamSpec("P")
R = TypeVar("R")

EXIT_ERROR = 2
MAX_MESSAGE = 300  # characters of an error line


def fail(message: str, code: int = EXIT_ERROR) -> NoReturn:
    """Print ``error: message`` as one printable line on stderr and exit with ``code``."""
    one_line = " ".join(str(message).split())
    if len(one_line) > MAX_MESSAGE:
        one_line = one_line[: MAX_MESSAGE - 3] + "..."
    one_line = one_line.encode("ascii", "backslashreplace").decode("ascii")
    try:
        sys.stderr.write(f"error: {one_line}\n")
        sys.stderr.flush()
    except OSError:  # stderr closed as well: nothing left to tell
        pass
    raise typer.Exit(code)


def _quiet_broken_pipe() -> NoReturn:
    """The reader went away (``wartable legal ... | head -1``): stop quietly, exit 0."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    raise typer.Exit(0)


def cli_errors(func: Callable[P, R]) -> Callable[P, R]:
    """Every failure is one ``error:`` line and exit 2; never a traceback.

    ``WartableError`` and unreadable files carry their own reason; a broken pipe on stdout
    exits quietly; anything else is a bug, reported on one line as an internal error
    (``WARTABLE_DEBUG=1`` shows the traceback).
    """

    @functools.wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            result = func(*args, **kwargs)
            sys.stdout.flush()
            return result
        except typer.Exit:
            raise
        except BrokenPipeError:
            _quiet_broken_pipe()
        except WartableError as err:
            fail(str(err))
        except OSError as err:
            where = f"{err.filename}: " if err.filename else ""
            fail(f"{where}{err.strerror or err}")
        except (KeyboardInterrupt, SystemExit):
            raise
        except Exception as err:
            if os.environ.get("WARTABLE_DEBUG"):
                raise
            fail(f"internal error ({type(err).__name__}); WARTABLE_DEBUG=1 shows the traceback")

    return wrapper


def stdout_console() -> Console:
    return Console(highlight=False)


def stderr_console() -> Console:
    return Console(stderr=True, highlight=False)


def echo_json(data: Any) -> None:
    """Machine-readable output: plain JSON on stdout (never wrapped or coloured)."""
    sys.stdout.write(json.dumps(data, indent=2, sort_keys=False) + "\n")


def read_text(path: str, error: type[WartableError] = WartableError) -> str:
    """A file's text, or stdin for ``-`` (size-capped, strict UTF-8)."""
    name = "<stdin>" if path == "-" else path
    return decode_utf8(read_bytes(path, MAX_BYTES, error), name, error)


def load_json_file(path: str, error: type[WartableError], what: str) -> Any:
    """Parse a JSON file through the untrusted-input limits (``core.untrusted``)."""
    name = "<stdin>" if path == "-" else path
    data = read_bytes(path, MAX_BYTES, error)
    return load_json_text(data, what=f"{name} ({what})", error=error)


def load_position(path: str) -> tuple[Game[Any, Any], Any]:
    """Read a position file (``-`` for stdin): ``PositionError`` names what is wrong.

    The command line is run by the machine's own user, so configs may name local data.
    """
    data = load_json_file(path, PositionError, "a position")
    name = "<stdin>" if path == "-" else path
    try:
        return position_from_json(data, get_game, allow_local_data=True)
    except WartableError as err:
        raise PositionError(f"{name}: {err}") from None


def parse_config(text: str | None) -> dict[str, Any]:
    """``--config``: a JSON object, or ``@FILE`` holding one."""
    if not text:
        return {}
    what = "--config"
    if text.startswith("@"):
        what = f"--config {text[1:]}"
        data = load_json_file(text[1:], ConfigError, "a config")
    else:
        data = load_json_text(text, what=what, error=ConfigError)
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
