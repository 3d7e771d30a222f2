"""Skirmish: Battle for Draconia."""

from .cards import check_data
from .game import GAME, DraconiaGame
from .heuristic import HeuristicAgent

AGENTS = {"heuristic": HeuristicAgent}

__all__ = ["AGENTS", "GAME", "DraconiaGame", "check_data"]
