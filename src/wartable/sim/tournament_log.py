"""A tournament's game log: one JSON line per finished game.

A 1-second-per-decision tournament runs for hours; with a log it can be stopped
and resumed (finished games are read back and not replayed), read while it runs
(``--no-play`` prints the tables of the games so far), and extended to more games
per pairing (deal k of a pairing depends only on the base seed, the pairing and k).

The first line is the header ``{"tournament": {game, config, agents, seed}}``; a
log is only ever resumed by a run with the same header. Each further line is
``{"pair": p, "index": k, "score": s, "decisions": n}``. A last line cut short by
a killed process is dropped when the log is opened; any other unreadable line
is an error that names the line and changes nothing.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from wartable.core.errors import WartableError


class LogError(WartableError, ValueError):
    """A tournament log that cannot be used (another tournament's, or a broken line)."""


GameResult = tuple[int, int, float, int]  # pairing, game index, first agent's score, decisions


def header(game_id: str, config: dict[str, Any], specs: Sequence[str], seed: int) -> dict[str, Any]:
    return {"game": game_id, "config": config, "agents": list(specs), "seed": seed}


class TournamentLog:
    """Append-only log of finished games (see the module docstring)."""

    def __init__(self, path: Path, head: dict[str, Any]) -> None:
        self.path = path
        self.head = head

    def read(self) -> list[GameResult]:
        """The games already in the log; creates the log (header only) if it is new.

        Raises ``LogError`` for a log of another tournament or a broken line."""
        if not self.path.exists() or self.path.stat().st_size == 0:
            self.path.write_text(json.dumps({"tournament": self.head}) + "\n")
            return []
        raw = self.path.read_bytes()
        lines = raw.split(b"\n")
        complete = lines[:-1]  # what follows the last newline is an unfinished write
        if not complete:
            raise LogError(f"{self.path}: no header line")
        first = _parse(self.path, 1, complete[0])
        if first.get("tournament") != self.head:
            raise LogError(
                f"{self.path} is the log of another tournament: {first.get('tournament')!r}; "
                f"this one is {self.head!r}"
            )
        results: dict[tuple[int, int], GameResult] = {}
        for number, line in enumerate(complete[1:], start=2):
            if not line.strip():
                continue
            row = _parse(self.path, number, line)
            try:
                result = (int(row["pair"]), int(row["index"]), float(row["score"]))
                decisions = int(row["decisions"])
            except (KeyError, TypeError, ValueError) as err:
                raise LogError(f"{self.path}:{number}: not a game result ({err})") from None
            if not 0.0 <= result[2] <= 1.0:
                raise LogError(f"{self.path}:{number}: score {result[2]} is not in [0, 1]")
            results[result[:2]] = (*result, decisions)
        if lines[-1]:  # drop the unfinished write, so appends start on a new line
            with self.path.open("r+b") as handle:
                handle.truncate(len(raw) - len(lines[-1]))
        return sorted(results.values())

    def append(self, result: GameResult) -> None:
        pair, index, score, decisions = result
        line = json.dumps({"pair": pair, "index": index, "score": score, "decisions": decisions})
        with self.path.open("a") as handle:
            handle.write(line + "\n")
            handle.flush()
            os.fsync(handle.fileno())


def read_header(path: Path) -> dict[str, Any]:
    """The tournament header of an existing log (``LogError`` if it has none)."""
    try:
        first = path.read_bytes().split(b"\n", 1)[0]
    except OSError as err:
        raise LogError(f"{path}: cannot be read ({err.strerror})") from None
    head = _parse(path, 1, first).get("tournament")
    if not isinstance(head, dict) or not {"game", "config", "agents", "seed"} <= head.keys():
        raise LogError(f"{path}:1: not a tournament log's header")
    return head


def read_results(path: Path, head: dict[str, Any]) -> list[GameResult]:
    """The finished games of the existing log ``path`` of the tournament ``head``."""
    return TournamentLog(path, head).read()


def _parse(path: Path, number: int, line: bytes) -> dict[str, Any]:
    try:
        value = json.loads(line)
    except (json.JSONDecodeError, UnicodeDecodeError) as err:
        raise LogError(f"{path}:{number}: not JSON ({err})") from None
    if not isinstance(value, dict):
        raise LogError(f"{path}:{number}: not a JSON object")
    return value
