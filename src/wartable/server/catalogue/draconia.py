"""Draconia's catalogue for the web client."""

from __future__ import annotations

from typing import Any

from wartable.games.draconia.actions import DEPLOY
from wartable.games.draconia.cards import DECK_SIZE, FACTION_ABILITY, cardset_for
from wartable.games.draconia.settlements import load_settlements
from wartable.games.draconia.state import PHASE_NAMES

_UNIT_NUMBERS = (
    "attack", "defense", "haste", "ambush", "command", "arrows", "supply", "fortify",
    "persistent", "maneuver", "poison", "revenge", "revive", "bombard",
)  # fmt: skip


def build(data_dir: str | None) -> dict[str, Any]:
    cs = cardset_for(data_dir)
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
        "settlements": [{"id": s.id, "name": s.name} for s in load_settlements(data_dir)],
        "phases": list(PHASE_NAMES),
        "deploy_action": DEPLOY,
        "deck_size": DECK_SIZE,
    }
