"""Guardians of Graxia solo scenarios (§9.2 Solo Scenarios 1-6): their special rules.

The non-player driver (``npc.py``) and the engine call these hooks; each dispatches on the
scenario (``solo-1`` .. ``solo-6``) and does nothing in two-player scenarios:

- ``turn_start``: the start of every Game Turn (solo-1's rows removed; solo-3's reinforcements
  by land type on turns 2-4, placed where the Player wishes);
- ``npc_turn_start``: the start of the Non-Player's turn, before its command deck (solo-2's
  home-row units and Talon and Ebon, solo-4's city/village and column units, solo-6's forest,
  column, hill and boulder field units);
- ``after_capture``/``after_elimination`` (``solo_awards``, called by ``victory.py``);
- ``check_end``: after every step: the queued choices of the Player, then the results.
"""

from __future__ import annotations

from typing import Final

from wartable.core.events import Event, emit

from .. import actions as acts
from .. import board as map_rules
from .. import modifiers
from ..actions import Layout
from ..catalog.tables import COMMAND_ACTIVE, UnitType
from ..state import (
    ANCHORED,
    OVER,
    GraxiaState,
)
from . import awards as solo_awards
from . import player_choices as solo_choices
from .wave import ARRIVAL_WOUNDS, run_wave, spawn, wound

after_capture = solo_awards.after_capture
place_npc = solo_choices.place_npc

ROWS_PER_REMOVAL: Final = 3  # solo-1: three rows at the start of every odd turn from 3 on
COLUMN_WOUNDS: Final = 2  # solo-4: Player units next to the column tiles


def is_solo(s: GraxiaState) -> bool:
    """A §9.2 solo scenario (one seat; the non-player is side 1)."""
    return s.sc.solo


def after_elimination(s: GraxiaState, unit: int, owner: int, events: list[Event] | None) -> None:
    """A unit of type ``unit`` owned by side ``owner`` was eliminated."""
    solo_awards.after_elimination(s, s.cat.units[unit], owner, events)


# ----- Game Turn start -------------------------------------------------------------------------
def turn_start(s: GraxiaState, events: list[Event] | None) -> None:
    """At the start of every Game Turn (before the Player's round)."""
    n = solo_awards.scenario(s)
    if n == 1:
        remove_rows(s, events)
    elif n == 3:
        s.solo.row_d_used = s.solo.volley = 0  # Home-Row D: once per round, a new round
        if p(s, "reinforce_from", 2) <= s.turn <= p(s, "reinforce_to", 4):
            # §9.2 Solo Scenario 3: one unit on a lake, a plains and a forest tile, as the
            # Player wishes (queued: the Player places them one at a time)
            s.solo.reinforcements |= (1 << len(solo_choices.queue_types(s))) - 1
    check_end(s, events)


def p(s: GraxiaState, name: str, default: int) -> int:
    """A scenario param (the TOML's ``params``), else the printed rule."""
    return s.sc.param(name, default)


def rows_removed_by(s: GraxiaState, turn: int) -> int:
    """§9.2 Solo Scenario 1: rows gone at the start of ``turn`` (3 on turns 3, 5, 7...;
    params ``removal_first_turn``, ``removal_every``, ``removal_rows_each``)."""
    first = p(s, "removal_first_turn", 3)
    if turn < first:
        return 0
    every = max(1, p(s, "removal_every", 2))
    return p(s, "removal_rows_each", ROWS_PER_REMOVAL) * ((turn - first) // every + 1)


def remove_rows(s: GraxiaState, events: list[Event] | None) -> None:
    """Remove every row due by this turn that is still on the map (idempotent)."""
    rows = s.sc.removal_rows
    due = min(rows_removed_by(s, s.turn), len(rows))
    for i in range(due):
        for c in rows[i]:
            if not s.gone[c]:
                remove_tile(s, c, events)
    if rows and due >= len(rows):
        solo_awards.record(
            s, solo_awards.NPC, solo_awards.R_B_GONE, events
        )  # continent B has disappeared


def remove_tile(s: GraxiaState, c: int, events: list[Event] | None) -> None:
    """A tile leaves the game: its unit with it (to its owner's discards, a Guardian to the
    hand, no points: nobody eliminated it), its control, its portal; objectives it belonged
    to are settled (held by the Player: done for good; otherwise: impossible)."""
    for k in range(len(solo_awards.OBJECTIVES)):
        if c in solo_awards.objective_cells(s, k) and s.ctrl[c] != solo_awards.PLAYER:
            s.solo.objectives_lost |= 1 << k
    u = s.unit[c]
    if u >= 0:
        ut = s.cat.units[u]
        if ut.name == solo_awards.SYPE and s.owner[c] == solo_awards.NPC and s.solo.sype_fate == 0:
            s.solo.sype_fate = 2
        _discard_unit(s, c, ut)
        emit(events, "unit_removed", cell=s.sc.board.text(c), unit=ut.name)
    s.gone[c] = 1
    s.ctrl[c] = -1
    s.portal[c] = -1
    emit(events, "tile_removed", cell=s.sc.board.text(c))


def _discard_unit(s: GraxiaState, c: int, ut: UnitType) -> None:
    seat = s.owner[c]
    u = s.unit[c]
    if modifiers.leaves_game(s, seat, ut):
        pass  # the Non-Player's Guardian, or its unit with no pile
    elif ut.is_guardian:
        s.hands[seat].append(u)
        s.track.set_guardian_fell(seat, s.round_no)
    else:
        s.discards[s.udeck[seat]].append(u)
    s.unit[c], s.owner[c], s.wounds[c], s.flags[c] = -1, -1, 0, 0


def portal_moves(s: GraxiaState, c: int, ut: UnitType) -> list[int]:
    """Solo Scenario 1: the scenario's portals join the continents: a unit on a portal tile may
    move to its twin (a normal move) when it is free and still in the game."""
    out = []
    for a, b in s.sc.portals:
        n = b if c == a else a if c == b else -1
        if n >= 0 and s.unit[n] < 0 and map_rules.can_stand(s, ut, n):
            out.append(n)
    return out


# ----- spending victory points (solo-4..6) ------------------------------------------------------
VP_PRICE: Final = 5  # VP spent per ``spend vp`` (the mana it gives: the same, 1:1)


def can_spend_vp(s: GraxiaState) -> bool:
    """§9.2 Solo Scenarios 4-6 "The Player may spend victory points": no price is printed;
    option ``vp_spending`` "mana": 5 VP for 5 mana in the Player's Command Phase."""
    return (
        s.config.vp_spending == "mana"
        and s.vp[solo_awards.PLAYER] >= VP_PRICE
        and bool(solo_awards.targets(s)[0])
    )


def spend_vp(s: GraxiaState, events: list[Event] | None) -> None:
    s.vp[solo_awards.PLAYER] -= VP_PRICE
    s.mana[solo_awards.PLAYER] += VP_PRICE
    emit(events, "vp_spent", seat=solo_awards.PLAYER, points=VP_PRICE, mana=VP_PRICE)


# ----- Home-Row D (solo-3) ---------------------------------------------------------------------
def ability_ready(s: GraxiaState, bit: int) -> bool:
    """Home-Row D: the ability is the chosen row's and unused this round."""
    return bool(modifiers.abilities(s) & bit) and not s.solo.row_d_used & bit


def use_ability(s: GraxiaState, bit: int, events: list[Event] | None) -> None:
    s.solo.row_d_used |= bit
    name = {
        modifiers.MEND: "Mend",
        modifiers.SUMMON_POWER: "Summon Power",
        modifiers.VOLLEY: "Volley",
    }[bit]
    emit(events, "home_row_ability", seat=solo_awards.PLAYER, ability=name)


def shoots(s: GraxiaState, c: int) -> bool:
    """The unit has a ranged (missile) command ability."""
    return any(
        ab.timing == COMMAND_ACTIVE and any(e.kind == "ranged" for e in ab.effects)
        for ab in s.cat.units[s.unit[c]].abilities
    )


def home_row_actions(s: GraxiaState, lay: Layout) -> list[int]:
    """§9.2 Solo Scenario 3, Home-Row D, in the Player's Command Phase: Mend (heal a friendly
    unit 4 wounds) and Volley (a friendly unit's missile damage doubled this round)."""
    out: list[int] = []
    mend, volley = ability_ready(s, modifiers.MEND), ability_ready(s, modifiers.VOLLEY)
    if not mend and not volley:
        return out
    for c in range(s.sc.board.size):
        if s.unit[c] < 0 or s.owner[c] != solo_awards.PLAYER:
            continue
        if mend and s.wounds[c]:
            out.append(lay.one(acts.K_MEND, c))
        if volley and shoots(s, c):
            out.append(lay.one(acts.K_VOLLEY, c))
    return out


def home_row_apply(s: GraxiaState, kind: int, c: int, events: list[Event] | None) -> None:
    if kind == acts.K_MEND:
        use_ability(s, modifiers.MEND, events)
        healed = map_rules.heal(s, c, p(s, "mend_heal", modifiers.MEND_WOUNDS))
        emit(
            events, "healed", cell=s.sc.board.text(c), amount=healed, unit=map_rules.unit_name(s, c)
        )
    else:
        use_ability(s, modifiers.VOLLEY, events)
        s.solo.volley = c + 1


# ----- the Non-Player's turn start -------------------------------------------------------------
def npc_turn_start(s: GraxiaState, events: list[Event] | None) -> None:
    """At the start of the Non-Player's turn, before its command deck."""
    n = solo_awards.scenario(s)
    t = s.turn
    if n == 2:
        if t == p(s, "reinforce_turn", 2):
            for c in s.sc.home[solo_awards.NPC]:
                spawn(s, c, events, idle=True)
        if t == p(s, "arrive_turn", 3):
            arrive(s, solo_awards.TALON, p(s, "talon_at", _tile(s, "19a")), events)
            arrive(s, solo_awards.EBON, p(s, "ebon_at", _tile(s, "20a")), events)
    elif n == 4:
        if t % max(1, p(s, "spawn_every", 2)) == 0:
            for c in range(s.sc.board.size):
                if (
                    s.sc.terrain[c] in (solo_awards.CITY, solo_awards.VILLAGE)
                    and s.ctrl[c] != solo_awards.PLAYER
                ):
                    spawn(s, c, events)
        if t == p(s, "column_turn", 3):
            for c in solo_awards.cells_of(s, "columns"):
                column_spawn(s, c, events)
    elif n == 6:
        run_wave(s, 0, events)
    check_end(s, events)


def _tile(s: GraxiaState, tile_id: str) -> int:
    ids = s.sc.tile_ids
    return ids.index(tile_id) if tile_id in ids else -1


def _wound_neighbours(s: GraxiaState, c: int, amount: int, events: list[Event] | None) -> None:
    for n in s.sc.board.nbr[c]:
        if s.unit[n] >= 0 and s.owner[n] == solo_awards.PLAYER:
            wound(s, n, amount, events)


def arrive(s: GraxiaState, name: str, c: int, events: list[Event] | None) -> None:
    """§9.2 Solo Scenario 2: Talon / Ebon placed on their tile (a unit there is discarded);
    every adjacent Player unit suffers 3 wounds. They move and attack this turn."""
    u = s.cat.unit_index.get(name, -1)
    if u < 0 or c < 0 or s.gone[c]:
        return
    if s.unit[c] >= 0:
        ut = s.cat.units[s.unit[c]]
        emit(events, "unit_discarded", cell=s.sc.board.text(c), unit=ut.name)
        _discard_unit(s, c, ut)
    solo_choices.place_npc(s, u, c, events)
    _wound_neighbours(s, c, p(s, "arrive_wounds", ARRIVAL_WOUNDS), events)


def column_spawn(s: GraxiaState, c: int, events: list[Event] | None) -> None:
    """§9.2 Solo Scenario 4, the Non-Player's 3rd turn: a Player unit on a column tile is
    destroyed, Player units next to it suffer 2 wounds, and a Non-Player unit appears (it
    will not move but attacks and advances)."""
    if s.unit[c] >= 0 and s.owner[c] == solo_awards.PLAYER:
        map_rules.eliminate(s, c, solo_awards.NPC, events)
    if spawn(s, c, events):
        s.flags[c] |= ANCHORED
        _wound_neighbours(s, c, p(s, "column_wounds", COLUMN_WOUNDS), events)


# ----- after every step -------------------------------------------------------------------------
def check_end(s: GraxiaState, events: list[Event] | None) -> None:
    """After every action and every step of the Non-Player: the results (recorded when they
    happen, ended here), else the Player's queued choices (cards to lose, placements)."""
    if not s.sc.solo or s.phase == OVER:
        return
    solo_awards.check_results(s, events)
    if s.track.winner >= 0:
        if s.track.pend_kind >= solo_choices.LOSE_CARD:  # a choice of ours no longer matters
            s.track.pend_kind = s.track.pend_seat = s.track.pend_x = s.track.pend_y = 0
        if not s.track.pend_kind:
            solo_awards.finish(s, events)
        return
    solo_choices.ask(s, events)
