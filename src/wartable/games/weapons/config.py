"""The weapon card game configuration: every gap in the fragment is an option here.

Defaults follow the classic card game Durak where it fits (weapon groups as
suits, Swords as trumps, hands of 6); see docs/games/weapons.md.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator


class WeaponsConfig(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    players: int = Field(
        4, ge=2, le=6, description="3-6 players; 2 is allowed as a heads-up option"
    )
    groups: tuple[str, ...] = Field(
        ("swords", "axes", "bows", "maces"),
        description="weapon groups (Durak's suits); initials must differ",
    )
    trump: str = Field("swords", description="the group that beats any other (Durak's trump)")
    max_value: int = Field(10, ge=2, le=13, description="card values run 1..max_value")
    hand_size: int = Field(6, ge=1, le=10, description="hands are dealt and refilled to this size")
    starting_health: int = Field(3, ge=1, le=20, description="health each player starts with")
    concede_damage: int = Field(
        1, ge=0, le=20, description="health a defender loses on conceding (0: health never lost)"
    )
    satchel_cards: int = Field(12, ge=0, le=100, description="Satchel cards in the Satchel pile")
    satchel_effect: Literal["shield", "none"] = Field(
        "shield",
        description="'shield': a held Satchel card is spent instead of losing health; "
        "'none': Satchel cards only break ties at the round limit",
    )
    satchel_when: Literal["defended", "every_skirmish"] = Field(
        "defended",
        description="when the First Attacker picks up a Satchel card: only when the Defender "
        "survived (where the fragment says it) or after every Skirmish",
    )
    third_attack: Literal["face_down", "face_up"] = Field(
        "face_down", description="the 3rd attack is hidden from the Defender until defended"
    )
    throw_in: bool = Field(
        True, description="after a Concede the First Attacker may add the attacks still allowed"
    )
    max_rounds: int = Field(40, ge=1, le=1000, description="rounds before the game is cut short")

    @model_validator(mode="after")
    def _check(self) -> WeaponsConfig:
        if not 2 <= len(self.groups) <= 8:
            raise ValueError("groups: between 2 and 8 weapon groups")
        initials = [g[:1].upper() for g in self.groups]
        if len(set(initials)) != len(initials) or not all(g.isalpha() for g in self.groups):
            raise ValueError("groups: one-word names with different initials")
        if self.trump not in self.groups:
            raise ValueError("trump: must be one of the groups")
        if self.players * self.hand_size > len(self.groups) * self.max_value:
            raise ValueError("players * hand_size exceeds the deck")
        return self
