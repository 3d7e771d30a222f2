"""What the designers' tuner (``wartable tune draconia``) may change, and what it measures.

The rulebook prints no unit card; its worked examples fix a few values (below, with the
section). Those, the factions' abilities (Factions, Faction Abilities) and a card's name and
class are never tunable; every other unit value and every settlement value is reconstructed.
"""

from __future__ import annotations

import itertools
from typing import Any

from .cards import DATA_DIR, FACTIONS, check_data

__all__ = ["DATA_DIR", "check_data", "printed_section", "target_cells"]

_SKIRMISH = "Action Phase, Performing an Attack: the Skirmish example (A)"
_CAUTIOUS = "Action Phase, Performing an Attack: the Cautious Attack example (B)"
_ARROWS = "Action Phase, Arrow Strike: the example"
# (unit name, field) -> the section whose worked example prints the value
PRINTED_UNIT_VALUES: dict[tuple[str, str], str] = {
    ("Prince William", "attack"): f"{_SKIRMISH}; {_CAUTIOUS}",
    ("Shadow Archer", "attack"): _SKIRMISH,
    ("Dastan", "defense"): _SKIRMISH,
    ("Tara", "defense"): _SKIRMISH,
    ("Shamshir Warriors", "defense"): _CAUTIOUS,
    ("Shamshir Warriors", "abilities.ambush"): _CAUTIOUS,
    ("Grim Bjorn", "defense"): "3-4 Player Variant: the Arrow Strike example",
    ("Tombkeeper", "defense"): _ARROWS,
    ("Tombkeeper", "abilities.ambush"): _ARROWS,
}
_IDENTITY = ("name", "class", "faction", "id", "source", "note")


def printed_section(file: str, records: list[dict[str, Any]], field: str) -> str | None:
    """The section printing ``field`` of the innermost record, or None (reconstructed)."""
    record = records[-1]
    if field in _IDENTITY:
        return "the card itself (its name, class and faction are what the card is)"
    if file == "units.toml" and "ability" in record and "name" not in record:
        return "Factions; Faction Abilities"
    if file == "units.toml":
        return PRINTED_UNIT_VALUES.get((str(record.get("name")), field))
    return None


def target_cells(
    kind: str, arg: str | None, config: dict[str, Any]
) -> list[tuple[str, list[tuple[dict[str, Any], int]]]]:
    """``pairing``: each pair of factions (only the config's two, if it names two) with both
    faction-to-seat arrangements; ``seat``: the first seat, factions as the config says."""
    if kind == "pairing":
        named = [f for f in config.get("factions", ()) if f in FACTIONS]
        pairs = [tuple(named)] if len(named) == 2 else list(itertools.combinations(FACTIONS, 2))
        return [
            (f"{a} v {b}", [({"factions": [a, b]}, 0), ({"factions": [b, a]}, 1)]) for a, b in pairs
        ]
    if kind == "seat":
        return [("seat 0", [({}, 0)])]
    raise ValueError(f"draconia has no {kind} target (it has pairing and seat)")
