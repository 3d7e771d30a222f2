"""Loading Invasion's card data: the TOML records (``cards.py``) checked against each other and
turned into the flat tables the rules read (``db.py``)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import TypeVar

from wartable.core.data import load_records
from wartable.core.errors import DataError

from .cards import (
    ACTIONS,
    DATA_DIR,
    DEFENDERS,
    EVENT_KEYS,
    GOLDS,
    INVADER_KEYS,
    KEYS,
    TERROR,
    CampaignRecord,
    CardRecord,
    EventRecord,
    InvaderRecord,
    K,
    StageRecord,
    _Keyed,
)
from .db import Db

R = TypeVar("R", bound=_Keyed)


def _ordered(path: Path, records: list[R], keys: tuple[str, ...], what: str) -> list[R]:
    by_key: dict[str, R] = {}
    for r in records:
        if r.key in by_key:
            raise DataError(f"{path}: {what} {r.key!r} appears twice")
        by_key[r.key] = r
    missing = [k for k in keys if k not in by_key]
    extra = [k for k in by_key if k not in keys]
    if missing or extra:
        raise DataError(f"{path}: {what} keys: missing {missing}, unknown {extra}")
    return [by_key[k] for k in keys]


def load_db(directory: Path) -> Db:
    """Load and cross-check every data file in ``directory``."""
    cards_p = directory / "cards.toml"
    cards = _ordered(cards_p, load_records(cards_p, "card", CardRecord, "key"), KEYS, "card")
    for i, c in enumerate(cards):
        want = "gold" if i in GOLDS else "terror" if i == TERROR else "action"
        want = "defender" if i in DEFENDERS else want
        if c.type != want:
            raise DataError(f"{cards_p}: card {c.key!r}: field type: must be {want!r}")
    inv_p = directory / "invaders.toml"
    invaders = _ordered(
        inv_p, load_records(inv_p, "invader", InvaderRecord, "key"), INVADER_KEYS, "invader"
    )
    ev_p = directory / "events.toml"
    events = _ordered(ev_p, load_records(ev_p, "event", EventRecord, "key"), EVENT_KEYS, "event")
    camp_p = directory / "campaigns.toml"
    campaigns = load_records(camp_p, "campaign", CampaignRecord, "key")
    if len(campaigns) < 6:
        raise DataError(f"{camp_p}: at least 6 campaign cards are needed")
    st_p = directory / "stages.toml"
    stages = load_records(st_p, "stage", StageRecord, "name")
    for s in stages:
        for key in s.actions:
            if key not in K or K[key] not in ACTIONS or key == "casualty":
                raise DataError(
                    f"{st_p}: stage {s.name!r}: field actions: {key!r} is not a kingdom action"
                )
        for key in s.defenders:
            if key not in K or K[key] not in DEFENDERS or key == "guard":
                raise DataError(
                    f"{st_p}: stage {s.name!r}: field defenders: {key!r} is not a kingdom defender"
                )
    if sorted(s.number for s in stages) != list(range(1, 11)):
        raise DataError(f"{st_p}: battle stages 1-10 must each appear once")
    return Db(cards, invaders, events, campaigns, stages)


@lru_cache(maxsize=8)
def get_db(data_dir: str | None = None) -> Db:
    return load_db(Path(data_dir) if data_dir else DATA_DIR)
