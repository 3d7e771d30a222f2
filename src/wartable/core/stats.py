"""The Wilson score interval of a win rate: the one used by the simulation lab, the
tournaments and the games' designer tools (here, at the bottom layer, so both a game's
package and ``sim`` can import it)."""

from __future__ import annotations

import math

Z95 = 1.959963984540054  # the two-sided 95% quantile of the normal distribution


def wilson_interval(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for ``wins`` successes out of ``n`` (95% by default; a
    tournament counts a draw as half a success), always inside [0, 1].

    ``(0.0, 1.0)`` when ``n == 0``: nothing is known. With no win the low end is exactly 0
    and with only wins the high end is exactly 1 (the formula gives them up to a rounding
    error that can leave [0, 1]).
    """
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    z2 = z * z
    denom = 1.0 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(max(0.0, p * (1 - p)) / n + z2 / (4 * n * n)) / denom
    low = 0.0 if wins <= 0 else max(0.0, centre - half)
    high = 1.0 if wins >= n else min(1.0, centre + half)
    return (low, high)
