"""Replay logs: (game, config, seed, actions) re-run a game bit for bit.

Format (JSON)::

    {"format": "wartable-replay/1", "game": "draconia", "config": {...},
     "seed": 7, "actions": [[0, "deploy L1 #3"], ...],
     "outcome": {"winners": [0], "scores": [...], "reason": "..."}}
"""

from __future__ import annotations

from typing import Any

from .errors import IllegalAction, ReplayError
from .game import Game, Outcome
from .match import MatchRecord

FORMAT = "wartable-replay/1"


def record_to_replay(game: Game[Any, Any], record: MatchRecord) -> dict[str, Any]:
    config = game.make_config(record.config)
    return {
        "format": FORMAT,
        "game": record.game,
        "config": record.config,
        "seed": record.seed,
        "actions": [[seat, game.action_to_str(a, config)] for seat, a in record.actions],
        "outcome": record.outcome.to_json() if record.outcome else None,
    }


def run_replay(game: Game[Any, Any], log: dict[str, Any]) -> tuple[Any, Outcome | None]:
    """Re-run a log with validated applies; check the recorded outcome if present."""
    if log.get("format", FORMAT) != FORMAT:
        raise ReplayError(f"unknown replay format {log.get('format')!r}")
    if log.get("game") != game.id:
        raise ReplayError(f"replay is for game {log.get('game')!r}, not {game.id!r}")
    config = game.make_config(log.get("config") or {})
    state = game.new_state(config, int(log.get("seed", 0)))
    for i, entry in enumerate(log.get("actions", [])):
        try:
            seat, text = int(entry[0]), str(entry[1])
        except (TypeError, ValueError, IndexError):
            raise ReplayError(f"action {i}: expected [seat, notation], got {entry!r}") from None
        try:
            game.apply(state, seat, text)
        except IllegalAction as err:
            raise ReplayError(f"action {i} ({text!r} by seat {seat}): {err}") from None
    outcome = game.outcome(state) if game.is_terminal(state) else None
    expected = log.get("outcome")
    if expected is not None:
        if outcome is None:
            raise ReplayError("the log records an outcome but the game is not over")
        if outcome.to_json() != expected:
            raise ReplayError(f"outcome differs: recorded {expected}, replayed {outcome.to_json()}")
    return state, outcome
