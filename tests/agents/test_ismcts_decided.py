"""An iteration budget stops once the move is decided, and the move is the full budget's.

``Search.run`` stops early when the most visited root action leads the next by more
visits than the iterations left. The tests judge that by play, not by asking the stop
rule: the same searches are run to the end of their budget (``stop_when_decided=False``)
and must pick the same move at every position, in every game, plain and guided.
"""

from __future__ import annotations

from typing import Any

import pytest
from ismcts_support import GUIDED_BUDGET, config_for, decision_states

from wartable.agents.ismcts import ISMCTSAgent
from wartable.agents.ismcts_tree import Node, RolloutPolicy, Search
from wartable.agents.specs import make_agent
from wartable.core.errors import ConfigError
from wartable.core.match import play_match
from wartable.core.rng import Rng
from wartable.games import available_games, get_game

GAMES = available_games()
# enough iterations that a search often settles before its end (a few hundred in the fast
# games; the slow ones' play-outs cost more, so fewer)
BUDGET: dict[str, int] = {"invasion": 60, "graxia": 30}


def _moves(gid: str, spec: dict[str, Any], seeds: range) -> list[tuple[int, int, int, int]]:
    """(early move, full move, early iterations, full iterations) at spread positions."""
    game = get_game(gid)
    out = []
    for seed in seeds:
        for state, seat in decision_states(gid, seed=seed, count=4):
            obs = game.observe(state, seat)
            legal = game.legal_actions(state, seat)
            early = ISMCTSAgent(**spec)
            full = ISMCTSAgent(**spec, stop_when_decided=False)
            a = early.act(game, obs, legal, seat, Rng(seed))
            b = full.act(game, obs, legal, seat, Rng(seed))
            assert early.last_search is not None and full.last_search is not None
            out.append((a, b, early.last_search.iterations, full.last_search.iterations))
    return out


@pytest.mark.parametrize("gid", GAMES)
def test_stopping_when_decided_keeps_the_full_budgets_move(gid: str) -> None:
    budget = BUDGET.get(gid, 300)
    moves = _moves(gid, {"iterations": budget}, range(3))
    assert moves
    for early, full, ran, budget_ran in moves:
        assert early == full
        assert budget_ran == budget and 1 <= ran <= budget
    # the rule does stop some searches (else this test would show nothing)
    assert any(ran < budget for _, _, ran, _ in moves), gid


@pytest.mark.parametrize("gid", [g for g in GAMES if g in ("draconia", "invasion", "weapons")])
def test_guided_searches_stop_early_with_the_same_move(gid: str) -> None:
    budget = GUIDED_BUDGET.get(gid, 40) * 5
    spec = {"iterations": budget, "rollout": "heuristic", "bias": 1.0}
    moves = _moves(gid, spec, range(2))
    assert all(early == full for early, full, _, _ in moves)
    assert any(ran < budget for _, _, ran, _ in moves), gid


def test_a_whole_game_is_the_same_with_and_without_the_stop() -> None:
    """Two seeded games, one stopping searches early, must have the same actions: the
    agent's random stream takes one draw per decision, however long the search."""
    gid = "weapons"
    game = get_game(gid)
    config = game.make_config(config_for(gid))
    records = []
    for stop in (True, False):
        agents = [
            make_agent(f"ismcts:iterations=200,stop_when_decided={str(stop).lower()}", gid),
            make_agent("heuristic", gid),
        ]
        records.append(play_match(game, config, 3, agents))
    assert records[0].actions == records[1].actions
    assert records[0].outcome == records[1].outcome


def _search_with_visits(visits: dict[int, int]) -> Search:
    game = get_game("weapons")
    state, seat = decision_states("weapons", seed=1, count=1)[0]
    search = Search(game, game.observe(state, seat), seat, Rng(0), 0.7, RolloutPolicy())
    for action, n in visits.items():
        node = search.root.children[action] = Node()
        node.n = n
    return search


def test_decided_needs_a_lead_larger_than_the_iterations_left() -> None:
    search = _search_with_visits({0: 10, 1: 4, 2: 1})
    assert not search.decided([0, 1, 2], 6)  # 1 could still draw level with 0
    assert search.decided([0, 1, 2], 5)
    # an action never tried counts as 0 visits; only the actions named are compared
    assert search.decided([0, 2, 7], 8)
    assert not search.decided([1, 2], 3)
    assert not _search_with_visits({3: 5, 4: 5}).decided([3, 4], 0)


def test_the_option_is_checked() -> None:
    with pytest.raises(ConfigError):
        make_agent("ismcts:iterations=10,stop_when_decided=3", "weapons")
