"""Pushes (Rumble Tumble, Shifting Winds; the data's ``displace``, §6 A): an enemy unit is
moved directly away from the pushing unit, one tile at a time."""

from __future__ import annotations

from wartable.core.events import Event

from . import board as map_rules
from . import choice_record
from .state import GraxiaState


def push_cells(s: GraxiaState, c: int, target: int) -> list[int]:
    """The free tiles next to ``target`` directly away from ``c`` (one farther from it)."""
    b = s.sc.board
    ut = s.cat.units[s.unit[target]]
    far = b.d(c, target) + 1
    return [
        n
        for n in b.nbr[target]
        if b.d(c, n) == far
        and s.unit[n] < 0
        and map_rules.can_stand(s, ut, n)
        and map_rules.edge_open(s, ut, target, n)
    ]


def displace(s: GraxiaState, c: int, target: int, amount: int, events: list[Event] | None) -> None:
    """Push ``target`` ``amount`` tiles, one at a time directly away from ``c``; it stops where
    the next tile is blocked and never leaves a Vital Territory (§6 A). Between equally
    far tiles the pushed unit's owner chooses (as the defender does in a retreat, §7 step
    9). The banner stays with the pushed unit's owner; its shield drops."""
    for step in range(amount):
        if target in s.sc.vital:
            return
        cells = push_cells(s, c, target)
        if not cells:
            return
        if len(cells) > 1:
            left = amount - step
            # two or more tiles: the choice is asked (``choices`` applies the pick)
            choice_record.ask(
                s,
                choice_record.PUSH,
                s.owner[target],
                target,
                c * choice_record.PUSH_BASE + left,
                events,
            )
            return
        map_rules.move_unit(s, target, cells[0], events, take=False)
        target = cells[0]
