"""Axial hex geometry (DESIGN.md, Graxia specifics) and §7 step 9's "directly away"."""

from __future__ import annotations

from wartable.games.graxia.hexes import DIRS, NORTH, SOUTH, Board, distance, hexagon


def test_a_full_map_of_radius_3_has_37_cells_and_six_neighbours_inside() -> None:
    b = Board(hexagon(3))
    assert b.size == 37
    centre = b.index[(0, 0)]
    assert len(b.nbr[centre]) == 6
    assert all(1 <= len(n) <= 6 for n in b.nbr)
    assert DIRS[NORTH] == (0, -1) and DIRS[SOUTH] == (0, 1)


def test_distance_is_symmetric_and_counts_steps() -> None:
    assert distance((0, 0), (3, -1)) == 3
    assert distance((0, 0), (2, 2)) == 4
    b = Board(hexagon(2))
    for i in range(b.size):
        for j in range(b.size):
            assert b.d(i, j) == b.d(j, i)
            assert (b.d(i, j) == 1) == (j in b.nbr[i])


def test_section_7_step_9_directly_away_is_the_straight_tile_and_its_two_flanks() -> None:
    b = Board(hexagon(3))
    att, dfn = b.index[(0, 1)], b.index[(0, 0)]  # the attacker south of the defender
    away = b.away(att, dfn)
    assert len(away) == 3
    assert all(b.d(att, c) == 2 and b.d(dfn, c) == 1 for c in away)
    assert b.straight_away(att, dfn) == b.index[(0, -1)]
    assert b.straight_away(att, dfn) in away
    assert b.direction(dfn, b.index[(0, -1)]) == NORTH


def test_off_the_board_there_is_nowhere_to_retreat() -> None:
    b = Board(hexagon(1))
    att, dfn = b.index[(0, 0)], b.index[(0, -1)]
    assert b.away(att, dfn) == []
    assert b.straight_away(att, dfn) == -1
