"""Skirmish: Battle for Draconia."""

from typing import Any

from .bots import HeuristicAgent
from .cards import cardset_for, check_data
from .decks import check_deck_file
from .game import GAME, DraconiaGame

AGENTS = {"heuristic": HeuristicAgent}


def check_deck(path: str) -> list[str]:
    """``wartable deck check``: every Deck Construction rule the file breaks."""
    return check_deck_file(path, cardset_for(None))


__all__ = ["AGENTS", "GAME", "DraconiaGame", "check_data", "check_deck"]

# How the ISMCTS difficulty levels search here: guided by the heuristic bot, which
# took ISMCTS from 60% to 80% against that bot at 1 s per decision (docs/agents.md);
# ``easy`` and ``normal`` search plainly (random play-outs): even 40 guided iterations
# played within 84 Elo of ``hard``'s 650, so the lower levels are plain searches (10 and
# 200 iterations in two-player games, ``BUDGETS``).
ISMCTS_GUIDE: dict[str, Any] = {
    "rollout": "heuristic",
    "bias": 1.0,
    "levels": {
        "easy": {"rollout": "random", "bias": 0.0},
        "normal": {"rollout": "random", "bias": 0.0},
    },
}
