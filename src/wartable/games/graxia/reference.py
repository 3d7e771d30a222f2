"""Graxia's catalogue for the web client: every unit and spell with its full text, and each
scenario's map, set-up numbers and briefing (how it is won and lost, §9.1 / §9.2)."""

from __future__ import annotations

from typing import Any

from .catalog import loading
from .catalog.building import catalog_for, scenario_for
from .catalog.tables import ATTACK_TYPES, Scenario
from .config import GraxiaConfig
from .reference_briefs import BRIEFS, HOME_ROWS, TERRAIN_NOTES
from .solo.options import scenario_with_options
from .state import PHASES as GRAXIA_PHASES
from .state import SHIELD, STUNNED
from .state_records import BATTLE_FIELDS

TIMING_WORDS = {
    "battle_activated": "Battle ability",
    "battle_passive": "Passive in battle",
    "battle_support": "When supporting",
    "command_activated": "Command ability",
    "command_passive": "Passive",
}


def _removals(sc: Scenario) -> list[dict[str, Any]]:
    """§9.2 Solo Scenario 1: which cells leave the game at the start of which turn."""
    if not sc.removal_rows:
        return []
    first = sc.param("removal_first_turn", 3)
    every = max(1, sc.param("removal_every", 2))
    each = sc.param("removal_rows_each", 3)
    out, done, turn = [], 0, first
    while done < len(sc.removal_rows):
        rows = sc.removal_rows[done : done + each]
        out.append({"turn": turn, "cells": [c for row in rows for c in row]})
        done += each
        turn += every
    return out


def _scenario(sc: Scenario) -> dict[str, Any]:
    won, lost, special = BRIEFS.get(sc.id, ([], [], []))
    return {
        "title": sc.title,
        "cells": [list(c) for c in sc.board.cells],
        "terrain": list(sc.terrain),
        "tiles": list(sc.tile_ids),
        "mana": list(sc.mana_value),
        "pdef": list(sc.pdef),
        "mdef": list(sc.mdef),
        "home": [list(h) for h in sc.home],
        "deploy": [list(d) for d in sc.deploy],
        "vital": list(sc.vital),
        "banners": list(sc.banners),
        "turns": sc.turns,
        "solo": sc.solo,
        "draft": list(sc.draft),
        "budget": list(sc.budget),
        "victory": sc.victory,
        "params": dict(sc.params),
        "won": won,
        "lost": lost,
        "special": special,
        "home_rows": [list(r) for r in sc.home_rows],
        "home_row_benefits": HOME_ROWS if sc.home_rows else {},
        "portals": [list(p) for p in sc.portals],
        "removals": _removals(sc),
    }


# the config keys that change what a scenario's briefing says (solo/options.py)
READING_KEYS = ("solo1_removal", "solo_turn_limit")


def options_key(config: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
    """The readings a match's config chooses that the catalogue shows (the removal schedule,
    the turn limit), as a hashable key; keys the config does not set are left out."""
    return tuple((k, config[k]) for k in READING_KEYS if k in config)


def build(data_dir: str | None, options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Units, spells (with their text) and each scenario's map (cells in axial q,r), each
    scenario as the ``options`` (a match's config readings, ``READING_KEYS``) play it."""
    readings = GraxiaConfig(**{k: v for k, v in (options or {}).items() if k in READING_KEYS})
    cat = catalog_for(data_dir)
    db = loading.db_for(data_dir)
    units = []
    for u in cat.units:
        rec = db.units[u.name]
        units.append({
            "name": u.name, "cost": u.cost, "health": u.health, "attack": u.attack,
            "attack_type": ATTACK_TYPES[u.attack_type], "pdef": u.pdef, "mdef": u.mdef,
            "class": u.klass, "race": u.race, "moves": u.moves, "flying": u.flying,
            "support": u.support,
            "abilities": [a.name for a in u.abilities],
            "ability_text": [
                {"name": a.name, "when": TIMING_WORDS.get(a.timing, a.timing),
                 "mana": a.mana, "text": a.text}
                for a in rec.abilities
            ],
        })  # fmt: skip
    spells = [
        {
            "name": sp.name, "cost": sp.cost, "phase": sp.phase, "relic": sp.relic,
            "modifier": sp.modifier, "requires": sp.requires, "text": db.spells[sp.name].text,
        }
        for sp in cat.spells
    ]  # fmt: skip
    scenarios = {
        sid: _scenario(scenario_with_options(scenario_for(cat, sid), readings))
        for sid in sorted(cat.scenarios)
    }
    return {
        "units": units,
        "spells": spells,
        "scenarios": scenarios,
        "phases": list(GRAXIA_PHASES),
        "flags": {"shield": SHIELD, "stunned": STUNNED},
        # where the web client finds them in an observation's flat battle list
        "battle_fields": {
            "att": BATTLE_FIELDS.index("attacker"),
            "def": BATTLE_FIELDS.index("defender"),
            "bv0": BATTLE_FIELDS.index("bv0"),
            "wound0": BATTLE_FIELDS.index("wounds0"),
        },
        "terrain_notes": TERRAIN_NOTES,
    }
