"""The best-play tool: bots measured on the same deals and futures (docs/games/skirm.md)."""

from __future__ import annotations

import pytest

from wartable.agents.random_agent import RandomAgent
from wartable.games.skirm import GAME
from wartable.games.skirm.rollout import RolloutAgent
from wartable.games.skirm.tools import best
from wartable.games.skirm.tools.best import clairvoyant, deal, play


def test_same_deal_different_futures() -> None:
    """A deal (cards and first rolls, Setup and Duel Sequence) is kept; the future changes."""
    a, b = deal(GAME, {}, 5, 0), deal(GAME, {}, 5, 1)
    assert a.dice == b.dice and a.hands == b.hands
    assert a.rng.state != b.rng.state


def test_every_win_is_within_the_clairvoyant_ceiling() -> None:
    for seed in range(12):
        seat = seed % 2
        won = play(GAME, deal(GAME, {}, seed, 0), RolloutAgent(), seat, seed, 0)
        assert clairvoyant(GAME, deal(GAME, {}, seed, 0), seat, seed, 0) or not won


def test_shares_are_of_the_best_bot_and_of_the_ceiling(monkeypatch: pytest.MonkeyPatch) -> None:
    """Random play listed first and the greedy bot second: the best is found by value, not
    by order, and each share is counted here from the games themselves (``play`` and
    ``clairvoyant`` on the same deals), not read back from the tool."""
    monkeypatch.setitem(best.BOTS, "random", RandomAgent)
    seeds = range(0, 16)
    out = best.measure({}, seeds, 1, ["random", "greedy"])
    wins = {
        name: sum(play(GAME, deal(GAME, {}, s, 0), best.BOTS[name](), s % 2, s, 0) for s in seeds)
        for name in ("random", "greedy")
    }
    ceiling = sum(clairvoyant(GAME, deal(GAME, {}, s, 0), s % 2, s, 0) for s in seeds)
    assert wins["greedy"] > wins["random"], wins
    assert out["pairs"] == 16 and out["best_bot"] == "greedy"
    assert out["value"] == {"random": wins["random"] / 16, "greedy": wins["greedy"] / 16}
    assert out["share_of_best"]["random"] == pytest.approx(wins["random"] / wins["greedy"])
    assert out["share_of_best"]["random"] < 1.0
    assert out["share_of_best"]["greedy"] == 1.0
    assert out["ceiling"] == ceiling / 16 >= out["value"]["greedy"]
    assert out["share_of_ceiling"]["random"] == pytest.approx(wins["random"] / ceiling)
