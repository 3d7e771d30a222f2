"""The non-player's orders and priorities (§9.2), as sort keys over map cells.

Directions are the Player's: the Player sits on the side of the map of its Home Row (seat
0's ``home``), looking across the map. With flat-topped hexes ``(q, r)`` a cell's height on
the page is ``y = 2r + q`` (north is small ``y``) and its column is ``q`` (east is large
``q``). For a Player sitting south, "right" is east and the "furthest row" is the northmost;
for a Player sitting north, both flip.

- tie order ("right to left, furthest row to nearest row"): columns from the Player's right
  to its left, and within a column the furthest tile first;
- move order: the same order (all units move first, one at a time);
- battle order ("from the top of the board to the bottom, from left to right"): rows from
  the Player's top (its furthest row) to its bottom, and within a row from its left to its
  right. In map coordinates for a Player sitting south: ``y`` ascending, then ``q``
  ascending.
"""

from __future__ import annotations

from .. import modifiers
from ..state import GraxiaState


def player_south(s: GraxiaState) -> bool:
    """True when the Player's Home Row lies on the south half of the map (large ``y``)."""
    b = s.sc.board
    home = s.sc.home[0]
    if not home:
        return True
    ys = [2 * r + q for q, r in b.cells]
    mid = (min(ys) + max(ys)) / 2
    hy = sum(2 * b.cells[c][1] + b.cells[c][0] for c in home) / len(home)
    return hy >= mid


def across(s: GraxiaState, c: int, south: bool) -> int:
    """The column, growing to the Player's right."""
    q = s.sc.board.cells[c][0]
    return q if south else -q


def far(s: GraxiaState, c: int, south: bool) -> int:
    """The row, growing away from the Player."""
    q, r = s.sc.board.cells[c]
    y = 2 * r + q
    return -y if south else y


def tie_key(s: GraxiaState, c: int, south: bool) -> tuple[int, int]:
    """Right to left, then furthest row to nearest row (smaller keys first)."""
    return (-across(s, c, south), -far(s, c, south))


def tie_order(s: GraxiaState, cells: list[int]) -> list[int]:
    south = player_south(s)
    return sorted(cells, key=lambda c: tie_key(s, c, south))


def move_order(s: GraxiaState, cells: list[int]) -> list[int]:
    """The tie order; Solo Scenario 2 ("starting from left to right move each Non-Player
    unit", movement ``home_row``): the Player's left to right, furthest row first."""
    npc = s.sc.npc
    if npc is None or npc.movement != "home_row":
        return tie_order(s, cells)
    south = player_south(s)
    return sorted(cells, key=lambda c: (across(s, c, south), -far(s, c, south)))


def battle_order(s: GraxiaState, cells: list[int]) -> list[int]:
    """Top to bottom, then left to right (the Player's view)."""
    south = player_south(s)
    return sorted(cells, key=lambda c: (-far(s, c, south), across(s, c, south)))


def health_left(s: GraxiaState, c: int) -> int:
    return modifiers.max_health(s, c) - s.wounds[c]


def strength(s: GraxiaState, c: int) -> int:
    """A unit's attack and defence total: attack + physical + magical defence."""
    ut = s.cat.units[s.unit[c]]
    return ut.attack + ut.pdef + ut.mdef


def friendly_first(s: GraxiaState, cells: list[int]) -> list[int]:
    """Friendly targets: lowest health left first, then lowest attack+defence total, then
    the tie order."""
    south = player_south(s)
    return sorted(cells, key=lambda c: (health_left(s, c), strength(s, c), *tie_key(s, c, south)))


def enemy_first(s: GraxiaState, cells: list[int]) -> list[int]:
    """Enemy targets: highest health left first, then highest attack+defence total, then the
    tie order."""
    south = player_south(s)
    return sorted(cells, key=lambda c: (-health_left(s, c), -strength(s, c), *tie_key(s, c, south)))


def weakest_first(s: GraxiaState, cells: list[int]) -> list[int]:
    """Attack and healing priority: lowest health left, then most wounds, then the tie
    order."""
    south = player_south(s)
    return sorted(cells, key=lambda c: (health_left(s, c), -s.wounds[c], *tie_key(s, c, south)))


def centre_cell(s: GraxiaState) -> int:
    """The map's centre: the cell with the smallest greatest distance to every other cell
    (ties: the smaller index)."""
    b = s.sc.board
    best, best_d = 0, 10**9
    for c in range(b.size):
        d = max(b.d(c, n) for n in range(b.size))
        if d < best_d:
            best, best_d = c, d
    return best
