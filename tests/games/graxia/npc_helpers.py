"""Hand-built solo positions for the non-player driver's tests (§9.2)."""

from __future__ import annotations

import dataclasses
from typing import Any

from graxia_helpers import GAME, blank

from wartable.games.graxia.solo import npc
from wartable.games.graxia.state import GraxiaState


def npc_turn(scenario: str, turn: int = 5, **spec: Any) -> GraxiaState:
    """An empty solo map at the start of the non-player's round of ``turn``; ``spec``
    overrides fields of the scenario's ``NpcSpec`` (empty decks unless given)."""
    s = blank(scenario, turn=turn, seat=1)
    s.guard = [-1, -1]
    s.mana = [20, s.sc.mana[1]]
    base = s.sc.npc
    assert base is not None
    fields = {"command_deck": (), "battle_deck": (), "command_plays": 0, **spec}
    s.sc = dataclasses.replace(s.sc, npc=dataclasses.replace(base, **fields))
    s.decks = [[], [], [], [], []]
    s.discards = [[], [], [], [], []]
    s.udeck = [0, 0]
    s.sdeck = [2, 3]
    s.npc.announced_turn = turn  # the Player's turn start already announced
    return s


def player_turn(scenario: str, turn: int = 5, **spec: Any) -> GraxiaState:
    s = npc_turn(scenario, turn, **spec)
    s.current = 0
    s.round_no -= 1
    return s


def run(s: GraxiaState) -> list[dict[str, Any]]:
    """Let the non-player act until the Player must decide; its events."""
    events: list[dict[str, Any]] = []
    npc.drive(s, GAME.layout(s.config), events)
    return events


def spell(s: GraxiaState, name: str) -> int:
    return s.cat.card_id(name)


def kinds(events: list[dict[str, Any]], *types: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] in types]
