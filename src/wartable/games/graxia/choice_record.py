"""The pending choice's record (kept in ``track``): its kinds, whose it is, and asking.

A choice is pending while ``track.pend_kind`` is not ``NONE``: the choosing seat is then the
only one to act (``choices.py`` lists its options and applies the pick). This module sits
below the rules that ask (``board``, ``push``, the solo scenarios) and the one that answers
(``choices``), so none of them imports another to record a choice.
"""

from __future__ import annotations

from typing import Final

from wartable.core.events import Event, emit

from .state import GraxiaState

NONE: Final = 0
SPELL: Final = 1
UNIT: Final = 2
ATONE: Final = 3
REFLECT: Final = 4
MOVE_TO: Final = 5
TURN: Final = 6
PUSH: Final = 7
# the solo scenarios' kinds (§9.2): a card the Player loses or a unit it places
# (solo/player_choices.py), the Player's choices in the non-player's turn
# (solo/npc_choice.py), where a unit displaced by a Solo 6 spawn retreats (solo/wave.py)
LOSE_CARD: Final = 8
NPC_PLACE: Final = 9
NPC_TILE: Final = 10
NPC_FOE: Final = 11
RETREAT_TO: Final = 12
KINDS: Final = (
    *("", "spell", "unit", "atonement", "reflection", "destination", "supporter", "push"),
    *("lose", "placement", "npc_tile", "npc_foe", "retreat"),
)
PUSH_BASE: Final = 100  # a push's second parameter: pusher cell x 100 + tiles left
Q_SEAT: Final = (1, 1000)  # queued reflections: seat 0's wounds + 1000 x seat 1's


def pending(s: GraxiaState) -> bool:
    return s.track.pend_kind != NONE


def seat(s: GraxiaState) -> int:
    return s.track.pend_seat


def ask(s: GraxiaState, kind: int, who: int, x: int, y: int, events: list[Event] | None) -> None:
    """Record a choice of ``kind`` for ``who`` (x, y: its parameters, ``choices.request``)."""
    s.track.pend_kind, s.track.pend_seat = kind, who
    s.track.pend_x, s.track.pend_y = x, y
    if events is not None:
        emit(events, "choice", seat=who, kind=KINDS[kind])


def queue_reflection(s: GraxiaState, who: int, wounds: int) -> None:
    """Another reflection while a choice is pending (two Devouts hit by one area attack, or
    a reflection reflected back): queued per seat, chosen when nothing is pending."""
    s.track.pend_queue += wounds * Q_SEAT[who]
