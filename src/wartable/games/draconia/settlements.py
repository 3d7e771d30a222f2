"""Settlement cards ("Settlement Mode"): data, and the small rule hooks they add.

The abilities are code (one constant per card, in the order of ``SETTLEMENT_IDS``);
the data file gives each card's faction, starting health and token count.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from wartable.core.data import load_records
from wartable.core.errors import DataError

from .cards import DATA_DIR, SETTLEMENT_IDS, FactionId

(
    GLIMMERSPIRE,
    EMMEREST_RIVER,
    CRIMSON_PALACE,
    SARIA_DESERT,
    JUNGLE_OF_MOUTHS,
    WHITE_TOOTH_GORGE,
    BEASTS_BELLOW,
    FJORD_KRAK,
    ANVIRA,
    VEILED_CATACOMBS,
    MOONLIT_DEEP,
    GRAYMIST_VALLEY,
) = range(12)
NONE = -1

BLESSINGS = ("defense", "ambush", "arrows")  # White Tooth Gorge's three Blessing tokens
PYRAMIDS = ("attack", "defense", "both")  # Anvira: costs 3, 3, 5
PYRAMID_COST = (3, 3, 5)


class SettlementRecord(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str
    name: str = Field(min_length=1)
    faction: FactionId
    health: int = Field(ge=1, le=30)
    tokens: int = Field(ge=0, le=5)
    text: str
    source: Literal["rulebook", "reconstructed"]
    note: str


@lru_cache(maxsize=8)
def load_settlements(directory: str | None = None) -> tuple[SettlementRecord, ...]:
    path = Path(directory or DATA_DIR) / "settlements.toml"
    if directory and not path.exists():
        path = DATA_DIR / "settlements.toml"  # a designer's unit data may come without settlements
    records = load_records(path, "settlement", SettlementRecord, name_key="id")
    ids = tuple(r.id for r in records)
    if ids != SETTLEMENT_IDS:
        raise DataError(
            f"{path}: settlements must be exactly {', '.join(SETTLEMENT_IDS)} in this order"
        )
    return tuple(records)


def settlement_index(sid: str) -> int:
    return SETTLEMENT_IDS.index(sid)


def of_faction(faction: str, directory: str | None = None) -> list[int]:
    return [i for i, r in enumerate(load_settlements(directory)) if r.faction == faction]
