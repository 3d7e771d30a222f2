"""Draconis Invasion's typed configuration (validated; unknown keys are errors).

Every rule the rulebook leaves open is a named option here, documented in
docs/games/invasion.md.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from wartable.core.untrusted import check_local_dir

Mode = Literal["basic", "solo", "two_player", "team"]
Stage = Literal["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "X"]

MODE_PLAYERS: dict[str, tuple[int, ...]] = {
    "basic": (3, 4, 5, 6),
    "solo": (1,),
    "two_player": (2,),
    "team": (4, 6),
}
SOLO_THRESHOLD = {"beginner": 15, "intermediate": 20, "expert": 25}


class InvasionConfig(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    players: int = Field(3, ge=1, le=6, description="number of seats")
    mode: Mode = Field(
        "basic",
        description="basic (3-6), solo (1), two_player (2) or team (4 or 6): chapters 3 and 12",
    )
    battle_stage: Stage = Field("1", description="Chapter 11: battle stage 1-10, or X (random)")
    solo_difficulty: Literal["beginner", "intermediate", "expert"] = Field(
        "beginner", description="Chapter 12, Solo Mode: 15/20/25 Glory Points to pass the stage"
    )
    necromancer_counts: Literal["table", "attacker"] = Field(
        "table",
        description="Necromancer health 30 + 10 per Undead Invader: those face up on the table "
        "(default) or those the attacking player has defeated",
    )
    retreat: Literal["last_event", "after_last_event"] = Field(
        "last_event",
        description="the Retreat card shows when the final Event card is drawn (default) or when "
        "an Event is due and the Event deck is already empty",
    )
    team_open_hands: bool = Field(
        True, description="Team Versus: teammates see each other's hand (they may show it)"
    )
    team_gold: Literal["ask", "once"] = Field(
        "ask",
        description="Team Versus (chapter 12, gold added during the teammate's turn): the partner "
        "is offered the give window when Buy or Defeat is picked, and the active player may "
        "reopen it (`ask partner`) during Buy or Defeat as often as wanted (default); or only "
        "the one window when Buy or Defeat is picked (once)",
    )
    turn_limit: int = Field(
        400,
        ge=0,
        le=100_000,
        description="safety stop: after this many turns the game ends as if the Retreat card "
        "showed (0 = no limit)",
    )
    data_dir: str | None = Field(None, description="directory with the card TOML files")

    _local_dir = field_validator("data_dir")(check_local_dir)

    @model_validator(mode="after")
    def _players_fit_mode(self) -> InvasionConfig:
        allowed = MODE_PLAYERS[self.mode]
        if self.players not in allowed:
            raise ValueError(
                f"mode {self.mode} needs {' or '.join(str(a) for a in allowed)} players, "
                f"not {self.players}"
            )
        return self

    @property
    def solo(self) -> bool:
        return self.mode == "solo"

    @property
    def team(self) -> bool:
        return self.mode == "team"

    def event_cards(self) -> int:
        """Chapter 3 vii (3 per player) and chapter 12 (solo 3, 2-player 6)."""
        if self.mode == "solo":
            return 3
        if self.mode == "two_player":
            return 6
        return 3 * self.players

    def invader_limit(self) -> int:
        """Chapter 7 (six), chapter 12 (two-player nine, team ten combined)."""
        if self.mode == "two_player":
            return 9
        if self.mode == "team":
            return 10
        return 6
