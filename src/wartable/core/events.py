"""Structured events that ``apply`` yields, filtered per seat like observations.

An event is a plain dict: ``{"type": "...", ...fields}``. An optional ``"to"``
key lists the seats allowed to see it; without it the event is public.
"""

from __future__ import annotations

from typing import Any

Event = dict[str, Any]


def event(kind: str, /, to: tuple[int, ...] | None = None, **fields: Any) -> Event:
    e: Event = {"type": kind, **fields}
    if to is not None:
        e["to"] = list(to)
    return e


def emit(
    events: list[Event] | None, kind: str, /, to: tuple[int, ...] | None = None, **fields: Any
) -> None:
    """Append an event when events are being recorded (``None``: the fast path, nothing built)."""
    if events is not None:
        events.append(event(kind, to, **fields))


def visible_events(events: list[Event], seat: int | None) -> list[Event]:
    """The events ``seat`` may see (``None`` means an omniscient spectator/log)."""
    if seat is None:
        return list(events)
    return [e for e in events if "to" not in e or seat in e["to"]]
