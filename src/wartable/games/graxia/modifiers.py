"""The rules' modifier table: the numbers a scenario changes (§9.2): hand limits, card costs
and health of the Player's chosen Home Row (Solo Scenario 3), and the extra damage of Solo
Scenario 2's Non-Player and of Home-Row D's Blood Vigor.

Pure and cheap: the engine's hot paths (``board``, ``battle``, ``command``, ``effects``,
``turn``, ``choices``) call these; in a two-player game each returns the unchanged number.
"""

from __future__ import annotations

from typing import Final

from .catalog.tables import UnitType
from .state import GraxiaState

HOME_A: Final = 0
HOME_B: Final = 1
HOME_C: Final = 2
HOME_D: Final = 3
HAND_LIMITS: Final = (15, 5, 20, 15)  # §9.2 Solo Scenario 3, Home-Row A-D
START_MANA: Final = (100, 50, 150, 75)
HALF_COST: Final = (1, 0, 0, 0)
DOUBLE_HEALTH: Final = (0, 1, 0, 0)
MEND: Final = 1
SUMMON_POWER: Final = 2
VOLLEY: Final = 4
BLOOD_VIGOR: Final = 8
ABILITIES: Final = (0, 0, 0, MEND | SUMMON_POWER | VOLLEY | BLOOD_VIGOR)
ROWS: Final = "abcd"
MEND_WOUNDS: Final = 4


def row_param(s: GraxiaState, what: str, default: tuple[int, int, int, int]) -> int:
    """Solo Scenario 3: the chosen Home Row's ``row_{a..d}_{what}`` param (else the printed
    value)."""
    k = s.solo.home_row
    if not 0 <= k < len(ROWS):
        k = 0  # a damaged position (refused by ``solo_awards.problems``)
    return s.sc.param(f"row_{ROWS[k]}_{what}", default[k])


def hand_limit(s: GraxiaState, seat: int) -> int:
    """The seat's hand limit: the scenario's, or the chosen Home Row's (solo-3)."""
    if seat == 0 and s.sc.home_rows:
        return row_param(s, "hand_limit", HAND_LIMITS)
    return s.sc.hand_limit


def card_cost(s: GraxiaState, seat: int, cost: int) -> int:
    """Home-Row A: every card (unit or spell) is played for half cost, rounded down."""
    if seat == 0 and s.sc.home_rows and row_param(s, "half_cost", HALF_COST):
        return cost // 2
    return cost


def max_health(s: GraxiaState, cell: int) -> int:
    """The health of the unit on ``cell``; Home-Row B: the Player's units have double."""
    h = s.cat.units[s.unit[cell]].health
    if s.sc.home_rows and s.owner[cell] == 0 and row_param(s, "double_health", DOUBLE_HEALTH):
        return 2 * h
    return h


def abilities(s: GraxiaState) -> int:
    """Home-Row D's once-per-round abilities (bits: MEND, SUMMON_POWER, VOLLEY, BLOOD_VIGOR)."""
    if not s.sc.home_rows:
        return 0
    return row_param(s, "abilities", ABILITIES)


def battle_bonus(s: GraxiaState, seat: int) -> int:
    """Extra wounds a seat's unit inflicts in a battle: Solo Scenario 2's Non-Player (+2,
    param ``dmg_bonus``), Home-Row D's Blood Vigor (+1)."""
    if not s.sc.solo:
        return 0
    if seat == 1:
        return s.sc.param("dmg_bonus")
    if abilities(s) & BLOOD_VIGOR:
        return 1
    return 0


def damage_bonus(s: GraxiaState, by: int) -> int:
    """Extra wounds of ranged, spell and ability damage dealt by side ``by`` (solo-2: +2)."""
    if by == 1 and s.sc.solo:
        return s.sc.param("dmg_bonus")
    return 0


def bonus_on_damage_done(s: GraxiaState, by: int) -> bool:
    """Solo Scenario 2, "All battle, ranged and ability damage done by Non-Player spells,
    units and abilities is increased by 2": the +2 is added to damage done, a wound or more
    after reductions (option ``solo2_damage_bonus: damage_done``, the default), not to an
    attack that inflicts nothing (``always``: added before reductions)."""
    return by == 1 and s.sc.solo and s.config.solo2_damage_bonus == "damage_done"


def volley(s: GraxiaState, cell: int) -> bool:
    """Home-Row D's Volley: the unit on ``cell`` shoots with double missile damage this round."""
    return s.solo.volley == cell + 1


def leaves_game(s: GraxiaState, seat: int, ut: UnitType) -> bool:
    """A Non-Player unit card that falls (or goes with its tile) leaves the game instead of
    going to a discard pile or a hand: its Guardians are plain units of its side (§9.2 Solo
    Scenarios 1 and 3), and a Non-Player with no Unit Deck that draws none (Solo Scenario 1:
    "No cards in Unit Deck", no reinforcements) has no pile for them -- not the Player's."""
    if seat != 1 or not s.sc.solo:
        return False
    if ut.is_guardian:
        return True
    npc = s.sc.npc
    return npc is not None and not npc.unit_deck and "no_reinforcements" in npc.rules
