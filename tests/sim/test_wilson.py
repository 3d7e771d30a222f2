"""The one Wilson score interval (``core.stats``), used by the simulation lab, the
tournaments and the games' designer tools."""

from __future__ import annotations

import math

import pytest

import wartable.games.draconia.tools.balance as draconia_balance
import wartable.games.skirm.tools.matrix as skirm_matrix
import wartable.sim.stats as sim_stats
import wartable.sim.tournament as tournament
from wartable.core.stats import Z95, wilson_interval

# Worked by hand from the formula, z = 1.959964 (z^2 = 3.841459):
#   centre = (p + z^2/2n) / (1 + z^2/n), half = z sqrt(p(1-p)/n + z^2/4n^2) / (1 + z^2/n)
# 0/10:   centre = 0.192073/1.384146 = 0.138767, half = 1.959964 * 0.098000/1.384146 = 0.138767
# 5/10:   centre = 0.5, half = 1.959964 * sqrt(0.025 + 0.009604)/1.384146 = 0.263407
# 10/10:  centre = 1.192073/1.384146 = 0.861233, half = 0.138767
# 81/263: p = 0.307985, centre = 0.315288/1.014606 = 0.310749,
#         half = 1.959964 * sqrt(0.000810381 + 0.0000138843)/1.014606 = 0.055461
KNOWN = [
    (0, 10, 0.0, 0.277533),
    (5, 10, 0.236593, 0.763407),
    (10, 10, 0.722467, 1.0),
    (81, 263, 0.255289, 0.366210),
]


@pytest.mark.parametrize(("wins", "n", "low", "high"), KNOWN)
def test_known_values(wins: int, n: int, low: float, high: float) -> None:
    got_low, got_high = wilson_interval(wins, n)
    assert math.isclose(got_low, low, abs_tol=2e-6)
    assert math.isclose(got_high, high, abs_tol=2e-6)


def test_no_games_knows_nothing() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_the_ends_are_exact_and_never_leave_zero_to_one() -> None:
    """With no win the low end is 0.0 and with only wins the high end is 1.0, exactly; the
    formula alone gives e.g. -1.4e-17 for 0/21 and 1.0000000000000002 for 16/16."""
    for n in range(1, 400):
        assert wilson_interval(0, n)[0] == 0.0
        assert wilson_interval(n, n)[1] == 1.0
        for wins in (0, 0.5, 1, n / 3, n / 2, n - 1, n - 0.5, n):
            if not 0 <= wins <= n:
                continue
            low, high = wilson_interval(wins, n)
            assert 0.0 <= low <= wins / n <= high <= 1.0, (wins, n, low, high)


def test_a_draw_is_half_a_win() -> None:
    assert wilson_interval(3.0, 6) == wilson_interval(3, 6)
    assert wilson_interval(2.5, 6) < wilson_interval(3, 6)


def test_a_wider_z_gives_a_wider_interval() -> None:
    low95, high95 = wilson_interval(30, 100)
    low99, high99 = wilson_interval(30, 100, z=2.575829)
    assert low99 < low95 < 0.3 < high95 < high99
    assert Z95 == pytest.approx(1.959964, abs=1e-6)


def test_one_function_everywhere() -> None:
    """The simulation lab, the tournaments and both designer tools use this very function
    (no second copy that could drift: Draconia's did not clamp to [0, 1])."""
    assert sim_stats.wilson_interval is wilson_interval
    assert tournament.wilson_interval is wilson_interval
    assert draconia_balance.wilson_interval is wilson_interval
    assert skirm_matrix.wilson_interval is wilson_interval
    assert not hasattr(draconia_balance, "wilson") and not hasattr(skirm_matrix, "wilson")
