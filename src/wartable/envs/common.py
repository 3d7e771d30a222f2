"""What every research adapter shares: game lookup, rewards, masks, bounded observations."""

from __future__ import annotations

from typing import Any

import numpy as np

from wartable.core.game import Game, Outcome
from wartable.games import get_game

# Encoded values are clipped into [-BOUND, BOUND] so the observation space is finite.
BOUND = 1e6


def resolve_game(game: str | Game[Any, Any]) -> Game[Any, Any]:
    return get_game(game) if isinstance(game, str) else game


def terminal_rewards(outcome: Outcome, seats: int) -> list[float]:
    """+1 to each winner (shared victory: every winner), -1 to the others when somebody
    won, 0 to everybody when nobody did (a draw, or a solo/co-op game lost)."""
    winners = set(outcome.winners)
    if not winners:
        return [0.0] * seats
    return [1.0 if s in winners else -1.0 for s in range(seats)]


def action_mask(legal: list[int], size: int) -> np.ndarray:
    mask = np.zeros(size, dtype=np.int8)
    mask[legal] = 1
    return mask


def bounded(vec: np.ndarray) -> np.ndarray:
    return np.clip(vec, -BOUND, BOUND, out=vec)
