"""Skirm card data: the six skill types, the 12 abilities, the 10 scoring rules.

Cards are loaded from ``data/cards.toml`` (or ``<data_dir>/cards.toml``) into
validated records; a bad file raises ``DataError`` naming file, card and field.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Literal, get_args

from pydantic import BaseModel, ConfigDict, field_validator

from wartable.core.data import load_records, read_toml
from wartable.core.errors import DataError

NUM_SKILLS = 6

AbilityName = Literal[
    "BLADE",
    "CLOAK",
    "DODECAHEDRON",
    "HARNESS",
    "HELM",
    "HORN",
    "GAUNTLET",
    "MANTLE",
    "MASK",
    "SCEPTER",
    "TOME",
    "SET3",
]
ScoringName = Literal[
    "CIRCUIT", "ENERGY", "FIRE", "GOLD", "LEAF", "METAL", "SAND", "SINEW", "STONE", "WATER"
]
ABILITIES: tuple[str, ...] = get_args(AbilityName)
SCORINGS: tuple[str, ...] = get_args(ScoringName)


class CardRecord(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: int
    speed: int
    skills: tuple[str, str]
    ability: AbilityName
    scoring: ScoringName
    source: Literal["rulebook", "reconstructed"]
    reason: str = ""
    section: str = ""

    @field_validator("speed")
    @classmethod
    def _speed_positive(cls, v: int) -> int:
        if v < 0:
            raise ValueError("speed must be >= 0")
        return v


@dataclass(frozen=True)
class Card:
    """A card in engine form: skills are face indices 0-5."""

    id: int
    speed: int
    skills: tuple[int, int]
    ability: str
    scoring: str


@dataclass(frozen=True)
class CardSet:
    skill_names: tuple[str, ...]
    cards: tuple[Card, ...]
    _by_id: dict[int, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_id", {c.id: i for i, c in enumerate(self.cards)})

    def index_of(self, card_id: int) -> int:
        return self._by_id[card_id]


DEFAULT_DIR = Path(__file__).parent / "data"


@lru_cache(maxsize=8)
def load_cards(data_dir: str | None = None) -> CardSet:
    """Load and validate the 12 cards (cached per directory)."""
    path = (Path(data_dir) if data_dir else DEFAULT_DIR) / "cards.toml"
    raw = read_toml(path)
    names = raw.get("skills")
    if (
        not isinstance(names, list)
        or len(names) != NUM_SKILLS
        or len(set(names)) != NUM_SKILLS
        or not all(isinstance(n, str) and n.isidentifier() for n in names)
    ):
        raise DataError(f"{path}: 'skills' must list {NUM_SKILLS} distinct one-word names")
    records = load_records(path, "cards", CardRecord, name_key="id")
    if len(records) != 12:
        raise DataError(f"{path}: expected 12 cards, found {len(records)}")
    cards = []
    seen: set[int] = set()
    for r in records:
        if r.id in seen:
            raise DataError(f"{path}: cards {r.id}: field id: duplicate card id")
        seen.add(r.id)
        for s in r.skills:
            if s not in names:
                raise DataError(f"{path}: cards {r.id}: field skills: unknown skill {s!r}")
        if r.source == "reconstructed" and not r.reason:
            raise DataError(f"{path}: cards {r.id}: field reason: reconstructed needs a reason")
        cards.append(
            Card(
                r.id,
                r.speed,
                (names.index(r.skills[0]), names.index(r.skills[1])),
                r.ability,
                r.scoring,
            )
        )
    return CardSet(tuple(names), tuple(cards))
