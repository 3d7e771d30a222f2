"""The Graxia configuration (every option is documented in docs/games/graxia.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator

from wartable.core.errors import WartableError
from wartable.core.untrusted import check_local_dir, refuse_local_path

ScenarioId = Literal[
    "2p-1",
    "2p-2",
    "2p-3",
    "2p-4",
    "2p-5",
    "2p-6",
    "custom",
    "solo-1",
    "solo-2",
    "solo-3",
    "solo-4",
    "solo-5",
    "solo-6",
]
SCENARIOS: tuple[str, ...] = get_args(ScenarioId)
SOLO_SCENARIOS = tuple(sid for sid in SCENARIOS if sid.startswith("solo-"))


class GraxiaConfig(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    scenario: ScenarioId = Field(
        "2p-1",
        description="the set-up: two-player scenarios 1-6 (§9.1), 'custom', the §9.3 "
        "'do your own scenario' guideline, or solo scenarios 1-6 (§9.2: one seat, the "
        "Player, against the rules' Non-Player)",
    )
    flist_setup: Literal["rangers-250", "dragons-200"] = Field(
        "rangers-250",
        description="scenario 2p-5 prints two Flist set-ups: Redbeard's Rangers at Forest 35A "
        "and 250 mana, or Ulmar's Iron Dragons there and 200 mana",
    )
    berserk_cost: Literal["wounds", "wounds_and_mana"] = Field(
        "wounds",
        description="Berserk costs 3 wounds (§5.4) or 3 wounds and 3 mana (the §8 example)",
    )
    home_row_mana: Literal["always", "controlled"] = Field(
        "always",
        description="§6 phase 3 mana from the player's Home Row: every Home Row tile, an "
        "enemy banner or unit there included (always, the rule's 'the player's Home Row'), "
        "or only the Home Row tiles the player controls (controlled)",
    )
    relic_window: Literal["end_of_command", "each_action", "own_round"] = Field(
        "end_of_command",
        description="when the other seat may play a command relic in the phasing seat's round "
        "outside battles (§5.2 'at any time during either player's round'): once when the "
        "Command Phase ends, after each of the phasing seat's command actions, or never "
        "(own round and battles only)",
    )
    guardians: tuple[str, ...] = Field(
        (),
        description="Guardian names for seat 0 and seat 1 where the scenario lets players "
        "choose (empty: the seats choose at set-up)",
    )
    solo_start_units: Literal["deck", "box"] = Field(
        "deck",
        description="solo 1-3: the Player's starting units 'of the Player's choice' come from "
        "the Player's Unit Deck (deck) or from any card of the box the Non-Player does not "
        "hold (box); the Guardian is always one not on the map",
    )
    deck: str | None = Field(
        None,
        description="solo 4-6: the Player's deck instead of building it at set-up: a Graxia "
        "deck file's path or its TOML/JSON text (checked like `wartable deck check`)",
    )
    solo_reinforcements: Literal["each_move", "first_arrival"] = Field(
        "each_move",
        description="§9.2 standard reinforcements 'whenever a Player unit card moves next to "
        "a non-controlled city, castle or village': every move of a Player unit (a move, "
        "a moving ability or spell, an advance; not a summon, a retreat or a push) that ends "
        "next to a neutral settlement (each_move), or a settlement the Player does not "
        "control that gets its first Player unit next to it, whatever brought it "
        "(first_arrival)",
    )
    solo_deck_counts: Literal["exact", "at_most"] = Field(
        "exact",
        description="Solo Scenarios 5 and 6 'Player's unit deck size is double (40 unit cards "
        "all together with 6 Heroes and 4 Large Creatures)': the deck holds exactly 6 Heroes "
        "and 4 Large Creatures (exact), or at most that many (at_most, as Solo 4's 'may "
        "include 4 Heroes and 2 Large Creatures', which is always a most)",
    )
    vp_spending: Literal["off", "mana"] = Field(
        "off",
        description="solo 4-6 'the Player may spend victory points' (no price is printed): "
        "never, or 'spend vp' in the Command Phase turns 5 VP into 5 mana",
    )
    solo1_removal: Literal["one_row", "three_rows"] = Field(
        "one_row",
        description="Solo Scenario 1 'three rows of tiles will be removed from the game, in "
        "sequence' at the start of every odd turn from turn 3: one row at each of those turns, "
        "in sequence (one_row), or three rows each time (three_rows: continent A goes at turn 3 "
        "and B by turn 7, and no Player unit reaches Sype)",
    )
    solo2_damage_bonus: Literal["damage_done", "always"] = Field(
        "damage_done",
        description="Solo Scenario 2 'All battle, ranged and ability damage done by Non-Player "
        "spells, units and abilities is increased by 2': only damage done (a wound or more "
        "after reductions) gets the +2 (damage_done), or every battle, shot and spell of the "
        "Non-Player, even one that would inflict nothing (always)",
    )
    solo_turn_limit: int = Field(
        0,
        ge=0,
        le=50,
        description="Solo Scenarios 2, 4, 5, 6 print no turn limit: 0 plays until a printed "
        "result (a backstop ends a game at turn 50, a loss), N > 0 a limit of N turns the "
        "Player loses at",
    )
    data_dir: str | None = Field(None, description="directory holding own Graxia data files")

    _local_dir = field_validator("data_dir")(check_local_dir)

    @field_validator("deck")
    @classmethod
    def _deck_file(cls, value: str | None, info: ValidationInfo) -> str | None:
        """A deck given as a path (``*.toml``/``*.json``) is read into the config (local data
        only); the text itself is checked against the scenario when the game starts."""
        if value is None or "\n" in value or not value.endswith((".toml", ".json")):
            return value
        refuse_local_path("deck", info)
        from wartable.core.untrusted import decode_utf8, read_bytes

        from .catalog.deckfile import MAX_DECK_BYTES

        if not Path(value).is_file():
            raise ValueError("deck: not a regular file or not found")
        try:
            return decode_utf8(read_bytes(value, MAX_DECK_BYTES, WartableError), "deck")
        except OSError as err:
            raise ValueError(f"cannot read the deck file ({err.strerror})") from None
        except WartableError as err:
            raise ValueError(str(err)) from None
