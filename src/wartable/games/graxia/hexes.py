"""Axial hex geometry for the Graxia map (flat-topped hexes, DESIGN.md "Graxia specifics").

A cell is ``(q, r)``. Flat-topped hexes have a true north and south: ``(0, -1)`` and
``(0, +1)``; the two players sit north and south of the map, so "front" and "back" of a
boulder field are its north and south edges. A ``Board`` indexes a scenario's cells
``0..C-1`` (sorted by ``r`` then ``q``, the order of the position format) and
precomputes neighbours and distances so rules only read small tuples.
"""

from __future__ import annotations

from typing import Final

DIRS: Final[tuple[tuple[int, int], ...]] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
NORTH: Final = 2  # indices into DIRS
SOUTH: Final = 5


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def cell_text(c: tuple[int, int]) -> str:
    return f"{c[0]},{c[1]}"


class Board:
    """The cells of one map, their neighbours, distances and edge directions."""

    __slots__ = ("cells", "dist", "index", "nbr", "nbr_dir", "size", "tiles")

    def __init__(self, cells: list[tuple[int, int]] | tuple[tuple[int, int], ...]) -> None:
        self.cells: tuple[tuple[int, int], ...] = tuple(
            sorted(set(cells), key=lambda c: (c[1], c[0]))
        )
        self.size = len(self.cells)
        self.tiles: tuple[int, ...] = tuple(range(self.size))  # every cell index, for loops
        self.index: dict[tuple[int, int], int] = {c: i for i, c in enumerate(self.cells)}
        nbr: list[tuple[int, ...]] = []
        nbr_dir: list[tuple[int, ...]] = []
        for q, r in self.cells:
            ns: list[int] = []
            ds: list[int] = []
            for d, (dq, dr) in enumerate(DIRS):
                j = self.index.get((q + dq, r + dr))
                if j is not None:
                    ns.append(j)
                    ds.append(d)
            nbr.append(tuple(ns))
            nbr_dir.append(tuple(ds))
        self.nbr: tuple[tuple[int, ...], ...] = tuple(nbr)
        self.nbr_dir: tuple[tuple[int, ...], ...] = tuple(nbr_dir)
        n = self.size
        self.dist: tuple[int, ...] = tuple(
            distance(self.cells[i], self.cells[j]) for i in range(n) for j in range(n)
        )

    def d(self, a: int, b: int) -> int:
        return self.dist[a * self.size + b]

    def direction(self, a: int, b: int) -> int:
        """Index into ``DIRS`` of the step from ``a`` to its neighbour ``b`` (-1 if not adjacent)."""
        ns = self.nbr[a]
        for k, j in enumerate(ns):
            if j == b:
                return self.nbr_dir[a][k]
        return -1

    def away(self, attacker: int, defender: int) -> list[int]:
        """§7 step 9: the tiles directly away from the attacker.

        The straight-away tile and its two flanks are the defender's neighbours at
        distance 2 from the attacker (equidistant: the defender chooses among them; the
        §8 example's "two open tiles behind them").
        """
        return [n for n in self.nbr[defender] if self.d(attacker, n) == 2]

    def straight_away(self, attacker: int, defender: int) -> int:
        """The one tile on the line attacker -> defender, or -1 off the board."""
        (aq, ar), (dq, dr) = self.cells[attacker], self.cells[defender]
        return self.index.get((2 * dq - aq, 2 * dr - ar), -1)

    def parse(self, text: str) -> int:
        try:
            q, r = (int(x) for x in text.split(","))
        except ValueError:
            return -1
        return self.index.get((q, r), -1)

    def text(self, i: int) -> str:
        return cell_text(self.cells[i])


def hexagon(radius: int) -> list[tuple[int, int]]:
    """All cells within ``radius`` of the origin (radius 3: the 37 cells of a full map)."""
    return [
        (q, r)
        for q in range(-radius, radius + 1)
        for r in range(-radius, radius + 1)
        if abs(q + r) <= radius
    ]
