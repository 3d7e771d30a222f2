"""The engine's compiled view of the Graxia data: flat, frozen, indexed records.

The data package (``records.py``/``loading.py``, TOML under ``data/``) is validated
pydantic; this module turns it into small frozen records the rules read in hot loops:
unit types, spells and scenarios indexed by integers. ``building.py`` builds a
``Catalog`` from the registry; tests may build one by hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from ..hexes import Board

PHYS: Final = 0
MAG: Final = 1
BOTH: Final = 2
ATTACK_TYPES: Final = ("physical", "magical", "both")

# unit classes
GUARDIAN: Final = "guardian"
HERO: Final = "hero"
LARGE: Final = "large_creature"
COMMON_CLASSES: Final = ("infantry", "cavalry", "magic", "archers", "siege")

# ability timings
BATTLE_ACTIVE: Final = "battle_activated"
BATTLE_PASSIVE: Final = "battle_passive"
SUPPORT: Final = "battle_support"
COMMAND_ACTIVE: Final = "command_activated"
COMMAND_PASSIVE: Final = "command_passive"

# spell kinds
COMMAND: Final = "command"
BATTLE: Final = "battle"


@dataclass(frozen=True, slots=True)
class Effect:
    """One structured effect (the data's closed vocabulary, records.EFFECT_KINDS)."""

    kind: str
    amount: int = 0
    range: int = 0
    target: str = ""
    when: str = ""  # "", "always", "attacking", "defending"
    terrain: tuple[str, ...] = ()
    vs_class: tuple[str, ...] = ()
    condition: str = ""
    race: str = ""
    action: str = ""
    siege: bool = False
    bonus: int = 0
    bonus_vs: tuple[str, ...] = ()
    bonus_terrain: tuple[str, ...] = ()
    area: bool = False
    stun: bool = False
    unmitigated: bool = False
    keep_shield: bool = False
    then_attack: bool = False
    exclude: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Ability:
    name: str
    timing: str
    effects: tuple[Effect, ...]
    mana: int = 0
    self_wounds: int = 0
    once_per_battle: bool = True
    is_move: bool = False


@dataclass(frozen=True, slots=True)
class UnitType:
    name: str
    cost: int
    health: int
    attack: int
    attack_type: int
    pdef: int
    mdef: int
    klass: str
    race: str
    moves: int = 1
    flying: bool = False
    support: int = 3
    abilities: tuple[Ability, ...] = ()

    @property
    def is_guardian(self) -> bool:
        return self.klass == GUARDIAN

    @property
    def unique(self) -> bool:
        return self.klass in (GUARDIAN, HERO, LARGE)

    def ability(self, timing: str) -> tuple[Ability, ...]:
        return tuple(a for a in self.abilities if a.timing == timing)


@dataclass(frozen=True, slots=True)
class Spell:
    name: str
    phase: str  # "command", "battle" or "both"
    relic: bool
    cost: int
    modifier: int  # battle value modifier when sacrificed (§5.2, §7 step 6)
    effects: tuple[Effect, ...]
    requires: str = "none"  # "none", "magical_attack", "normal_unit"

    @property
    def sacrifice_only(self) -> bool:
        return any(e.kind == "sacrifice_only" for e in self.effects)

    @property
    def in_command(self) -> bool:
        return self.phase in ("command", "both")

    @property
    def in_battle(self) -> bool:
        return self.phase in ("battle", "both")


@dataclass(frozen=True, slots=True)
class Terrain:
    name: str
    mana: int
    pdef: int
    mdef: int


@dataclass(frozen=True, slots=True)
class Preplaced:
    seat: int
    unit: str
    cell: tuple[int, int]


@dataclass(frozen=True)
class NpcSpec:
    """The non-player side of a solo scenario (§9.2): its decks, starting units and movement."""

    unit_deck: tuple[int, ...] = ()  # unit type ids, one per card; () = the Player's unit deck
    command_deck: tuple[int, ...] = ()  # spell ids (index into cat.spells), one per card
    command_plays: int = 0  # cards played at the start of each non-player turn
    battle_deck: tuple[int, ...] = ()  # spell ids
    battle_draws: int = 1  # cards drawn per battle
    units: tuple[tuple[int, int], ...] = ()  # (unit type id, cell) starting units
    movement: str = "static"  # "static" | "home_row" | "centre" | "horizontal" | "approach"
    rules: tuple[str, ...] = ()  # named special rules for solo/rules.py
    # set-up spawns: a non-player unit from its unit deck on every cell of these terrains
    # (not Player-controlled); ``spawn_choice``: the Player picks one cell per terrain instead
    spawn_terrain: tuple[str, ...] = ()
    spawn_choice: bool = False


@dataclass(frozen=True)
class SoloStart:
    """The Player's starting units in a solo scenario (§9.2): how many of each class."""

    guardians: int = 0
    heroes: int = 0
    large: int = 0
    normal: int = 0
    budget: int = 0  # > 0: any units up to this mana (solo-2) with at most ``budget_heroes``
    budget_heroes: int = 1
    where: str = "home_row"  # "home_row" | "controlled": cells the units may be placed on


@dataclass(frozen=True)
class DeckRule:
    """Deck building (solo-4..6): the Player's own unit and spell decks."""

    units: int = 40
    spells: int = 40
    max_heroes: int = 4
    max_large: int = 2
    exact_classes: bool = False  # the deck holds exactly max_heroes Heroes, max_large Large


@dataclass(frozen=True)
class Scenario:
    id: str
    title: str
    board: Board
    terrain: tuple[str, ...]  # per cell index
    tile_ids: tuple[str, ...]
    mana_value: tuple[int, ...]
    pdef: tuple[int, ...]
    mdef: tuple[int, ...]
    home: tuple[tuple[int, ...], tuple[int, ...]]  # cell indices per seat
    deploy: tuple[tuple[int, ...], tuple[int, ...]]  # where drafted starting units go
    control: tuple[int, ...]  # starting control per cell (-1 neutral)
    victory: str = "mana_destroyed"
    params: tuple[tuple[str, int], ...] = ()
    vital: tuple[int, ...] = ()
    banners: tuple[int, int] = (-1, -1)  # banner wars: each seat's starting banner cell
    guardians: tuple[str, str] = ("", "")  # "" = chosen at set-up
    unit_decks: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())  # card ids
    spell_decks: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    shared_units: bool = False
    unit_deck_used: tuple[bool, bool] = (True, True)  # False: "the Unit Deck is never used"
    shared_spells: bool = True
    draft: tuple[str, str] = ("draw_choose", "draw_choose")  # "", "draw_choose", ...
    draw: tuple[int, int] = (10, 10)
    budget: tuple[int, int] = (30, 30)
    reinforcements: tuple[int, int] = (0, 0)
    face_up: tuple[bool, bool] = (False, False)
    hand_limit: int = 13
    mana: tuple[int, int] = (10, 20)
    collects: tuple[bool, bool] = (True, True)
    first: int = 0
    least_health_first: bool = False
    turns: int = 5
    preplaced: tuple[Preplaced, ...] = ()
    max_heroes: int = 99
    max_large: int = 99
    initial_hand: tuple[int, int] = (4, 4)  # unit cards, spell cards
    solo: bool = False  # a §9.2 solo scenario: seat 0 is the Player, side 1 the Non-Player
    npc: NpcSpec | None = None
    solo_start: SoloStart | None = None
    deck_rule: DeckRule | None = None  # solo-4..6: the Player builds the decks at set-up
    home_rows: tuple[tuple[int, ...], ...] = ()  # solo-3: home rows A-D (cell indices)
    portals: tuple[tuple[int, int], ...] = ()  # solo-1: pairs of portal cells
    removal_rows: tuple[tuple[int, ...], ...] = ()  # solo-1: rows removed in this order

    def param(self, name: str, default: int = 0) -> int:
        for k, v in self.params:
            if k == name:
                return v
        return default


@dataclass(frozen=True)
class Catalog:
    units: tuple[UnitType, ...]
    spells: tuple[Spell, ...]
    scenarios: dict[str, Scenario] = field(default_factory=dict)
    unit_index: dict[str, int] = field(default_factory=dict)
    spell_index: dict[str, int] = field(default_factory=dict)
    battle_ability_names: tuple[str, ...] = ()
    copies: tuple[int, ...] = ()  # physical cards in the box per card id (deck building)

    @staticmethod
    def build(
        units: list[UnitType],
        spells: list[Spell],
        scenarios: list[Scenario],
        copies: tuple[int, ...] = (),
    ) -> Catalog:
        names = sorted({a.name for u in units for a in u.abilities if a.timing == BATTLE_ACTIVE})
        return Catalog(
            units=tuple(units),
            spells=tuple(spells),
            scenarios={s.id: s for s in scenarios},
            unit_index={u.name: i for i, u in enumerate(units)},
            spell_index={s.name: i for i, s in enumerate(spells)},
            battle_ability_names=tuple(names),
            copies=copies or (1,) * (len(units) + len(spells)),
        )

    def card_id(self, name: str) -> int:
        u = self.unit_index.get(name)
        return u if u is not None else len(self.units) + self.spell_index[name]

    def card_name(self, card: int) -> str:
        nu = len(self.units)
        return self.units[card].name if card < nu else self.spells[card - nu].name

    def is_unit_card(self, card: int) -> bool:
        return card < len(self.units)
