"""Draconia's round sequence as a decision state machine (2-4 players, 2v2, settlements).

Section names in comments are the rulebook's. ``legal.py`` says what may be done;
``step`` applies a legal action and runs the automatic parts of the round (Order,
Back Line, Upkeep) until the next decision.
"""

from __future__ import annotations

from typing import Final

from wartable.core.events import Event, emit

from . import actions as acts
from . import draft
from . import settlements as settlement_cards
from .board import bombard_target, enemies, seats_from
from .cards import CLASSES, DECK_SIZE, FACTIONS
from .combat import arrow_strike, arrows_on_field, damage, fortify_icons, resolve_attack, reveal
from .ending import check_end, end_by_rounds
from .setup import after_factions, reveal_settlements
from .state import (
    ARROW,
    BELLOW,
    BOMBARD,
    CAMP_RETRIEVE,
    CAMP_SPEND,
    DEPLOY,
    DRAFT_BASIC,
    DRAFT_LEADER,
    EMPTY,
    FACTION,
    MAIN,
    MANEUVER,
    OVER,
    PALACE,
    PYRAMID_ATTACK,
    PYRAMID_DEFENSE,
    RESUME_MAIN,
    RESUME_SKIRMISH,
    REVIVE,
    SETTLEMENT,
    SKIRMISH,
    DraconiaState,
)

LINES: Final = (0, 1, 2)


def to_act(s: DraconiaState) -> tuple[int, ...]:
    ph = s.phase
    if ph == OVER:
        return ()
    if ph == DEPLOY or ph == SETTLEMENT:
        return s.commit.pending()
    if ph == FACTION:
        return (s.faction_queue[0],)
    if ph == REVIVE or ph == BOMBARD or ph == PALACE:
        queue = (
            s.revive_queue if ph == REVIVE else s.bombard_queue if ph == BOMBARD else s.palace_queue
        )
        return (queue[0],)
    if ph == BELLOW:
        return (s.bellow_queue[0] // 100,)
    if ph == CAMP_RETRIEVE or ph == CAMP_SPEND:
        return (s.camp_queue[0],)
    if DRAFT_LEADER <= ph <= DRAFT_BASIC:
        return (s.draft_turn,)
    return (s.active,)


def _move(src: list[int], dst: list[int], card: int) -> None:
    src.remove(card)
    dst.append(card)


def step(s: DraconiaState, seat: int, a: int, ev: list[Event] | None) -> None:
    s.decisions += 1
    ph = s.phase
    if ph == DEPLOY:
        _deploy(s, seat, a, ev)
    elif acts.REVEAL <= a < acts.ATTACK:
        reveal(s, seat, a - acts.REVEAL, ev)
    elif ph == ARROW:
        _arrow(s, seat, a, ev)
    elif ph == MAIN:
        _main_action(s, seat, a, ev)
    elif ph == SKIRMISH:
        line, target = (1, a - acts.ATTACK_MID) if a >= acts.ATTACK_MID else (a - acts.ATTACK, -1)
        s.attacks_left.remove(line)
        _attack(s, seat, line, False, target, ev)
    elif ph == MANEUVER:
        _maneuver(s, seat, a, ev)
    elif ph == BELLOW:
        _bellow(s, seat, a, ev)
    elif ph == REVIVE:
        _revive(s, seat, a, ev)
    elif ph == BOMBARD:
        s.bombard_queue.pop(0)
        damage(s, a - acts.BOMBARD_AT, 1, "bombard", ev)
        _bombard_next(s, ev)
    elif ph == CAMP_RETRIEVE:
        _move(s.camp[seat], s.hand[seat], a - acts.RETRIEVE)
        emit(ev, "retrieve", seat=seat, card=a - acts.RETRIEVE, cost=0)
        s.phase = CAMP_SPEND
    elif ph == CAMP_SPEND:
        _camp_spend(s, seat, a, ev)
    elif ph == PALACE:
        _palace(s, seat, a, ev)
    elif ph == SETTLEMENT:
        s.commit.add(seat, a)
        s.commit.finish(seat)
        emit(ev, "settlement_chosen", seat=seat)
        if s.commit.all_done:
            reveal_settlements(s, ev)
            start_round(s, ev)
    elif ph == FACTION:
        s.factions[seat] = FACTIONS[a - acts.FACTION]
        emit(ev, "faction", seat=seat, faction=s.factions[seat])
        s.faction_queue.pop(0)
        if not s.faction_queue and after_factions(s, ev):
            start_round(s, ev)
    elif DRAFT_LEADER <= ph <= DRAFT_BASIC:
        if draft.pick(s, seat, a - acts.DRAFT, ev):
            _finish_draft(s, ev)


def _finish_draft(s: DraconiaState, ev: list[Event] | None) -> None:
    order = {c: i for i, c in enumerate(CLASSES)}
    for p in range(s.seats):
        deck = sorted(s.picks[p], key=lambda u: (order[s.cards.units[u].unit_class], u))
        s.decks[p] = tuple(deck)
        s.factions[p] = s.cards.units[deck[0]].faction
    if after_factions(s, ev):
        start_round(s, ev)


# ----------------------------------------------------------------------------- Deploy Phase
def start_round(s: DraconiaState, ev: list[Event] | None) -> None:
    emit(ev, "round", round=s.round)
    deployers = [p for p in range(s.seats) if s.alive[p] and s.hand[p]]
    s.phase = DEPLOY
    s.commit.open(deployers)
    if not deployers:
        _order_phase(s, ev)


def _deploy(s: DraconiaState, seat: int, a: int, ev: list[Event] | None) -> None:
    s.commit.add(seat, a)
    if len(s.commit.buffers[seat]) >= min(3, len(s.hand[seat])):
        s.commit.finish(seat)
        emit(ev, "deployed", seat=seat)
    if s.commit.all_done:
        for p, buf in enumerate(s.commit.reveal()):
            for act in buf:
                line, card = divmod(act - acts.DEPLOY, DECK_SIZE)
                s.hand[p].remove(card)
                s.field[p][line] = card
                s.face_up[p][line] = False
        _order_phase(s, ev)


# ----------------------------------------------------------------------------- Order Phase
def _order_phase(s: DraconiaState, ev: list[Event] | None) -> None:
    """Reveal every Haste unit; most Haste acts first; ties go to the first player token,
    then clockwise from it."""
    seats = s.seats
    haste = [0] * seats
    for p in seats_from(s, 0):
        for line in LINES:
            pos = s.field[p][line]
            if pos != EMPTY:
                h = s.unit(p, pos).haste
                if h:
                    reveal(s, p, line, ev)
                    haste[p] += h
    s.order = sorted(seats_from(s, 0), key=lambda p: (-haste[p], (p - s.first) % seats))
    emit(ev, "order", order=list(s.order), haste=haste)
    # Crimson Palace: once per game, after the order is determined
    s.palace_queue = [
        p
        for p in s.order
        if s.settlement[p] == settlement_cards.CRIMSON_PALACE
        and s.stokens[p] > 0
        and any(s.field[p][line] != EMPTY and s.unit(p, s.field[p][line]).haste for line in LINES)
    ]
    if s.palace_queue:
        s.phase = PALACE
    else:
        _start_turn(s, 0, ev)


def _palace(s: DraconiaState, seat: int, a: int, ev: list[Event] | None) -> None:
    s.palace_queue.pop(0)
    if a == acts.PALACE:
        s.stokens[seat] = 0
        for line in LINES:
            pos = s.field[seat][line]
            if pos != EMPTY and s.unit(seat, pos).haste:
                s.field[seat][line] = EMPTY
                s.face_up[seat][line] = False
                s.hand[seat].append(pos)
        emit(ev, "palace", seat=seat)
    if not s.palace_queue:
        _start_turn(s, 0, ev)


# ----------------------------------------------------------------------------- Action Phase
def _start_turn(s: DraconiaState, index: int, ev: list[Event] | None) -> None:
    while index < len(s.order) and not s.alive[s.order[index]]:
        index += 1
    if index >= len(s.order):
        _back_line(s, ev)
        return
    s.turn = index
    s.active = seat = s.order[index]
    emit(ev, "turn", seat=seat)
    s.phase = ARROW if arrow_step(s, seat) else MAIN


def arrow_step(s: DraconiaState, seat: int) -> bool:
    """Whether ``seat``'s turn opens with the arrow step ("Arrows": "when your turn begins,
    before your action, if your units have any number of Arrows, you may perform ONE single
    arrow strike"; "Revealing Units": the active player can freely reveal their units).

    Decided on public facts only, never on what a face-down unit is: the step is offered
    when an enemy unit is on the field and the seat either has face-up Arrows or a
    face-down unit it could reveal first (which may or may not have Arrows). Only a
    seat whose units are all face up without Arrows skips it (nothing it could do there
    but pass, and everybody can see that)."""
    if not any(x != EMPTY for foe in enemies(s, seat) for x in s.field[foe]):
        return False
    row, up = s.field[seat], s.face_up[seat]
    if any(row[line] != EMPTY and not up[line] for line in range(3)):
        return True
    return arrows_on_field(s, seat) > 0


def _end_turn(s: DraconiaState, ev: list[Event] | None) -> None:
    s.attacks_left = []
    _start_turn(s, s.turn + 1, ev)


def _arrow(s: DraconiaState, seat: int, a: int, ev: list[Event] | None) -> None:
    s.phase = MAIN
    if a == acts.PASS:
        return
    if a >= acts.ARROW_AT:
        target, line = divmod(a - acts.ARROW_AT, 3)
    else:
        target, line = 1 - seat, a - acts.ARROW
    arrow_strike(s, seat, target, line, ev)
    s.resume = RESUME_MAIN
    _after_resolution(s, ev)


def _main_action(s: DraconiaState, seat: int, a: int, ev: list[Event] | None) -> None:
    if a == acts.REST:
        gained = _gain_supply(s, seat, 2)
        emit(ev, "rest", seat=seat, supply=gained)
        _end_turn(s, ev)
    elif a == acts.SKIRMISH:
        emit(ev, "skirmish", seat=seat)
        s.attacks_left = [line for line in LINES if s.field[seat][line] != EMPTY]
        s.phase = SKIRMISH
        if not s.attacks_left:
            _end_turn(s, ev)
    else:
        line, target = (
            (1, a - acts.CAUTIOUS_MID) if a >= acts.CAUTIOUS_MID else (a - acts.CAUTIOUS, -1)
        )
        emit(ev, "cautious_attack", seat=seat, line=line)
        s.attacks_left = []
        _attack(s, seat, line, True, target, ev)


def _attack(
    s: DraconiaState, seat: int, line: int, cautious: bool, target: int, ev: list[Event] | None
) -> None:
    maneuver = resolve_attack(s, seat, line, cautious, target, ev)
    if maneuver and not s.bellow_queue:
        s.maneuver_line = line
        s.phase = MANEUVER
        return
    s.resume = RESUME_SKIRMISH
    _after_resolution(s, ev)


def _after_resolution(s: DraconiaState, ev: list[Event] | None) -> None:
    """Pending Bellow choices first, then the end-of-game check, then play goes on."""
    while s.bellow_queue and s.stokens[s.bellow_queue[0] // 100] <= 0:
        s.bellow_queue.pop(0)
    if s.bellow_queue:
        s.phase = BELLOW
        return
    if check_end(s, ev):
        return
    if not s.alive[s.active]:
        _end_turn(s, ev)
    elif s.resume == RESUME_MAIN:
        s.phase = MAIN
    else:
        _continue_skirmish(s, ev)


def _bellow(s: DraconiaState, seat: int, a: int, ev: list[Event] | None) -> None:
    """The Beast's Bellow: the Command unit enters the Camp instead of the Graveyard."""
    entry = s.bellow_queue.pop(0)
    if a != acts.PASS:
        card = entry % 100
        _move(s.grave[seat], s.camp[seat], card)
        s.stokens[seat] -= 1
        emit(ev, "bellow", seat=seat, card=card)
    _after_resolution(s, ev)


def _continue_skirmish(s: DraconiaState, ev: list[Event] | None) -> None:
    seat = s.active
    s.attacks_left = [line for line in s.attacks_left if s.field[seat][line] != EMPTY]
    if s.attacks_left:
        s.phase = SKIRMISH
    else:
        _end_turn(s, ev)


def _maneuver(s: DraconiaState, seat: int, a: int, ev: list[Event] | None) -> None:
    """Maneuver: the blocked attacker returns to hand; another hand unit takes its place face down."""
    line = s.maneuver_line
    s.maneuver_line = -1
    if a != acts.PASS:
        card = a - acts.MANEUVER
        back = s.field[seat][line]
        s.hand[seat].remove(card)
        s.hand[seat].append(back)
        s.field[seat][line] = card
        s.face_up[seat][line] = False
        emit(ev, "maneuver", seat=seat, line=line, returned=back)
    _continue_skirmish(s, ev)


# ----------------------------------------------------------------------------- tokens
def _pool_left(s: DraconiaState, fortify: bool) -> int:
    if s.config.token_pool == 0:
        return 1 << 30
    if fortify:
        used = sum(sum(row) for row in s.slot_fortify)
    else:
        used = sum(s.supply) + sum(sum(row) for row in s.slot_supply)
    return s.config.token_pool - used


def _gain_supply(s: DraconiaState, seat: int, n: int) -> int:
    n = max(0, min(n, _pool_left(s, False)))
    s.supply[seat] += n
    return n


def _add_fortify(s: DraconiaState, seat: int, line: int, n: int) -> int:
    add = max(0, min(n, 2 - s.slot_fortify[seat][line], _pool_left(s, True)))
    s.slot_fortify[seat][line] += add
    return add


# ----------------------------------------------------------------------------- Back Line Phase
def _back_line(s: DraconiaState, ev: list[Event] | None) -> None:
    """Reveal all; Supply and Fortify, then Revive choices, then Bombard."""
    s.attacks_left = []
    s.revive_queue = []
    for p in seats_from(s, s.first):
        for line in LINES:
            pos = s.field[p][line]
            if pos == EMPTY:
                continue
            reveal(s, p, line, ev)
            unit = s.unit(p, pos)
            if unit.supply:
                gained = _gain_supply(s, p, unit.supply)
                emit(ev, "supply", seat=p, line=line, gained=gained)
            fortify = fortify_icons(s, p, unit)
            if fortify:
                emit(ev, "fortify", seat=p, line=line, placed=_add_fortify(s, p, line, fortify))
            s.revive_queue.extend([p] * unit.revive)
    if s.revive_queue:
        s.phase = REVIVE
    else:
        _bombard(s, ev)


def _revive(s: DraconiaState, seat: int, a: int, ev: list[Event] | None) -> None:
    if a == acts.REVIVE_HEAL:
        s.health[seat] += 1
        emit(ev, "revive", seat=seat, healed=1)
    else:
        card = a - acts.REVIVE
        _move(s.grave[seat], s.hand[seat], card)
        emit(ev, "revive", seat=seat, card=card, unit=s.unit(seat, card).name)
    s.revive_queue.pop(0)
    if not s.revive_queue:
        _bombard(s, ev)


def _bombard(s: DraconiaState, ev: list[Event] | None) -> None:
    """Bombard: 1 damage per icon; a middle unit's owner picks among several opponents."""
    s.bombard_queue = []
    for p in seats_from(s, s.first):
        for line in LINES:
            pos = s.field[p][line]
            if pos != EMPTY and s.unit(p, pos).bombard:
                target = bombard_target(s, p, line)
                if target < 0:
                    s.bombard_queue.extend([p] * s.unit(p, pos).bombard)
                else:
                    damage(s, target, s.unit(p, pos).bombard, "bombard", ev)
    _bombard_next(s, ev)


def _bombard_next(s: DraconiaState, ev: list[Event] | None) -> None:
    if s.bombard_queue:
        s.phase = BOMBARD
        return
    if not check_end(s, ev):
        _camp_phase(s, ev)


# ----------------------------------------------------------------------------- Camp Phase
def _camp_phase(s: DraconiaState, ev: list[Event] | None) -> None:
    s.camp_queue = seats_from(s, s.first)
    _next_camp_seat(s, ev)


def _next_camp_seat(s: DraconiaState, ev: list[Event] | None) -> None:
    if not s.camp_queue:
        _upkeep(s, ev)
        return
    seat = s.camp_queue[0]
    s.phase = CAMP_RETRIEVE if s.camp[seat] else CAMP_SPEND


def _camp_spend(s: DraconiaState, seat: int, a: int, ev: list[Event] | None) -> None:
    if a == acts.PASS:
        s.camp_queue.pop(0)
        _next_camp_seat(s, ev)
    elif a == acts.HEAL:
        s.supply[seat] -= 2
        s.health[seat] += 1
        emit(ev, "heal", seat=seat, health=s.health[seat])
    elif acts.EXTRA <= a < acts.PERSIST:
        s.supply[seat] -= 1
        _move(s.camp[seat], s.hand[seat], a - acts.EXTRA)
        emit(ev, "retrieve", seat=seat, card=a - acts.EXTRA, cost=1)
    elif acts.SUPPLY_SLOT <= a < acts.DEPLOY:
        s.supply[seat] -= 1
        s.slot_supply[seat][a - acts.SUPPLY_SLOT] = 1
        emit(ev, "supply_slot", seat=seat, line=a - acts.SUPPLY_SLOT)
    elif acts.PERSIST <= a < acts.REVIVE:
        s.supply[seat] -= 1
        _move(s.grave[seat], s.hand[seat], a - acts.PERSIST)
        emit(ev, "persistent", seat=seat, card=a - acts.PERSIST)
    else:
        _settlement_spend(s, seat, a, ev)


def _settlement_spend(s: DraconiaState, seat: int, a: int, ev: list[Event] | None) -> None:
    if acts.GLIMMER <= a < acts.BLESS:
        line = a - acts.GLIMMER
        s.supply[seat] -= 2
        s.glimmer_round[seat] = s.round
        emit(ev, "glimmerspire", seat=seat, line=line, placed=_add_fortify(s, seat, line, 2))
    elif acts.BLESS <= a < acts.PYRAMID:
        line, kind = divmod(a - acts.BLESS, len(settlement_cards.BLESSINGS))
        s.stokens[seat] = 0
        s.bless[seat] = [line, kind, s.round + 1, 0]
        emit(ev, "blessing_placed", seat=seat, line=line)
        emit(ev, "blessing_kind", seat=seat, kind=settlement_cards.BLESSINGS[kind], to=(seat,))
    else:
        line, kind = divmod(a - acts.PYRAMID, len(settlement_cards.PYRAMIDS))
        s.supply[seat] -= settlement_cards.PYRAMID_COST[kind]
        s.stokens[seat] -= 1
        if kind != 1:
            s.marks[seat][PYRAMID_ATTACK + line] += 1
        if kind != 0:
            s.marks[seat][PYRAMID_DEFENSE + line] += 1
        emit(ev, "pyramid", seat=seat, line=line, kind=settlement_cards.PYRAMIDS[kind])


# ----------------------------------------------------------------------------- Upkeep and the end
def _upkeep(s: DraconiaState, ev: list[Event] | None) -> None:
    for p in range(s.seats):
        for line in LINES:
            pos = s.field[p][line]
            if pos != EMPTY:
                s.camp[p].append(pos)
                s.field[p][line] = EMPTY
                s.face_up[p][line] = False
        if s.bless[p][0] >= 0 and s.bless[p][2] <= s.round:
            s.bless[p] = [-1, 0, 0, 0]  # "Once the round is over, discard all 3 blessing tokens"
    if s.round >= s.config.rounds:
        end_by_rounds(s, ev)
        return
    for p in seats_from(s, 0):
        drawn = [s.draw[p].pop() for _ in range(min(2, len(s.draw[p])))]
        s.hand[p].extend(drawn)
        emit(ev, "draw", seat=p, count=len(drawn))
        emit(ev, "drew", seat=p, cards=drawn, to=(p,))
    s.first = seats_from(s, s.first + 1)[0]
    s.round += 1
    start_round(s, ev)
