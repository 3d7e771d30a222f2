"""Position JSON: the whole state of any game, like FEN for chess.

Envelope::

    {"format": "wartable-position/1", "game": "<id>", "config": {...}, "state": {...}}

``state`` is the game's own documented format (``docs/formats/``).
"""

from __future__ import annotations

from typing import Any

from .errors import ConfigError, PositionError
from .game import Game

FORMAT = "wartable-position/1"


def position_to_json(game: Game[Any, Any], state: Any) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "game": game.id,
        "config": state.config.model_dump(mode="json"),
        "state": game.state_to_json(state),
    }


def position_from_json(data: Any, lookup: Any) -> tuple[Game[Any, Any], Any]:
    """Parse a position; ``lookup(game_id)`` returns the game. Errors name the problem."""
    if not isinstance(data, dict):
        raise PositionError("a position must be a JSON object")
    if data.get("format", FORMAT) != FORMAT:
        raise PositionError(f"unknown position format {data.get('format')!r}")
    if "game" not in data:
        raise PositionError("position has no 'game' field")
    game = lookup(data["game"])
    try:
        config = game.make_config(data.get("config") or {})
    except ConfigError as err:
        raise PositionError(str(err)) from None
    if not isinstance(data.get("state"), dict):
        raise PositionError("position has no 'state' object")
    try:
        state = game.state_from_json(config, data["state"])
    except PositionError:
        raise
    except (KeyError, TypeError, ValueError, IndexError) as err:
        raise PositionError(f"malformed state: {type(err).__name__}: {err}") from None
    return game, state
