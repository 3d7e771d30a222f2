"""The card catalogue of a match: every card, unit and board the client may name, in words.

Observations name cards by small ints; the client looks them up here (``GET
/api/matches/{id}/catalogue``). Each game writes its own in ``games/<id>/reference.py`` (the
server knows no rule); this builds it from the data the match plays with (the config's data
directory when one is set, else the built-in data), so a table on other data shows its own
cards. Everything in it is public: printed card text and numbers, never a seat's secret.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from wartable.games import KNOWN_GAMES, reference_for


def data_dir_of(config: dict[str, Any]) -> str | None:
    """The data directory a match's config names (None: the built-in data)."""
    for key in ("data_dir", "data"):
        value = config.get(key)
        if isinstance(value, str) and value:
            return value
    return None


@lru_cache(maxsize=32)
def _cached(game_id: str, data_dir: str | None) -> dict[str, Any]:
    return reference_for(game_id, data_dir)


def catalogue_for(game_id: str, config: dict[str, Any]) -> dict[str, Any]:
    """The catalogue of ``game_id`` played with ``config`` (shared: do not mutate it)."""
    return _cached(game_id, data_dir_of(config))


GAMES = KNOWN_GAMES
