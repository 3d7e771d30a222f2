"""Draconia's typed configuration (validated; unknown keys are errors)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator, model_validator

from wartable.core.untrusted import check_local_dir, refuse_local_path

from .cards import FACTIONS, SETTLEMENT_IDS

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

    players: int = Field(
        2, ge=2, le=4, description="number of seats: 2, or 3-4 (3-4 Player Variant)"
    )
    mode: Literal["standard", "teams"] = Field(
        "standard", description="'teams': the 2vs2 team game (4 players, partners opposite)"
    )
    factions: tuple[FactionChoice, ...] = Field(
        (),
        description="per seat: a faction id, 'random' (a random faction not taken) or 'choose' "
        "(the seat picks at set-up); missing seats are 'random'",
    )
    settlement_mode: bool = Field(
        False, description="Settlement Mode: each player has a settlement"
    )
    settlements: tuple[str, ...] = Field(
        (),
        description="per seat in settlement mode: a settlement id, 'choose' (default: pick 1 of the "
        "2 of your faction, simultaneously) or 'random'",
    )
    decks: tuple[tuple[str, ...], ...] = Field(
        (),
        description="Deck Construction: per seat, 17 'faction/Unit Name' entries (empty: the "
        "faction deck); `wartable deck check FILE` validates a deck file",
    )
    draft: bool = Field(False, description="Draft Variant: decks are drafted before the game")
    first_player: int | None = Field(
        None, ge=0, description="seat holding the first player token at the start (None: random)"
    )
    starting_health: int = Field(
        10, ge=1, le=99, description="Set Up: 10 health tokens (settlements set their own)"
    )
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
    team_round_end: Literal["team_total", "best_member"] = Field(
        "team_total",
        description="2vs2 after round 6 (rulebook silent): compare team health totals, then "
        "Graveyard totals ('team_total'), or each team's best member ('best_member')",
    )
    data_dir: str | None = Field(None, description="directory with units.toml (default: built-in)")

    @field_validator("factions")
    @classmethod
    def _distinct(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        named = [f for f in value if f in FACTIONS]
        if len(named) != len(set(named)):
            raise ValueError("two seats cannot play the same faction")
        return value

    @field_validator("decks")
    @classmethod
    def _deck_files(
        cls, value: tuple[tuple[str, ...], ...], info: ValidationInfo
    ) -> tuple[tuple[str, ...], ...]:
        """A deck given as ["path/to/deck.toml"] is read from its file (local data only)."""
        from .decks import load_deck_file

        out = []
        for i, d in enumerate(value):
            if len(d) == 1 and d[0].endswith(".toml"):
                refuse_local_path(f"decks[{i}]", info)
                d = tuple(load_deck_file(d[0]).units)
                for j, ref in enumerate(d):  # never quote a file's lines in an error
                    faction, sep, name = ref.partition("/")
                    if faction not in FACTIONS or not sep or not 0 < len(name) <= 60:
                        raise ValueError(f"decks[{i}]: entry {j + 1} is not 'faction/Unit Name'")
            out.append(d)
        return tuple(out)

    _local_dir = field_validator("data_dir")(check_local_dir)

    @field_validator("settlements")
    @classmethod
    def _known_settlements(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        for v in value:
            if v not in (*SETTLEMENT_IDS, "choose", "random"):
                raise ValueError(f"unknown settlement {v!r}")
        named = [v for v in value if v in SETTLEMENT_IDS]
        if len(named) != len(set(named)):
            raise ValueError("two seats cannot hold the same settlement")
        return value

    @model_validator(mode="after")
    def _consistent(self) -> DraconiaConfig:
        if self.mode == "teams" and self.players != 4:
            raise ValueError("the 2vs2 team game needs players = 4")
        for name, seq in (
            ("factions", self.factions),
            ("settlements", self.settlements),
            ("decks", self.decks),
        ):
            if len(seq) > self.players:
                raise ValueError(f"{name} lists {len(seq)} seats but players = {self.players}")
        if self.draft and self.decks:
            raise ValueError("draft and decks exclude each other: drafted decks are built in play")
        if self.settlements and not self.settlement_mode:
            raise ValueError("settlements are given but settlement_mode is false")
        if self.first_player is not None and self.first_player >= self.players:
            raise ValueError(f"first_player must be a seat below {self.players}")
        return self

    def faction_for(self, seat: int) -> str:
        return self.factions[seat] if seat < len(self.factions) else "random"

    def settlement_for(self, seat: int) -> str:
        return self.settlements[seat] if seat < len(self.settlements) else "choose"
