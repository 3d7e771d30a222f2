"""The card catalogue of a match: every card, unit and board the client may name, in words.

Observations name cards by small ints; the client looks them up here (``GET
/api/matches/{id}/catalogue``). Each game writes its own in ``games/<id>/reference.py`` (the
server knows no rule); this builds it from the data the match plays with (the config's data
directory when one is set, else the built-in data), so a table on other data shows its own
cards; a game whose reference names ``options_key`` also gets the readings the config chooses
(Graxia: Solo 1's removal schedule and the turn limit), so the briefing says what the match
plays. Everything in it is public: printed card text and numbers, never a seat's secret.
"""

from __future__ import annotations

import importlib
from functools import lru_cache
from typing import Any

from wartable.games import KNOWN_GAMES, get_game, reference_for


def data_dir_of(config: dict[str, Any]) -> str | None:
    """The data directory a match's config names (None: the built-in data)."""
    for key in ("data_dir", "data"):
        value = config.get(key)
        if isinstance(value, str) and value:
            return value
    return None


@lru_cache(maxsize=32)
def _cached(
    game_id: str, data_dir: str | None, options: tuple[tuple[str, Any], ...]
) -> dict[str, Any]:
    if not options:
        return reference_for(game_id, data_dir)
    module = importlib.import_module(f"wartable.games.{game_id}.reference")
    return dict(module.build(data_dir, dict(options)))


def catalogue_for(game_id: str, config: dict[str, Any]) -> dict[str, Any]:
    """The catalogue of ``game_id`` played with ``config`` (shared: do not mutate it)."""
    get_game(game_id)  # refuses an unknown game before importing anything of it
    module = importlib.import_module(f"wartable.games.{game_id}.reference")
    key = getattr(module, "options_key", None)
    options = tuple(key(config)) if key is not None else ()
    return _cached(game_id, data_dir_of(config), options)


GAMES = KNOWN_GAMES
