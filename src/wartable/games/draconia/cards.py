"""Draconia unit cards: typed records loaded from ``data/units.toml``.

Abilities are stored as icon counts so that rules read a flat tuple of ints
(``Unit.haste``, ``Unit.arrows`` ...) instead of looking up dicts on the hot path.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, model_validator

from wartable.core.data import load_records
from wartable.core.errors import DataError

DATA_DIR = Path(__file__).parent / "data"

ABILITIES = (
    "haste",
    "ambush",
    "command",
    "arrows",
    "supply",
    "fortify",
    "persistent",
    "maneuver",
    "poison",
    "revenge",
    "revive",
    "bombard",
)
CLASSES = ("leader", "champion", "attacker", "defender", "ambusher", "charger", "supplier")
FactionId = Literal["ironshroud", "scorching_sands", "amazania", "frostfjell", "zigmar", "highwood"]
FACTIONS: tuple[str, ...] = get_args(FactionId)
FACTION_ABILITY = {
    "ironshroud": "persistent",
    "scorching_sands": "maneuver",
    "amazania": "poison",
    "frostfjell": "revenge",
    "zigmar": "revive",
    "highwood": "bombard",
}
DECK_SIZE = 17
# the settlement cards (Settlement Mode), in the order of their ability constants
SETTLEMENT_IDS = (
    "glimmerspire",
    "emmerest_river",
    "crimson_palace",
    "saria_desert",
    "jungle_of_mouths",
    "white_tooth_gorge",
    "beasts_bellow",
    "fjord_krak",
    "anvira",
    "veiled_catacombs",
    "moonlit_deep",
    "graymist_valley",
)


class UnitRecord(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    faction: FactionId
    name: str = Field(min_length=1)
    unit_class: Literal[
        "leader", "champion", "attacker", "defender", "ambusher", "charger", "supplier"
    ] = Field(alias="class")
    attack: int = Field(ge=0, le=9)
    defense: int = Field(ge=0, le=9)
    abilities: dict[str, int] = Field(default_factory=dict)
    source: Literal["rulebook", "reconstructed"]
    note: str = Field(min_length=1)

    @model_validator(mode="after")
    def _known_abilities(self) -> UnitRecord:
        for key, count in self.abilities.items():
            if key not in ABILITIES:
                raise ValueError(f"unknown ability {key!r} (known: {', '.join(ABILITIES)})")
            if not 1 <= count <= 3:
                raise ValueError(f"ability {key} must have 1-3 icons, got {count}")
        return self


class FactionRecord(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: FactionId
    ability: str


@dataclass(frozen=True, slots=True)
class Unit:
    """One unit card type. ``uid`` indexes the global unit table."""

    uid: int
    faction: str
    name: str
    unit_class: str
    attack: int
    defense: int
    haste: int
    ambush: int
    command: int
    arrows: int
    supply: int
    fortify: int
    persistent: int
    maneuver: int
    poison: int
    revenge: int
    revive: int
    bombard: int
    source: str

    @property
    def is_basic(self) -> bool:
        return self.unit_class not in ("leader", "champion")

    def abilities_text(self) -> str:
        parts = []
        for name in ABILITIES:
            n = getattr(self, name)
            if n:
                parts.append(name.capitalize() + (f" x{n}" if n > 1 else ""))
        return ", ".join(parts)


@dataclass(frozen=True)
class CardSet:
    """All units, and each faction's 17-card deck as unit ids (leader, champions, basics)."""

    units: tuple[Unit, ...]
    decks: dict[str, tuple[int, ...]]
    directory: str

    def unit_by_name(self, faction: str, name: str) -> Unit:
        for uid in self.decks[faction]:
            if self.units[uid].name == name:
                return self.units[uid]
        raise KeyError(f"{faction} has no unit named {name!r}")


def _check_faction_deck(path: Path, faction: str, units: list[Unit]) -> None:
    classes = [u.unit_class for u in units]
    problems = []
    if len(units) != DECK_SIZE:
        problems.append(f"has {len(units)} units, needs {DECK_SIZE}")
    if classes.count("leader") != 1:
        problems.append(f"has {classes.count('leader')} leaders, needs 1")
    if classes.count("champion") != 2:
        problems.append(f"has {classes.count('champion')} champions, needs 2")
    if problems:
        raise DataError(f"{path}: faction {faction!r} {'; '.join(problems)}")


def load_cardset(directory: Path | str = DATA_DIR) -> CardSet:
    """Load and validate ``units.toml`` from ``directory`` (``--data DIR`` points here)."""
    path = Path(directory) / "units.toml"
    load_records(path, "faction", FactionRecord, name_key="id")
    records = load_records(path, "unit", UnitRecord)
    units: list[Unit] = []
    by_faction: dict[str, list[Unit]] = {f: [] for f in FACTIONS}
    order = {c: i for i, c in enumerate(CLASSES)}
    for rec in sorted(records, key=lambda r: (FACTIONS.index(r.faction), order[r.unit_class])):
        unit = Unit(
            uid=len(units),
            faction=rec.faction,
            name=rec.name,
            unit_class=rec.unit_class,
            attack=rec.attack,
            defense=rec.defense,
            source=rec.source,
            **{a: rec.abilities.get(a, 0) for a in ABILITIES},
        )
        units.append(unit)
        by_faction[rec.faction].append(unit)
    for faction, members in by_faction.items():
        _check_faction_deck(path, faction, members)
    decks = {f: tuple(u.uid for u in members) for f, members in by_faction.items()}
    return CardSet(tuple(units), decks, str(Path(directory).resolve()))


@lru_cache(maxsize=8)
def cardset_for(directory: str | None) -> CardSet:
    return load_cardset(directory or DATA_DIR)


def check_data(directory: Path | str) -> str:
    """``wartable data check``: validate a data directory, or raise ``DataError``."""
    cs = load_cardset(directory)
    return f"{len(cs.units)} units in {len(cs.decks)} factions: ok"
