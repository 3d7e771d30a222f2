"""Scenario victory conditions and victory points (§9.1, §9.3), as named rules in code."""

from __future__ import annotations

from typing import Final

from wartable.core.events import Event, emit

from .catalog.tables import GUARDIAN, UnitType
from .state import (
    CARRIER,
    OVER,
    GraxiaState,
)

SETUP_PHASES: Final = 3  # phases below DRAW are set-up: no points for starting control

R_CITIES: Final = 1
R_CASTLE: Final = 2
R_GUARDIAN: Final = 3
R_BANNER: Final = 4
R_EIGHT: Final = 5
R_FLIST: Final = 6
R_FLIST_HOLD: Final = 7
R_SPY: Final = 8
R_VP: Final = 9
R_TILES: Final = 10
R_MANA: Final = 11
R_TIE: Final = 12
R_KILLED: Final = 13
R_TILE_MANA: Final = 14
R_WIPED: Final = 15


def _cells(s: GraxiaState, terrain: str) -> list[int]:
    return [c for c, t in enumerate(s.sc.terrain) if t == terrain]


def on_capture(s: GraxiaState, cell: int, seat: int, prev: int, events: list[Event] | None) -> None:
    """§9.1 #1, #2: points each time a village or city tile is captured or recaptured."""
    if s.sc.solo:  # §9.2: the solo scenarios' points, lost settlements and objectives
        s.variant.after_capture(s, cell, prev, events)
        return
    if s.phase < SETUP_PHASES:
        return
    sc = s.sc
    if sc.victory not in ("two_cities", "king_of_the_castle"):
        return
    t = sc.terrain[cell]
    pts = sc.param("vp_village") if t == "village" else sc.param("vp_city") if t == "city" else 0
    if pts:
        s.vp[seat] += pts
        if events is not None:
            emit(events, "victory_points", seat=seat, points=pts, why=f"captured a {t}")


def on_eliminate(
    s: GraxiaState, ut: UnitType, seat: int, killer: int, events: list[Event] | None
) -> None:
    """§7 step 8 and each scenario's points for eliminated units."""
    sc = s.sc
    if sc.solo:
        s.variant.after_elimination(s, ut, seat, events)
    v = sc.victory
    pts = 0
    if v in ("two_cities", "king_of_the_castle"):
        pts = sc.param("vp_unit")
        if ut.klass == GUARDIAN and sc.param("vp_guardian"):
            pts = sc.param("vp_guardian")
    if pts:
        s.vp[killer] += pts
        if events is not None:
            emit(events, "victory_points", seat=killer, points=pts, why=f"eliminated {ut.name}")
    s.track.set_mana_killed(killer, s.track.mana_killed(killer) + ut.cost)
    if v == "assassination" and s.cat.unit_index.get(ut.name, -1) == s.track.spy(seat):
        s.track.set_spy(seat, -2)  # §9.1 #6: no duplicate to hand over: the spy fell


def _tiles(s: GraxiaState, seat: int) -> int:
    return sum(1 for c in s.ctrl if c == seat)


def _finish(s: GraxiaState, winner: int, reason: int, events: list[Event] | None) -> None:
    s.track.winner = winner
    s.track.reason = reason
    s.phase = OVER
    if events is not None:
        emit(events, "game_over", winner=winner, reason=reason)


def _compare(
    s: GraxiaState, values: list[tuple[int, int, int]], events: list[Event] | None
) -> None:
    """Tie-breakers in order: (value seat 0, value seat 1, reason); all equal: a tie."""
    for a, b, reason in values:
        if a != b:
            _finish(s, 0 if a > b else 1, reason, events)
            return
    _finish(s, -1, R_TIE, events)


def end_of_round(s: GraxiaState, events: list[Event] | None) -> None:
    """Phase 4, Victory Determination, for the phasing player; then the turn limit."""
    sc = s.sc
    if sc.solo:
        s.variant.end_of_round(s, events)
        return
    v = sc.victory
    p = s.current
    cities = _cells(s, "city")
    castles = _cells(s, "castle")
    if v == "wintermere_pass":
        castles = [sc.param("castle", castles[0] if castles else -1)]
    for seat in (0, 1):
        holds = bool(cities) and all(s.ctrl[c] == seat for c in cities)
        s.track.set_cities_held(seat, s.track.cities_held(seat) + 1 if holds else 0)
        if castles and s.ctrl[castles[0]] != seat:
            s.track.set_castle_held(seat, 0)
    hold = 2 * sc.param("hold_turns", 1) + 1  # own round, then a full turn
    if v == "two_cities" and s.track.cities_held(p) >= hold:
        _finish(s, p, R_CITIES, events)
        return
    if v == "king_of_the_castle" and castles:
        holder = s.ctrl[castles[0]]
        if holder >= 0:  # "1 VP ... for every round the castle tile is controlled": a round
            s.vp[holder] += sc.param("vp_castle_round")  # is a player round (§6), either's
        if holder == p:
            s.track.set_castle_held(p, s.track.castle_held(p) + 1)
        if s.track.castle_held(p) >= sc.param("hold_turns", 3):
            _finish(s, p, R_CASTLE, events)
            return
        if s.track.guardian_fell(1 - p) >= 0:
            _finish(s, p, R_GUARDIAN, events)
            return
    if v == "banner_wars":
        banner = s.track.banner(p)
        target = s.sc.banners[1 - p]
        if banner == target and s.owner[banner] == p and s.flags[banner] & CARRIER:
            _finish(s, p, R_BANNER, events)
            return
    if v == "march_to_victory" and s.turn < sc.param("before_turn", 9):
        kinds = ("city", "castle", "village", "boulder_fields")
        n = sum(1 for c, t in enumerate(sc.terrain) if t in kinds and s.ctrl[c] == p)
        if n >= sc.param("target_tiles", 8):
            _finish(s, p, R_EIGHT, events)
            return
    shadd = sc.param("attacker_seat", 1)
    if v == "wintermere_pass" and castles[0] >= 0 and p == shadd and s.ctrl[castles[0]] == p:
        _finish(s, p, R_FLIST, events)
        return
    if v == "assassination" and s.track.spy(1 - p) == -2:
        _finish(s, p, R_SPY, events)
        return
    if s.round_no + 1 >= 2 * s.sc.turns:
        turn_limit(s, events)


def turn_limit(s: GraxiaState, events: list[Event] | None) -> None:
    sc = s.sc
    v = sc.victory
    tiles = (_tiles(s, 0), _tiles(s, 1))
    if v in ("two_cities", "king_of_the_castle"):
        _compare(s, [(s.vp[0], s.vp[1], R_VP), (tiles[0], tiles[1], R_TILES)], events)
    elif v == "march_to_victory":
        pts = [0, 0]
        for c, t in enumerate(sc.terrain):
            if s.ctrl[c] >= 0 and t in ("village", "castle", "city", "boulder_fields"):
                pts[s.ctrl[c]] += sc.param(f"vp_{t}")
        units = [sum(1 for o in s.owner if o == seat) for seat in (0, 1)]
        most = (
            (tiles, sc.param("vp_most_tiles")),
            (units, sc.param("vp_most_units")),
            (s.mana, sc.param("vp_most_mana")),
        )
        for (a, b), worth in most:
            if a != b:
                pts[0 if a > b else 1] += worth
        s.vp[0], s.vp[1] = pts
        _compare(s, [(pts[0], pts[1], R_VP), (tiles[0], tiles[1], R_TILES)], events)
    elif v == "wintermere_pass":
        _finish(s, 1 - sc.param("attacker_seat", 1), R_FLIST_HOLD, events)
    elif v in ("banner_wars", "assassination"):
        _compare(s, [(tiles[0], tiles[1], R_TILES), (s.mana[0], s.mana[1], R_MANA)], events)
    else:
        owned = [0, 0]
        for c, m in enumerate(s.sc.mana_value):
            if s.ctrl[c] >= 0:
                owned[s.ctrl[c]] += m
        _compare(
            s,
            [
                (s.track.mana_killed0, s.track.mana_killed1, R_KILLED),
                (owned[0], owned[1], R_TILE_MANA),
                (tiles[0], tiles[1], R_TILES),
            ],
            events,
        )
