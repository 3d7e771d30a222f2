"""Draconis Invasion card data: typed records loaded from ``data/*.toml``.

The rules refer to cards by small ints (the ``KEYS`` order below is fixed by
the code, because effects are written per card); the numbers printed on the
cards (costs, gold, attack, health, glory) come from the data files, so an
owner of the physical game can point ``data_dir`` at the official values.
"""

from __future__ import annotations

from pathlib import Path
from typing import Final, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

DATA_DIR = Path(__file__).parent / "data"

# Player cards (hand/deck/discard/supply), in a fixed order.
KEYS: tuple[str, ...] = (
    "wealth", "treasure", "fortune", "terror",
    "casualty", "obsidian", "fury", "buried", "shapeshift", "siege", "betrayal",
    "rush", "reinforce", "ruler", "enchant", "dawn", "darkness", "courage",
    "guard", "dread", "gladiator", "warlord", "valkyrie", "arcanist", "golem",
    "werebear", "shaman", "firemage", "slayer", "sorceress", "beastrider", "titan",
)  # fmt: skip
# the ints below are literals so that compiled builds (mypyc) inline them
NK: Final = 32
K = {k: i for i, k in enumerate(KEYS)}
WEALTH: Final = 0
TREASURE: Final = 1
FORTUNE: Final = 2
TERROR: Final = 3
GOLDS = (WEALTH, TREASURE, FORTUNE)
ACTIONS = tuple(range(4, 18))
DEFENDERS = tuple(range(18, 32))
CASUALTY: Final = 4
OBSIDIAN: Final = 5
FURY: Final = 6
BURIED: Final = 7
SHAPESHIFT: Final = 8
SIEGE: Final = 9
BETRAYAL: Final = 10
RUSH: Final = 11
REINFORCE: Final = 12
RULER: Final = 13
ENCHANT: Final = 14
DAWN: Final = 15
DARKNESS: Final = 16
COURAGE: Final = 17
GUARD: Final = 18
DREAD: Final = 19
GLADIATOR: Final = 20
WARLORD: Final = 21
VALKYRIE: Final = 22
ARCANIST: Final = 23
GOLEM: Final = 24
WEREBEAR: Final = 25
SHAMAN: Final = 26
FIREMAGE: Final = 27
SLAYER: Final = 28
SORCERESS: Final = 29
BEASTRIDER: Final = 30
TITAN: Final = 31

INVADER_KEYS: tuple[str, ...] = (
    "skeletal", "succubus", "reaper", "hellhound",
    "necromancer", "wyvern", "balar", "orcchief", "skulllord", "lichking", "icedragon", "firedragon",
)  # fmt: skip
NI: Final = 12
SKELETAL: Final = 0
SUCCUBUS: Final = 1
REAPER: Final = 2
HELLHOUND: Final = 3
NECROMANCER: Final = 4
WYVERN: Final = 5
BALAR: Final = 6
ORCCHIEF: Final = 7
SKULLLORD: Final = 8
LICHKING: Final = 9
ICEDRAGON: Final = 10
FIREDRAGON: Final = 11

EVENT_KEYS: tuple[str, ...] = ("horror", "demonspell", "darkrising", "chaos")
HORROR: Final = 0
DEMONSPELL: Final = 1
DARKRISING: Final = 2
CHAOS: Final = 3

CAMPAIGN_CLASSES = ("undead", "dragon", "gold", "blue", "any", "most_invaders", "most_gold")

Source = Literal["rulebook", "reconstructed"]


class _Sourced(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    source: Source
    section: str = Field(min_length=1)
    reason: str = ""

    @model_validator(mode="after")
    def _reason_when_reconstructed(self) -> _Sourced:
        if self.source == "reconstructed" and not self.reason:
            raise ValueError("a reconstructed record needs a one-line reason")
        return self


class _Keyed(_Sourced):
    key: str


class CardRecord(_Keyed):
    name: str = Field(min_length=1)
    type: Literal["gold", "terror", "action", "defender"]
    count: int = Field(ge=0, le=200)
    cost: int = Field(0, ge=0, le=500)
    gold: int = Field(0, ge=0, le=200)
    actions: int = Field(0, ge=0, le=5)
    buys: int = Field(0, ge=0, le=5)
    cards: int = Field(0, ge=0, le=10)
    gold_bonus: int = Field(0, ge=0, le=200)
    attack: int = Field(0, ge=0, le=200)
    attack_cost: int = Field(0, ge=0, le=200)


class InvaderRecord(_Keyed):
    name: str = Field(min_length=1)
    color: Literal["blue", "gold"]
    count: int = Field(ge=1, le=10)
    health: int = Field(ge=1, le=500)
    glory: int = Field(ge=0, le=50)
    rare: Literal["undead", "dragon", ""] = ""


class EventRecord(_Keyed):
    name: str = Field(min_length=1)
    count: int = Field(ge=0, le=20)


class CampaignRecord(_Sourced):
    key: str
    name: str = Field(min_length=1)
    target: str = ""
    target_class: str = ""
    count: int = Field(1, ge=1, le=10)
    bonus: int = Field(ge=0, le=50)
    requires_others: bool = False

    @model_validator(mode="after")
    def _one_target(self) -> CampaignRecord:
        if bool(self.target) == bool(self.target_class):
            raise ValueError("a campaign names exactly one of target or target_class")
        if self.target and self.target not in INVADER_KEYS:
            raise ValueError(f"unknown invader {self.target!r}")
        if self.target_class and self.target_class not in CAMPAIGN_CLASSES:
            raise ValueError(f"unknown target_class {self.target_class!r}")
        return self


class StageRecord(_Sourced):
    number: int = Field(ge=1, le=10)
    name: str = Field(min_length=1)
    actions: list[str] = Field(min_length=6, max_length=6)
    defenders: list[str] = Field(min_length=6, max_length=6)
