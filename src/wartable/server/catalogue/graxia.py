"""Graxia's catalogue for the web client."""

from __future__ import annotations

from typing import Any

from wartable.games.graxia.adapter import catalog_for, scenario_for
from wartable.games.graxia.catalog import ATTACK_TYPES
from wartable.games.graxia.state import PHASES as GRAXIA_PHASES
from wartable.games.graxia.state import SHIELD, STUNNED


def build(data_dir: str | None) -> dict[str, Any]:
    """Units, spells and each scenario's map (cells in axial q,r, per cell index)."""
    cat = catalog_for(data_dir)
    units = [
        {
            "name": u.name, "cost": u.cost, "health": u.health, "attack": u.attack,
            "attack_type": ATTACK_TYPES[u.attack_type], "pdef": u.pdef, "mdef": u.mdef,
            "class": u.klass, "race": u.race, "moves": u.moves, "flying": u.flying,
            "abilities": [a.name for a in u.abilities],
        }
        for u in cat.units
    ]  # fmt: skip
    spells = [
        {"name": sp.name, "cost": sp.cost, "phase": sp.phase, "relic": sp.relic}
        for sp in cat.spells
    ]
    scenarios = {}
    for sid in sorted(cat.scenarios):
        sc = scenario_for(cat, sid)
        scenarios[sid] = {
            "title": sc.title,
            "cells": [list(c) for c in sc.board.cells],
            "terrain": list(sc.terrain),
            "tiles": list(sc.tile_ids),
            "mana": list(sc.mana_value),
            "home": [list(h) for h in sc.home],
            "vital": list(sc.vital),
            "turns": sc.turns,
        }
    return {
        "units": units,
        "spells": spells,
        "scenarios": scenarios,
        "phases": list(GRAXIA_PHASES),
        "flags": {"shield": SHIELD, "stunned": STUNNED},
    }
