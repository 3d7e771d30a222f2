"""Game registry. Each game is a package ``wartable.games.<id>`` exposing ``GAME``.

Games are imported lazily so a broken or missing game never stops the others.
"""

from __future__ import annotations

import importlib
from typing import Any

from wartable.core.errors import ConfigError

KNOWN_GAMES = ("draconia", "invasion", "skirm", "weapons", "graxia")


def available_games() -> list[str]:
    """Ids of the games whose package is present."""
    found = []
    for gid in KNOWN_GAMES:
        try:
            importlib.import_module(f"wartable.games.{gid}")
        except ModuleNotFoundError as err:
            if err.name and err.name.startswith(f"wartable.games.{gid}"):
                continue
            raise
        if hasattr(importlib.import_module(f"wartable.games.{gid}"), "GAME"):
            found.append(gid)  # a package still being written (no GAME yet) is skipped
    return found


def get_game(game_id: str) -> Any:
    if game_id not in KNOWN_GAMES:
        raise ConfigError(f"unknown game {game_id!r} (known: {', '.join(available_games())})")
    try:
        module = importlib.import_module(f"wartable.games.{game_id}")
    except ModuleNotFoundError as err:
        if err.name and err.name.startswith(f"wartable.games.{game_id}"):
            raise ConfigError(f"game {game_id!r} is not built yet") from None
        raise
    if not hasattr(module, "GAME"):
        raise ConfigError(f"game {game_id!r} is not built yet")
    return module.GAME


def reference_for(game_id: str, data_dir: str | None) -> dict[str, Any]:
    """The game's public reference for people: every card, unit and map in words (its
    ``reference.py``), built from ``data_dir`` (None: the built-in data)."""
    get_game(game_id)  # refuses an unknown game
    module = importlib.import_module(f"wartable.games.{game_id}.reference")
    return dict(module.build(data_dir))
