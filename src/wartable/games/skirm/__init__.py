"""Skirm, the dice duel (skirm-dice-duel.txt). See docs/games/skirm.md."""

from __future__ import annotations

from typing import Any

from .agents import HeuristicAgent
from .game import SkirmGame

GAME = SkirmGame()
AGENTS: dict[str, Any] = {"heuristic": HeuristicAgent}

__all__ = ["AGENTS", "GAME", "HeuristicAgent", "SkirmGame"]
