"""Draconia's typed configuration (validated; unknown keys are errors)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from .cards import FACTIONS

FactionChoice = Literal[
    "random",
    "choose",
    "ironshroud",
    "scorching_sands",
    "amazania",
    "frostfjell",
    "zigmar",
    "highwood",
]


class DraconiaConfig(BaseModel):
    """Options; each rule the rulebook leaves open is named here and documented in docs/games/draconia.md."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    players: Literal[2] = Field(2, description="number of seats (the 2-player game)")
    mode: Literal["standard"] = Field("standard", description="game mode")
    factions: tuple[FactionChoice, ...] = Field(
        (),
        description="per seat: a faction id, 'random' (a random faction not taken) or 'choose' "
        "(the seat picks at set-up); missing seats are 'random'",
    )
    first_player: int | None = Field(
        None, ge=0, description="seat holding the first player token at the start (None: random)"
    )
    starting_health: int = Field(10, ge=1, le=99, description="Set Up: 10 health tokens")
    rounds: int = Field(6, ge=1, le=6, description="End of the Game: the game ends after round 6")
    graveyard_limit: int = Field(
        8,
        ge=1,
        le=17,
        description="End of the Game: eliminated with 8 or more units in the Graveyard",
    )
    token_pool: int = Field(
        24,
        ge=0,
        le=99,
        description="supply and fortify tokens in the box (Components: 24 of each); 0 = unlimited",
    )
    data_dir: str | None = Field(None, description="directory with units.toml (default: built-in)")

    @field_validator("factions")
    @classmethod
    def _distinct(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        named = [f for f in value if f in FACTIONS]
        if len(named) != len(set(named)):
            raise ValueError("two seats cannot play the same faction")
        return value

    def faction_for(self, seat: int) -> str:
        return self.factions[seat] if seat < len(self.factions) else "random"
