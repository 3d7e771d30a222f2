"""The fixed, finite Graxia action universe and its text notation (DESIGN.md).

Cells are written ``q,r``; units by quoted name, spells and battle abilities by name:
``move 3,-1 4,-2``, ``attack 3,-1 4,-1``, ``summon "Gold Knights of Mir" 2,0``,
``spell Bewitch``, ``spell Bedazzle 1,2``, ``use Zealotry``, ``sacrifice Scout defence``,
``bluff``, ``pass``. The universe depends only on the configuration (catalog sizes and
the scenario's cell count), so RL masks keep one length per configuration.
"""

from __future__ import annotations

from typing import Final

from .catalog.tables import Catalog, Scenario

END: Final = 0
PASS: Final = 1
DRAW_UNIT: Final = 2
DRAW_SPELL: Final = 3
BUY_UNIT: Final = 4
BUY_SPELL: Final = 5
BLUFF: Final = 6
ADVANCE: Final = 7
STAY: Final = 8
SIMPLE: Final = (
    "end",
    "pass",
    "draw unit",
    "draw spell",
    "buy unit",
    "buy spell",
    "bluff",
    "advance",
    "stay",
)

# kinds returned by ``Layout.decode``
K_SIMPLE: Final = 0
K_MOVE: Final = 1
K_ATTACK: Final = 2
K_SHOOT: Final = 3
K_ABILITY: Final = 4
K_PORTAL: Final = 5
K_GIVE: Final = 6
K_SHIELD: Final = 7
K_RETREAT: Final = 8
K_DROP: Final = 9
K_SUMMON: Final = 10
K_PLACE: Final = 11
K_SPELL: Final = 12
K_SPELL_AT: Final = 13
K_SACRIFICE: Final = 14
K_USE: Final = 15
K_CHOOSE: Final = 16
K_SPY: Final = 17
K_TAKE: Final = 18
K_TARGET: Final = 19
# §9.2 Solo Scenario 3, Home-Row D: ``mend q,r``, ``volley q,r``, ``summon power "Name" q,r``
# (families of size 0 on maps without the four Home Rows: other layouts are unchanged)
K_MEND: Final = 20
K_VOLLEY: Final = 21
K_POWER: Final = 22
K_SPEND: Final = 23  # the solo VP races (4-6): ``spend vp`` (option vp_spending)
# §9.1 set-up: ``unplace q,r`` takes back a face-down starting unit before the reveal
# (two-player maps only: the solo set-up places its units face up, one at a time)
K_UNPLACE: Final = 24
PAIR_WORDS: Final = ("move", "attack", "shoot", "ability", "portal", "give")
CELL_WORDS: Final = ("shield", "retreat", "drop")


class Layout:
    """Offsets of each action family for one (catalog, scenario)."""

    __slots__ = ("bounds", "cat", "cells", "kinds", "n", "names_s", "names_u", "sc", "size")

    def __init__(self, cat: Catalog, sc: Scenario) -> None:
        self.cat = cat
        self.sc = sc
        c = sc.board.size
        u = len(cat.units)
        s = len(cat.spells)
        b = len(cat.battle_ability_names)
        self.cells = c
        sizes = (
            [len(SIMPLE)] + [c * c] * 6 + [c] * 3 + [u * c, u * c, s, s * c, 2 * s, b, u, u, s, c]
        )
        sizes += [c, c, u * c] if sc.home_rows else [0, 0, 0]
        sizes.append(1 if sc.solo and sc.param("vp_target") else 0)
        sizes.append(0 if sc.solo else c)
        self.bounds: list[int] = []
        self.kinds: list[int] = []  # each action's family (``decode`` reads it, not a search)
        total = 0
        for k, n in enumerate(sizes):
            self.bounds.append(total)
            self.kinds += [k] * n
            total += n
        self.bounds.append(total)
        self.size = total
        self.n = (c, u, s, b)
        self.names_u = [un.name for un in cat.units]
        self.names_s = [sp.name for sp in cat.spells]

    def base(self, kind: int) -> int:
        return self.bounds[kind]

    def decode(self, a: int) -> tuple[int, int, int]:
        """(kind, x, y): x/y are cells, unit/spell/ability indices as the kind needs."""
        bounds = self.bounds
        if 0 <= a < self.size:
            k = self.kinds[a]
        else:  # out of range: the search below, as before (an IndexError past the end)
            k = 0
            while a >= bounds[k + 1]:
                k += 1
        off = a - bounds[k]
        c = self.cells
        if K_MOVE <= k <= K_GIVE:
            return k, off // c, off % c
        if k in (K_SUMMON, K_PLACE, K_SPELL_AT, K_POWER):
            return k, off // c, off % c
        if k == K_SACRIFICE:
            return k, off // 2, off % 2
        return k, off, 0

    # encoders
    def pair(self, kind: int, a: int, b: int) -> int:
        return self.bounds[kind] + a * self.cells + b

    def at(self, kind: int, x: int, cell: int) -> int:
        return self.bounds[kind] + x * self.cells + cell

    def one(self, kind: int, x: int) -> int:
        return self.bounds[kind] + x

    def sacrifice(self, spell: int, defence: bool) -> int:
        return self.bounds[K_SACRIFICE] + 2 * spell + int(defence)

    def text(self, a: int) -> str:
        k, x, y = self.decode(a)
        cell = self.sc.board.text
        if k == K_SIMPLE:
            return SIMPLE[x]
        if k <= K_GIVE:
            return f"{PAIR_WORDS[k - K_MOVE]} {cell(x)} {cell(y)}"
        if k <= K_DROP:
            return f"{CELL_WORDS[k - K_SHIELD]} {cell(x)}"
        if k == K_SUMMON:
            return f'summon "{self.names_u[x]}" {cell(y)}'
        if k == K_PLACE:
            return f'place "{self.names_u[x]}" {cell(y)}'
        if k == K_SPELL:
            return f"spell {self.names_s[x]}"
        if k == K_SPELL_AT:
            return f"spell {self.names_s[x]} {cell(y)}"
        if k == K_SACRIFICE:
            return f"sacrifice {self.names_s[x]} {'defence' if y else 'attack'}"
        if k == K_USE:
            return f"use {self.cat.battle_ability_names[x]}"
        if k == K_CHOOSE:
            return f'choose "{self.names_u[x]}"'
        if k == K_TAKE:
            return f"take {self.names_s[x]}"
        if k == K_TARGET:
            return f"target {cell(x)}"
        if k == K_MEND:
            return f"mend {cell(x)}"
        if k == K_VOLLEY:
            return f"volley {cell(x)}"
        if k == K_SPEND:
            return "spend vp"
        if k == K_UNPLACE:
            return f"unplace {cell(x)}"
        if k == K_POWER:
            return f'summon power "{self.names_u[x]}" {cell(y)}'
        return f'spy "{self.names_u[x]}"'


def sorted_unique(ids: list[int]) -> list[int]:
    """``sorted(set(ids))``, by sorting ``ids`` in place (a legal list: built in runs, it
    sorts fast) and building a set only when a value repeats (rarely: hashing every id of
    every decision's list cost more than its sort)."""
    ids.sort()
    for i in range(1, len(ids)):
        if ids[i] == ids[i - 1]:
            return sorted(set(ids))
    return ids
