"""Win-rate statistics: Wilson score intervals (``core.stats``) and small tallies.

Pure functions over counts, so a run's summary and the report over stored
results aggregate the same way.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wartable.core.stats import Z95, wilson_interval

__all__ = ["Z95", "Tally", "wilson_interval"]  # the interval lives in core, shared with games


@dataclass
class Tally:
    """Wins out of games for one agent, seat or metric value."""

    wins: int = 0
    games: int = 0

    def add(self, won: bool) -> None:
        self.games += 1
        self.wins += int(won)

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def ci95(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)

    def to_json(self) -> dict[str, Any]:
        lo, hi = self.ci95()
        return {
            "wins": self.wins,
            "games": self.games,
            "win_rate": round(self.win_rate, 6),
            "ci95": [round(lo, 6), round(hi, 6)],
        }
