"""The heuristic's incremental evaluation (bots_eval.py) against copy-and-apply.

The heuristic scores moves, switches, summons, shields, portals, draws and buys from their
effects instead of copying the state and applying them. On fixed positions (every decision
of one heuristic game per two-player scenario) each such score must equal ``evaluate`` of
the copied, applied state, the battle forecast without listing legal actions must end where
the listing one does, and the heuristic must pick the action the copying reference picks.
"""

from __future__ import annotations

from collections import Counter

import pytest
from graxia_helpers import heuristic_positions as positions

from wartable.core.rng import Rng
from wartable.games.graxia import GAME
from wartable.games.graxia import actions as acts
from wartable.games.graxia.bots import (
    CopyingHeuristicAgent,
    HeuristicAgent,
    _aims,
    _finish_battle,
    _guardian_types,
    evaluate,
)
from wartable.games.graxia.bots_eval import Scorer
from wartable.games.graxia.state import GraxiaState

SCENARIOS = ("2p-1", "2p-2", "2p-3", "2p-4", "2p-5", "2p-6", "custom")


def scorer_for(s: GraxiaState, seat: int) -> Scorer:
    obj, targets, pull, aggression = _aims(s, seat)
    return Scorer(
        s, seat, evaluate(s, seat), obj, targets, pull, aggression, _guardian_types(s.cat)
    )


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_incremental_scores_equal_copy_and_apply(scenario: str) -> None:
    lay = GAME.layout(GAME.make_config({"scenario": scenario}))
    kinds: Counter[int] = Counter()
    copied = 0
    for s, seat in positions(scenario)[::2]:
        if not Scorer.usable(s):
            continue
        scorer = scorer_for(s, seat)
        for a in GAME.legal_actions(s, seat):
            if a == acts.END:
                continue
            kind, x, y = lay.decode(a)
            fast = scorer.score(kind, x, y, a)
            if fast is None:
                copied += 1
                continue
            t = s.copy()
            GAME.apply_fast(t, seat, a, None)
            assert fast == pytest.approx(evaluate(t, seat), abs=1e-9), lay.text(a)
            kinds[kind] += 1
    scored = sum(kinds.values())
    assert scored > 4 * copied, (scored, copied)  # the fast path is the common one
    assert {acts.K_MOVE, acts.K_SHIELD, acts.K_SUMMON, acts.K_PORTAL} <= set(kinds), kinds


@pytest.mark.parametrize("scenario", ("2p-1", "2p-3", "custom"))
def test_battle_forecast_equals_the_listing_one(scenario: str) -> None:
    lay = GAME.layout(GAME.make_config({"scenario": scenario}))
    battles = 0
    for s, seat in positions(scenario):
        if s.current != seat or not Scorer.usable(s):
            continue
        for a in GAME.legal_actions(s, seat):
            if lay.decode(a)[0] != acts.K_ATTACK:
                continue
            quick, listed = s.copy(), s.copy()
            for t, by_listing in ((quick, False), (listed, True)):
                GAME.apply_fast(t, seat, a, None)
                _finish_battle(GAME, t, by_listing)
            assert GAME.state_to_json(quick) == GAME.state_to_json(listed), lay.text(a)
            battles += 1
    assert battles >= 10


@pytest.mark.parametrize("scenario", ("2p-1", "2p-3", "2p-5"))
def test_same_decisions_as_the_copying_reference(scenario: str) -> None:
    """At every decision the heuristic picks the action the copying reference picks from
    the same observation and generator."""
    same = total = 0
    for s, seat in positions(scenario):
        legal = GAME.legal_actions(s, seat)
        if len(legal) < 2:
            continue
        observation = GAME.observe(s, seat)
        picks = [
            agent.act(GAME, observation, legal, seat, Rng(total))
            for agent in (HeuristicAgent(), CopyingHeuristicAgent())
        ]
        same += picks[0] == picks[1]
        total += 1
    assert total >= 50
    assert same == total, (same, total)
