"""Guardians of Graxia (guardians-of-graxia.txt). See docs/games/graxia.md."""

from __future__ import annotations

from typing import Any

from .bots import HeuristicAgent
from .bots_duel import DuelAgent, EasyAgent, HardAgent, NormalAgent
from .bots_planner import PlannerAgent
from .catalog.deckfile import check_deck
from .catalog.loading import check_data
from .game import GraxiaGame

GAME = GraxiaGame()
# ``planner``: the solo scenarios' rollout search (bots_planner.py); the heuristic elsewhere.
# ``duel`` and the levels: the two-player rollout search (bots_duel.py), in place of the
# generic ISMCTS levels
AGENTS: dict[str, Any] = {
    "heuristic": HeuristicAgent,
    "planner": PlannerAgent,
    "duel": DuelAgent,
    "easy": EasyAgent,
    "normal": NormalAgent,
    "hard": HardAgent,
}
# a plain ``ismcts`` spec's search (``ismcts:level=hard``): guided by the heuristic
# (progressive bias), random play-outs (docs/agents.md)
ISMCTS_GUIDE: dict[str, Any] = {"bias": 1.0}

__all__ = [
    "AGENTS",
    "GAME",
    "ISMCTS_GUIDE",
    "DuelAgent",
    "GraxiaGame",
    "HeuristicAgent",
    "PlannerAgent",
    "check_data",
    "check_deck",
]
