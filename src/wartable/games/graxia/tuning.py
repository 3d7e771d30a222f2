"""What the designers' tuner (``wartable tune graxia``) may change, and what it measures.

The rulebook has no card list, no tile list and no map: a record with ``source = "rulebook"``
names, in its ``section``, the values the text states; the rest is reconstructed
(docs/games/graxia-data.md). Never tunable: those stated values, a card's identity (name,
class, race, designators), a rulebook tile's terrain, the box's counts (Game Parts) and
everything a scenario's text sets (turns, first player, decks, starting Mana, the draft,
victory points: 9.1, 9.2). Tunable: reconstructed numbers (costs, attack, defences,
health, tile Mana and defence bonuses) and the reconstructed maps (tile placements,
home rows, deployment zones, vital tiles).
"""

from __future__ import annotations

from typing import Any

from .catalog.loading import DATA_DIR, check_data

__all__ = ["DATA_DIR", "check_data", "printed_section", "target_cells"]

_IDENTITY = ("name", "id", "unit_class", "race", "designators", "source", "section", "note")
# words of a record's ``section`` that state a field's value
_STATED = {
    "attack": ("attack",),
    "attack_type": ("attack",),
    "physical_defence": ("physical defence",),
    "magical_defence": ("magical defence",),
    "health": ("health",),
    "cost": ("cost",),
    "movement": ("movement", "moves"),
    "modifier": ("modifier",),
}
# scenario fields the scenario's text sets (9.1, 9.2); maps, home rows and zones are not
_SCENARIO_RECONSTRUCTED = ("tiles", "home_row", "deploy", "vital", "q", "r", "tile")


def printed_section(file: str, records: list[dict[str, Any]], field: str) -> str | None:
    """The section printing ``field`` of the innermost record, or None (reconstructed)."""
    if file == "meta.toml":
        return "Game Parts"
    if file.startswith("scenarios/"):
        return _scenario_field(records, field)
    record = records[-1]
    if len(records) >= 3:  # an ability of a unit: stated when the unit's section names it
        unit = records[1]
        name = str(record.get("name", ""))
        section = str(unit.get("section", ""))
        if unit.get("source") == "rulebook" and name and name.lower() in section.lower():
            return section
        return None
    if field in _IDENTITY:
        return "the card or tile itself (its name and kind are what it is)"
    section = str(record.get("section", ""))
    if record.get("source") != "rulebook":
        return None
    if file == "tiles.toml":
        return section if field == "terrain" else None
    words = _STATED.get(field.split(".")[0], (field,))
    if any(w in section.lower() for w in words):
        return section
    return None


def _scenario_field(records: list[dict[str, Any]], field: str) -> str | None:
    doc = records[0]
    section = str(doc.get("section", "9.1, 9.2"))
    keys = field.split(".")
    if any(k in _SCENARIO_RECONSTRUCTED for k in keys):
        return None
    if len(records) >= 2 and "tile" in records[-1]:  # a map cell picked by its tile
        return None
    return section


def target_cells(
    kind: str, arg: str | None, config: dict[str, Any]
) -> list[tuple[str, list[tuple[dict[str, Any], int]]]]:
    """``scenario:ID``: that scenario's first side (seat 0; the Player in a solo scenario);
    ``seat``: the first side of the config's scenario."""
    if kind == "scenario":
        assert arg is not None
        return [(arg, [({"scenario": arg}, 0)])]
    if kind == "seat":
        return [(f"{config.get('scenario', '2p-1')} seat 0", [({}, 0)])]
    raise ValueError("graxia has no factions to pair: use scenario:ID=LOW..HIGH or seat")
