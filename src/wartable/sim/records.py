"""One finished game of a simulation run (what a worker sends back)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from wartable.core.rewards import DEFAULT_REWARD, is_draw, rewards_for


@dataclass(frozen=True)
class GameRecord:
    """One finished game of a run."""

    index: int
    seed: int
    seat_agents: tuple[int, ...]  # agent number playing each seat
    winners: tuple[int, ...]
    scores: tuple[float, ...]
    reason: str
    length: int
    metrics: dict[str, Any] = field(default_factory=dict)

    @property
    def is_draw(self) -> bool:
        return is_draw(self.winners, len(self.seat_agents))

    def rewards(self, reward: str = DEFAULT_REWARD) -> list[float]:
        """Each seat's reward under the rule ``reward`` (``wartable.core.rewards``)."""
        return rewards_for(self.winners, self.scores, len(self.seat_agents), reward)

    def seat_won(self, seat: int) -> bool:
        return not self.is_draw and seat in self.winners

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "seed": self.seed,
            "seat_agents": list(self.seat_agents),
            "winners": list(self.winners),
            "scores": list(self.scores),
            "reason": self.reason,
            "draw": self.is_draw,
            "length": self.length,
            "metrics": self.metrics,
        }
