"""The Skirm configuration (every option is documented in docs/games/skirm.md)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from wartable.core.untrusted import check_local_dir


class SkirmConfig(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    variant: Literal["full", "quick"] = Field(
        "full", description="'full': the Duel Sequence; 'quick': the Quick Variant"
    )
    hand_sizes: tuple[int, int] = Field(
        (1, 1),
        description="random cards dealt to seat 0 and seat 1 (1 = a random card, more = a hand)",
    )
    hands: tuple[tuple[int, ...], tuple[int, ...]] | None = Field(
        None, description="explicit card ids held by seat 0 and seat 1 (overrides hand_sizes)"
    )
    sentient_seat: Literal[0, 1] = Field(
        1, description="the seat played on behalf of the sentient opponent (a person or a bot)"
    )
    step3: Literal["comparison", "contested", "literal"] = Field(
        "comparison",
        description=(
            "what 'step 3' means in LEAF and WATER: 'comparison' = the per-type comparison; "
            "'contested' = only types both duelists have; 'literal' = the third bullet, "
            "which awards nothing (LEAF and WATER score 0)"
        ),
    )
    set3: Literal["distinct", "unique"] = Field(
        "distinct",
        description=(
            "how SET3 reads 'each of these new faces must be unique': 'distinct' = the new "
            "faces differ from each other; 'unique' = each new face is also shown by no "
            "other of the duelist's dice"
        ),
    )
    data_dir: str | None = Field(None, description="directory holding an own cards.toml")

    _local_dir = field_validator("data_dir")(check_local_dir)

    @model_validator(mode="after")
    def _check(self) -> SkirmConfig:
        if self.hands is not None:
            if not self.hands[0] or not self.hands[1]:
                raise ValueError("hands: each seat needs at least one card")
            ids = list(self.hands[0]) + list(self.hands[1])
            if len(set(ids)) != len(ids):
                raise ValueError("hands: a card can be held only once")
        else:
            a, b = self.hand_sizes
            if a < 1 or b < 1 or a + b > 12:
                raise ValueError("hand_sizes: each 1 or more, together at most 12")
        return self
