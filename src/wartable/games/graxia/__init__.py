"""Guardians of Graxia (guardians-of-graxia.txt). See docs/games/graxia.md."""

from __future__ import annotations

from typing import Any

from .bots import HeuristicAgent
from .game import GraxiaGame
from .registry import check_data

GAME = GraxiaGame()
AGENTS: dict[str, Any] = {"heuristic": HeuristicAgent}

__all__ = ["AGENTS", "GAME", "GraxiaGame", "HeuristicAgent", "check_data"]
