"""The heuristic's attacks, shots, command abilities and command spells tried on the state
itself and undone (bots_trial.py) against the copy they replace.

On fixed positions (every decision of one heuristic game per two-player scenario), for each
such legal action: the in-place score must equal, exactly, ``evaluate`` of a copy with the
action applied through the rules' state machine (an attack's battle passed, bluffed,
retreated and advanced step by step, picking from the listed legal actions), and the state
afterwards must be the state before, every field ``state_to_json`` writes (hands, piles,
decks, the tracker, the random generator). The positions the in-place path declines are
built by hand: a reflection whose owner must choose, a spell that draws cards, a pending
choice, a solo scenario.
"""

from __future__ import annotations

from collections import Counter

import pytest
from graxia_helpers import GAME, blank, give, heuristic_positions, put

from wartable.games.graxia import actions as acts
from wartable.games.graxia.bots import _aims, _finish_battle, _guardian_types, evaluate
from wartable.games.graxia.bots_trial import Trials
from wartable.games.graxia.state import COMMAND, GraxiaState

SCENARIOS = ("2p-1", "2p-2", "2p-3", "2p-4", "2p-5", "2p-6", "custom")
TRIED = (acts.K_ATTACK, acts.K_SHOOT, acts.K_ABILITY, acts.K_SPELL, acts.K_SPELL_AT)


def trials(s: GraxiaState, seat: int) -> Trials:
    return Trials(s, seat, evaluate, _aims(s, seat), _guardian_types(s.cat))


def score_in_place(s: GraxiaState, seat: int, kind: int, x: int, y: int) -> float | None:
    """One action tried in place, as the heuristic's first of its decision."""
    return trials(s, seat).score(kind, x, y)


def copied_score(s: GraxiaState, seat: int, action: int, kind: int) -> float:
    t = s.copy()
    GAME.apply_fast(t, seat, action, None)
    if kind == acts.K_ATTACK:
        _finish_battle(GAME, t, True)  # the listing reference: every step from legal actions
    return evaluate(t, seat)


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_in_place_scores_equal_the_copy_and_leave_the_state_as_it_was(scenario: str) -> None:
    lay = GAME.layout(GAME.make_config({"scenario": scenario}))
    tried: Counter[int] = Counter()
    declined = 0
    for s, seat in heuristic_positions(scenario):
        if s.phase != COMMAND or s.current != seat or s.track.pend_kind:
            continue
        before = GAME.state_to_json(s)
        decision = trials(s, seat)  # one per decision, as the heuristic's: its sum is shared
        for a in GAME.legal_actions(s, seat):
            kind, x, y = lay.decode(a)
            if kind not in TRIED:
                continue
            found = decision.score(kind, x, y)
            assert GAME.state_to_json(s) == before, lay.text(a)
            if found is None:
                declined += 1
                continue
            assert found == copied_score(s, seat, a, kind), lay.text(a)  # exactly: same play
            tried[kind] += 1
    assert tried[acts.K_ATTACK] >= 5, tried
    assert sum(tried.values()) > 3 * declined, (tried, declined)  # the common path


def test_the_kinds_tried_in_place_cover_every_family() -> None:
    """Across the scenarios every family of action the heuristic tried on a copy has been
    scored in place, some battles ended with a unit falling and the winner advancing, and
    both ways of scoring ran: the board sum updated where it is exact, ``evaluate`` of the
    whole position where it is not (Wintermere Pass's attacker weighs enemy units by the
    turn, assassination and mana destroyed have terms of their own)."""
    kinds: set[int] = set()
    advanced = 0
    exact: Counter[bool] = Counter()
    for scenario in SCENARIOS:
        lay = GAME.layout(GAME.make_config({"scenario": scenario}))
        for s, seat in heuristic_positions(scenario):
            if s.phase != COMMAND or s.current != seat or s.track.pend_kind:
                continue
            exact[trials(s, seat).exact] += 1
            for a in GAME.legal_actions(s, seat):
                kind, x, y = lay.decode(a)
                if kind in TRIED and score_in_place(s, seat, kind, x, y) is not None:
                    kinds.add(kind)
                    if kind == acts.K_ATTACK:
                        t = s.copy()
                        GAME.apply_fast(t, seat, a, None)
                        _finish_battle(GAME, t, True)
                        advanced += t.unit[x] < 0 and t.unit[y] >= 0 and t.owner[y] == seat
    assert kinds == set(TRIED), kinds
    assert advanced >= 3
    assert exact[True] >= 100 and exact[False] >= 20, exact


def _duel(attacker: str, defender: str) -> tuple[GraxiaState, int, int]:
    """A blank 2p-1 map, ``attacker`` (seat 0) next to ``defender`` (seat 1) mid-board."""
    s = blank("2p-1")
    nbr = s.sc.board.nbr
    a = put(s, max(range(s.sc.board.size), key=lambda c: len(nbr[c])), attacker, 0)
    return s, a, put(s, nbr[a][0], defender, 1)


def test_declined_where_the_rules_could_ask_or_reach_further() -> None:
    # Aura of Reflection with two enemy units to send the wounds to: its owner picks (§5.4),
    # a choice; the rules open it, the state is put back and the caller copies
    s, a, d = _duel("Longbowmen of Mir", "The Devout")
    shot = GAME.layout(s.config).pair(acts.K_SHOOT, a, d)
    put(s, next(c for c in s.sc.board.nbr[a] if s.unit[c] < 0), "Mir Pikemen", 0)
    assert shot in GAME.legal_actions(s, 0)
    before = GAME.state_to_json(s)
    assert score_in_place(s, 0, acts.K_SHOOT, a, d) is None
    assert GAME.state_to_json(s) == before
    # with one unit to send them to they go back at once: followed in place
    s, a, d = _duel("Longbowmen of Mir", "The Devout")
    assert score_in_place(s, 0, acts.K_SHOOT, a, d) == copied_score(s, 0, shot, acts.K_SHOOT)
    # passive battle abilities the battle follows in place: the same score as the copy
    for attacker, defender in (
        ("Mountain Breakers", "Mir Pikemen"),  # ignores the tile's defence
        ("Mir Pikemen", "Emerald Spears"),  # a battle bonus
        ("Bloodfang Warband", "Rock Trolls"),  # blood thirst against a wound reduction
    ):
        s, a, d = _duel(attacker, defender)
        attack = GAME.layout(s.config).pair(acts.K_ATTACK, a, d)
        assert attack in GAME.legal_actions(s, 0)
        found = score_in_place(s, 0, acts.K_ATTACK, a, d)
        assert found == copied_score(s, 0, attack, acts.K_ATTACK), attacker
    # Scout draws cards (decks and the generator are not put back): copied; Fireball is not
    give(s, 0, "Scout", "Fireball")
    spell = s.cat.spell_index
    assert score_in_place(s, 0, acts.K_SPELL, spell["Scout"], -1) is None
    assert score_in_place(s, 0, acts.K_SPELL_AT, spell["Fireball"], d) is not None
    # a pending choice, or a solo scenario (the Non-Player answers inside the rules)
    s.track.pend_kind = 1
    assert score_in_place(s, 0, acts.K_ATTACK, a, d) is None
    solo = blank("solo-1")
    nbr = solo.sc.board.nbr
    a = put(solo, max(range(solo.sc.board.size), key=lambda c: len(nbr[c])), "Mir Pikemen", 0)
    d = put(solo, nbr[a][0], "Mir Pikemen", 1)
    assert score_in_place(solo, 0, acts.K_ATTACK, a, d) is None
