"""Position JSON: the whole state of any game, like FEN for chess.

Envelope::

    {"format": "wartable-position/1", "game": "<id>", "config": {...}, "state": {...}}

``state`` is the game's own documented format (``docs/formats/``).

Loading is the untrusted path (``untrusted.py``): the config is validated (local paths
only with ``allow_local_data``), the game's ``state_from_json`` checks every field's type
and bounds, then the loaded state must pass the game's ``invariants()`` and be playable
(someone is to act with a legal action unless the game is over). Anything else is a
``PositionError`` naming the field.
"""

from __future__ import annotations

from typing import Any

from .errors import PositionError, WartableError
from .game import Game
from .untrusted import MAX_BYTES, excerpt, load_config, load_json_text

FORMAT = "wartable-position/1"
_ENVELOPE = {"format", "game", "config", "state", "applied", "events"}  # `apply` adds the last two


def position_to_json(game: Game[Any, Any], state: Any) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "game": game.id,
        "config": state.config.model_dump(mode="json"),
        "state": game.state_to_json(state),
    }


def check_loaded_state(game: Game[Any, Any], state: Any) -> None:
    """A freshly loaded state must hold the game's invariants and be playable."""
    problems = game.invariants(state)
    if problems:
        raise PositionError(f"state: impossible position: {problems[0]}")
    acting = game.to_act(state)
    if game.is_terminal(state):
        if acting:
            raise PositionError("state: the game is over but seats are still to act")
        return
    if not acting:
        raise PositionError("state: the game is not over but nobody is to act")
    seats = game.num_players(state)
    for seat in acting:
        if not 0 <= seat < seats:
            raise PositionError(f"state: seat {seat} to act does not exist")
        if not game.legal_actions(state, seat):
            raise PositionError(f"state: seat {seat} is to act but has no legal action")


def position_from_json(
    data: Any, lookup: Any, *, allow_local_data: bool = False
) -> tuple[Game[Any, Any], Any]:
    """Parse and validate a position; ``lookup(game_id)`` returns the game."""
    if not isinstance(data, dict):
        raise PositionError("a position must be a JSON object")
    extra = sorted(set(data) - _ENVELOPE)
    if extra:
        raise PositionError(f"position: unknown field {excerpt(extra[0])}")
    if data.get("format", FORMAT) != FORMAT:
        raise PositionError(f"format: unknown position format {excerpt(data.get('format'))}")
    if not isinstance(data.get("game"), str):
        raise PositionError("game: missing (a game id string)")
    game = lookup(data["game"])
    config = load_config(
        game,
        data.get("config"),
        allow_local_data=allow_local_data,
        error=PositionError,
    )
    if not isinstance(data.get("state"), dict):
        raise PositionError("state: missing (an object)")
    try:
        state = game.state_from_json(config, data["state"])
        check_loaded_state(game, state)
    except WartableError as err:
        if isinstance(err, PositionError):
            raise
        raise PositionError(str(err)) from None
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, OverflowError) as err:
        # a gap in a game's own checks: still a one-line refusal, never a traceback
        raise PositionError(
            f"state: malformed ({type(err).__name__}: {excerpt(str(err), 80)})"
        ) from None
    return game, state


def position_from_text(
    text: str | bytes,
    lookup: Any,
    *,
    allow_local_data: bool = False,
    what: str = "position",
    max_bytes: int = MAX_BYTES,
) -> tuple[Game[Any, Any], Any]:
    """Untrusted text to a validated position (size, depth and number limits first)."""
    data = load_json_text(text, what=what, max_bytes=max_bytes, error=PositionError)
    return position_from_json(data, lookup, allow_local_data=allow_local_data)
