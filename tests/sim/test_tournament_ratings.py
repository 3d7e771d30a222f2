"""Tournament statistics: Wilson intervals and Bradley-Terry Elo ratings."""

from __future__ import annotations

import math

from wartable.sim.ratings import PairResult, bootstrap_elo, fit_elo
from wartable.sim.stats import wilson_interval as wilson


def test_wilson_known_values() -> None:
    low, high = wilson(5, 10)
    assert math.isclose(low, 0.2366, abs_tol=1e-4) and math.isclose(high, 0.7634, abs_tol=1e-4)
    low, high = wilson(10, 10)
    assert math.isclose(low, 0.7225, abs_tol=1e-4) and math.isclose(high, 1.0)
    low, high = wilson(0, 20)
    assert low == 0.0 and math.isclose(high, 0.1611, abs_tol=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)
    # a draw counts as half a success: 2 wins and 2 draws out of 6 is 3 out of 6
    assert wilson(3.0, 6) == wilson(3, 6)
    assert wilson(2.5, 6) < wilson(3, 6)


def test_elo_of_even_results_is_zero() -> None:
    pairs = [PairResult(0, 1, (1.0, 0.0) * 50)]
    assert [round(r, 6) for r in fit_elo(2, pairs)] == [0.0, 0.0]


def test_elo_gap_matches_the_logistic_curve() -> None:
    # 76 of 100: a gap of 400*log10(76/24) ~ 200, shrunk slightly by the 1-game prior
    pairs = [PairResult(0, 1, (1.0,) * 76 + (0.0,) * 24)]
    a, b = fit_elo(2, pairs)
    expected = 400 * math.log10(76.5 / 24.5)
    assert math.isclose(a - b, expected, rel_tol=1e-6)
    assert math.isclose(a + b, 0.0, abs_tol=1e-9)


def test_elo_orders_a_transitive_round_robin_and_stays_finite() -> None:
    pairs = [
        PairResult(0, 1, (1.0,) * 30 + (0.0,) * 10),
        PairResult(0, 2, (1.0,) * 40),  # a perfect record: finite thanks to the prior
        PairResult(1, 2, (1.0,) * 28 + (0.5,) * 4 + (0.0,) * 8),
    ]
    r = fit_elo(3, pairs)
    assert r[0] > r[1] > r[2] and all(math.isfinite(x) for x in r)
    ci = bootstrap_elo(3, pairs, samples=100, seed=1)
    for (low, high), x in zip(ci, r, strict=True):
        assert low <= x + 1e-6 and x - 1e-6 <= high and high - low < 400
    assert ci == bootstrap_elo(3, pairs, samples=100, seed=1)  # seeded
