"""The web client's card catalogue: names and printed numbers of every game's built-in cards.

The browser cannot read the TOML data, and observations name cards by small ints, so the
client loads `static/data/catalogue.json`, written from the built-in data by
`python tests/web/catalogue.py` (the test in `test_catalogue.py` fails when it is stale).
A server started with `--data` on other files still plays by them; only the names and
numbers the client prints come from the built-in data.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from wartable.games.draconia.actions import DEPLOY
from wartable.games.draconia.cards import DECK_SIZE, FACTION_ABILITY, cardset_for
from wartable.games.draconia.settlements import load_settlements
from wartable.games.draconia.state import PHASE_NAMES
from wartable.games.graxia.adapter import catalog_for, scenario_for
from wartable.games.graxia.catalog import ATTACK_TYPES
from wartable.games.graxia.state import PHASES as GRAXIA_PHASES
from wartable.games.graxia.state import SHIELD, STUNNED
from wartable.games.invasion.actions import SLOT_NAMES
from wartable.games.invasion.cards import INVADER_KEYS, KEYS
from wartable.games.invasion.loader import get_db
from wartable.games.invasion.stack import FRAME_NAMES, PURPOSES
from wartable.games.invasion.state import PHASES
from wartable.games.skirm.cards import load_cards

OUT = Path(__file__).resolve().parents[2] / "src/wartable/server/static/data/catalogue.json"

_UNIT_NUMBERS = (
    "attack", "defense", "haste", "ambush", "command", "arrows", "supply", "fortify",
    "persistent", "maneuver", "poison", "revenge", "revive", "bombard",
)  # fmt: skip


def draconia() -> dict[str, Any]:
    cs = cardset_for(None)
    units = []
    for u in cs.units:
        rec: dict[str, Any] = {"name": u.name, "faction": u.faction, "class": u.unit_class}
        rec.update({k: getattr(u, k) for k in _UNIT_NUMBERS if getattr(u, k)})
        rec["attack"], rec["defense"] = u.attack, u.defense
        rec["text"] = u.abilities_text()
        units.append(rec)
    return {
        "units": units,
        "factions": {f: {"ability": a} for f, a in FACTION_ABILITY.items()},
        "settlements": [{"id": s.id, "name": s.name} for s in load_settlements(None)],
        "phases": list(PHASE_NAMES),
        "deploy_action": DEPLOY,
        "deck_size": DECK_SIZE,
    }


def invasion() -> dict[str, Any]:
    db = get_db(None)
    cards = [
        {
            "key": c.key, "name": c.name, "type": c.type, "cost": c.cost, "gold": c.gold,
            "attack": c.attack, "actions": c.actions, "buys": c.buys, "cards": c.cards,
            "gold_bonus": c.gold_bonus,
        }
        for c in db.cards
    ]  # fmt: skip
    invaders = [
        {"key": v.key, "name": v.name, "color": v.color, "health": v.health, "glory": v.glory}
        for v in db.invaders
    ]
    return {
        "keys": list(KEYS),
        "cards": cards,
        "invader_keys": list(INVADER_KEYS),
        "invaders": invaders,
        "campaigns": [{"key": c.key, "name": c.name} for c in db.campaigns],
        "events": [{"key": e.key, "name": e.name} for e in db.events],
        "slots": list(SLOT_NAMES),
        "phases": list(PHASES),
        "frames": {str(k): v for k, v in FRAME_NAMES.items()},
        "purposes": list(PURPOSES),
    }


def skirm() -> dict[str, Any]:
    cs = load_cards(None)
    return {
        "skills": list(cs.skill_names),
        "cards": {
            str(c.id): {
                "speed": c.speed,
                "skills": list(c.skills),
                "ability": c.ability,
                "scoring": c.scoring,
            }
            for c in cs.cards
        },
    }


def graxia() -> dict[str, Any]:
    """Units, spells and each scenario's map (cells in axial q,r, per cell index)."""
    cat = catalog_for(None)
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


def build() -> dict[str, Any]:
    return {"draconia": draconia(), "graxia": graxia(), "invasion": invasion(), "skirm": skirm()}


def text() -> str:
    return json.dumps(build(), indent=1, sort_keys=True) + "\n"


if __name__ == "__main__":
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(text())
    sys.stdout.write(f"wrote {OUT}\n")
