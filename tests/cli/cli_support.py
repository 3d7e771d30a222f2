"""Helpers for the command-line tests: they run against the registered games."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner, Result

from wartable.cli.main import app
from wartable.core.game import Game
from wartable.core.match import agent_rngs
from wartable.core.position import position_to_json
from wartable.games import available_games, get_game

GAMES = available_games()
MAIN_GAME = "draconia" if "draconia" in GAMES else (GAMES[0] if GAMES else "draconia")


def run(*args: str, input: str | None = None) -> Result:
    """Invoke the command line in-process; stdout and stderr come back separately."""
    return CliRunner().invoke(app, list(args), input=input)


def assert_one_line_error(result: Result, *words: str) -> None:
    """Exit code 2, nothing on stdout, one ``error: ...`` line on stderr naming ``words``."""
    assert result.exit_code == 2, (result.exit_code, result.stdout, result.stderr)
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith("error: ")
    for w in words:
        assert w in lines[0], (w, lines[0])


def write_json(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    return path


def advance(game: Game[Any, Any], state: Any, steps: int, seed: int = 1) -> Any:
    """Play ``steps`` random decisions (seat ``to_act[0]``), stopping at the end."""
    rngs = agent_rngs(seed, game.num_players(state))
    for _ in range(steps):
        if game.is_terminal(state):
            break
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        game.apply(state, seat, legal[rngs[seat].below(len(legal))])
    return state


def position_file(tmp_path: Path, gid: str, steps: int = 0, seed: int = 3) -> Path:
    game = get_game(gid)
    state = advance(game, game.new_state(game.make_config({}), seed), steps, seed)
    return write_json(tmp_path / f"{gid}-{steps}.json", position_to_json(game, state))
