"""Solo scenarios (§9.2 Solo Scenarios 1-6): victory points, lost settlements, objectives and
the results they record.

Pure bookkeeping on the state (no map rules): ``victory.py`` calls ``after_capture`` and
``after_elimination`` where control changes and units fall, so this module must not import
``board``/``choices`` (they import ``victory``). A result is *recorded* here the moment it
happens (``track.winner`` 0: the Player won, 1: the Player lost); ``solo_rules.check_end`` turns it
into the end of the game once the current step is over (a battle would overwrite the phase).
"""

from __future__ import annotations

from typing import Final

from wartable.core.events import Event, emit

from ..catalog.tables import UnitType
from ..state import (
    COMMAND,
    DRAW,
    OVER,
    GraxiaState,
)

CASTLE: Final = "castle"
CITY: Final = "city"
VILLAGE: Final = "village"
SETTLEMENTS: Final = (CASTLE, CITY, VILLAGE)
# solo-5: the ten land types of "Non-Player Starting Units" (their order is their bit)
LAND_TYPES: Final[tuple[str, ...]] = (
    "plains",
    "boulder_fields",
    "hills",
    "forest",
    "columns",
    "swamp",
    "mountains",
    "rough_lands",
    "castle",
    "lake",
)
TYPES: Final[tuple[str, ...]] = (
    *LAND_TYPES,
    CITY,
    VILLAGE,
)  # bits of the "every tile of a type" awards
PLAYER: Final = 0
NPC: Final = 1

# result reasons (indices into state.REASONS)
R_SYPE: Final = 16
R_OBJ_LOST: Final = 17
R_TALON_EBON: Final = 18
R_LOST_SIX: Final = 19
R_HOME_ROWS: Final = 20
R_TURN_SIX: Final = 21
R_VP_PLAYER: Final = 22
R_VP_NPC: Final = 23
R_SOLO_LIMIT: Final = 24
R_B_GONE: Final = 25

# §9.2 Solo Scenario 4: victory points per tile taken (once per game per tile) and per unit;
# every number may be overridden by the scenario's params (``vp_city``, ``npc_vp_hills``,
# ``vp_kill``, ``npc_vp_kill``...)
VP4_TILE: Final = (
    {CITY: 5, VILLAGE: 3, "swamp": 2, "lake": 2, CASTLE: 5},
    {"hills": 10},
)
VP4_UNIT: Final = (2, 10)  # a Non-Player unit eliminated (Player's VP), a Player unit (NPC's)
# §9.2 Solo Scenario 5: every land type taken whole (params ``vp_type``, ``npc_vp_type``)
VP5_TYPE: Final = (5, 5)
VP5_UNIT: Final = (1, 2)
# §9.2 Solo Scenario 6: the Player's types taken whole; the Non-Player's tiles taken
VP6_TILE: Final = (
    {"hills": 10, "boulder_fields": 10, "forest": 15, "columns": 5},
    {CASTLE: 20, CITY: 30, "boulder_fields": 10, "hills": 10, VILLAGE: 20},
)
VP6_UNIT: Final = (2, 5)
PREFIX: Final = ("vp_", "npc_vp_")
TARGETS: Final = {"solo-4": (60, 60), "solo-5": (50, 35), "solo-6": (50, 50)}
TALON: Final = "Talon"
EBON: Final = "Ebon"
SYPE: Final = "Sype"


def scenario(s: GraxiaState) -> int:
    """1..6 for the solo scenarios, 0 otherwise."""
    sid = s.sc.id
    if s.sc.solo and sid.startswith("solo-") and sid[5:].isdigit():
        return int(sid[5:])
    return 0


def record(s: GraxiaState, winner: int, reason: int, events: list[Event] | None) -> None:
    """Record the result (the first one stands); ``check_end`` ends the game."""
    if s.track.winner >= 0 or s.phase == OVER:
        return
    s.track.winner = winner
    s.track.reason = reason
    emit(events, "solo_result", won=winner == PLAYER, reason=reason)


def targets(s: GraxiaState) -> tuple[int, int]:
    """The VP each side needs (Player, Non-Player); params ``vp_target``/``vp_target_npc``."""
    p, n = TARGETS.get(s.sc.id, (0, 0))
    return s.sc.param("vp_target", p), s.sc.param("vp_target_npc", n)


def add_vp(s: GraxiaState, side: int, pts: int, why: str, events: list[Event] | None) -> None:
    if pts <= 0:
        return
    s.vp[side] += pts
    emit(events, "victory_points", seat=side, points=pts, why=why)
    target = targets(s)[side]
    if target and s.vp[side] >= target:
        record(s, PLAYER if side == PLAYER else NPC, R_VP_PLAYER if side == 0 else R_VP_NPC, events)


def cells_of(s: GraxiaState, terrain: str) -> list[int]:
    return [c for c, t in enumerate(s.sc.terrain) if t == terrain and not s.gone[c]]


def holds_all(s: GraxiaState, side: int, terrain: str) -> bool:
    cells = cells_of(s, terrain)
    return bool(cells) and all(s.ctrl[c] == side for c in cells)


# ----- hooks -------------------------------------------------------------------------------
def after_capture(s: GraxiaState, cell: int, old: int, events: list[Event] | None) -> None:
    """A unit took control of ``cell`` (``s.ctrl[cell]``, was ``old``); placements of the
    non-player (``solo.placing``) and set-up do not count."""
    n = scenario(s)
    if not n or s.phase < DRAW or s.solo.placing or s.phase == OVER:
        return
    side = s.ctrl[cell]
    if side not in (PLAYER, NPC):
        return
    t = s.sc.terrain[cell]
    if n == 2 and side == NPC and t in SETTLEMENTS:
        _settlement_taken(s, cell, old, events)
    elif n == 4:
        _tile_award(s, cell, side, _pts(s, side, t, VP4_TILE[side].get(t, 0)), events)
    elif n == 5:
        _type_award(s, cell, side, _pts(s, side, "type", VP5_TYPE[side]), events)
    elif n == 6:
        pts = _pts(s, side, t, VP6_TILE[side].get(t, 0))
        if side == PLAYER:
            _type_award(s, cell, side, pts, events)
        else:
            _tile_award(s, cell, side, pts, events)


def _pts(s: GraxiaState, side: int, what: str, default: int) -> int:
    """A victory point value: the scenario's param (``vp_city``, ``npc_vp_kill``...) or the
    printed table."""
    return s.sc.param(PREFIX[side] + what, default)


def _settlement_taken(s: GraxiaState, cell: int, old: int, events: list[Event] | None) -> None:
    """§9.2 Solo Scenario 2: every castle, city or village the Non-Player captures costs the
    Player 5 cards of their choice; one taken from the Player is a lost settlement (6 lose)."""
    s.solo.cards_to_lose += s.sc.param("lose_cards", 5)
    emit(events, "settlement_captured", cell=s.sc.board.text(cell), cards=s.solo.cards_to_lose)
    if old == PLAYER:
        s.solo.settlements_lost += 1
        if s.solo.settlements_lost >= s.sc.param("lost_limit", 6):
            record(s, NPC, R_LOST_SIX, events)


def _tile_award(s: GraxiaState, cell: int, side: int, pts: int, events: list[Event] | None) -> None:
    """Points for taking this tile, once per game per tile and side."""
    bit = 1 << side
    if not pts or s.solo.took[cell] & bit:
        return
    s.solo.took[cell] |= bit
    add_vp(s, side, pts, f"took {s.sc.terrain[cell]} {s.sc.board.text(cell)}", events)


def _type_award(s: GraxiaState, cell: int, side: int, pts: int, events: list[Event] | None) -> None:
    """Points for holding every tile of this tile's land type, once per game per type;
    solo-5: the Non-Player's reinforcements every time it completes a type."""
    t = s.sc.terrain[cell]
    if not holds_all(s, side, t):
        return
    if scenario(s) == 5 and side == NPC:
        if s.solo.reinforcements:
            s.solo.reinforcement_sets += 1  # another set once the current one is placed
        else:
            s.solo.reinforcements = (1 << len(LAND_TYPES)) - 1  # one unit on each land type
        emit(events, "land_type_taken", terrain=t)
    if (side == PLAYER and t not in LAND_TYPES) or t not in TYPES:
        return
    bit = 1 << TYPES.index(t)
    if not pts or s.solo.awards(side) & bit:
        return
    s.solo.set_awards(side, s.solo.awards(side) | bit)
    add_vp(s, side, pts, f"took every {t} tile", events)


def after_elimination(s: GraxiaState, ut: UnitType, owner: int, events: list[Event] | None) -> None:
    """A unit of ``owner`` fell (in battle, to wounds or to a card)."""
    n = scenario(s)
    if not n or s.phase < DRAW or s.phase == OVER or owner not in (PLAYER, NPC):
        return
    killer = 1 - owner
    if n == 1 and owner == NPC and ut.name == SYPE and s.solo.sype_fate == 0:
        s.solo.sype_fate = 1
        emit(events, "warlord_killed", unit=ut.name)
    elif n == 2 and owner == NPC and ut.name in (TALON, EBON):
        s.solo.bosses_killed |= 1 if ut.name == TALON else 2
        if s.solo.bosses_killed == 3:
            record(s, PLAYER, R_TALON_EBON, events)
    elif n in (4, 5, 6):
        table = VP4_UNIT if n == 4 else VP5_UNIT if n == 5 else VP6_UNIT
        add_vp(s, killer, _pts(s, killer, "kill", table[killer]), f"eliminated {ut.name}", events)


# ----- solo-1 objectives ---------------------------------------------------------------------
OBJECTIVES: Final = (VILLAGE, "portal", CASTLE, CITY)


def objective_cells(s: GraxiaState, k: int, with_gone: bool = False) -> list[int]:
    """The tiles of objective ``k`` (0 villages, 1 portals, 2 castles, 3 cities)."""
    if k == 1:
        cells = sorted({c for pair in s.sc.portals for c in pair})
    else:
        cells = [c for c, t in enumerate(s.sc.terrain) if t == OBJECTIVES[k]]
    return [c for c in cells if with_gone or not s.gone[c]]


def objective_met(s: GraxiaState, k: int) -> bool:
    """§9.2 Solo Scenario 1: the Player controls all the objective's tiles still in the game
    (a removed tile counts when the Player held it as it left: otherwise ``solo.objectives_lost``)."""
    if s.solo.objectives_lost >> k & 1:
        return False
    return all(s.ctrl[c] == PLAYER for c in objective_cells(s, k))


def objectives_state(s: GraxiaState) -> tuple[int, int]:
    """(objectives met, objectives made impossible)."""
    met = sum(1 for k in range(4) if objective_met(s, k))
    lost = sum(1 for k in range(4) if s.solo.objectives_lost >> k & 1)
    return met, lost


def check_results(s: GraxiaState, events: list[Event] | None) -> None:
    """The conditions read from the whole board (after every step)."""
    n = scenario(s)
    if n == 1:
        met, lost = objectives_state(s)
        need = s.sc.param("objectives_needed", 3)
        if s.solo.sype_fate == 1 and met >= need:
            record(s, PLAYER, R_SYPE, events)
        elif s.solo.sype_fate == 2 or len(OBJECTIVES) - lost < need:
            record(s, NPC, R_OBJ_LOST, events)
    elif n == 3 and s.sc.home_rows:
        if all(s.ctrl[c] == PLAYER for row in s.sc.home_rows for c in row):
            record(s, PLAYER, R_HOME_ROWS, events)


def end_of_round(s: GraxiaState, events: list[Event] | None) -> None:
    """Phase 4 of a solo game: the results of the round, solo-3's turn 6, the turn limit."""
    check_results(s, events)
    last_of_turn = s.current == NPC
    if scenario(s) == 3 and last_of_turn and s.turn >= s.sc.turns:
        record(s, NPC, R_TURN_SIX, events)
    elif s.round_no + 1 >= 2 * s.sc.turns:
        record(s, NPC, R_SOLO_LIMIT, events)
    finish(s, events)


def finish(s: GraxiaState, events: list[Event] | None) -> None:
    """A recorded result ends the game."""
    if s.track.winner >= 0 and s.phase != OVER:
        s.phase = OVER
        emit(events, "game_over", winner=s.track.winner, reason=s.track.reason)


# ----- positions ---------------------------------------------------------------------------
NPC_PLACE_KIND: Final = 9  # solo_choices.NPC_PLACE (the pending placement names a unit)
LOSE_CARD_KIND: Final = 8  # solo_choices.LOSE_CARD


def problems(s: GraxiaState) -> list[str]:
    """What makes a position's solo bookkeeping impossible (for ``position.check``)."""
    if not s.sc.solo:
        return []
    v = s.solo
    n = s.sc.board.size
    limits = (
        (v.home_row, 3, "the chosen Home Row"),
        (v.settlements_lost, 1000, "the lost settlements"),
        (v.cards_to_lose, 1000, "the cards to lose"),
        (v.reinforcements, (1 << len(LAND_TYPES)) - 1, "the queued placements"),
        (v.reinforcement_sets, 1000, "the further sets of placements"),
        (v.volley, n, "the Volley unit"),
        (v.objectives_lost, 15, "the impossible objectives"),
        (v.sype_fate, 2, "Sype's fate"),
        (v.bosses_killed, 3, "Talon and Ebon"),
        (v.placing, 0, "a placement in progress"),
        (v.row_d_used, 15, "the Home-Row D abilities used"),
        (v.awards0, (1 << len(TYPES)) - 1, "the Player's land type awards"),
        (v.awards1, (1 << len(TYPES)) - 1, "the Non-Player's land type awards"),
    )
    unset = -1 if s.phase < DRAW else 0  # solo-3's set-up: no Home Row chosen yet (-1)
    bad = [
        f"solo: {what} out of range"
        for k, (value, top, what) in enumerate(limits)
        if not (unset if k == 0 else 0) <= value <= top
    ]
    if any(not 0 <= x <= 3 for x in v.took):
        bad.append("solo: a tile's award marks out of range")
    if any(g not in (0, 1) for g in s.gone):
        bad.append("solo: removed tiles are marked 0 or 1")
    kind = s.track.pend_kind
    if kind == NPC_PLACE_KIND and not 0 <= s.track.pend_x < len(s.cat.units):
        bad.append("solo: a pending placement names no unit")
    if kind == NPC_PLACE_KIND and not (
        0 <= s.track.pend_y < 31 and v.reinforcements >> s.track.pend_y & 1
    ):
        bad.append("solo: a pending placement is not in the queue")
    if kind == LOSE_CARD_KIND and v.cards_to_lose < 1:
        bad.append("solo: a pending card to lose with no card to lose")
    return bad + npc_problems(s)


# the non-player driver's progress (npc.py): its stages and the Player's choices in its turn
NPC_STAGES: Final = 6  # npc.START .. npc.END
NPC_TILE_KIND: Final = 10  # npc_choice.NPC_TILE / NPC_FOE
NPC_FOE_KIND: Final = 11
STAGE_MOVE: Final = 3  # npc.MOVE / npc.FIGHT
STAGE_FIGHT: Final = 4


def npc_problems(s: GraxiaState) -> list[str]:
    """What makes the driver's progress impossible: a stage out of range, a pending move or
    attack naming no Non-Player unit, options on tiles the choice cannot take."""
    v = s.npc
    n = s.sc.board.size
    bad = []
    if not 0 <= v.stage < NPC_STAGES or v.battle_drawn not in (0, 1):
        bad.append("npc: the stage of the Non-Player's round is out of range")
    if any(not -1 <= c < n for c in (v.mover, v.dest, v.foe)):
        bad.append("npc: a unit or tile of the Non-Player's turn is off the map")
        return bad
    marks = v.marks
    if any(m not in (0, 1) for m in marks):
        bad.append("npc: the options of a choice are marked 0 or 1")
        return bad
    kind = s.track.pend_kind
    mover = v.mover
    npc_unit = mover >= 0 and s.unit[mover] >= 0 and s.owner[mover] == NPC
    if kind in (NPC_TILE_KIND, NPC_FOE_KIND):
        opts = [c for c in range(n) if marks[c]]
        if s.track.pend_seat != PLAYER or s.track.pend_x != mover or not npc_unit:
            bad.append("npc: a pending choice names no Non-Player unit")
        elif not opts:
            bad.append("npc: a pending choice has no options")
        elif kind == NPC_TILE_KIND and any(s.unit[c] >= 0 or s.gone[c] for c in opts):
            bad.append("npc: a tile to move into is taken")
        elif kind == NPC_FOE_KIND and any(s.unit[c] < 0 or s.owner[c] != PLAYER for c in opts):
            bad.append("npc: a unit to attack is not a Player unit")
        return bad
    if any(marks):
        bad.append("npc: options marked with no choice pending")
    in_round = s.phase == COMMAND and s.current == NPC and v.turns == s.turn
    if mover >= 0 and in_round:  # the Player's pick, carried out on the driver's next step
        stage = v.stage
        dest, foe = v.dest, v.foe
        if not npc_unit:
            bad.append("npc: a chosen move or attack names no Non-Player unit")
        elif stage == STAGE_MOVE and not (dest >= 0 and s.unit[dest] < 0 and not s.gone[dest]):
            bad.append("npc: the chosen tile to move into is taken")
        elif stage == STAGE_FIGHT and not (
            foe >= 0 and s.unit[foe] >= 0 and s.owner[foe] == PLAYER
        ):
            bad.append("npc: the chosen unit to attack is not a Player unit")
    return bad
