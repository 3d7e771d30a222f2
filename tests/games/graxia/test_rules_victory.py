"""§9.1 scenario victory conditions and victory points."""

from __future__ import annotations

from graxia_helpers import GAME, act, blank, put, terrain_cells

from wartable.games.graxia import board as map_rules
from wartable.games.graxia.state import DRAW, OVER


def _end_round(s) -> None:  # type: ignore[no-untyped-def]
    """End the Command Phase and buying; end the next player's (empty) Draw Phase."""
    seat = s.current
    act(s, "end")
    while s.phase != OVER and s.current == seat:
        act(s, "end")
    if s.phase == DRAW:
        act(s, "end")


def test_section_9_1_scenario_1_capturing_villages_and_cities_scores() -> None:
    s = blank("2p-1")
    v = terrain_cells(s, "village")[0]
    c = terrain_cells(s, "city")[0]
    s.ctrl[v] = s.ctrl[c] = 1
    map_rules.set_ctrl(s, v, 0, None)
    map_rules.set_ctrl(s, c, 0, None)
    assert s.vp[0] == 1 + 2


def test_section_9_1_scenario_1_hold_both_cities_for_a_full_turn() -> None:
    s = blank("2p-1", turn=2, seat=0)
    for c in terrain_cells(s, "city"):
        s.ctrl[c] = 0
    _end_round(s)  # seat 0's round ends holding both
    assert s.phase != OVER
    _end_round(s)  # seat 1's round
    assert s.phase != OVER
    _end_round(s)  # seat 0 again: a full turn held
    assert s.phase == OVER and GAME.outcome(s).winners == (0,)


def test_section_9_1_scenario_2_castle_three_consecutive_turns() -> None:
    s = blank("2p-2", turn=2, seat=0)
    castle = terrain_cells(s, "castle")[0]
    s.ctrl[castle] = 0
    for _ in range(4):  # seat 0's rounds of turns 2 and 3 and seat 1's between
        _end_round(s)
        assert s.phase != OVER
    _end_round(s)  # the end of seat 0's round in turn 4: the third consecutive turn
    assert s.phase == OVER and GAME.outcome(s).winners == (0,)
    assert s.vp[0] >= 3  # a point for every round the castle is held


def test_section_9_1_scenario_2_eliminating_the_guardian_wins() -> None:
    s = blank("2p-2", turn=2, seat=0)
    c = s.sc.home[1][0]
    put(s, c, s.cat.units[s.guard[1]].name, 1)
    map_rules.eliminate(s, c, 0, None)
    _end_round(s)
    assert s.phase == OVER and GAME.outcome(s).winners == (0,)


def test_section_9_1_scenario_5_shadd_must_take_flists_castle() -> None:
    s = blank("2p-5", turn=3, seat=1)
    castle = s.sc.param("castle")
    s.ctrl[castle] = 1
    _end_round(s)
    assert s.phase == OVER and GAME.outcome(s).winners == (1,)


def test_section_9_1_scenario_5_flist_wins_at_the_turn_limit() -> None:
    s = blank("2p-5", turn=10, seat=1)
    _end_round(s)
    assert s.phase == OVER and GAME.outcome(s).winners == (0,)


def test_section_9_1_scenario_1_turn_limit_points_then_tiles_then_a_tie() -> None:
    s = blank("2p-1", turn=5, seat=1)
    s.ctrl = [-1] * len(s.ctrl)
    s.vp = [2, 2]
    _end_round(s)
    assert s.phase == OVER and GAME.outcome(s).winners == ()
    s = blank("2p-1", turn=5, seat=1)
    s.ctrl = [-1] * len(s.ctrl)
    s.ctrl[0] = 1
    s.vp = [2, 2]
    _end_round(s)
    assert GAME.outcome(s).winners == (1,)


def test_section_9_1_scenario_6_eliminating_the_spy_wins() -> None:
    s = blank("2p-6", turn=3, seat=0)
    spy = s.cat.unit_index["Blood Crusaders"]
    s.track.spy1 = spy
    c = s.sc.home[1][0]
    put(s, c, "Blood Crusaders", 1)
    map_rules.eliminate(s, c, 0, None)
    _end_round(s)
    assert s.phase == OVER and GAME.outcome(s).winners == (0,)


def test_section_9_3_custom_mana_of_destroyed_units_decides() -> None:
    s = blank("custom", turn=5, seat=1 - 0)
    s.current = 1
    s.round_no = 9
    c = s.sc.home[0][0]
    put(s, c, "Blood Crusaders", 0)
    map_rules.eliminate(s, c, 1, None)
    _end_round(s)
    assert s.phase == OVER and GAME.outcome(s).winners == (1,)
