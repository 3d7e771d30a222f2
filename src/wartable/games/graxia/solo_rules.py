"""Guardians of Graxia solo scenarios (§9.2 Solo Scenarios 1-6): their special rules.

The non-player driver (``npc.py``) and the engine call these hooks; each dispatches on the
scenario id (``solo-1`` .. ``solo-6``) and does nothing in two-player scenarios.
"""

from __future__ import annotations

from wartable.core.events import Event

from .state import GraxiaState


def is_solo(s: GraxiaState) -> bool:
    """A §9.2 solo scenario (one seat; the non-player is side 1)."""
    return s.sc.id.startswith("solo-")


def turn_start(s: GraxiaState, events: list[Event] | None) -> None:
    """At the start of every Game Turn (solo-1: rows removed on odd turns from 3 on)."""
    return None


def npc_turn_start(s: GraxiaState, events: list[Event] | None) -> None:
    """At the start of the non-player's turn, before its command deck (spawns, arrivals)."""
    return None


def after_capture(s: GraxiaState, cell: int, old_owner: int, events: list[Event] | None) -> None:
    """A tile changed control (``s.ctrl[cell]`` is the new controller)."""
    return None


def after_elimination(s: GraxiaState, unit: int, owner: int, events: list[Event] | None) -> None:
    """A unit of type ``unit`` owned by side ``owner`` was eliminated."""
    return None


def check_end(s: GraxiaState, events: list[Event] | None) -> None:
    """Victory or loss (sets ``T_WINNER``/``T_REASON`` and the phase ``OVER``)."""
    return None
