"""Relics in the other player's round (§5.2: "Relics ... may be played at any time during
either player's round"). Outside battles the non-phasing seat gets a relic window at the
points the ``relic_window`` option names: once when the phasing seat ends its Command Phase
(before Mana Collection), or after each of its command actions. The window opens whatever
the seat holds (so opening it tells nobody anything); ``pass`` closes it."""

from __future__ import annotations

from typing import Final

from wartable.core.events import Event

from . import actions as acts
from . import effects, modifiers
from .actions import Layout
from .state import COMMAND, RELIC, GraxiaState

AT_END: Final = 1
AFTER_ACTION: Final = 2


def open_window(s: GraxiaState, when: int) -> None:
    s.phase = RELIC
    s.track.relic_window = when


def legal(s: GraxiaState, lay: Layout, seat: int) -> list[int]:
    out = [acts.PASS]
    nu = len(s.cat.units)
    seen: set[int] = set()
    for card in s.hands[seat]:
        if card < nu or card in seen:
            continue
        seen.add(card)
        sp = s.cat.spells[card - nu]
        cost = modifiers.card_cost(s, seat, sp.cost)
        if not (sp.relic and sp.in_command) or sp.sacrifice_only or s.mana[seat] < cost:
            continue
        for t in effects.spell_targets(s, seat, sp):
            out.append(
                lay.one(acts.K_SPELL, card - nu) if t < 0 else lay.at(acts.K_SPELL_AT, card - nu, t)
            )
    return sorted(set(out))


def apply(s: GraxiaState, lay: Layout, seat: int, action: int, events: list[Event] | None) -> bool:
    """Play a relic, or pass; returns True when the window closed at the end of the Command
    Phase (the round goes on to Mana Collection)."""
    if action != acts.PASS:
        kind, x, y = lay.decode(action)
        effects.cast_command_spell(s, seat, x, y if kind == acts.K_SPELL_AT else -1, events)
        return False
    when = s.track.relic_window
    s.track.relic_window = 0
    s.phase = COMMAND
    return when == AT_END


def problems(s: GraxiaState) -> list[str]:
    """What makes a position's relic window impossible (for ``position.check``)."""
    w = s.track.relic_window
    if (s.phase == RELIC) != (w in (AT_END, AFTER_ACTION)):
        return ["the relic window (track) is open exactly in the relic phase, 1 or 2"]
    return []
