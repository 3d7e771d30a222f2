"""Skirm, the dice duel (skirm-dice-duel.txt). See docs/games/skirm.md."""

from __future__ import annotations

from typing import Any

from .bots import HeuristicAgent
from .expectimax import ExpectimaxAgent
from .game import SkirmGame
from .rollout import RolloutAgent

GAME = SkirmGame()
# "heuristic": flat Monte Carlo over each ability choice; "greedy": the one-step evaluator;
# "expectimax": every own choice searched against a random opponent (slow, strongest)
AGENTS: dict[str, Any] = {
    "heuristic": RolloutAgent,
    "greedy": HeuristicAgent,
    "expectimax": ExpectimaxAgent,
}

__all__ = ["AGENTS", "GAME", "ExpectimaxAgent", "HeuristicAgent", "RolloutAgent", "SkirmGame"]
