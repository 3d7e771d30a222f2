"""Hidden information: a fallen Guardian back in its owner's hand is public (§5.1)."""

from __future__ import annotations

from graxia_helpers import GAME, blank, give, put

from wartable.core.rng import Rng
from wartable.games.graxia.hidden import scramble
from wartable.games.graxia.state import GraxiaState


def _fallen_guardian() -> GraxiaState:
    s = blank()
    plains = [c for c in range(s.sc.board.size) if s.sc.terrain[c] == "plains"]
    put(s, plains[0], "Blood Crusaders", 0)
    put(s, plains[-1], "Blood Crusaders", 1)
    s.hands[1].append(s.guard[1])  # §5.1: an eliminated Guardian returns to the hand
    s.track.guardian_fell1 = s.round_no - 1
    give(s, 1, "Scout", "Blood Crusaders")
    s.decks[0] = [s.cat.unit_index["Blood Crusaders"]] * 5
    assert GAME.invariants(s) == []
    return s


def test_scrambling_keeps_a_fallen_guardian_in_its_owners_hand() -> None:
    """§5.1: the Guardian went back to the hand in the open; no redraw puts it in a deck."""
    s = _fallen_guardian()
    for seed in range(20):
        t = scramble(s, 0, Rng(seed))
        assert t.guard[1] in t.hands[1]
        assert GAME.invariants(t) == []


def test_determinized_states_keep_a_fallen_guardian_in_its_owners_hand() -> None:
    """§5.1: seat 0 knows the Guardian is in seat 1's hand; it is not among unseen cards."""
    s = _fallen_guardian()
    obs = GAME.observe(s, 0)
    assert s.guard[1] not in obs["unseen_units"]
    for seed in range(20):
        t = GAME.determinize(obs, Rng(seed))
        assert t.guard[1] in t.hands[1]
        assert len(t.hands[1]) == len(s.hands[1])
        assert GAME.invariants(t) == []
        assert GAME.observe(t, 0) == obs


def _unseen_by_hand(s: GraxiaState, seat: int) -> list[int]:
    """What ``seat`` cannot see, counted here from the box: every deck, the other seat's
    hand (but a Guardian back in it) and its set-up pool."""
    other = 1 - seat
    cards = [c for d in s.decks for c in d]
    cards += [c for c in s.hands[other] if c != s.guard[other]]
    cards += s.pool[other]
    return sorted(cards)


def test_the_unseen_cards_follow_every_card_that_moves() -> None:
    """Each seat's last sort of its unseen cards is kept (observe.py) and reused while the
    cards are the same: after a draw, a card played, a deck reordered, each seat's view
    must still hold exactly what it cannot see."""
    s = GAME.new_state(GAME.make_config({"scenario": "2p-1"}), 11)
    nu = len(s.cat.units)
    rng = Rng(5)
    for step in range(40):
        for seat in (0, 1):
            obs = GAME.observe(s, seat)
            expected = _unseen_by_hand(s, seat)
            assert obs["unseen_units"] + obs["unseen_spells"] == expected, step
            assert all(c < nu for c in obs["unseen_units"])
            assert GAME.observe(s, seat)["unseen_units"] == obs["unseen_units"]  # asked again
        deck = s.decks[step % 4]
        if step % 3 == 0 and deck:  # a draw: from the deck into a hand
            s.hands[step % 2].append(deck.pop())
        elif step % 3 == 1 and s.hands[step % 2]:  # a card played: into a discard pile
            s.discards[0].append(s.hands[step % 2].pop(0))
        else:  # the same cards in another order
            rng.shuffle(deck)
