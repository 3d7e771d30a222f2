"""The Graxia position JSON (docs/games/graxia.md, "Position format"): the whole state,
validated on load (sizes, ranges, card identities, invariants) with ``PositionError``."""

from __future__ import annotations

from typing import Any, Final

from wartable.core.commit import Commitments
from wartable.core.errors import PositionError
from wartable.core.rng import Rng

from . import actions as acts
from . import choices, modifiers, relics
from .actions import Layout
from .battle import retreat_cells, sacrifice_legal
from .catalog.tables import Catalog, Scenario
from .config import GraxiaConfig
from .effects import can_draw, teleport_cells
from .setup import place_legal
from .solo_records import NPC_FIELDS, SOLO_FIELDS, NpcProgress, SoloBook
from .state import (
    B_ADVANCE,
    B_EXCH,
    B_RETREAT,
    B_SAC,
    CARRIER,
    COMMAND,
    DRAFT,
    DRAW,
    FLAG_MASK,
    GUARD,
    OVER,
    PHASES,
    PILES,
    PLACE,
    REASONS,
    GraxiaState,
)
from .state_records import BATTLE_FIELDS, TRACK_FIELDS, Battle, Track
from .variant import Variant

MAX_INT: Final = 10**9


def state_to_json(s: GraxiaState) -> dict[str, Any]:
    """Two-player positions keep their four piles and no solo fields (unchanged format)."""
    b = s.sc.board
    piles = PILES if s.sc.solo else PILES - 1
    out: dict[str, Any] = {
        "rng": s.rng.state,
        "phase": PHASES[s.phase],
        "round": s.round_no,
        "current": s.current,
        "decisions": s.decisions,
        "cells": [b.text(c) for c in range(b.size)],
        "unit": [s.cat.units[u].name if u >= 0 else None for u in s.unit],
        "owner": list(s.owner),
        "wounds": list(s.wounds),
        "flags": list(s.flags),
        "control": list(s.ctrl),
        "portal": list(s.portal),
        "mana": list(s.mana),
        "vp": list(s.vp),
        "hands": [[s.cat.card_name(c) for c in h] for h in s.hands],
        "decks": [[s.cat.card_name(c) for c in d] for d in s.decks[:piles]],
        "discards": [[s.cat.card_name(c) for c in d] for d in s.discards[:piles]],
        "udeck": list(s.udeck),
        "sdeck": list(s.sdeck),
        "pool": [[s.cat.card_name(c) for c in p] for p in s.pool],
        "guardians": [s.cat.units[g].name if g >= 0 else None for g in s.guard],
        "draws": s.draws,
        "commit": s.commit.to_json(),
        "battle": s.bat.to_list(),
        "support": list(s.sup),
        "track": s.track.to_list(),
    }
    if s.sc.solo:
        out["npc"] = s.npc.to_list()
        out["solo"] = s.solo.to_list()
        out["gone"] = list(s.gone)
    return out


def _int(data: dict[str, Any], key: str, lo: int, hi: int) -> int:
    v = data.get(key)
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise PositionError(f"field '{key}': expected an integer {lo}..{hi}")
    return v


def _ints(data: dict[str, Any], key: str, n: int | None, lo: int, hi: int) -> list[int]:
    v = data.get(key)
    if not isinstance(v, list) or (n is not None and len(v) != n):
        raise PositionError(
            f"field '{key}': expected a list of {n if n is not None else ''} integers"
        )
    for x in v:
        if not isinstance(x, int) or isinstance(x, bool) or not lo <= x <= hi:
            raise PositionError(f"field '{key}': values must be integers {lo}..{hi}")
    return list(v)


def _cards(cat: Catalog, data: dict[str, Any], key: str, n: int) -> list[list[int]]:
    v = data.get(key)
    if not isinstance(v, list) or len(v) != n or not all(isinstance(x, list) for x in v):
        raise PositionError(f"field '{key}': expected {n} lists of card names")
    out = []
    for pile in v:
        ids = []
        for name in pile:
            if not isinstance(name, str) or (
                name not in cat.unit_index and name not in cat.spell_index
            ):
                raise PositionError(f"field '{key}': unknown card {name!r}")
            ids.append(cat.card_id(name))
        if len(ids) > 1000:
            raise PositionError(f"field '{key}': too many cards")
        out.append(ids)
    return out


def state_from_json(
    config: GraxiaConfig, cat: Catalog, sc: Scenario, variant: Variant, data: dict[str, Any]
) -> GraxiaState:
    rng = data.get("rng")
    if not isinstance(rng, int) or isinstance(rng, bool) or not 0 <= rng < 2**64:
        raise PositionError("field 'rng': expected an integer 0..2^64-1")
    s = GraxiaState(config, Rng(rng), cat, sc, variant)
    if data.get("phase") not in PHASES:
        raise PositionError(f"field 'phase': expected one of {', '.join(PHASES)}")
    s.phase = PHASES.index(data["phase"])
    s.round_no = _int(data, "round", 0, 2 * sc.turns)
    s.current = _int(data, "current", 0, 1)
    s.decisions = _int(data, "decisions", 0, MAX_INT)
    n = sc.board.size
    cells = data.get("cells")
    if cells is not None and cells != [sc.board.text(c) for c in range(n)]:
        raise PositionError("field 'cells': not this scenario's map")
    units = data.get("unit")
    if not isinstance(units, list) or len(units) != n:
        raise PositionError(f"field 'unit': expected {n} entries (null or a unit name)")
    for i, name in enumerate(units):
        if name is None:
            continue
        if not isinstance(name, str) or name not in cat.unit_index:
            raise PositionError(f"field 'unit': unknown unit {name!r} at {sc.board.text(i)}")
        s.unit[i] = cat.unit_index[name]
    s.owner = _ints(data, "owner", n, -1, 1)
    s.wounds = _ints(data, "wounds", n, 0, 99)
    s.flags = _ints(data, "flags", n, 0, FLAG_MASK)
    s.ctrl = _ints(data, "control", n, -1, 1)
    s.portal = _ints(data, "portal", n, -1, 1)
    s.mana = _ints(data, "mana", 2, 0, MAX_INT)
    s.vp = _ints(data, "vp", 2, 0, MAX_INT)
    s.hands = _cards(cat, data, "hands", 2)
    piles = PILES if sc.solo else PILES - 1
    s.decks = _cards(cat, data, "decks", piles) + [[] for _ in range(PILES - piles)]
    s.discards = _cards(cat, data, "discards", piles) + [[] for _ in range(PILES - piles)]
    s.udeck = _ints(data, "udeck", 2, 0, 1)
    s.sdeck = _ints(data, "sdeck", 2, 2, 3)
    s.pool = _cards(cat, data, "pool", 2)
    g = data.get("guardians")
    if not isinstance(g, list) or len(g) != 2:
        raise PositionError("field 'guardians': expected two Guardian names or null")
    for seat, name in enumerate(g):
        if name is None:
            continue
        if name not in cat.unit_index or not cat.units[cat.unit_index[name]].is_guardian:
            raise PositionError(f"field 'guardians': {name!r} is not a Guardian")
        s.guard[seat] = cat.unit_index[name]
    s.draws = _int(data, "draws", 0, 4)
    s.commit = _commit(data.get("commit"))
    lay = Layout(cat, sc)
    for buf in s.commit.buffers:
        if len(buf) > 200 or any(not 0 <= a < lay.size for a in buf):
            raise PositionError("field 'commit': buffered actions outside the action universe")
    battle = _ints(data, "battle", len(BATTLE_FIELDS), -(2**31), 2**31)
    s.bat = Battle.from_list(battle)
    s.sup = _ints(data, "support", None, 0, n - 1)
    track = _ints(data, "track", len(TRACK_FIELDS), -2, MAX_INT)
    s.track = Track.from_list(track)
    if sc.solo:
        s.npc = NpcProgress.from_list(_ints(data, "npc", len(NPC_FIELDS) + n, -1, MAX_INT))
        s.solo = SoloBook.from_list(_ints(data, "solo", len(SOLO_FIELDS) + n, -(2**62), 2**62))
        s.gone = _ints(data, "gone", n, 0, 1)
        if sc.home_rows and not -1 <= s.solo.home_row < len(sc.home_rows):
            home = SOLO_FIELDS.index("home_row")
            raise PositionError(f"field 'solo': entry {home} (home_row) must name a Home Row")
        s.sc = s.variant.scenario_of(s)  # solo-3: the chosen Home Row
    _check_track(s, track)
    _check_battle(s, battle)
    problems = check(s)
    if problems:
        raise PositionError(f"impossible position: {problems[0]}")
    _check_buffers(s, lay)
    return s


def _commit(v: Any) -> Commitments:
    if (
        not isinstance(v, dict)
        or not isinstance(v.get("buffers"), list)
        or not isinstance(v.get("done"), list)
        or len(v["buffers"]) != 2
        or len(v["done"]) != 2
        or not all(isinstance(d, bool) for d in v["done"])
        or not all(isinstance(b, list) for b in v["buffers"])
        or not all(isinstance(a, int) and not isinstance(a, bool) for b in v["buffers"] for a in b)
    ):
        raise PositionError("field 'commit': expected buffers and done for 2 seats")
    return Commitments.from_json(v)


# (fields, lowest, highest) of ``track``; the ranges that depend on the scenario are below
_TRACK_RANGES: Final = (
    (("cities_held0", "cities_held1", "castle_held0", "castle_held1"), 0, MAX_INT),
    (("mana_killed0", "mana_killed1"), 0, MAX_INT),
    (("winner",), -1, 1),
    (("reason",), 0, len(REASONS) - 1),
    (("picks",), 0, 100),
    (("discount_used",), 0, 1),
    (("portal_power",), 0, 2),  # 2: one of two portals removed, the other may follow
    (("allies",), 0, 1),
    (("free_spells",), 0, MAX_INT),
    (("first_seat",), 0, 1),
)


def _check_fields(what: str, values: list[int], order: tuple[str, ...], ranges: list[Any]) -> None:
    """Each named entry of a flat record list in its range, or a PositionError naming it."""
    for names, lo, hi in ranges:
        for name in names:
            i = order.index(name)
            if not lo <= values[i] <= hi:
                raise PositionError(f"field {what!r}: entry {i} ({name}) must be {lo}..{hi}")


def _check_track(s: GraxiaState, values: list[int]) -> None:
    """Each ``track`` field in its own range (cells, unit types, rounds, seats, flags)."""
    n = s.sc.board.size
    ranges = [
        *_TRACK_RANGES,
        (("banner0", "banner1"), -1, n - 1),
        (("spy0", "spy1"), -2, len(s.cat.units) - 1),
        (("guardian_fell0", "guardian_fell1"), -1, s.round_no),
        (("teleport_to",), 0, n),
    ]
    _check_fields("track", values, TRACK_FIELDS, ranges)


_BATTLE_RANGES: Final = (
    (("passes",), 0, 2),
    (("actor",), 0, 1),
    (("extra_wounds0", "extra_wounds1", "heal0", "heal1"), -1000, 1000),
    (("no_sacrifice",), 0, 3),  # a bit per side
    (("destined",), 0, 2),  # side + 1 of the unit that must win, 0 none
    (("used0", "used1"), 0, 2**31),  # bits: abilities used
    (("wounds0", "wounds1"), 0, 1000),
    (("escaped", "spare"), 0, 1),
)


def _check_battle(s: GraxiaState, values: list[int]) -> None:
    """Each ``battle`` field in its own range (cells, sides, flags, counts)."""
    n = s.sc.board.size
    ranges = [*_BATTLE_RANGES, (("attacker", "defender"), 0, n - 1)]
    _check_fields("battle", values, BATTLE_FIELDS, ranges)


def _check_buffers(s: GraxiaState, lay: Layout) -> None:
    """The commitment buffers (hidden placement and sacrifice choices) must be choices the
    seat could have made: each buffered action legal when it was added, a finished seat's
    buffer complete; no buffers outside the placement and sacrifice steps."""
    buffers, done = s.commit.buffers, s.commit.done
    for seat in (0, 1):
        buf = buffers[seat]
        if s.phase == B_SAC:
            ok = (
                (len(buf) == 1 and buf[0] in sacrifice_legal(s, lay, seat))
                if done[seat]
                else not buf
            )
        elif s.phase == PLACE:
            buffers[seat] = []
            ok = True
            for a in buf:
                unplace = lay.decode(a)[0] == acts.K_UNPLACE  # applied, never buffered
                if a == acts.END or unplace or a not in place_legal(s, lay, seat):
                    ok = False
                    break
                buffers[seat].append(a)
            if ok and done[seat]:
                ok = acts.END in place_legal(s, lay, seat)
        else:
            ok = not buf and done[seat]
        if not ok:
            raise PositionError(f"field 'commit': seat {seat}'s buffered choices are not legal")


def check(s: GraxiaState) -> list[str]:
    """Invariants of any reachable state (the conformance suite runs them at every step)."""
    bad: list[str] = []
    cat = s.cat
    nu = len(cat.units)
    total = nu + len(cat.spells)
    guardians = [0, 0]
    # solo (§9.2): the non-player's Guardians are plain units of its side; with
    # ``impassable_ok`` its units stand on mountains; the set-up pools hold deck-building cards
    solo = s.sc.solo
    npc_mountains = s.sc.npc is not None and "impassable_ok" in s.sc.npc.rules
    for c in range(s.sc.board.size):
        u = s.unit[c]
        if u < 0:
            if s.owner[c] != -1 or s.wounds[c] or s.flags[c]:
                bad.append(f"empty tile {s.sc.board.text(c)} has an owner, wounds or markers")
            continue
        if not 0 <= u < nu or s.owner[c] not in (0, 1):
            bad.append(f"tile {s.sc.board.text(c)}: bad unit or owner")
            continue
        if s.wounds[c] >= modifiers.max_health(s, c):
            bad.append(f"tile {s.sc.board.text(c)}: a unit with no health left is on the map")
        if cat.units[u].is_guardian and not (solo and s.owner[c] == 1):
            guardians[s.owner[c]] += 1
            if s.guard[s.owner[c]] != u:
                bad.append(f"tile {s.sc.board.text(c)}: a Guardian that is not its seat's")
        if s.sc.terrain[c] == "mountains" and not (solo and s.owner[c] == 1 and npc_mountains):
            ut = cat.units[u]
            race = ut.race.lower()
            if not ("dwarf" in race or "goblin" in race or ut.flying):
                bad.append(
                    f"tile {s.sc.board.text(c)}: only dwarves and goblins stand on mountains"
                )
    for seat in (0, 1):
        if guardians[seat] > 1:
            bad.append(f"seat {seat} has two Guardians on the map")
        if s.mana[seat] < 0:
            bad.append(f"seat {seat} has negative mana")
        for card in s.hands[seat]:
            if not 0 <= card < total:
                bad.append(f"seat {seat} holds an unknown card")
            elif card < nu and cat.units[card].is_guardian and card != s.guard[seat]:
                bad.append(f"seat {seat} holds another seat's Guardian")
    for c in s.sup:
        if s.unit[c] < 0 or s.owner[c] != s.current:
            bad.append("a supporting tile holds no unit of the attacker")
    if s.phase not in range(len(PHASES)):
        bad.append("unknown phase")
    for i, pile in enumerate(s.decks + s.discards):
        unit_pile = i % PILES < 2
        for card in pile:
            if not 0 <= card < total or (card < nu) != unit_pile:
                bad.append("a unit pile holds a spell or a spell pile a unit")
                break
            if card < nu and cat.units[card].is_guardian:
                bad.append("a Guardian is in a deck")
                break
    for p in (0, 1):
        if not solo and any(not 0 <= c < nu for c in s.pool[p]):
            bad.append("a set-up pool holds a non-unit card")
        if sum(1 for x in s.portal if x == p) > 2:
            bad.append(f"seat {p} has more than two portals")
        carriers = sum(1 for c, f in enumerate(s.flags) if f & CARRIER and s.owner[c] == p)
        if carriers > 1 or (carriers and s.sc.victory != "banner_wars"):
            bad.append(f"seat {p}: impossible banner bearers")
    if s.track.portal_power == 2 and sum(1 for x in s.portal if x == s.current) != 1:
        bad.append("one of two portals removed this round, but the seat does not hold one")
    if s.udeck[0] != 0 or s.sdeck[0] != 2:
        bad.append("seat 0 draws from its own piles (udeck 0, sdeck 2)")
    bad.extend(_phase_problems(s))
    bad.extend(s.variant.problems(s))  # solo bookkeeping before the choice reads it
    bad.extend(choices.problems(s))
    bad.extend(relics.problems(s))
    return bad


def _phase_problems(s: GraxiaState) -> list[str]:
    """Each decision point must have its actors and their choices (nobody stuck)."""
    ph = s.phase
    b = s.sc.board
    n = b.size
    if ph in (B_EXCH, B_SAC, B_RETREAT, B_ADVANCE):
        att, dfn = s.bat.attacker, s.bat.defender
        if not (0 <= att < n and 0 <= dfn < n and b.d(att, dfn) == 1):
            return ["the battle's attacker and defender must be adjacent tiles"]
        if ph == B_ADVANCE:
            if s.owner[att] != s.current or s.unit[dfn] >= 0:
                return ["advance: the attacker must stand next to an empty tile"]
            return []
        if s.owner[att] != s.current or s.owner[dfn] != 1 - s.current:
            return ["battle: the attacker is the phasing seat's unit, the defender the other's"]
        if s.bat.bv0 < 0 or s.bat.bv1 < 0 or s.bat.actor not in (0, 1):
            return ["battle: battle values are never negative; the acting side is 0 or 1"]
        if ph == B_RETREAT:
            if not retreat_cells(s, att, dfn):
                return ["retreat: no tile to retreat to (nobody could act)"]
        if ph == B_SAC and s.commit.all_done:
            return ["sacrifice: nobody is left to commit"]
    elif ph == PLACE and s.commit.all_done:
        return ["placement: nobody is left to place"]
    elif (
        ph == GUARD
        and not s.sc.solo  # the solo set-up runs in this phase (solo/setup.py)
        and s.guard[s.current] >= 0
        and not (s.track.picks == 1 and s.guard[1 - s.current] >= 0)
    ):
        return ["guardian: the seat to choose already has its Guardian"]
    elif ph not in (OVER, DRAFT) and ph != COMMAND and s.draws and ph == DRAW:
        if not (can_draw(s, s.current, True) or can_draw(s, s.current, False)):
            return ["draw: free draws left but nothing can be drawn"]
    tp = s.track.teleport_to - 1
    if tp >= 0:
        if ph != COMMAND or tp >= n or s.owner[tp] != s.current or not teleport_cells(s, tp):
            return ["a pending Mystic Gate needs the phasing seat's unit and a free tile"]
    if ph != OVER and s.track.winner != -1:
        return ["a winner is recorded in a game that is not over"]
    return []
