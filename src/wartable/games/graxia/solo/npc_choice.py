"""The Player's choices in the non-player's turn (§9.2): the tile a non-player unit moves
into next to a Player unit (``NPC_TILE``) and which Player unit it attacks (``NPC_FOE``).

Pending choices of seat 0 through ``choices.py``; the options are marked per cell in
``npc.marks[c]``, the acting unit's cell is ``track.pend_x``. Resolving only records
the pick (``npc.dest``/``npc.foe``): the driver (npc.py) moves or attacks on its next step.
Pure state (``choices.py`` imports this module).
"""

from __future__ import annotations

from typing import Final

from wartable.core.events import Event, emit

from ..choice_record import KINDS, NPC_FOE, NPC_TILE
from ..state import GraxiaState

KIND_NAMES: Final = KINDS[NPC_TILE : NPC_FOE + 1]


def options(s: GraxiaState) -> list[int]:
    n = s.sc.board.size
    return [c for c in range(n) if s.npc.marks[c]]


def ask(s: GraxiaState, kind: int, unit: int, cells: list[int], events: list[Event] | None) -> None:
    """Ask the Player (seat 0) to pick one of ``cells`` for the non-player unit on ``unit``."""
    for c in cells:
        s.npc.marks[c] = 1
    s.npc.mover = unit
    s.track.pend_kind, s.track.pend_seat = kind, 0
    s.track.pend_x, s.track.pend_y = unit, 0
    emit(
        events,
        "choice",
        seat=0,
        kind=KIND_NAMES[kind - NPC_TILE],
        unit=s.sc.board.text(unit),
        options=[s.sc.board.text(c) for c in cells],
    )


def resolve(s: GraxiaState, kind: int, pick: int, events: list[Event] | None) -> None:
    n = s.sc.board.size
    for c in range(n):
        s.npc.marks[c] = 0
    if kind == NPC_TILE:
        s.npc.dest = pick
    else:
        s.npc.foe = pick
    emit(events, "npc_choice", kind=KIND_NAMES[kind - NPC_TILE], cell=s.sc.board.text(pick))
