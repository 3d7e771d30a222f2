"""The arrow step is public: it never depends on a face-down unit having Arrows.

Rulebook, Action Phase, "Arrow Strike" and "Arrows": when your turn begins, before your
action, if your units have any number of Arrows, you may perform ONE single arrow strike;
"Revealing Units": the active player can freely reveal any unit owned by them during their
turn. So every turn opens with the chance to reveal archers and strike; the engine offers
that step whenever the seat has a face-down unit or face-up Arrows (and a target), which
everybody can see. The test builds pairs of positions that seat 0 cannot tell apart
(``determinize`` of its observation: the opponents' face-down units redrawn), plays the same
``rest`` in both and checks that seat 0 sees the same phase, events and observation
(pairs where the ``rest`` ends the round are left out: the Back Line Phase reveals every
unit, publicly).
"""

from __future__ import annotations

from typing import Any

import pytest

from wartable.core.events import visible_events
from wartable.core.rng import Rng
from wartable.games import get_game
from wartable.games.draconia import actions as acts
from wartable.games.draconia.combat import arrows_on_field
from wartable.games.draconia.state import ARROW, EMPTY, MAIN

GAME = get_game("draconia")


def _hidden_arrows(state: Any, seat: int) -> int:
    return arrows_on_field(state, seat, face_up_only=False) - arrows_on_field(state, seat)


@pytest.mark.parametrize("players", [2, 4])
def test_rest_then_the_next_turn_looks_the_same_whatever_the_face_down_units_are(
    players: int,
) -> None:
    """Action Phase (Arrow Strike; Revealing Units): the next phase reveals no hidden card."""
    config = GAME.make_config({"players": players})
    compared = differing = 0
    for seed in range(12):
        state = GAME.new_state(config, seed)
        rng = Rng(seed)
        while not GAME.is_terminal(state) and compared < 400:
            seat = GAME.to_act(state)[0]
            legal = GAME.legal_actions(state, seat)
            if seat == 0 and acts.REST in legal:
                obs = GAME.observe(state, 0)
                twin = GAME.determinize(obs, Rng(seed * 1000 + compared))
                assert GAME.observe(twin, 0) == obs
                after = state.copy()
                seen = visible_events(GAME.apply(after, 0, acts.REST), 0)
                if any(e["type"] == "reveal" for e in seen):
                    # the round ended (Back Line: all units revealed): a public reveal
                    GAME.apply(state, seat, legal[rng.below(len(legal))])
                    continue
                seen_twin = visible_events(GAME.apply(twin, 0, acts.REST), 0)
                assert seen == seen_twin
                assert GAME.to_act(after) == GAME.to_act(twin)
                assert GAME.observe(after, 0) == GAME.observe(twin, 0)
                nxt = after.active
                differing += _hidden_arrows(after, nxt) != _hidden_arrows(twin, nxt)
                compared += 1
            GAME.apply(state, seat, legal[rng.below(len(legal))])
    assert compared >= 50
    assert differing > 0  # some pairs did differ in a face-down archer of the next seat


def test_a_seat_with_only_face_up_units_and_no_arrows_skips_the_step() -> None:
    """Arrows: with no Arrows and nothing left to reveal there is no strike to make, and
    the step is skipped; with a face-down unit or face-up Arrows it is always offered."""
    config = GAME.make_config({"players": 2})
    skipped = offered = 0
    for seed in range(20):
        state = GAME.new_state(config, seed)
        rng = Rng(seed)
        while not GAME.is_terminal(state):
            seat = GAME.to_act(state)[0]
            legal = GAME.legal_actions(state, seat)
            events = GAME.apply(state, seat, legal[rng.below(len(legal))])
            if not any(e["type"] == "turn" for e in events) or state.phase not in (ARROW, MAIN):
                continue
            me, foe = state.active, 1 - state.active
            row, up = state.field[me], state.face_up[me]
            face_down = any(x != EMPTY and not u for x, u in zip(row, up, strict=True))
            target = any(x != EMPTY for x in state.field[foe])
            expected = target and (face_down or arrows_on_field(state, me) > 0)
            assert (state.phase == ARROW) == expected
            skipped += not expected
            offered += expected
    assert skipped > 0 and offered > 0
