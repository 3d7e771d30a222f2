"""The non-player side of the solo scenarios (§9.2), played by the rules, not by a bot.

``drive`` runs after every action (and at the end of ``new_state``): while the state machine
waits for a decision of side 1, the non-player's rules answer it and apply it with events,
until seat 0 (the Player) must decide or the game is over.
"""

from __future__ import annotations

from wartable.core.events import Event

from .state import GraxiaState


def drive(s: GraxiaState, events: list[Event] | None) -> None:
    """Answer every decision of the non-player (side 1) until the Player must act."""
    if not s.sc.solo:
        return
