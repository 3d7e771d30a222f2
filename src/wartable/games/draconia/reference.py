"""Draconia's catalogue for the web client: every unit with its numbers and abilities in words."""

from __future__ import annotations

from typing import Any

from .actions import DEPLOY
from .cards import DECK_SIZE, FACTION_ABILITY, cardset_for
from .settlements import load_settlements
from .state import PHASE_NAMES

_UNIT_NUMBERS = (
    "attack", "defense", "haste", "ambush", "command", "arrows", "supply", "fortify",
    "persistent", "maneuver", "poison", "revenge", "revive", "bombard",
)  # fmt: skip

# The rulebook's "General Abilities" and "Faction Abilities", in the project's own words.
ABILITY_TEXT: dict[str, str] = {
    "haste": "Revealed in the Order Phase; the player with the most Haste on the field acts "
    "first (ties: the first player token).",
    "ambush": "When attacked while face down, it is revealed, deals 1 damage to the attacking "
    "player and cancels the attack. A Cautious Attack ignores Ambush.",
    "command": "Your units on the lines next to this one get +1 attack (stacks).",
    "arrows": "At the start of your turn you may make one arrow strike with the Arrows of all "
    "your face-up units: if they exceed the target's defense, it is eliminated and its owner "
    "loses the difference in health. Not an attack: no Ambush, Revenge or fortify tokens.",
    "supply": "Back Line Phase: gain 1 supply token.",
    "fortify": "Back Line Phase: put 1 fortify token on this line's status slot (at most 2): "
    "+1 defense for the unit on this line at its next defense.",
    "persistent": "Camp Phase: spend 1 supply token to take this unit back from the Graveyard.",
    "maneuver": "When this unit's attack is blocked, you may take it back to your hand and put "
    "another unit from your hand face down on its line (not after an Ambush).",
    "poison": "When this unit's attack is blocked, the defending unit is eliminated anyway "
    "(not after an Ambush).",
    "revenge": "When this unit is eliminated by an attack (or Poison), the attacking unit is "
    "eliminated too. Arrows do not trigger Revenge.",
    "revive": "Back Line Phase: restore 1 health or take 1 basic unit back from the Graveyard.",
    "bombard": "Back Line Phase: deal 1 damage to the opponent.",
}

CLASS_TEXT: dict[str, str] = {
    "leader": "Leader: in the starting hand; not a basic unit (Revive cannot bring it back).",
    "champion": "Champion: in the starting hand; not a basic unit (Revive cannot bring it back).",
    "attacker": "Attacker class (basic unit).",
    "defender": "Defender class (basic unit).",
    "ambusher": "Ambusher class (basic unit).",
    "charger": "Charger class (basic unit).",
    "supplier": "Supplier class (basic unit).",
}


def _abilities(unit: Any) -> list[dict[str, Any]]:
    """The unit's abilities by name and icon count (their words are in ``ability_text``)."""
    out = []
    for name in ABILITY_TEXT:
        count = int(getattr(unit, name))
        if count:
            out.append({"name": name.capitalize(), "count": count})
    return out


def build(data_dir: str | None) -> dict[str, Any]:
    cs = cardset_for(data_dir)
    units = []
    for u in cs.units:
        rec: dict[str, Any] = {"name": u.name, "faction": u.faction, "class": u.unit_class}
        rec.update({k: getattr(u, k) for k in _UNIT_NUMBERS if getattr(u, k)})
        rec["attack"], rec["defense"] = u.attack, u.defense
        rec["text"] = u.abilities_text()
        rec["abilities"] = _abilities(u)
        units.append(rec)
    return {
        "units": units,
        "ability_text": {name.capitalize(): text for name, text in ABILITY_TEXT.items()},
        "class_text": CLASS_TEXT,
        "factions": {
            f: {"ability": a, "text": ABILITY_TEXT.get(a, "")} for f, a in FACTION_ABILITY.items()
        },
        "settlements": [
            {"id": s.id, "name": s.name, "faction": s.faction, "health": s.health, "text": s.text}
            for s in load_settlements(data_dir)
        ],
        "phases": list(PHASE_NAMES),
        "deploy_action": DEPLOY,
        "deck_size": DECK_SIZE,
    }
