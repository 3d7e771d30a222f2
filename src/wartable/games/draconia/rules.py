"""Draconia's round sequence as a decision state machine (2-player rules).

Section names in comments are the rulebook's. ``legal`` is the one source of
truth for what may be done; ``step`` applies a legal action and runs the
automatic parts of the round (Order, Back Line, Upkeep) until the next decision.
"""

from __future__ import annotations

from wartable.core.commit import Commitments
from wartable.core.events import Event
from wartable.core.rng import Rng

from . import actions as A
from .cards import DECK_SIZE, FACTIONS, CardSet
from .combat import arrow_strike, arrows_on_field, damage, resolve_attack, reveal
from .config import DraconiaConfig
from .state import (
    ARROW,
    CAMP_RETRIEVE,
    CAMP_SPEND,
    DEPLOY,
    EMPTY,
    FACTION,
    MAIN,
    MANEUVER,
    OVER,
    REVIVE,
    SKIRMISH,
    DraconiaState,
)

LINES = (0, 1, 2)
HAND_START = 4  # Draw Setup Hand: leader + 2 champions + 4 drawn


# ----------------------------------------------------------------------------- set-up
def new_state(config: DraconiaConfig, seed: int, cards: CardSet) -> DraconiaState:
    seats = config.players
    s = DraconiaState.__new__(DraconiaState)
    s.config = config
    s.cards = cards
    s.rng = Rng(seed)
    s.commit = Commitments(seats)
    s.health = [config.starting_health] * seats
    s.supply = [0] * seats
    s.hand = [[] for _ in range(seats)]
    s.draw = [[] for _ in range(seats)]
    s.camp = [[] for _ in range(seats)]
    s.grave = [[] for _ in range(seats)]
    s.field = [[EMPTY] * 3 for _ in range(seats)]
    s.face_up = [[False] * 3 for _ in range(seats)]
    s.slot_supply = [[0] * 3 for _ in range(seats)]
    s.slot_fortify = [[0] * 3 for _ in range(seats)]
    s.order, s.attacks_left, s.revive_queue, s.camp_queue, s.winners = [], [], [], [], []
    s.round, s.turn, s.active, s.maneuver_line, s.decisions = 1, 0, 0, -1, 0
    s.end_reason = ""
    # Determine the First Player: randomly
    s.first = config.first_player if config.first_player is not None else s.rng.below(seats)
    if s.first >= seats:
        s.first = s.first % seats
    wanted = [config.faction_for(i) for i in range(seats)]
    s.factions = [f if f in FACTIONS else "" for f in wanted]
    s.decks = [() for _ in range(seats)]
    s.faction_queue = [i for i, f in enumerate(wanted) if f == "choose"]
    if s.faction_queue:
        s.phase = FACTION
    else:
        _finish_setup(s)
    return s


def _finish_setup(s: DraconiaState) -> None:
    """Random factions for seats still without one, then each seat's 7-card hand."""
    for seat in range(s.seats):
        if not s.factions[seat]:
            free = [f for f in FACTIONS if f not in s.factions]
            s.factions[seat] = s.rng.choice(free)
    s.decks = [s.cards.decks[f] for f in s.factions]
    for seat in range(s.seats):
        # leader (0) and champions (1, 2) to hand; shuffle the 14 basics; draw 4
        s.draw[seat] = list(range(3, DECK_SIZE))
        s.rng.shuffle(s.draw[seat])
        s.hand[seat] = [0, 1, 2]
        for _ in range(HAND_START):
            s.hand[seat].append(s.draw[seat].pop())
    _start_round(s, None)


# ----------------------------------------------------------------------------- legality
def to_act(s: DraconiaState) -> tuple[int, ...]:
    ph = s.phase
    if ph == OVER:
        return ()
    if ph == DEPLOY:
        return s.commit.pending()
    if ph == FACTION:
        return (s.faction_queue[0],)
    if ph == REVIVE:
        return (s.revive_queue[0],)
    if ph == CAMP_RETRIEVE or ph == CAMP_SPEND:
        return (s.camp_queue[0],)
    return (s.active,)


def _reveals(s: DraconiaState, seat: int, out: list[int]) -> None:
    row, up = s.field[seat], s.face_up[seat]
    for line in LINES:
        if row[line] != EMPTY and not up[line]:
            out.append(A.REVEAL + line)


def legal(s: DraconiaState, seat: int) -> list[int]:
    ph = s.phase
    out: list[int] = []
    if ph == DEPLOY:
        buf = s.commit.buffers[seat]
        used_lines = {(a - A.DEPLOY) // DECK_SIZE for a in buf}
        used_cards = {(a - A.DEPLOY) % DECK_SIZE for a in buf}
        for line in LINES:
            if line not in used_lines:
                base = A.DEPLOY + line * DECK_SIZE
                out.extend(base + c for c in sorted(s.hand[seat]) if c not in used_cards)
        return out
    if ph == ARROW:
        _reveals(s, seat, out)
        if arrows_on_field(s, seat) > 0:
            opp = 1 - seat
            out.extend(A.ARROW + line for line in LINES if s.field[opp][line] != EMPTY)
        out.append(A.PASS)
        return out
    if ph == MAIN:
        _reveals(s, seat, out)
        out.append(A.SKIRMISH)
        out.append(A.REST)
        out.extend(A.CAUTIOUS + line for line in LINES if s.field[seat][line] != EMPTY)
        return out
    if ph == SKIRMISH:
        _reveals(s, seat, out)
        out.extend(A.ATTACK + line for line in s.attacks_left)
        return out
    if ph == MANEUVER:
        out.append(A.PASS)
        out.extend(A.MANEUVER + c for c in sorted(s.hand[seat]))
        return out
    if ph == REVIVE:
        out.append(A.REVIVE_HEAL)
        out.extend(A.REVIVE + c for c in sorted(set(s.grave[seat])) if s.unit(seat, c).is_basic)
        return out
    if ph == CAMP_RETRIEVE:
        return [A.RETRIEVE + c for c in sorted(s.camp[seat])]
    if ph == CAMP_SPEND:
        out.append(A.PASS)
        sup = s.supply[seat]
        if sup >= 2:
            out.append(A.HEAL)
        if sup >= 1:
            out.extend(A.EXTRA + c for c in sorted(s.camp[seat]))
            out.extend(A.SUPPLY_SLOT + line for line in LINES if s.slot_supply[seat][line] == 0)
            out.extend(
                A.PERSIST + c for c in sorted(set(s.grave[seat])) if s.unit(seat, c).persistent
            )
        return out
    if ph == FACTION:
        return [A.FACTION + i for i, f in enumerate(FACTIONS) if f not in s.factions]
    return out


def explain(s: DraconiaState, seat: int, a: int) -> str:
    """The rule an illegal action breaks (for ``IllegalAction``)."""
    text = A.action_to_str(a)
    ph = s.phase
    if A.REVEAL <= a < A.ATTACK:
        return f"'{text}': Revealing Units: only your own face-down units, during your turn"
    if a == A.SKIRMISH or a == A.REST or A.CAUTIOUS <= a < A.REVEAL:
        return f"'{text}': Main Action: choose one of Skirmish, Cautious Attack or Rest once per turn, after the arrow strike"
    if A.ARROW <= a < A.SUPPLY_SLOT:
        return f"'{text}': Arrow Strike: once at the start of your turn, needs face-up Arrows and a target unit"
    if A.ATTACK <= a < A.ARROW:
        return f"'{text}': Skirmish: each of your units on the field attacks once"
    if A.DEPLOY <= a < A.RETRIEVE:
        return f"'{text}': Deploy Phase: 3 units from your hand, one per battleline, face down"
    if A.RETRIEVE <= a < A.EXTRA:
        return f"'{text}': Camp Phase step 1: retrieve 1 card from your Camp"
    if a in (A.HEAL,) or A.EXTRA <= a < A.PERSIST or A.SUPPLY_SLOT <= a < A.DEPLOY:
        return f"'{text}': Camp Phase step 2: spend supply tokens you hold (1 per slot at most)"
    if A.PERSIST <= a < A.REVIVE:
        return f"'{text}': Persistent: in the Camp Phase, 1 supply retrieves this unit from the Graveyard"
    if a == A.REVIVE_HEAL or A.REVIVE <= a < A.MANEUVER:
        return (
            f"'{text}': Revive: in the Back Line Phase, restore 1 health or retrieve 1 basic unit"
        )
    if A.MANEUVER <= a < A.FACTION:
        return f"'{text}': Maneuver: after a blocked attack, place another unit from your hand"
    if a >= A.FACTION:
        return f"'{text}': Select a Faction: at set-up, a faction nobody has taken"
    return f"'{text}' is not legal in the {ph} step"


# ----------------------------------------------------------------------------- applying
def step(s: DraconiaState, seat: int, a: int, ev: list[Event] | None) -> None:
    s.decisions += 1
    ph = s.phase
    if ph == DEPLOY:
        _deploy(s, seat, a, ev)
    elif A.REVEAL <= a < A.ATTACK:
        reveal(s, seat, a - A.REVEAL, ev)
    elif ph == ARROW:
        if a != A.PASS:
            arrow_strike(s, seat, a - A.ARROW, ev)
            if _check_end(s, ev):
                return
        s.phase = MAIN
    elif ph == MAIN:
        _main_action(s, seat, a, ev)
    elif ph == SKIRMISH:
        line = a - A.ATTACK
        s.attacks_left.remove(line)
        _attack(s, seat, line, False, ev)
    elif ph == MANEUVER:
        _maneuver(s, seat, a, ev)
    elif ph == REVIVE:
        _revive(s, seat, a, ev)
    elif ph == CAMP_RETRIEVE:
        _move(s.camp[seat], s.hand[seat], a - A.RETRIEVE)
        _event(ev, "retrieve", seat=seat, card=a - A.RETRIEVE, cost=0)
        s.phase = CAMP_SPEND
    elif ph == CAMP_SPEND:
        _camp_spend(s, seat, a, ev)
    elif ph == FACTION:
        s.factions[seat] = FACTIONS[a - A.FACTION]
        _event(ev, "faction", seat=seat, faction=s.factions[seat])
        s.faction_queue.pop(0)
        if not s.faction_queue:
            _finish_setup(s)


def _event(ev: list[Event] | None, kind: str, **fields: object) -> None:
    if ev is not None:
        ev.append({"type": kind, **fields})


def _move(src: list[int], dst: list[int], card: int) -> None:
    src.remove(card)
    dst.append(card)


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


# Deploy Phase ---------------------------------------------------------------
def _start_round(s: DraconiaState, ev: list[Event] | None) -> None:
    _event(ev, "round", round=s.round)
    deployers = [p for p in range(s.seats) if s.hand[p]]
    s.phase = DEPLOY
    s.commit.open(deployers)
    if not deployers:
        _order_phase(s, ev)


def _deploy(s: DraconiaState, seat: int, a: int, ev: list[Event] | None) -> None:
    s.commit.add(seat, a)
    if len(s.commit.buffers[seat]) >= min(3, len(s.hand[seat])):
        s.commit.finish(seat)
        if ev is not None:
            ev.append({"type": "deployed", "seat": seat})
    if s.commit.all_done:
        for p, buf in enumerate(s.commit.reveal()):
            for act in buf:
                line, card = divmod(act - A.DEPLOY, DECK_SIZE)
                s.hand[p].remove(card)
                s.field[p][line] = card
                s.face_up[p][line] = False
        _order_phase(s, ev)


# Order Phase ----------------------------------------------------------------
def _order_phase(s: DraconiaState, ev: list[Event] | None) -> None:
    """Reveal every Haste unit; most Haste acts first, ties to the first player token."""
    haste = [0] * s.seats
    for p in range(s.seats):
        for line in LINES:
            pos = s.field[p][line]
            if pos != EMPTY:
                h = s.unit(p, pos).haste
                if h:
                    reveal(s, p, line, ev)
                    haste[p] += h
    seats = s.seats
    s.order = sorted(range(seats), key=lambda p: (-haste[p], (p - s.first) % seats))
    _event(ev, "order", order=list(s.order), haste=haste)
    _start_turn(s, 0, ev)


# Action Phase ----------------------------------------------------------------
def _start_turn(s: DraconiaState, index: int, ev: list[Event] | None) -> None:
    if index >= len(s.order):
        _back_line(s, ev)
        return
    s.turn = index
    s.active = seat = s.order[index]
    _event(ev, "turn", seat=seat)
    opp = 1 - seat
    has_target = any(x != EMPTY for x in s.field[opp])
    s.phase = ARROW if has_target and arrows_on_field(s, seat, face_up_only=False) else MAIN


def _end_turn(s: DraconiaState, ev: list[Event] | None) -> None:
    s.attacks_left = []
    _start_turn(s, s.turn + 1, ev)


def _main_action(s: DraconiaState, seat: int, a: int, ev: list[Event] | None) -> None:
    if a == A.REST:
        gained = _gain_supply(s, seat, 2)
        _event(ev, "rest", seat=seat, supply=gained)
        _end_turn(s, ev)
    elif a == A.SKIRMISH:
        _event(ev, "skirmish", seat=seat)
        s.attacks_left = [line for line in LINES if s.field[seat][line] != EMPTY]
        s.phase = SKIRMISH
        if not s.attacks_left:
            _end_turn(s, ev)
    else:
        _event(ev, "cautious_attack", seat=seat, line=a - A.CAUTIOUS)
        s.attacks_left = []
        _attack(s, seat, a - A.CAUTIOUS, True, ev)


def _attack(s: DraconiaState, seat: int, line: int, cautious: bool, ev: list[Event] | None) -> None:
    maneuver = resolve_attack(s, seat, line, cautious, ev)
    if _check_end(s, ev):
        return
    if maneuver:
        s.maneuver_line = line
        s.phase = MANEUVER
        return
    _continue_skirmish(s, ev)


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
    if a != A.PASS:
        card = a - A.MANEUVER
        back = s.field[seat][line]
        s.hand[seat].remove(card)
        s.hand[seat].append(back)
        s.field[seat][line] = card
        s.face_up[seat][line] = False
        _event(ev, "maneuver", seat=seat, line=line, returned=back)
    _continue_skirmish(s, ev)


# Back Line Phase -------------------------------------------------------------
def _seats_from_first(s: DraconiaState) -> list[int]:
    return [(s.first + i) % s.seats for i in range(s.seats)]


def _back_line(s: DraconiaState, ev: list[Event] | None) -> None:
    """Reveal all; Supply, Fortify, then Revive choices, then Bombard."""
    s.attacks_left = []
    s.revive_queue = []
    for p in _seats_from_first(s):
        for line in LINES:
            pos = s.field[p][line]
            if pos == EMPTY:
                continue
            reveal(s, p, line, ev)
            unit = s.unit(p, pos)
            if unit.supply:
                gained = _gain_supply(s, p, unit.supply)
                _event(ev, "supply", seat=p, line=line, gained=gained)
            if unit.fortify:
                room = min(2 - s.slot_fortify[p][line], _pool_left(s, True))
                add = max(0, min(unit.fortify, room))
                s.slot_fortify[p][line] += add
                _event(ev, "fortify", seat=p, line=line, placed=add)
            s.revive_queue.extend([p] * unit.revive)
    if s.revive_queue:
        s.phase = REVIVE
    else:
        _bombard(s, ev)


def _revive(s: DraconiaState, seat: int, a: int, ev: list[Event] | None) -> None:
    if a == A.REVIVE_HEAL:
        s.health[seat] += 1
        _event(ev, "revive", seat=seat, healed=1)
    else:
        card = a - A.REVIVE
        _move(s.grave[seat], s.hand[seat], card)
        _event(ev, "revive", seat=seat, card=card, unit=s.unit(seat, card).name)
    s.revive_queue.pop(0)
    if not s.revive_queue:
        _bombard(s, ev)


def _bombard(s: DraconiaState, ev: list[Event] | None) -> None:
    for p in _seats_from_first(s):
        for line in LINES:
            pos = s.field[p][line]
            if pos != EMPTY and s.unit(p, pos).bombard:
                damage(s, 1 - p, s.unit(p, pos).bombard, "bombard", ev)
    if not _check_end(s, ev):
        _camp_phase(s, ev)


# Camp Phase --------------------------------------------------------------------
def _camp_phase(s: DraconiaState, ev: list[Event] | None) -> None:
    s.camp_queue = _seats_from_first(s)
    _next_camp_seat(s, ev)


def _next_camp_seat(s: DraconiaState, ev: list[Event] | None) -> None:
    if not s.camp_queue:
        _upkeep(s, ev)
        return
    seat = s.camp_queue[0]
    s.phase = CAMP_RETRIEVE if s.camp[seat] else CAMP_SPEND


def _camp_spend(s: DraconiaState, seat: int, a: int, ev: list[Event] | None) -> None:
    if a == A.PASS:
        s.camp_queue.pop(0)
        _next_camp_seat(s, ev)
        return
    if a == A.HEAL:
        s.supply[seat] -= 2
        s.health[seat] += 1
        _event(ev, "heal", seat=seat, health=s.health[seat])
    elif A.EXTRA <= a < A.PERSIST:
        s.supply[seat] -= 1
        _move(s.camp[seat], s.hand[seat], a - A.EXTRA)
        _event(ev, "retrieve", seat=seat, card=a - A.EXTRA, cost=1)
    elif A.SUPPLY_SLOT <= a < A.DEPLOY:
        s.supply[seat] -= 1
        s.slot_supply[seat][a - A.SUPPLY_SLOT] = 1
        _event(ev, "supply_slot", seat=seat, line=a - A.SUPPLY_SLOT)
    else:
        s.supply[seat] -= 1
        _move(s.grave[seat], s.hand[seat], a - A.PERSIST)
        _event(ev, "persistent", seat=seat, card=a - A.PERSIST)


# Upkeep Phase and the end ------------------------------------------------------
def _upkeep(s: DraconiaState, ev: list[Event] | None) -> None:
    for p in range(s.seats):
        for line in LINES:
            pos = s.field[p][line]
            if pos != EMPTY:
                s.camp[p].append(pos)
                s.field[p][line] = EMPTY
                s.face_up[p][line] = False
    if s.round >= s.config.rounds:
        _end_by_rounds(s, ev)
        return
    for p in range(s.seats):
        drawn = [s.draw[p].pop() for _ in range(min(2, len(s.draw[p])))]
        s.hand[p].extend(drawn)
        if ev is not None:
            ev.append({"type": "draw", "seat": p, "count": len(drawn)})
            ev.append({"type": "drew", "seat": p, "cards": drawn, "to": [p]})
    s.first = (s.first + 1) % s.seats
    s.round += 1
    _start_round(s, ev)


def _rank_key(s: DraconiaState, p: int) -> tuple[int, int]:
    return (s.health[p], -len(s.grave[p]))


def _finish(s: DraconiaState, winners: list[int], reason: str, ev: list[Event] | None) -> None:
    s.winners = sorted(winners)
    s.end_reason = reason
    s.phase = OVER
    s.commit.open(())
    _event(ev, "game_over", winners=list(s.winners), reason=reason)


def _best(s: DraconiaState, seats: list[int]) -> list[int]:
    top = max(_rank_key(s, p) for p in seats)
    return [p for p in seats if _rank_key(s, p) == top]


def _end_by_rounds(s: DraconiaState, ev: list[Event] | None) -> None:
    """After round 6: more health wins; then fewer units in the Graveyard; else shared."""
    _finish(s, _best(s, list(range(s.seats))), "the last round ended", ev)


def eliminated(s: DraconiaState, seat: int) -> bool:
    return s.health[seat] <= 0 or len(s.grave[seat]) >= s.config.graveyard_limit


def _check_end(s: DraconiaState, ev: list[Event] | None) -> bool:
    """End of the Game: 0 health or 8 units in the Graveyard eliminates a player."""
    out = [p for p in range(s.seats) if eliminated(s, p)]
    if not out:
        return False
    alive = [p for p in range(s.seats) if p not in out]
    if alive:
        _finish(s, alive, "opponent eliminated", ev)
    else:
        # both fall in the same attack: decided like the end after round 6
        _finish(s, _best(s, out), "both eliminated at once", ev)
    return True
