"""Draconis Invasion (rulebook: draconis-invasion.txt): basic 3-6, solo, 2-player, team versus."""

from __future__ import annotations

from typing import Any

from .bots import HeuristicAgent
from .game import InvasionGame

GAME = InvasionGame()
AGENTS: dict[str, Any] = {"heuristic": HeuristicAgent}

__all__ = ["AGENTS", "GAME", "HeuristicAgent", "InvasionGame"]
