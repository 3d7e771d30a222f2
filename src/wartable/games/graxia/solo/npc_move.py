"""Where a non-player unit moves (§9.2 "Move unit cards and Battle" and each scenario's
movement rule), named by ``NpcSpec.movement``:

- ``static``: never moves (only retreats);
- ``home_row`` (Solo Scenario 2): toward the Player's Home Row, forward to the Player's
  right on even turns and to its left on odd turns, the other forward tile when that one is
  restricted; first into an adjacent empty Player-controlled castle, city or village;
- ``centre`` (Solo Scenario 4): one step at a time to a tile nearer the map's centre;
- ``horizontal`` (Solo Scenario 6): along its row toward the centre, then on in a straight
  line the same way (the heading is kept on the unit: ``HEAD_EAST``/``HEAD_WEST``);
- ``approach`` (Solo Scenarios 5 and 6): only when one tile away from a Player unit, onto a
  tile next to it.

A unit next to a Player unit it can attack does not move (it attacks instead: "Units that
can move twice will attack instead whenever they can"). A unit moves up to its movement
(two tiles for units that move twice), stopping as soon as it stands next to a Player unit.
With the rule ``impassable_ok`` it may move through and into mountains.
"""

from __future__ import annotations

from typing import Final

from .. import board as map_rules
from ..catalog.tables import UnitType
from ..state import ANCHORED, HEAD_EAST, HEAD_WEST, GraxiaState
from . import npc_order

PLAYER: Final = 0
NPC: Final = 1
SETTLEMENTS: Final = ("castle", "city", "village")


def impassable_ok(s: GraxiaState) -> bool:
    npc = s.sc.npc
    return npc is not None and "impassable_ok" in npc.rules


def can_enter(s: GraxiaState, ut: UnitType, a: int, b: int) -> bool:
    """An empty tile still in the game the unit may step onto from ``a``."""
    if s.unit[b] >= 0 or s.gone[b]:
        return False
    if not (impassable_ok(s) or map_rules.can_stand(s, ut, b)):
        return False
    return map_rules.edge_open(s, ut, a, b)


def foes_next(s: GraxiaState, c: int, ut: UnitType) -> list[int]:
    """Player units next to ``c`` that a unit of type ``ut`` there could attack."""
    return [
        n
        for n in s.sc.board.nbr[c]
        if s.unit[n] >= 0 and s.owner[n] == PLAYER and map_rules.edge_open(s, ut, c, n)
    ]


def _step_home_row(s: GraxiaState, c: int, ut: UnitType) -> int:
    b = s.sc.board
    south = npc_order.player_south(s)
    # first: an adjacent empty Player-controlled settlement (left to right, front to back)
    grab = [
        n
        for n in b.nbr[c]
        if s.sc.terrain[n] in SETTLEMENTS and s.ctrl[n] == PLAYER and can_enter(s, ut, c, n)
    ]
    if grab:
        return min(grab, key=lambda n: (npc_order.across(s, n, south), npc_order.far(s, n, south)))
    # forward: the neighbours on rows nearer the Player (its Home Row's side)
    forward = [n for n in b.nbr[c] if npc_order.far(s, n, south) < npc_order.far(s, c, south)]
    # even turns: the Player's right first; odd turns: its left first; then the others
    right_first = s.turn % 2 == 0
    forward.sort(
        key=lambda n: (
            -npc_order.across(s, n, south) if right_first else npc_order.across(s, n, south)
        )
    )
    if len(forward) == 3:  # the alternate of the chosen diagonal is the other diagonal
        forward = [forward[0], forward[2], forward[1]]
    for n in forward:
        if can_enter(s, ut, c, n):
            return n
    return -1


def _step_centre(s: GraxiaState, c: int, ut: UnitType) -> int:
    b = s.sc.board
    centre = npc_order.centre_cell(s)
    here = b.d(c, centre)
    nearer = [n for n in b.nbr[c] if b.d(n, centre) < here and can_enter(s, ut, c, n)]
    return npc_order.tie_order(s, nearer)[0] if nearer else -1


def heading(s: GraxiaState, c: int) -> int:
    """+1 east, -1 west: the unit's kept heading, else toward the centre's column."""
    f = s.flags[c]
    if f & HEAD_EAST:
        return 1
    if f & HEAD_WEST:
        return -1
    b = s.sc.board
    q = b.cells[c][0]
    cq = b.cells[npc_order.centre_cell(s)][0]
    return 1 if q < cq else -1 if q > cq else (1 if npc_order.player_south(s) else -1)


def _step_horizontal(s: GraxiaState, c: int, ut: UnitType, dq: int) -> int:
    """Along the row: the tile one column on that keeps ``(2r + q) // 2``. A unit whose next
    tile of its row is taken or closed stays: Solo Scenario 6 moves it "(if possible)
    horizontally towards the center of the map and continue in a straight line", and the
    other tile one column on is in another row (not horizontal, not that straight line)."""
    b = s.sc.board
    q, r = b.cells[c]
    y = 2 * r + q
    keep_up = y % 2 == 0  # y even: y + 1 keeps the row; odd: y - 1
    same_row = (q + dq, r) if (dq == 1) == keep_up else (q + dq, r - dq)
    n = b.index.get(same_row, -1)
    return n if n >= 0 and can_enter(s, ut, c, n) else -1


def plan(s: GraxiaState, c: int) -> tuple[int, list[int]]:
    """The tile the unit on ``c`` moves to by its scenario's rule (-1: it stays), and the
    tiles the Player may choose from instead when that tile is next to a Player unit (all
    tiles within its movement next to the same Player units; fewer than two: no choice)."""
    npc = s.sc.npc
    movement = npc.movement if npc is not None else "static"
    ut = s.cat.units[s.unit[c]]
    if movement == "static" or s.flags[c] & ANCHORED or foes_next(s, c, ut):
        return -1, []
    b = s.sc.board
    one_away = any(
        s.owner[n] == PLAYER and s.unit[n] >= 0 and b.d(c, n) == 2 for n in range(b.size)
    )
    # approach; Solo 6 too: "When a Non-Player unit is one space away from a Player unit,
    # the Non-Player unit will move and attack, if possible"
    if movement == "approach" or (movement == "horizontal" and one_away):
        opts = [n for n in b.nbr[c] if can_enter(s, ut, c, n) and foes_next(s, n, ut)]
        opts = npc_order.tie_order(s, opts) if one_away else []
        if opts or movement == "approach":
            return (opts[0], opts) if opts else (-1, [])
    cur = c
    dq = heading(s, c)
    for _ in range(max(1, ut.moves)):
        if movement == "home_row":
            nxt = _step_home_row(s, cur, ut)
        elif movement == "centre":
            nxt = _step_centre(s, cur, ut)
        elif movement == "horizontal":
            nxt = _step_horizontal(s, cur, ut, dq)
        else:
            nxt = -1
        if nxt < 0:
            break
        cur = nxt
        if foes_next(s, cur, ut):
            break
    if cur == c:
        return -1, []
    foes = set(foes_next(s, cur, ut))
    if not foes or movement == "home_row":  # Solo 2 prints no choice for the Player
        return cur, []
    opts = [n for n in reach(s, c, ut) if foes & set(foes_next(s, n, ut))]
    return cur, npc_order.tie_order(s, opts)


def reach(s: GraxiaState, c: int, ut: UnitType) -> list[int]:
    """Tiles the unit reaches within its movement through empty tiles."""
    b = s.sc.board
    seen = {c}
    frontier = [c]
    for _ in range(max(1, ut.moves)):
        nxt = []
        for x in frontier:
            for n in b.nbr[x]:
                if n not in seen and can_enter(s, ut, x, n):
                    seen.add(n)
                    nxt.append(n)
        frontier = nxt
    seen.discard(c)
    return sorted(seen)


def record_heading(s: GraxiaState, a: int, dest: int) -> None:
    """Horizontal movement: the unit keeps going the way it first went."""
    npc = s.sc.npc
    if npc is None or npc.movement != "horizontal" or s.flags[dest] & (HEAD_EAST | HEAD_WEST):
        return
    b = s.sc.board
    s.flags[dest] |= HEAD_EAST if b.cells[dest][0] > b.cells[a][0] else HEAD_WEST
