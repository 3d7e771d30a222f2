"""Shared helpers for the Draconia tests: apply moves in notation, list legal moves."""

from __future__ import annotations

from typing import Any

from wartable.games.draconia import GAME


def play(s: Any, seat: int, *moves: str) -> list[dict[str, Any]]:
    """Apply moves (notation) for ``seat`` through the validated path; return all events."""
    events: list[dict[str, Any]] = []
    for text in moves:
        events += GAME.apply(s, seat, text)
    return events


def legal(s: Any, seat: int) -> list[str]:
    return [GAME.action_to_str(a, s.config) for a in GAME.legal_actions(s, seat)]
