"""The weapon card game (weapon-skirmish-fragment.txt). See docs/games/weapons.md."""

from __future__ import annotations

from typing import Any

from .bots import HeuristicAgent
from .game import WeaponsGame

GAME = WeaponsGame()
AGENTS: dict[str, Any] = {"heuristic": HeuristicAgent}

__all__ = ["AGENTS", "GAME", "HeuristicAgent", "WeaponsGame"]
