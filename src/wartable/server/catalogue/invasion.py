"""Invasion's catalogue for the web client."""

from __future__ import annotations

from typing import Any

from wartable.games.invasion.actions import SLOT_NAMES
from wartable.games.invasion.cards import INVADER_KEYS, KEYS
from wartable.games.invasion.loader import get_db
from wartable.games.invasion.stack import FRAME_NAMES, PURPOSES
from wartable.games.invasion.state import PHASES


def build(data_dir: str | None) -> dict[str, Any]:
    db = get_db(data_dir)
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
