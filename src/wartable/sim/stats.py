"""Win-rate statistics: Wilson score intervals and small tallies.

Pure functions over counts, so a run's summary and the report over stored
results aggregate the same way.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

Z95 = 1.959963984540054


def wilson_interval(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for ``wins`` successes out of ``n`` (95% by default;
    a tournament counts a draw as half a success).

    ``(0.0, 1.0)`` when ``n == 0``: nothing is known.
    """
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    z2 = z * z
    denom = 1.0 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


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
