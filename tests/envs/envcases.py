"""Every registered game and mode, for the research-interface tests."""

from __future__ import annotations

from typing import Any

from wartable.games import available_games, get_game

CASES: list[tuple[str, int, dict[str, Any]]] = [
    (gid, i, cfg)
    for gid in available_games()
    for i, cfg in enumerate(get_game(gid).example_configs())
]
IDS = [f"{gid}-{i}" for gid, i, _ in CASES]
