"""The best-play tool: bots measured on the same deals and futures (docs/games/skirm.md)."""

from __future__ import annotations

from wartable.games.skirm import GAME
from wartable.games.skirm.best import clairvoyant, deal, measure, play
from wartable.games.skirm.rollout import RolloutAgent


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


def test_shares_are_of_the_best_bot_and_of_the_ceiling() -> None:
    out = measure({}, range(0, 8), 1, ["greedy"])
    assert out["pairs"] == 8 and out["best_bot"] == "greedy"
    assert out["share_of_best"]["greedy"] == 1.0
    assert out["value"]["greedy"] <= out["ceiling"]
    assert out["share_of_ceiling"]["greedy"] == out["value"]["greedy"] / out["ceiling"]
