"""§9.2 Solo Scenario 6's wave: the Non-Player units summoned onto forests, columns, hills
and boulder fields at the start of its turn, and the retreat of a Player unit standing on
such a tile (a pending choice of kind ``RETREAT_TO`` when it has two or more tiles to go
to: ``choices`` lists them and applies the pick through ``retreat_choices`` and
``retreat_resolve``). Also Solo 2's and 4's spawns (``spawn``) and the scenarios' wounds.
"""

from __future__ import annotations

from typing import Final

from wartable.core.events import Event, emit

from .. import board as map_rules
from .. import modifiers
from ..choice_record import RETREAT_TO
from ..state import (
    ABILITY,
    COMMAND,
    SUMMONED,
    GraxiaState,
)
from . import awards as solo_awards
from . import player_choices as solo_choices

ARRIVAL_WOUNDS: Final = 3  # solo-2: Talon and Ebon's arrival; solo-6: a unit summoned onto
# a Player unit's tile (params ``arrive_wounds``, ``summon_wounds``)


def wave(s: GraxiaState) -> list[int]:
    """§9.2 Solo Scenario 6: the tiles receiving a Non-Player unit at the start of its turn
    (``s.turn``), in order: forests, columns, hills and boulder fields as due."""
    t = s.turn
    out: list[int] = []
    if t == s.sc.param("forest_turn", 3):
        out += solo_awards.cells_of(s, "forest")
    if s.sc.param("column_from", 2) <= t <= s.sc.param("column_to", 4):
        out += solo_awards.cells_of(s, "columns")
    if t == s.sc.param("hill_turn", 3):
        out += solo_awards.cells_of(s, "hills") + solo_awards.cells_of(s, "boulder_fields")
    return out


def run_wave(s: GraxiaState, start: int, events: list[Event] | None) -> None:
    """The wave's spawns from its ``start``-th tile on; it stops at a pending retreat choice
    of the Player (``RETREAT_TO``), resumed by ``retreat_resolve``."""
    tiles = wave(s)
    for i in range(start, len(tiles)):
        spawn(s, tiles[i], events, onto=True, avoid=tiles[i + 1 :], index=i)
        if s.track.pend_kind:
            return


def spawn(
    s: GraxiaState,
    c: int,
    events: list[Event] | None,
    idle: bool = False,
    onto: bool = False,
    avoid: list[int] | None = None,
    index: int = 0,
) -> bool:
    """A Non-Player unit from its unit deck onto tile ``c`` (still in the game). An occupied
    tile gets none, except ``onto`` (solo-6): a Player unit there takes 3 wounds and retreats
    (eliminated if it cannot; not onto a tile of ``avoid``, the rest of the wave, when it has
    another; the Player picks among two or more: a pending choice naming ``index``, the
    tile's place in the wave). ``idle``: it neither moves nor attacks this turn."""
    if s.gone[c] or s.track.winner >= 0:
        return False
    if s.unit[c] >= 0:
        if not onto or s.owner[c] != solo_awards.PLAYER:
            return False
        push_off(s, c, events, avoid or [], index)
        if s.unit[c] >= 0:
            return False
    u = solo_choices.draw_unit(s, events)
    if u < 0:
        return False
    solo_choices.place_npc(s, u, c, events)
    if idle:
        s.flags[c] |= SUMMONED | ABILITY
    return True


def push_off(
    s: GraxiaState, c: int, events: list[Event] | None, avoid: list[int], index: int
) -> None:
    """§9.2 Solo Scenario 6: a Player unit on a tile a Non-Player unit is summoned onto
    suffers 3 wounds and retreats to a free neighbouring tile (one that is not about to
    receive a unit of the same wave, when it has one); as in §7 step 9 its owner chooses
    among two or more (a pending choice of the Player), one is taken at once; it is
    eliminated if it cannot."""
    wound(s, c, s.sc.param("summon_wounds", ARRIVAL_WOUNDS), events)
    if s.unit[c] < 0:
        return
    b = s.sc.board
    opts = sorted(retreat_options(s, c, avoid))
    if not opts:
        emit(events, "retreat_blocked", cell=b.text(c))
        map_rules.eliminate(s, c, solo_awards.NPC, events)
        return
    if len(opts) == 1:
        _retreat(s, c, opts[0], events)
        return
    s.track.pend_kind, s.track.pend_seat = RETREAT_TO, solo_awards.PLAYER
    s.track.pend_x, s.track.pend_y = c, index
    unit = b.text(c)
    emit(
        events,
        "choice",
        seat=solo_awards.PLAYER,
        kind="retreat",
        unit=unit,
        options=[b.text(n) for n in opts],
    )


def retreat_options(s: GraxiaState, c: int, avoid: list[int]) -> list[int]:
    """Where the Player unit on ``c`` may retreat: the free neighbouring tiles it may enter;
    only those not in ``avoid`` (the rest of the wave) when there are any."""
    ut = s.cat.units[s.unit[c]]
    free = [
        n
        for n in s.sc.board.nbr[c]
        if s.unit[n] < 0 and map_rules.can_stand(s, ut, n) and map_rules.edge_open(s, ut, c, n)
    ]
    return [n for n in free if n not in avoid] or free


def _retreat(s: GraxiaState, c: int, dest: int, events: list[Event] | None) -> None:
    map_rules.move_unit(s, c, dest, events, take=s.ctrl[dest] == -1)
    emit(events, "retreat", seat=solo_awards.PLAYER, dest=s.sc.board.text(dest))


def retreat_choices(s: GraxiaState, c: int, index: int) -> list[int]:
    """The options of a pending ``RETREAT_TO`` choice (none when it makes no sense)."""
    tiles = wave(s)
    if not (0 <= c < s.sc.board.size and 0 <= index < len(tiles) and tiles[index] == c):
        return []
    if s.unit[c] < 0 or s.owner[c] != solo_awards.PLAYER:
        return []
    return sorted(retreat_options(s, c, tiles[index + 1 :]))


def retreat_problems(s: GraxiaState) -> list[str]:
    """What makes a position's pending ``RETREAT_TO`` impossible (for ``choices.problems``):
    it belongs to Solo 6's wave at the start of the Non-Player's round, asks the Player, and
    names a Player unit on the wave's tile at its place ``track.pend_y``."""
    if solo_awards.scenario(s) != 6 or s.phase != COMMAND or s.current != solo_awards.NPC:
        return ["a pending retreat belongs to the Non-Player's round of Solo Scenario 6"]
    if s.track.pend_seat != solo_awards.PLAYER:
        return ["a pending retreat is the Player's choice"]
    if not retreat_choices(s, s.track.pend_x, s.track.pend_y):
        return ["a pending retreat names no Player unit on a tile of the wave, or no tile"]
    return []


def retreat_resolve(
    s: GraxiaState, c: int, index: int, dest: int, events: list[Event] | None
) -> None:
    """The Player's pick: the unit retreats, the Non-Player unit is placed on its tile and
    the rest of the wave follows (it may stop at the next retreat choice)."""
    _retreat(s, c, dest, events)
    run_wave(s, index, events)


def wound(s: GraxiaState, c: int, amount: int, events: list[Event] | None) -> None:
    """Scenario wounds: not reduced by terrain or shields, no damage bonus."""
    if s.unit[c] < 0:
        return
    s.wounds[c] += amount
    emit(events, "wounds", cell=s.sc.board.text(c), amount=amount)
    if s.wounds[c] >= modifiers.max_health(s, c):
        map_rules.eliminate(s, c, solo_awards.NPC, events)
