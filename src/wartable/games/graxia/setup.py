"""§9 Scenario set-up: Guardian choice, the draft of scenario 6, and the simultaneous
face-down placement of starting forces (commit-then-reveal), then the initial hands."""

from __future__ import annotations

from typing import Final

from wartable.core.events import Event, emit

from . import actions as acts
from . import board as map_rules
from . import command, effects
from .actions import Layout
from .catalog.tables import GUARDIAN
from .state import COMMAND, DRAFT, GUARD, PLACE, GraxiaState

ASSASSINATION_PICKS: Final = 10


def guardian_of(s: GraxiaState, seat: int) -> int:
    """The seat's Guardian card (fixed by the scenario, the config, or chosen), or -1."""
    return s.guard[seat]


def begin(s: GraxiaState, events: list[Event] | None) -> None:
    """Build the decks, place pre-placed units, then ask for whatever the scenario leaves open."""
    sc = s.sc
    if sc.solo:  # §9.2: the Non-Player's set-up, the Player's decisions (variant: solo/setup.py)
        s.variant.begin(s, events)
        return
    s.decks[0] = list(sc.unit_decks[0])
    s.decks[1] = [] if sc.shared_units else list(sc.unit_decks[1])
    s.decks[2] = list(sc.spell_decks[0])
    s.decks[3] = [] if sc.shared_spells else list(sc.spell_decks[1])
    for d in s.decks:
        s.rng.shuffle(d)
    if "split_deck" in sc.draft:  # §9.1 #4: one random unit leaves; the deck is halved
        full = s.decks[0]
        if full:
            full.pop(s.rng.below(len(full)))
        half = len(full) // 2
        s.decks[0], s.decks[1] = full[:half], full[half : 2 * half]
        s.udeck = [0, 1]
    for pp in sc.preplaced:
        cell = sc.board.index[pp.cell]
        command.place(s, pp.seat, s.cat.unit_index[pp.unit], cell, events)
    for seat in (0, 1):
        name = sc.guardians[seat] or (
            s.config.guardians[seat] if len(s.config.guardians) > seat else ""
        )
        s.guard[seat] = s.cat.unit_index.get(name, -1) if name else -1
    s.phase = GUARD
    if _need_guardian(s, 0) or _need_guardian(s, 1):
        s.current = 0 if _need_guardian(s, 0) else 1
        return
    after_guardians(s, events)


def _need_guardian(s: GraxiaState, seat: int) -> bool:
    return s.guard[seat] < 0


def guardian_legal(s: GraxiaState, lay: Layout) -> list[int]:
    if s.track.picks == 1:  # who plays the first round: name that player's Guardian
        return sorted(lay.one(acts.K_CHOOSE, g) for g in s.guard)
    taken = {s.guard[0], s.guard[1]}
    return [
        lay.one(acts.K_CHOOSE, u)
        for u, ut in enumerate(s.cat.units)
        if ut.klass == GUARDIAN and u not in taken
    ]


def guardian_apply(s: GraxiaState, seat: int, u: int, events: list[Event] | None) -> None:
    if s.track.picks == 1:
        s.track.picks = 0
        s.track.first_seat = 0 if u == s.guard[0] else 1
        emit(events, "first_player", seat=s.track.first_seat)
        _after_first(s, events)
        return
    s.guard[seat] = u
    emit(events, "guardian", seat=seat, unit=s.cat.units[u].name)
    if _need_guardian(s, 1 - seat):
        s.current = 1 - seat
        return
    after_guardians(s, events)


def least_health_seat(s: GraxiaState) -> int:
    h0, h1 = (s.cat.units[g].health for g in s.guard)
    return 0 if h0 <= h1 else 1


def after_guardians(s: GraxiaState, events: list[Event] | None) -> None:
    """§9.1 #3, #4, §9.3: the player whose Guardian has the least health chooses who plays
    the first round (``choose`` that player's Guardian)."""
    sc = s.sc
    if sc.least_health_first and s.guard[0] >= 0 and s.guard[1] >= 0:
        s.current = least_health_seat(s)
        s.track.picks = 1
        return
    s.track.first_seat = sc.first
    _after_first(s, events)


def _after_first(s: GraxiaState, events: list[Event] | None) -> None:
    sc = s.sc
    if s.track.first_seat != sc.first:  # the first player starts with 10 mana, the second 20
        s.mana[0], s.mana[1] = s.mana[1], s.mana[0]
    if "assassination" in sc.draft:
        s.phase = DRAFT
        s.track.picks = 0
        both = s.guard[0] >= 0 and s.guard[1] >= 0
        s.current = least_health_seat(s) if both else s.track.first_seat
        return
    open_placement(s, events)


def chosen_guardian(s: GraxiaState, seat: int) -> int:
    return s.guard[seat]


# ----- scenario 6: the draft of normal units ---------------------------------------------
def draft_turn(s: GraxiaState) -> int:
    """Least-health player picks 1, then 2 each alternately until both have 10 (§9.1 #6)."""
    n = s.track.picks
    first = s.current
    if n == 0:
        return first
    k = (n - 1) // 2
    return 1 - first if k % 2 == 0 else first


def draft_legal(s: GraxiaState, lay: Layout, seat: int) -> list[int]:
    if len(s.pool[seat]) >= ASSASSINATION_PICKS:
        return []
    taken = set(s.pool[0]) | set(s.pool[1])
    return [
        lay.one(acts.K_CHOOSE, u)
        for u, ut in enumerate(s.cat.units)
        if not ut.unique and u not in taken
    ]


def draft_apply(s: GraxiaState, seat: int, u: int, events: list[Event] | None) -> None:
    s.pool[seat].append(u)
    s.track.picks += 1
    emit(events, "drafted", seat=seat, unit=s.cat.units[u].name)
    if len(s.pool[0]) >= ASSASSINATION_PICKS and len(s.pool[1]) >= ASSASSINATION_PICKS:
        open_placement(s, events)
        return
    while len(s.pool[draft_turn(s)]) >= ASSASSINATION_PICKS:
        s.track.picks += 1


# ----- placement (commit-then-reveal) ----------------------------------------------------
def open_placement(s: GraxiaState, events: list[Event] | None) -> None:
    sc = s.sc
    seats = []
    for seat in (0, 1):
        rule = sc.draft[seat]
        if rule == "draw_choose":
            pile = s.decks[s.udeck[seat]]
            n = min(sc.draw[seat], len(pile))
            s.pool[seat] = [pile.pop() for _ in range(n)]
        elif rule == "split_deck":
            s.pool[seat] = s.decks[s.udeck[seat]]
            s.decks[s.udeck[seat]] = []
        if rule or _guardian_unplaced(s, seat):
            seats.append(seat)
    s.phase = PLACE
    s.commit.open(seats)
    if not seats:
        finish_setup(s, events)


def _guardian_unplaced(s: GraxiaState, seat: int) -> bool:
    g = s.guard[seat]
    return g >= 0 and s.guardian_cell(seat) < 0 and g not in s.hands[seat]


def _buffer(
    s: GraxiaState, lay: Layout, seat: int
) -> tuple[list[int], list[int], list[int], int, int]:
    """(placed cards, used cells, reinforcement cards, spy, spent mana) from the buffer."""
    cards, cells, extra = [], [], []
    spy, spent = -1, 0
    for a in s.commit.buffers[seat]:
        k, x, y = lay.decode(a)
        if k == acts.K_PLACE:
            cards.append(x)
            cells.append(y)
            if not s.cat.units[x].is_guardian:
                spent += s.cat.units[x].cost
        elif k == acts.K_CHOOSE:
            extra.append(x)
        elif k == acts.K_SPY:
            spy = x
    return cards, cells, extra, spy, spent


def _remaining(pool: list[int], used: list[int]) -> list[int]:
    left = list(pool)
    for u in used:
        if u in left:
            left.remove(u)
    return left


def place_legal(s: GraxiaState, lay: Layout, seat: int) -> list[int]:
    sc = s.sc
    cards, cells, extra, spy, spent = _buffer(s, lay, seat)
    rule = sc.draft[seat]
    g = guardian_of(s, seat)
    out: list[int] = []
    if rule == "assassination" and spy < 0:
        return sorted({lay.one(acts.K_SPY, u) for u in s.pool[seat]})
    need_guardian = _guardian_unplaced(s, seat) and g not in cards
    if need_guardian:
        for c in sc.home[seat]:
            if s.unit[c] < 0 and c not in cells and map_rules.can_stand(s, s.cat.units[g], c):
                out.append(lay.at(acts.K_PLACE, g, c))
    left = _remaining(s.pool[seat], cards + extra)
    budget = sc.budget[seat] if rule != "assassination" else 10**6
    free = [c for c in sc.deploy[seat] if s.unit[c] < 0 and c not in cells]
    if rule == "assassination":
        free = [c for c in sc.home[seat] + sc.deploy[seat] if s.unit[c] < 0 and c not in cells]
    plain = [map_rules.open_ground(s, c) for c in free]  # asked once, not once per unit
    units = s.cat.units
    for u in sorted(set(left)):
        ut = units[u]
        if spent + ut.cost <= budget:
            row = lay.at(acts.K_PLACE, u, 0)
            for i in range(len(free)):
                c = free[i]
                if plain[i] or map_rules.can_stand(s, ut, c):
                    out.append(row + c)
    if rule == "split_deck":
        reinf = sum(s.cat.units[u].cost for u in extra)
        for u in sorted(set(left)):
            if reinf + s.cat.units[u].cost <= sc.reinforcements[seat]:
                out.append(lay.one(acts.K_CHOOSE, u))
    done = not need_guardian and (rule != "assassination" or not left or not free)
    if done:
        out.append(acts.END)
    out.extend(lay.one(acts.K_UNPLACE, c) for c in cells)  # face down: may be taken back
    return acts.sorted_unique(out)


def placements(s: GraxiaState, lay: Layout, seat: int) -> list[tuple[int, int]]:
    """(unit, cell) of the seat's face-down placements not yet revealed (its own buffer)."""
    cards, cells, _, _, _ = _buffer(s, lay, seat)
    return list(zip(cards, cells, strict=True))


def place_apply(
    s: GraxiaState, lay: Layout, seat: int, action: int, events: list[Event] | None
) -> None:
    if action == acts.END:
        s.commit.finish(seat)
        emit(events, "committed", seat=seat)
        if s.commit.all_done:
            reveal(s, lay, events)
        return
    kind, cell, _ = lay.decode(action)
    if kind == acts.K_UNPLACE:  # the face-down card goes back to the pool (§9.1 set-up)
        buf = s.commit.buffers[seat]
        buf[:] = [a for a in buf if not _places_at(lay, a, cell)]
        return
    s.commit.add(seat, action)


def _places_at(lay: Layout, action: int, cell: int) -> bool:
    kind, _, at = lay.decode(action)
    return kind == acts.K_PLACE and at == cell


def reveal(s: GraxiaState, lay: Layout, events: list[Event] | None) -> None:
    chosen = s.commit.reveal()
    for seat in (0, 1):
        s.commit.buffers[seat] = chosen[seat]
        cards, cells, extra, spy, _ = _buffer(s, lay, seat)
        s.commit.buffers[seat] = []
        for u, c in zip(cards, cells, strict=True):
            command.place(s, seat, u, c, events)
        left = _remaining(s.pool[seat], cards + extra)
        rule = s.sc.draft[seat]
        if rule == "assassination":
            s.track.set_spy(seat, spy)  # the spy and the Verification Deck stay aside
            left = []
        pile = s.decks[s.udeck[seat]]
        pile.extend(left)
        s.rng.shuffle(pile)
        if extra:  # §9.1 #4: reinforcements randomly on top of the Unit Deck
            s.rng.shuffle(extra)
            pile.extend(extra)
        s.pool[seat] = []
        emit(events, "revealed", seat=seat, units=[s.cat.units[u].name for u in cards])
    finish_setup(s, events)


def finish_setup(s: GraxiaState, events: list[Event] | None) -> None:
    """§9: initial hands (4 unit and 4 spell cards unless the scenario says otherwise)."""
    nu_, ns_ = s.sc.initial_hand
    for seat in (0, 1):
        for _ in range(nu_):
            if effects.can_draw(s, seat, True):
                effects.draw_card(s, seat, True, None)
        for _ in range(ns_):
            if effects.can_draw(s, seat, False):
                effects.draw_card(s, seat, False, None)
    s.round_no = 0
    s.current = s.track.first_seat
    s.phase = COMMAND  # turn 1: no Draw Cards Phase
    emit(events, "setup_done", first=s.current)
