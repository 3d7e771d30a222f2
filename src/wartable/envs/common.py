"""What every research adapter shares: game lookup, rewards, masks, bounded observations.

Rewards are ``wartable.core.rewards`` (the lab uses the same rules): every
adapter takes ``reward="share"|"win"|"score"``, ``"share"`` by default.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from wartable.core.game import Game
from wartable.core.rewards import DEFAULT_REWARD, REWARDS, check_reward, terminal_rewards
from wartable.games import get_game

__all__ = [
    "BOUND",
    "DEFAULT_REWARD",
    "HIGH",
    "LOW",
    "REWARDS",
    "action_mask",
    "bounded",
    "check_reward",
    "resolve_game",
    "terminal_rewards",
]

# Every encoder segment is normalised into [0, 1] (docs/research.md); ``bounded`` clips
# into [LOW, HIGH] so a future encoder's slip cannot leave the observation space.
LOW, HIGH = 0.0, 1.0
BOUND = 1e6  # the utility bound of the "score" reward in OpenSpiel


def resolve_game(game: str | Game[Any, Any]) -> Game[Any, Any]:
    return get_game(game) if isinstance(game, str) else game


def action_mask(legal: list[int], size: int) -> np.ndarray:
    mask = np.zeros(size, dtype=np.int8)
    mask[legal] = 1
    return mask


def bounded(vec: np.ndarray) -> np.ndarray:
    return np.clip(vec, LOW, HIGH, out=vec)
