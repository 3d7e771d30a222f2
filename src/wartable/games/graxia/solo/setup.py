"""§9.2 solo set-up: the Non-Player's decks and starting units, and the Player's set-up
decisions as actions of seat 0 (phase ``GUARD``, ``current`` 0), step by step:

1. ``BUILD`` (Solo Scenarios 4-6, unless config ``deck``): ``choose "Unit"`` adds a unit
   card, ``take Spell`` a spell card, ``end`` once the deck is legal (``deckfile.problems``).
2. ``HOME`` (Solo Scenario 3): ``target q,r`` names a tile of the Home Row A-D chosen; its
   mana and hand follow (``Scenario.params`` ``row_{a..d}_*``).
3. ``START``: ``place "Unit" q,r`` puts a starting unit of the scenario's quota (a Guardian
   among those not on the map, the other classes from the Player's Unit Deck) on the Home
   Row (or any controlled tile, Solo Scenario 2); ``end`` once the quota is met.
4. Set-up spawns of the Non-Player (``npc.spawn_terrain`` with param ``setup_spawn``): drawn
   from its unit pile onto every free tile of those land types not controlled by the
   Player, or (``npc.spawn_choice``, Solo Scenario 5) one per land type on the tile the
   Player names with ``target q,r`` (step ``SPAWN``).
5. ``HAND`` (Solo Scenario 3, Home Row A): ``choose``/``take`` the initial hand's cards
   from the Unit and Spell Decks; every other scenario draws its initial hand.
"""

from __future__ import annotations

import dataclasses

from wartable.core.errors import ConfigError
from wartable.core.events import Event, emit

from .. import actions as acts
from .. import board as map_rules
from .. import effects
from ..actions import Layout
from ..catalog import deckfile
from ..catalog.tables import GUARDIAN, HERO, LARGE, Scenario, UnitType
from ..state import (
    COMMAND,
    GUARD,
    NPC_BATTLE,
    NPC_COMMAND,
    NPC_UNITS,
    GraxiaState,
)

PLAYER, NPC = 0, 1
BUILD, HOME, START, SPAWN, HAND, DONE = range(6)
STEP_NAMES = ("build", "home", "start", "spawn", "hand", "done")
ROWS = "abcd"

# solo 3: the Scenario variant whose Home Row is the chosen one (id -> base scenario)
_VARIANTS: dict[tuple[int, int], Scenario] = {}
_BASE: dict[int, Scenario] = {}


def with_home(sc: Scenario, k: int) -> Scenario:
    """Solo 3: ``sc`` with Home Row ``k`` (0..3 = A..D) as the Player's home and deploy."""
    base = _BASE.get(id(sc), sc)
    key = (id(base), k)
    var = _VARIANTS.get(key)
    if var is None:
        row = base.home_rows[k]
        var = dataclasses.replace(base, home=(row, base.home[1]), deploy=(row, base.deploy[1]))
        _VARIANTS[key] = var
        _BASE[id(var)] = base
    return var


def scenario_of(s: GraxiaState) -> Scenario:
    """The scenario a restored state plays on: solo 3's chosen Home Row re-applied."""
    if not s.sc.home_rows or s.solo.home_row < 0:
        return s.sc
    return with_home(s.sc, s.solo.home_row)


def step(s: GraxiaState) -> int:
    return s.solo.setup_step


# ----- begin -------------------------------------------------------------------------------
def begin(s: GraxiaState, events: list[Event] | None) -> None:
    """§9.2 Non-Player Decks: its piles shuffled; its starting units placed; then the
    Player's decisions."""
    sc = s.sc
    npc = sc.npc
    assert npc is not None
    nu = len(s.cat.units)
    s.decks[0] = list(sc.unit_decks[0])
    s.decks[2] = list(sc.spell_decks[0])
    s.decks[NPC_UNITS] = list(npc.unit_deck)
    s.decks[NPC_BATTLE] = [nu + x for x in npc.battle_deck]
    s.decks[NPC_COMMAND] = [nu + x for x in npc.command_deck]
    for d in s.decks:
        s.rng.shuffle(d)
    s.udeck = [0, NPC_UNITS if npc.unit_deck else 0]
    s.sdeck = [2, NPC_BATTLE]
    for u, c in npc.units:
        put(s, NPC, u, c, events)
    s.solo.home_row = -1 if sc.home_rows else 0
    s.track.first_seat = 0
    s.phase = GUARD
    s.current = PLAYER
    s.solo.setup_step = BUILD
    if sc.deck_rule is not None and s.config.deck is not None:
        units, spells = deckfile.load_config_deck(s.config.deck, s.cat, sc)
        _deal_deck(s, units, spells, events)
        s.solo.setup_step = HOME
    elif sc.deck_rule is None:
        s.solo.setup_step = HOME
    advance(s, events)


def put(s: GraxiaState, seat: int, u: int, cell: int, events: list[Event] | None) -> None:
    """A set-up placement: the unit takes control of its tile without a capture."""
    s.unit[cell], s.owner[cell], s.wounds[cell], s.flags[cell] = u, seat, 0, 0
    s.ctrl[cell] = seat
    emit(
        events,
        "npc_placed" if seat == NPC else "placed",
        seat=seat,
        unit=s.cat.units[u].name,
        cell=s.sc.board.text(cell),
    )


def _deal_deck(
    s: GraxiaState, units: list[int], spells: list[int], events: list[Event] | None
) -> None:
    s.decks[0] = list(units)
    s.decks[2] = list(spells)
    s.rng.shuffle(s.decks[0])
    s.rng.shuffle(s.decks[2])
    s.pool[0] = []
    emit(events, "deck_built", seat=PLAYER, units=len(units), spells=len(spells))


def advance(s: GraxiaState, events: list[Event] | None) -> None:
    """Move to the next step that needs a decision of seat 0; finish the set-up after the last."""
    sc = s.sc
    while True:
        st = s.solo.setup_step
        if st == BUILD:
            return
        if st == HOME:
            if sc.home_rows and s.solo.home_row < 0:
                return
            s.solo.setup_step = START
        elif st == START:
            if start_options(s):
                return
            s.solo.setup_step = SPAWN
            _start_spawns(s, events)
        elif st == SPAWN:
            if s.pool[1]:
                if len(spawn_cells(s)) > 1:
                    return
                _spawn_at(s, spawn_cells(s), events)
                continue
            s.solo.setup_step = HAND
        elif st == HAND:
            if _hand_left(s) > 0 and (s.decks[0] or s.decks[2]):
                return
            finish(s, events)
            return
        else:
            return


# ----- 1. deck building (solo 4-6) -------------------------------------------------------
def build_legal(s: GraxiaState, lay: Layout) -> list[int]:
    sc = s.sc
    rule = sc.deck_rule
    assert rule is not None
    nu = len(s.cat.units)
    units = [c for c in s.pool[0] if c < nu]
    spells = [c - nu for c in s.pool[0] if c >= nu]
    avail_u, avail_s = deckfile.available(s.cat, sc)
    out: list[int] = []
    if len(units) < rule.units:
        need = deckfile.still_required(s.cat, sc, units)
        room = rule.units - len(units)
        counts = deckfile.class_counts(s.cat, units)
        for u, n in avail_u.items():
            ut = s.cat.units[u]
            cls = deckfile.class_of(ut)
            if units.count(u) >= n:
                continue
            if cls == HERO and counts[HERO] >= rule.max_heroes:
                continue
            if cls == LARGE and counts[LARGE] >= rule.max_large:
                continue
            if room <= sum(need.values()) and need.get(cls, 0) <= 0:
                continue
            out.append(lay.one(acts.K_CHOOSE, u))
    if len(spells) < rule.spells:
        for sp, n in avail_s.items():
            if spells.count(sp) < n:
                out.append(lay.one(acts.K_TAKE, sp))
    if not deckfile.problems(s.cat, sc, units, spells):
        out.append(acts.END)
    return sorted(out)


def build_apply(s: GraxiaState, lay: Layout, action: int, events: list[Event] | None) -> None:
    nu = len(s.cat.units)
    if action == acts.END:
        units = [c for c in s.pool[0] if c < nu]
        spells = [c - nu for c in s.pool[0] if c >= nu]
        _deal_deck(s, units, [nu + x for x in spells], events)
        s.solo.setup_step = HOME
        advance(s, events)
        return
    k, x, _ = lay.decode(action)
    card = x if k == acts.K_CHOOSE else nu + x
    s.pool[0].append(card)
    emit(events, "deck_add", seat=PLAYER, card=s.cat.card_name(card))


# ----- 2. the Home Row (solo 3) ----------------------------------------------------------
def home_legal(s: GraxiaState, lay: Layout) -> list[int]:
    return sorted(lay.one(acts.K_TARGET, row[0]) for row in s.sc.home_rows)


def home_apply(s: GraxiaState, lay: Layout, action: int, events: list[Event] | None) -> None:
    cell = lay.decode(action)[1]
    k = next(i for i, row in enumerate(s.sc.home_rows) if cell in row)
    s.solo.home_row = k
    s.sc = with_home(s.sc, k)
    for c in s.sc.home[PLAYER]:
        if s.unit[c] < 0 or s.owner[c] == PLAYER:
            s.ctrl[c] = PLAYER
    s.mana[PLAYER] = s.sc.param(f"row_{ROWS[k]}_mana", s.mana[PLAYER])
    emit(events, "home_row", seat=PLAYER, row="ABCD"[k])
    s.solo.setup_step = START
    advance(s, events)


# ----- 3. the Player's starting units ------------------------------------------------------
def _placed(s: GraxiaState) -> list[UnitType]:
    return [s.cat.units[s.unit[c]] for c in range(s.sc.board.size) if s.owner[c] == PLAYER]


def _quota_left(s: GraxiaState) -> dict[str, int]:
    st = s.sc.solo_start
    assert st is not None
    placed = _placed(s)
    counts = {GUARDIAN: 0, HERO: 0, LARGE: 0, "normal": 0}
    for ut in placed:
        counts[deckfile.class_of(ut)] += 1
    if st.budget:
        return {HERO: st.budget_heroes - counts[HERO], "budget": st.budget - spent(s)}
    want = {GUARDIAN: st.guardians, HERO: st.heroes, LARGE: st.large, "normal": st.normal}
    return {k: want[k] - counts[k] for k in want}


def spent(s: GraxiaState) -> int:
    return sum(ut.cost for ut in _placed(s) if not ut.is_guardian)


def start_cells(s: GraxiaState) -> list[int]:
    sc = s.sc
    st = sc.solo_start
    assert st is not None
    if st.where == "controlled":
        cells = [c for c in range(sc.board.size) if s.ctrl[c] == PLAYER]
    else:
        cells = list(sc.home[PLAYER])
    return [c for c in cells if s.unit[c] < 0]


def _from_box(s: GraxiaState) -> bool:
    """Config ``solo_start_units = "box"`` (solo 1-3): starting units from the whole box."""
    return s.config.solo_start_units == "box" and s.sc.deck_rule is None


def _outside_free(s: GraxiaState, u: int) -> int:
    """Cards of unit ``u`` neither in the Player's deck, the Non-Player's hands nor placed."""
    sc = s.sc
    npc = sc.npc
    used = sum(1 for x, _ in npc.units if x == u) + npc.unit_deck.count(u) if npc else 0
    orig = sc.unit_decks[0].count(u)
    placed = sum(1 for c in range(sc.board.size) if s.owner[c] == PLAYER and s.unit[c] == u)
    placed_outside = placed - (orig - s.decks[0].count(u))
    return s.cat.copies[u] - used - orig - placed_outside


def _unit_sources(s: GraxiaState) -> list[int]:
    """Unit types the Player may take as starting units: its Unit Deck's, or (option
    ``box``) any card of the box not held by the Non-Player or placed."""
    if not _from_box(s):
        return sorted(set(s.decks[0]))
    return [
        u
        for u, ut in enumerate(s.cat.units)
        if not ut.is_guardian and (u in s.decks[0] or _outside_free(s, u) > 0)
    ]


def start_options(s: GraxiaState) -> list[tuple[int, int]]:
    """(unit, cell) starting placements still open (§9.2 "Player Starting Units")."""
    left = _quota_left(s)
    cells = start_cells(s)
    if not cells:
        return []
    budget = left.get("budget", -1)
    cands: list[int] = []
    if left.get(GUARDIAN, 0) > 0 and s.guard[PLAYER] < 0:
        on_map = {s.unit[c] for c in range(s.sc.board.size) if s.unit[c] >= 0}
        cands += [u for u, ut in enumerate(s.cat.units) if ut.klass == GUARDIAN and u not in on_map]
    for u in _unit_sources(s):
        ut = s.cat.units[u]
        cls = deckfile.class_of(ut)
        if budget >= 0:
            if ut.cost > budget or (cls == HERO and left[HERO] <= 0):
                continue
        elif left.get(cls, 0) <= 0:
            continue
        cands.append(u)
    out = []
    for u in cands:
        for c in cells:
            if map_rules.can_stand(s, s.cat.units[u], c):
                out.append((u, c))
    return out


def start_legal(s: GraxiaState, lay: Layout) -> list[int]:
    opts = start_options(s)
    out = [lay.at(acts.K_PLACE, u, c) for u, c in opts]
    st = s.sc.solo_start
    assert st is not None
    if st.budget or not opts:
        out.append(acts.END)
    return sorted(out)


def start_apply(s: GraxiaState, lay: Layout, action: int, events: list[Event] | None) -> None:
    if action == acts.END:
        s.solo.setup_step = SPAWN
        _start_spawns(s, events)
        advance(s, events)
        return
    _, u, c = lay.decode(action)
    ut = s.cat.units[u]
    if ut.is_guardian:
        s.guard[PLAYER] = u
    elif not _from_box(s) or _outside_free(s, u) <= 0:
        s.decks[0].remove(u)
    put(s, PLAYER, u, c, events)
    advance(s, events)


# ----- 4. the Non-Player's set-up spawns ---------------------------------------------------
def _draw_npc(s: GraxiaState) -> int:
    pile = s.decks[s.udeck[NPC]]
    return pile.pop() if pile else -1


def _free(s: GraxiaState, terrain: str) -> list[int]:
    sc = s.sc
    return [
        c
        for c in range(sc.board.size)
        if sc.terrain[c] == terrain and s.unit[c] < 0 and s.ctrl[c] != PLAYER
    ]


def _start_spawns(s: GraxiaState, events: list[Event] | None) -> None:
    """§9.2 solo 4 ("before the game starts ... each city and village"), 5 (one unit in every
    land type, placed by the Player), 6 (one unit in every forest space)."""
    sc = s.sc
    npc = sc.npc
    assert npc is not None
    if not sc.param("setup_spawn", 0):
        return
    s.rng.shuffle(s.decks[0])  # the starting units left the Player's deck: shuffle it
    if npc.spawn_choice:
        s.pool[1] = [-1, -1]  # (unit drawn, land type index)
        _next_spawn(s, 0)
        return
    for terrain in npc.spawn_terrain:
        for c in _free(s, terrain):
            u = _draw_npc(s)
            if u >= 0:
                put(s, NPC, u, c, events)


def _next_spawn(s: GraxiaState, i: int) -> None:
    types = s.sc.npc.spawn_terrain if s.sc.npc else ()
    while i < len(types) and not _free(s, types[i]):
        i += 1
    u = _draw_npc(s) if i < len(types) else -1
    s.pool[1] = [u, i] if u >= 0 else []


def spawn_cells(s: GraxiaState) -> list[int]:
    if not s.pool[1] or s.sc.npc is None:
        return []
    return _free(s, s.sc.npc.spawn_terrain[s.pool[1][1]])


def spawn_legal(s: GraxiaState, lay: Layout) -> list[int]:
    return [lay.one(acts.K_TARGET, c) for c in spawn_cells(s)]


def _spawn_at(s: GraxiaState, cells: list[int], events: list[Event] | None) -> None:
    u, i = s.pool[1]
    put(s, NPC, u, cells[0], events)
    _next_spawn(s, i + 1)


def spawn_apply(s: GraxiaState, lay: Layout, action: int, events: list[Event] | None) -> None:
    _spawn_at(s, [lay.decode(action)[1]], events)
    advance(s, events)


# ----- 5. the initial hand ---------------------------------------------------------------
def _row_param(s: GraxiaState, name: str, default: int) -> int:
    k = s.solo.home_row
    if not s.sc.home_rows or k < 0:
        return default
    return s.sc.param(f"row_{ROWS[k]}_{name}", default)


def _hand_left(s: GraxiaState) -> int:
    return _row_param(s, "chosen", 0) - len(s.hands[PLAYER])


def hand_legal(s: GraxiaState, lay: Layout) -> list[int]:
    nu = len(s.cat.units)
    out = [lay.one(acts.K_CHOOSE, u) for u in sorted(set(s.decks[0]))]
    out += [lay.one(acts.K_TAKE, c - nu) for c in sorted(set(s.decks[2]))]
    return out


def hand_apply(s: GraxiaState, lay: Layout, action: int, events: list[Event] | None) -> None:
    k, x, _ = lay.decode(action)
    nu = len(s.cat.units)
    card, pile = (x, 0) if k == acts.K_CHOOSE else (nu + x, 2)
    s.decks[pile].remove(card)
    s.hands[PLAYER].append(card)
    emit(events, "draw", seat=PLAYER, kind="unit" if pile == 0 else "spell")
    emit(events, "drawn", to=(PLAYER,), card=s.cat.card_name(card))
    advance(s, events)


def finish(s: GraxiaState, events: list[Event] | None) -> None:
    """The initial hand (the scenario's, or the Home Row's), then the Player's first round."""
    sc = s.sc
    s.rng.shuffle(s.decks[0])
    s.rng.shuffle(s.decks[2])
    nu_, ns_ = sc.initial_hand
    if not _row_param(s, "chosen", 0):
        nu_ = _row_param(s, "units", nu_)
        ns_ = _row_param(s, "spells", ns_)
        for _ in range(nu_):
            if s.decks[0]:
                effects.draw_card(s, PLAYER, True, events)
        for _ in range(ns_):
            if s.decks[2]:
                effects.draw_card(s, PLAYER, False, events)
    s.solo.setup_step = DONE
    s.round_no = 0
    s.current = PLAYER
    s.phase = COMMAND  # turn 1: no Draw Cards Phase
    emit(events, "setup_done", first=PLAYER)


# ----- routing ---------------------------------------------------------------------------
def legal(s: GraxiaState, lay: Layout) -> list[int]:
    st = s.solo.setup_step
    if st == BUILD:
        return build_legal(s, lay)
    if st == HOME:
        return home_legal(s, lay)
    if st == START:
        return start_legal(s, lay)
    if st == SPAWN:
        return spawn_legal(s, lay)
    if st == HAND:
        return hand_legal(s, lay)
    return []


def apply(s: GraxiaState, lay: Layout, action: int, events: list[Event] | None) -> None:
    st = s.solo.setup_step
    if st == BUILD:
        build_apply(s, lay, action, events)
    elif st == HOME:
        home_apply(s, lay, action, events)
    elif st == START:
        start_apply(s, lay, action, events)
    elif st == SPAWN:
        spawn_apply(s, lay, action, events)
    elif st == HAND:
        hand_apply(s, lay, action, events)
    else:  # pragma: no cover - legal() offers nothing after the set-up
        raise ConfigError("the solo set-up is over")


EXPLAIN = {
    BUILD: "build your deck (§9.2): 'choose' a unit card or 'take' a spell card within the "
    "scenario's size, Hero and Large Creature limits and the box's copies; 'end' when legal",
    HOME: "choose your Home Row A-D (§9.2 Solo Scenario 3): 'target' one of its tiles",
    START: "place the scenario's starting units (§9.2): a Guardian not on the map, the other "
    "classes from your Unit Deck, on your Home Row or controlled tiles; 'end' when done",
    SPAWN: "place the Non-Player's unit on a free tile of the land type (§9.2 Solo Scenario 5)",
    HAND: "pick your initial hand from the Unit and Spell Decks (§9.2 Solo Scenario 3, Home Row A)",
}


def explain(s: GraxiaState) -> str:
    rule = s.sc.deck_rule
    if s.solo.setup_step == BUILD and rule is not None:
        how = "exactly" if rule.exact_classes else "at most"
        return (
            f"build your deck (§9.2): {rule.units} unit cards with {how} {rule.max_heroes} "
            f"Heroes and {rule.max_large} Large Creatures, and {rule.spells} spell cards, "
            "within the box's copies ('choose' a unit card, 'take' a spell card); the "
            "Non-Player draws its units from this deck; 'end' when legal"
        )
    return EXPLAIN.get(s.solo.setup_step, "the set-up is over")
