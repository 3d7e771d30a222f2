"""Simultaneous (commit-then-reveal) decisions: the search never peeks at a commitment."""

from __future__ import annotations

from guess_game import GUESS

from wartable.agents.ismcts import ISMCTSAgent
from wartable.agents.ismcts_tree import RolloutPolicy, Search
from wartable.core.rng import Rng


def _search(state: object, seat: int, iterations: int, seed: int = 1) -> Search:
    obs = GUESS.observe(state, seat)  # type: ignore[arg-type]
    search = Search(GUESS, obs, seat, Rng(seed), 0.7, RolloutPolicy())
    search.run(iterations, None)
    return search


def test_first_seat_values_are_fair_when_both_decide() -> None:
    """Both seats to act: decoupled chains, so seat 1 cannot answer seat 0's bit.

    A sequential tree (seat 1 choosing after seeing seat 0's bit) would drive
    seat 0's values towards 0; decoupled selection keeps them near 1/2.
    """
    state = GUESS.new_state(GUESS.make_config({}), 0)
    assert GUESS.to_act(state) == (0, 1)
    search = _search(state, 0, 3000)
    assert search.root.chains is not None and set(search.root.chains) == {0, 1}
    assert search.root.children == {}  # no node keyed by one seat's commitment alone
    stats = search.root_stats()
    assert set(stats) == {0, 1}
    for visits, value in stats.values():
        assert visits > 500
        assert 0.3 < value < 0.7, stats
    # the opponent's chain is keyed by its own bits only, and it is also near 1/2
    opp = search.root.chains[1].children
    assert set(opp) == {0, 1} and all(ch.children == {} for ch in opp.values())
    for ch in opp.values():
        assert 0.3 < ch.w / ch.n < 0.7


def test_second_seat_does_not_read_the_real_commitment() -> None:
    """Seat 0 committed bit 1 (hidden). Seat 1's search must value both bits alike."""
    state = GUESS.new_state(GUESS.make_config({}), 0)
    GUESS.apply(state, 0, 1)
    assert GUESS.to_act(state) == (1,)
    search = _search(state, 1, 2000)
    stats = search.root_stats()
    for _, value in stats.values():
        assert 0.3 < value < 0.7, stats
    # control: had the search used the true state, matching would be worth 1
    cheat = GUESS.observe(state, 1)
    assert "mine" in cheat["commit"] and 0 not in cheat["commit"]["waiting_for"]
    assert GUESS.state_to_json(state)["commit"]["buffers"][0] == [1]


def test_agent_plays_both_bits_over_seeds() -> None:
    """A fair simultaneous decision: no bit is preferred systematically."""
    state = GUESS.new_state(GUESS.make_config({}), 0)
    obs = GUESS.observe(state, 0)
    agent = ISMCTSAgent(iterations=200)
    picks = {agent.act(GUESS, obs, [0, 1], 0, Rng(seed)) for seed in range(16)}
    assert picks == {0, 1}


def test_skirm_reveal_continues_at_nodes_keyed_by_both_cards() -> None:
    """In Skirm both duelists reveal a card together; the play after the reveal
    continues at public nodes keyed by both seats' commitments."""
    from wartable.games import get_game

    game = get_game("skirm")
    state = game.new_state(game.make_config({"hand_sizes": [3, 3]}), 4)
    assert len(game.to_act(state)) == 2
    obs = game.observe(state, 0)
    search = Search(game, obs, 0, Rng(2), 0.7, RolloutPolicy())
    search.run(400, None)
    root = search.root
    assert root.chains is not None and root.after
    mine = set(game.legal_actions(state, 0))
    assert set(search.root_stats()) == mine
    for key in root.after:
        assert len(key) == 2 and key[0][0] in mine
