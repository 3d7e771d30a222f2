"""Guardians of Graxia data records: tiles, units, spells and scenarios as validated pydantic.

Every record is frozen and forbids unknown fields, so a typo in a TOML file fails with the
file, the record and the field named (``core.data.load_records``). Unit abilities and spell
effects are written in a small closed vocabulary of effect kinds (``EFFECT_KINDS``); each kind
says which parameters it takes, and the engine implements exactly those kinds. The meaning of
every kind, with its rulebook section, is in ``docs/games/graxia-data.md``.
"""

from __future__ import annotations

import re
from typing import Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, model_validator

Terrain = Literal[
    "plains",
    "forest",
    "hills",
    "mountains",
    "swamp",
    "lake",
    "rough_lands",
    "boulder_fields",
    "columns",
    "city",
    "castle",
    "village",
]
TERRAINS: tuple[str, ...] = get_args(Terrain)

UnitClass = Literal[
    "guardian", "hero", "large_creature", "infantry", "cavalry", "magic", "archers", "siege"
]
UNIT_CLASSES: tuple[str, ...] = get_args(UnitClass)
UNIQUE_CLASSES = ("guardian", "hero", "large_creature")

Race = Literal[
    "human",
    "celethreal",
    "dwarf",
    "goblin",
    "orc",
    "undead",
    "treefolk",
    "beast",
    "dragon",
    "demon",
]
RACES: tuple[str, ...] = get_args(Race)

AttackType = Literal["physical", "magical", "both"]
Source = Literal["rulebook", "reconstructed"]

Timing = Literal[
    "command_activated",  # blue circle: once per round instead of Move/Attack/Shield (§5.4)
    "command_passive",  # blue square: always on in the Command Phase (§5.4)
    "battle_activated",  # red circle: one activation per exchange of §7 step 5 (§5.2)
    "battle_passive",  # red square: applied at §7 step 4, or automatically (§5.2)
    "battle_support",  # red star: applies while the unit supports a battle (§5.2)
]

# Who an effect reaches. "battle_*" targets exist only inside a battle.
Target = Literal[
    "self",  # the unit with the ability / the friendly battling unit of a battle spell
    "opponent",  # the enemy unit in this battle
    "friendly_unit",  # any friendly unit on the map (chosen)
    "adjacent_friendly",  # one friendly unit adjacent to the acting unit (chosen)
    "adjacent_friendly_all",  # every friendly unit adjacent to the acting unit
    "friendly_race_all",  # every friendly unit of ``race``
    "enemy_unit",  # any enemy unit on the map (chosen)
    "adjacent_enemy",  # one enemy unit adjacent to the acting unit (chosen)
    "enemy_supporters",  # every enemy unit supporting this battle
    "any_unit",  # any unit on the map (chosen)
    "player",  # the casting player (mana, cards)
    "opponent_player",  # the other player (mana, cards)
]

When = Literal["always", "attacking", "defending"]
ExtraAction = Literal["move", "attack", "shield", "any"]

# kind -> (required parameters, optional parameters); "target" may be required.
EFFECT_KINDS: dict[str, tuple[frozenset[str], frozenset[str]]] = {}


def _kind(name: str, required: str = "", optional: str = "") -> None:
    EFFECT_KINDS[name] = (frozenset(required.split()), frozenset(optional.split()))


# --- battle values (§7 steps 3-6) -------------------------------------------------------
_kind("battle_bonus", "amount", "when terrain vs_class condition")
_kind("battle_penalty", "amount", "when terrain vs_class condition")
_kind("berserk", "amount")
_kind("support_bonus", "amount", "when")
_kind("blood_thirst", "amount")
_kind("ignore_terrain_defence", "", "when")
_kind("no_sacrifice")
_kind("sacrifice_only")
_kind("silence")
_kind("turn_supporter")
_kind("cancel_support")
# --- wounds in battle (§7 step 7) --------------------------------------------------------
_kind("extra_wounds", "amount", "when vs_class")
_kind("wound_reduction", "amount", "when")
_kind("win_battle")
_kind("escape_battle")
# --- damage, healing, status -------------------------------------------------------------
_kind("damage_reduction", "amount terrain")
_kind("chain_lightning", "amount")
_kind(
    "ranged", "range amount", "siege bonus bonus_vs bonus_terrain area stun unmitigated keep_shield"
)
_kind("damage", "amount target", "area unmitigated")
_kind("heal", "amount target", "race")
_kind("end_of_command_heal", "amount", "race")
_kind("reflect")
_kind("stun", "target")
_kind("atonement", "amount")
_kind("immune_to_unique", "target")
_kind("stealth")
# --- actions and movement (§6 phase 2 A) ------------------------------------------------
_kind("grant_attack", "amount target")
_kind("extra_action", "action target")
_kind("extra_move", "amount target", "then_attack")
_kind("teleport", "target", "range")
_kind("displace", "amount target", "range")
_kind("pass_through")
_kind("summon_anywhere")
# --- cards and mana ----------------------------------------------------------------------
_kind("gain_mana", "amount")
_kind("steal_mana", "amount")
_kind("draw_cards", "amount")
_kind("recover_spell", "", "exclude")
_kind("recover_unit")

EFFECT_KIND_NAMES: tuple[str, ...] = tuple(EFFECT_KINDS)

Condition = Literal["magical_attack", "physical_attack", "enemy_wounded", "in_forest"]

DESIGNATOR_RE = re.compile(r"^[A-H1-8]$")
TILE_ID_RE = re.compile(r"^([1-9]|[12][0-9]|3[0-7])[ab]$")


class _Rec(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Effect(_Rec):
    """One structured effect: a kind from ``EFFECT_KINDS`` and only the parameters it takes."""

    kind: str
    amount: int | None = Field(default=None, ge=0, le=30)
    range: int | None = Field(default=None, ge=1, le=6)
    target: Target | None = None
    when: When | None = None
    terrain: list[Terrain] | None = None
    vs_class: list[UnitClass] | None = None
    condition: Condition | None = None
    race: Race | None = None
    action: ExtraAction | None = None
    siege: bool | None = None  # ranged: a Siege (not Missile) attack (§5.1)
    bonus: int | None = Field(default=None, ge=0, le=10)  # ranged: extra damage against ...
    bonus_vs: list[UnitClass] | None = None  # ... these classes
    bonus_terrain: list[Terrain] | None = None  # ... or units on these terrains
    area: bool | None = None  # also hits every unit on the tiles adjacent to the target
    stun: bool | None = None  # the target is stunned (§5.2 "Stunned Ability Effects")
    unmitigated: bool | None = None  # no shield or damage modifier reduces it
    keep_shield: bool | None = None  # does not remove the target's shield
    then_attack: bool | None = None  # extra_move: the unit may still attack afterwards
    exclude: list[str] | None = None  # recover_spell: spell names that may not be taken

    @model_validator(mode="after")
    def _params_fit_kind(self) -> Effect:
        spec = EFFECT_KINDS.get(self.kind)
        if spec is None:
            raise ValueError(
                f"unknown effect kind {self.kind!r} (known: {', '.join(EFFECT_KINDS)})"
            )
        required, optional = spec
        given = {k for k in type(self).model_fields if k != "kind" and getattr(self, k) is not None}
        missing = required - given
        if missing:
            raise ValueError(f"effect {self.kind!r} needs {', '.join(sorted(missing))}")
        extra = given - required - optional
        if extra:
            raise ValueError(f"effect {self.kind!r} takes no {', '.join(sorted(extra))}")
        return self


def _check_source(source: str, section: str | None, note: str) -> None:
    if source == "rulebook" and not section:
        raise ValueError("source 'rulebook' needs the section that states it")
    if source == "reconstructed" and not note.strip():
        raise ValueError("source 'reconstructed' needs a one-line reason in note")


class Ability(_Rec):
    """A unit ability (§5.1, §5.4): its timing, costs, limits and effects."""

    name: str = Field(min_length=1)
    timing: Timing
    mana: int = Field(default=0, ge=0, le=20)  # paid each time it is used
    self_wounds: int = Field(default=0, ge=0, le=10)  # self-inflicted wounds (§5.2)
    once_per_battle: bool = True  # battle_activated: at most once in a battle
    is_move: bool = False  # a "move" ability: at most one extra per round (§6 phase 2 A)
    effects: list[Effect] = Field(min_length=1)
    text: str = Field(min_length=1)


class TileSide(_Rec):
    """One side of a double-sided map tile (§1, §9): id ``32b``, terrain, mana, defence."""

    id: str
    terrain: Terrain
    mana: int = Field(ge=0, le=10)
    physical_defence: int = Field(ge=0, le=10)
    magical_defence: int = Field(ge=0, le=10)
    source: Source
    section: str | None = None
    note: str = ""

    @model_validator(mode="after")
    def _valid(self) -> TileSide:
        if not TILE_ID_RE.match(self.id):
            raise ValueError(f"tile id {self.id!r} is not 1a..37b")
        _check_source(self.source, self.section, self.note)
        return self


class Unit(_Rec):
    """A unit or Guardian card type (§5.1). ``designators`` has one entry per physical card."""

    name: str = Field(min_length=1)
    unit_class: UnitClass
    race: Race
    cost: int = Field(ge=0, le=60)
    attack: int = Field(ge=0, le=20)
    attack_type: AttackType
    physical_defence: int = Field(ge=0, le=20)
    magical_defence: int = Field(ge=0, le=20)
    health: int = Field(ge=1, le=30)
    movement: Literal[1, 2, "flying"] = 1
    abilities: list[Ability] = Field(default_factory=list)
    designators: list[str] = Field(min_length=1)
    source: Source
    section: str | None = None
    note: str = ""

    @model_validator(mode="after")
    def _valid(self) -> Unit:
        _check_source(self.source, self.section, self.note)
        for card in self.designators:
            for d in card.split():
                if not DESIGNATOR_RE.match(d):
                    raise ValueError(f"deck designator {d!r} is not one of A-H, 1-8")
        if self.unit_class in UNIQUE_CLASSES and len(self.designators) != 1:
            raise ValueError(f"a {self.unit_class} is unique: exactly one card")
        if self.unit_class == "guardian" and self.designators != [""]:
            raise ValueError('a Guardian is in no deck: designators = [""]')
        names = [a.name for a in self.abilities]
        if len(set(names)) != len(names):
            raise ValueError("an ability name appears twice")
        return self

    @property
    def copies(self) -> int:
        return len(self.designators)


class Spell(_Rec):
    """A spell card type (§5.2): phase, relic flag, mana cost, battle value modifier, effects."""

    name: str = Field(min_length=1)
    phase: Literal["command", "battle", "both"]
    relic: bool = False  # playable at any time during either player's round (§5.2)
    cost: int = Field(ge=0, le=30)
    modifier: int = Field(ge=0, le=10)  # sacrifice value (§5.2, §7 step 6)
    requires: Literal["none", "magical_attack", "normal_unit"] = "none"
    effects: list[Effect] = Field(min_length=1)
    text: str = Field(min_length=1)
    designators: list[str] = Field(min_length=1)
    source: Source
    section: str | None = None
    note: str = ""

    @model_validator(mode="after")
    def _valid(self) -> Spell:
        _check_source(self.source, self.section, self.note)
        for card in self.designators:
            for d in card.split():
                if not DESIGNATOR_RE.match(d):
                    raise ValueError(f"deck designator {d!r} is not one of A-H, 1-8")
        return self

    @property
    def copies(self) -> int:
        return len(self.designators)


class Meta(_Rec):
    """``data/meta.toml``: the box's card counts and deck sizes."""

    total_cards: int
    tactics_cards: int
    unit_deck_size: int
    spell_deck_size: int
    unit_deck_total: int  # cards in the full Unit Deck (Guardians are not in it)
    unit_designators: list[str]
    spell_designators: list[str]


# --- scenarios -------------------------------------------------------------------------


class Placement(_Rec):
    """A tile side placed on the map at axial ``(q, r)``."""

    tile: str
    q: int = Field(ge=-10, le=10)
    r: int = Field(ge=-10, le=10)


class StartUnit(_Rec):
    unit: str
    at: str  # a tile id of this map


class Draft(_Rec):
    """How a player's starting forces are chosen (§9.1)."""

    rule: Literal["draw_choose", "split_deck", "assassination"]
    draw: int = Field(default=10, ge=0, le=60)  # draw_choose: cards drawn
    budget: int = Field(default=30, ge=0, le=100)  # mana of starting forces
    reinforcements: int = Field(default=0, ge=0, le=100)  # split_deck: mana put on top
    face_up: bool = False  # placed face up (scenario 5's Shadd) instead of face down


class PlayerSetup(_Rec):
    seat: Literal[0, 1]
    guardian: str | None = None  # None: chosen at set-up among the six Guardians
    unit_deck: str  # a designator, or "all" (the shared full Unit Deck), "half", "none"
    spell_deck: str  # a designator, or "all" (the shared Spell Deck)
    home_row: list[str] = Field(min_length=1)
    controls_home: bool = True  # False: a solo Non-Player's Home Row only gives directions
    control: list[str] = Field(default_factory=list)  # controlled at the start (not home row)
    deploy: list[str] = Field(default_factory=list)  # where drafted units go (default home row)
    units: list[StartUnit] = Field(default_factory=list)  # pre-placed units
    mana: int = Field(ge=0, le=500)
    collects_mana: bool = True
    banner: str | None = None  # Banner Wars: starting banner tile
    draft: Draft | None = None


class PlayerPatch(_Rec):
    seat: Literal[0, 1]
    units: list[StartUnit] | None = None
    mana: int | None = None


class OptionChoice(_Rec):
    note: str = Field(min_length=1)
    players: list[PlayerPatch] = Field(default_factory=list)


class ScenarioOption(_Rec):
    name: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    description: str = Field(min_length=1)
    default: str
    choices: dict[str, OptionChoice] = Field(min_length=2)

    @model_validator(mode="after")
    def _default_known(self) -> ScenarioOption:
        if self.default not in self.choices:
            raise ValueError(f"default {self.default!r} is not one of {sorted(self.choices)}")
        return self


VictoryRule = Literal[
    "two_cities",  # 2p-1
    "king_of_the_castle",  # 2p-2
    "banner_wars",  # 2p-3
    "march_to_victory",  # 2p-4
    "wintermere_pass",  # 2p-5
    "assassination",  # 2p-6
    "mana_destroyed",  # 9.3
    "solo",  # 9.2: the scenario's own conditions (solo/rules.py), numbers in params
]


class Victory(_Rec):
    rule: VictoryRule
    params: dict[str, int | str | list[str]] = Field(default_factory=dict)


# --- solo scenarios (§9.2) -------------------------------------------------------------

NpcMovement = Literal["static", "home_row", "centre", "horizontal", "approach"]


class CardCount(_Rec):
    """``copies`` cards of one unit or spell, as a §9.2 deck list prints them: "(2) Bewitch"."""

    card: str = Field(min_length=1)
    copies: int = Field(default=1, ge=1, le=10)


class SoloStart(_Rec):
    """The Player's starting units: how many of each class, or a mana budget (solo 2)."""

    guardians: int = Field(default=0, ge=0, le=1)
    heroes: int = Field(default=0, ge=0, le=6)
    large: int = Field(default=0, ge=0, le=4)
    normal: int = Field(default=0, ge=0, le=10)
    budget: int = Field(default=0, ge=0, le=200)  # > 0: any units up to this mana
    budget_heroes: int = Field(default=1, ge=0, le=6)  # ... with at most this many Heroes
    where: Literal["home_row", "controlled"] = "home_row"


class DeckRule(_Rec):
    """Deck building (solo 4-6): the Player's own Unit and Spell Decks."""

    units: int = Field(default=40, ge=1, le=120)
    spells: int = Field(default=40, ge=1, le=120)
    max_heroes: int = Field(default=4, ge=0, le=12)
    max_large: int = Field(default=2, ge=0, le=6)
    # Solo 5 and 6 "with 6 Heroes and 4 Large Creatures": exactly that many (Solo 4 "may
    # include": at most); config ``solo_deck_counts = "at_most"`` reads both as maxima
    exact_classes: bool = False


class HomeRow(_Rec):
    """Solo 3: one of the four corner Home Rows the Player chooses, with its benefits."""

    label: str = Field(pattern=r"^[A-D]$")
    tiles: list[str] = Field(min_length=1)
    mana: int = Field(ge=0, le=500)
    hand_limit: int = Field(ge=1, le=30)
    initial_units: int = Field(default=4, ge=0, le=20)
    initial_spells: int = Field(default=4, ge=0, le=20)
    chosen_hand: int = Field(default=0, ge=0, le=20)  # cards the Player picks instead of drawing
    half_cost: bool = False
    double_health: bool = False
    abilities: list[Literal["mend", "summon_power", "volley", "blood_vigor"]] = Field(
        default_factory=list
    )


class Solo(_Rec):
    """A §9.2 solo scenario: the Non-Player's decks, movement and rules, the Player's set-up.

    The Non-Player's starting units are ``players[1].units``; ``params`` are the numbers
    the scenario's special rules read (tile ids become cell indices)."""

    npc_unit_deck: list[CardCount] = Field(default_factory=list)  # empty: the Player's deck
    npc_command_deck: list[CardCount] = Field(default_factory=list)
    npc_command_plays: int = Field(default=0, ge=0, le=10)
    npc_battle_deck: list[CardCount] = Field(default_factory=list)
    npc_battle_draws: int = Field(default=1, ge=0, le=10)
    npc_movement: NpcMovement = "static"
    npc_rules: list[str] = Field(default_factory=list)
    npc_spawn_terrain: list[Terrain] = Field(default_factory=list)
    npc_spawn_choice: bool = False
    start: SoloStart
    deck_rule: DeckRule | None = None
    home_rows: list[HomeRow] = Field(default_factory=list)
    portals: list[list[str]] = Field(default_factory=list)
    removal_rows: list[list[str]] = Field(default_factory=list)
    params: dict[str, int | str] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _valid(self) -> Solo:
        for pair in self.portals:
            if len(pair) != 2 or pair[0] == pair[1]:
                raise ValueError("a portal is a pair of two different tiles")
        labels = [h.label for h in self.home_rows]
        if self.home_rows and sorted(labels) != ["A", "B", "C", "D"]:
            raise ValueError("home_rows are the four corners A, B, C and D")
        if self.npc_command_plays and not self.npc_command_deck:
            raise ValueError("npc_command_plays needs an npc_command_deck")
        return self


class Scenario(_Rec):
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: str = Field(min_length=1)
    level: Literal["novice", "experienced", "advanced", "custom", "solo"]
    tiles: list[Placement] = Field(min_length=7)
    vital: list[str] = Field(default_factory=list)
    players: list[PlayerSetup] = Field(min_length=2, max_length=2)
    first_player: Literal["seat0", "seat1", "least_health_chooses"] = "seat0"
    turn_limit: int = Field(ge=1, le=50)
    hand_limit: int = Field(default=13, ge=2, le=30)
    initial_units: int = Field(default=4, ge=0, le=20)  # initial hand: unit cards
    initial_spells: int = Field(default=4, ge=0, le=20)  # initial hand: spell cards
    max_heroes: int | None = None  # on the board at any time
    max_large_creatures: int | None = None
    exclude_units: list[str] = Field(default_factory=list)  # removed from the game
    remove_random_units: int = Field(default=0, ge=0, le=10)  # also removed, drawn at random
    exclude_spell_designators: list[str] = Field(default_factory=list)
    victory: Victory
    options: list[ScenarioOption] = Field(default_factory=list)
    solo: Solo | None = None  # §9.2: seat 0 is the Player, seat 1 the Non-Player
    source: Source
    section: str | None = None
    note: str = ""

    @model_validator(mode="after")
    def _valid(self) -> Scenario:
        _check_source(self.source, self.section, self.note)
        seats = [p.seat for p in self.players]
        if sorted(seats) != [0, 1]:
            raise ValueError("players must be seat 0 and seat 1")
        if (self.solo is None) != (self.victory.rule != "solo"):
            raise ValueError("victory rule 'solo' goes with a [solo] table and only with it")
        return self
