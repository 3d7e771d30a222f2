"""Guardians of Graxia (guardians-of-graxia.txt). See docs/games/graxia.md."""

from __future__ import annotations

from typing import Any

from .bots import HeuristicAgent
from .bots_planner import PlannerAgent
from .deckfile import check_deck
from .game import GraxiaGame
from .registry import check_data

GAME = GraxiaGame()
# ``planner``: the solo scenarios' rollout search (bots_planner.py); the heuristic elsewhere
AGENTS: dict[str, Any] = {"heuristic": HeuristicAgent, "planner": PlannerAgent}
# the difficulty levels' search: guided by the heuristic (progressive bias), random play-outs
# (heuristic play-outs cost 25 times as much; docs/agents.md)
ISMCTS_GUIDE: dict[str, Any] = {"bias": 1.0}

__all__ = [
    "AGENTS",
    "GAME",
    "ISMCTS_GUIDE",
    "GraxiaGame",
    "HeuristicAgent",
    "PlannerAgent",
    "check_data",
    "check_deck",
]
