"""Solo rule tests apply the Player's actions without the non-player driver (``npc.drive``
runs after every action of a real game; these positions are hand-built mid-turn)."""

from __future__ import annotations

from typing import Any

from graxia_helpers import GAME

from wartable.core.events import Event
from wartable.games.graxia.state import GraxiaState


def play(s: GraxiaState, action: str | int) -> list[Event]:
    """Apply one action of seat 0 (text or id) through the rules, not the driver."""
    a = GAME.parse_action(action, s.config) if isinstance(action, str) else action
    assert a in GAME.legal_actions(s, 0), GAME.action_to_str(a, s.config)
    events: list[dict[str, Any]] = []
    GAME._apply(s, 0, a, events)
    return events
