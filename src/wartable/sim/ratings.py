"""Elo-style (Bradley-Terry) ratings for tournaments (Wilson intervals: ``stats``).

A game between A and B gives A a score in [0, 1] (1 win, 0 loss, 1/2 draw or
equal share of a victory) and B the complement. Ratings are the maximum
likelihood Bradley-Terry strengths fitted by Hunter's MM iteration, on the
Elo scale (400 * log10 of the strength; a 200-point gap = 76% expected score),
centred so the mean rating is 0. Each pairing gets one virtual drawn game (a
weak prior) so a perfect record still has a finite rating. Intervals come
from a non-parametric bootstrap: every pairing's games are resampled with
replacement and the ratings refitted.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from wartable.core.rng import Rng

PRIOR_GAMES = 1.0  # virtual drawn games per pairing


@dataclass(frozen=True)
class PairResult:
    """The per-game scores of agent ``a`` against agent ``b``."""

    a: int
    b: int
    scores: tuple[float, ...]


def fit_elo(players: int, pairs: Sequence[PairResult], iterations: int = 2000) -> list[float]:
    """Maximum-likelihood Bradley-Terry ratings on the Elo scale, mean 0."""
    wins = [0.0] * players
    games: dict[tuple[int, int], float] = {}
    for pr in pairs:
        s = sum(pr.scores) + PRIOR_GAMES / 2
        wins[pr.a] += s
        wins[pr.b] += len(pr.scores) + PRIOR_GAMES - s
        key = (min(pr.a, pr.b), max(pr.a, pr.b))
        games[key] = games.get(key, 0.0) + len(pr.scores) + PRIOR_GAMES
    gamma = [1.0] * players
    for _ in range(iterations):
        new = []
        for i in range(players):
            denom = 0.0
            for (x, y), n in games.items():
                if i == x:
                    denom += n / (gamma[x] + gamma[y])
                elif i == y:
                    denom += n / (gamma[x] + gamma[y])
            new.append(wins[i] / denom if denom > 0 else gamma[i])
        mean_log = sum(math.log(g) for g in new) / players
        new = [g / math.exp(mean_log) for g in new]
        change = max(abs(math.log(a) - math.log(b)) for a, b in zip(new, gamma, strict=True))
        gamma = new
        if change < 1e-10:
            break
    return [400.0 * math.log10(g) for g in gamma]


def bootstrap_elo(
    players: int, pairs: Sequence[PairResult], samples: int = 200, seed: int = 0
) -> list[tuple[float, float]]:
    """95% percentile intervals of the ratings over ``samples`` bootstrap refits."""
    if samples <= 0:
        return [(math.nan, math.nan)] * players
    rng = Rng(seed)
    draws: list[list[float]] = [[] for _ in range(players)]
    for _ in range(samples):
        resampled = []
        for pr in pairs:
            n = len(pr.scores)
            scores = tuple(pr.scores[rng.below(n)] for _ in range(n)) if n else ()
            resampled.append(PairResult(pr.a, pr.b, scores))
        for i, r in enumerate(fit_elo(players, resampled, iterations=500)):
            draws[i].append(r)
    out = []
    for values in draws:
        values.sort()
        lo = values[int(0.025 * (len(values) - 1))]
        hi = values[math.ceil(0.975 * (len(values) - 1))]
        out.append((lo, hi))
    return out
