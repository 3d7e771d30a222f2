"""Replay logs: (game, config, seed, actions) re-run a game bit for bit.

Format (JSON)::

    {"format": "wartable-replay/1", "game": "draconia", "config": {...},
     "seed": 7, "actions": [[0, "deploy L1 #3"], ...],
     "outcome": {"winners": [0], "scores": [...], "reason": "..."}}

A replay is untrusted input: ``run_replay`` checks every field (the seed is an integer
0..2^64-1, each action a ``[seat, notation]`` pair, the config has no local paths unless
``allow_local_data``) and re-applies each action with the validated ``apply``. Every
failure is a ``ReplayError`` naming the field or the action index.
"""

from __future__ import annotations

from typing import Any

from .errors import IllegalAction, ReplayError
from .game import Game, Outcome
from .match import MatchRecord
from .untrusted import (
    MAX_BYTES,
    MAX_LIST,
    check_action_text,
    excerpt,
    load_config,
    load_json_text,
)

FORMAT = "wartable-replay/1"
MAX_SEED = (1 << 64) - 1
MAX_ACTIONS = MAX_LIST  # no game in the box needs more decisions than this
_FIELDS = {"format", "game", "config", "seed", "actions", "outcome"}


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


def check_replay(log: Any) -> None:
    """The envelope of a replay log (before its game is known)."""
    if not isinstance(log, dict):
        raise ReplayError("a replay log must be a JSON object with a 'game' field")
    extra = sorted(set(log) - _FIELDS)
    if extra:
        raise ReplayError(f"replay: unknown field {excerpt(extra[0])}")
    if log.get("format", FORMAT) != FORMAT:
        raise ReplayError(f"format: unknown replay format {excerpt(log.get('format'))}")
    if not isinstance(log.get("game"), str):
        raise ReplayError("game: missing (a game id string)")
    seed = log.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise ReplayError(f"seed: expected an integer 0..2^64-1, got {excerpt(seed)}")
    actions = log.get("actions", [])
    if not isinstance(actions, list):
        raise ReplayError("actions: expected a list of [seat, notation]")
    if len(actions) > MAX_ACTIONS:
        raise ReplayError(f"actions: {len(actions)} entries, at most {MAX_ACTIONS}")
    for i, entry in enumerate(actions):
        if not isinstance(entry, list) or len(entry) != 2:
            raise ReplayError(f"actions[{i}]: expected [seat, notation], got {excerpt(entry)}")
        seat = entry[0]
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < 64:
            raise ReplayError(f"actions[{i}][0]: expected a seat number, got {excerpt(seat)}")
        check_action_text(entry[1], f"actions[{i}][1]", ReplayError)
    outcome = log.get("outcome")
    if outcome is not None and not isinstance(outcome, dict):
        raise ReplayError(f"outcome: expected an object or null, got {excerpt(outcome)}")


def run_replay(
    game: Game[Any, Any], log: Any, *, allow_local_data: bool = False
) -> tuple[Any, Outcome | None]:
    """Re-run a log with validated applies; check the recorded outcome if present."""
    check_replay(log)
    if log["game"] != game.id:
        raise ReplayError(f"game: replay is for game {excerpt(log['game'])}, not {game.id!r}")
    config = load_config(
        game,
        log.get("config"),
        allow_local_data=allow_local_data,
        error=ReplayError,
    )
    state = game.new_state(config, log.get("seed", 0))
    seats = game.num_players(state)
    for i, (seat, text) in enumerate(log.get("actions", [])):
        if seat >= seats:
            raise ReplayError(f"actions[{i}][0]: seat {seat} does not exist ({seats} seats)")
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
            raise ReplayError(
                f"outcome differs: recorded {excerpt(expected, 120)}, replayed {outcome.to_json()}"
            )
    return state, outcome


def replay_from_text(
    text: str | bytes, lookup: Any, *, allow_local_data: bool = False, max_bytes: int = MAX_BYTES
) -> tuple[Game[Any, Any], Any, Outcome | None]:
    """Untrusted replay text: parse with limits, check, look up the game and re-run it."""
    log = load_json_text(text, what="replay", max_bytes=max_bytes, error=ReplayError)
    check_replay(log)
    game = lookup(log["game"])
    state, outcome = run_replay(game, log, allow_local_data=allow_local_data)
    return game, state, outcome
