"""The card catalogue of a match: every card, unit and board the client may name, in words.

Observations name cards by small ints; the client looks them up here (``GET
/api/matches/{id}/catalogue``). It is built from the data the match plays with (the config's
data directory when one is set, else the built-in data), so a table on other data shows its
own cards. Everything in it is public: printed card text and numbers, never a seat's secret.
One module per game; each returns plain JSON.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from wartable.core.errors import WartableError

from . import draconia, graxia, invasion, skirm, weapons

BUILDERS: dict[str, Callable[[str | None], dict[str, Any]]] = {
    "draconia": draconia.build,
    "graxia": graxia.build,
    "invasion": invasion.build,
    "skirm": skirm.build,
    "weapons": weapons.build,
}


def data_dir_of(config: dict[str, Any]) -> str | None:
    """The data directory a match's config names (None: the built-in data)."""
    for key in ("data_dir", "data"):
        value = config.get(key)
        if isinstance(value, str) and value:
            return value
    return None


@lru_cache(maxsize=32)
def _cached(game_id: str, data_dir: str | None) -> dict[str, Any]:
    return BUILDERS[game_id](data_dir)


def catalogue_for(game_id: str, config: dict[str, Any]) -> dict[str, Any]:
    """The catalogue of ``game_id`` played with ``config`` (shared: do not mutate it)."""
    if game_id not in BUILDERS:
        raise WartableError(f"no catalogue for game {game_id!r}")
    return _cached(game_id, data_dir_of(config))
