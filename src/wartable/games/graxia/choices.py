"""Choices a card leaves to a player in the middle of an effect (§5.4): Dark Summoning and
Tower of the Lost Legion (which card comes back), Atonement (which friendly unit takes the
wounds), Aura of Reflection (which enemy unit the reflected wounds hit), Mystic Bridge
(where the friendly unit goes), Mind Control (which enemy supporter changes sides).

A pending choice is kept in ``track`` (kind, seat, two parameters); while one is pending the
choosing seat is the only one to act, whatever the phase, and its legal actions are the
options (``take Name``, ``choose "Name"``, ``target q,r``). A choice with one option is
made at once.
"""

from __future__ import annotations

from wartable.core.events import Event, emit

from . import actions as acts
from . import board as map_rules
from . import modifiers, push
from .actions import Layout
from .choice_record import (
    ATONE,
    KINDS,
    LOSE_CARD,
    MOVE_TO,
    NONE,
    PUSH,
    PUSH_BASE,
    Q_SEAT,
    REFLECT,
    RETREAT_TO,
    SPELL,
    TURN,
    UNIT,
    ask,
    pending,
)
from .state import (
    EXTRA_MOVE,
    GraxiaState,
)

__all__ = [
    *("ATONE", "KINDS", "LOSE_CARD", "MOVE_TO", "NONE", "NPC_FOE", "NPC_PLACE", "NPC_TILE"),
    *("PUSH", "PUSH_BASE", "Q_SEAT", "REFLECT", "RETREAT_TO", "SPELL", "TURN", "UNIT"),
    *("apply", "destinations_within", "legal", "pending", "problems", "recover_source"),
    *("request", "seat"),
]


def _spell_options(s: GraxiaState, who: int, exclude: tuple[str, ...]) -> list[int]:
    if s.hand_size(who) >= modifiers.hand_limit(s, who):
        return []
    nu = len(s.cat.units)
    names = s.cat.spells
    return sorted({c - nu for c in s.discards[s.sdeck[who]] if names[c - nu].name not in exclude})


def _unit_options(s: GraxiaState, who: int) -> list[int]:
    if s.hand_size(who) >= modifiers.hand_limit(s, who):
        return []
    return sorted(set(s.discards[s.udeck[who]]))


def _donors(s: GraxiaState, who: int, target: int) -> list[int]:
    """Atonement: another friendly unit (a Guardian is never affected by a command spell)."""
    return [
        n
        for n in range(s.sc.board.size)
        if s.owner[n] == who and n != target and not s.cat.units[s.unit[n]].is_guardian
    ]


def _exclusions(s: GraxiaState, x: int) -> tuple[str, ...]:
    """The cards a recover_spell effect may not take (x: its spell's index + 1)."""
    if x <= 0:
        return ()
    return tuple(
        name for e in s.cat.spells[x - 1].effects if e.kind == "recover_spell" for name in e.exclude
    )


def recover_source(s: GraxiaState, e: object) -> int:
    """The index + 1 of the spell carrying the effect ``e`` (0: none)."""
    return next((i + 1 for i, sp in enumerate(s.cat.spells) if e in sp.effects), 0)


def destinations_within(s: GraxiaState, cell: int, reach: int) -> list[int]:
    """Mystic Bridge: unoccupied tiles within ``reach`` of the unit that it may stand on."""
    ut = s.cat.units[s.unit[cell]]
    b = s.sc.board
    return [
        n
        for n in range(b.size)
        if s.unit[n] < 0 and 1 <= b.d(cell, n) <= reach and map_rules.can_stand(s, ut, n)
    ]


def _options(s: GraxiaState, kind: int, who: int, x: int, y: int) -> list[int]:
    if kind == SPELL:
        return _spell_options(s, who, _exclusions(s, x))
    if kind == UNIT:
        return _unit_options(s, who)
    if kind == ATONE:
        return _donors(s, who, x) if s.unit[x] >= 0 and s.wounds[x] else []
    if kind == MOVE_TO:
        return destinations_within(s, x, y) if s.unit[x] >= 0 else []
    if kind == TURN:
        return sorted(s.sup)
    if kind == PUSH:
        return push.push_cells(s, y // PUSH_BASE, x) if s.unit[x] >= 0 else []
    if kind >= LOSE_CARD:  # the solo scenarios' kinds: the state's variant answers
        return s.variant.choice_options(s, kind, who, x, y)
    return map_rules.reflect_targets(s, who)


def request(
    s: GraxiaState, kind: int, who: int, x: int, y: int, events: list[Event] | None
) -> None:
    """Ask ``who`` for a choice of ``kind`` (x, y: its parameters); made at once if there is
    one option, dropped if there is none. SPELL: x = the spell's index + 1 (its exclusions);
    ATONE: x = the healed cell; REFLECT: x = the reflecting cell (-1: queued), y = the wounds;
    MOVE_TO: x = the unit's cell, y = the reach; TURN: the attacker's supporters; PUSH:
    x = the pushed unit's cell, y = the pusher's cell x PUSH_BASE + the tiles left."""
    if kind == REFLECT:  # queued while another choice is pending (``board.reflect``)
        map_rules.reflect(s, who, x, y, events)
        return
    opts = _options(s, kind, who, x, y)
    if not opts:
        return
    if len(opts) == 1:
        _resolve(s, kind, who, x, y, opts[0], events)
        return
    ask(s, kind, who, x, y, events)


def legal(s: GraxiaState, lay: Layout) -> list[int]:
    kind, who, x = s.track.pend_kind, s.track.pend_seat, s.track.pend_x
    opts = _options(s, kind, who, x, s.track.pend_y)
    if kind == SPELL:
        return [lay.one(acts.K_TAKE, o) for o in opts]
    if kind == UNIT:
        return [lay.one(acts.K_CHOOSE, o) for o in opts]
    if kind == LOSE_CARD:  # a card of the hand: 'choose "Unit"' or 'take Spell'
        nu = len(s.cat.units)
        return sorted(
            lay.one(acts.K_CHOOSE, o) if o < nu else lay.one(acts.K_TAKE, o - nu) for o in opts
        )
    return [lay.one(acts.K_TARGET, o) for o in opts]


def apply(s: GraxiaState, lay: Layout, action: int, events: list[Event] | None) -> None:
    kind, who = s.track.pend_kind, s.track.pend_seat
    x, y = s.track.pend_x, s.track.pend_y
    s.track.pend_kind = s.track.pend_seat = s.track.pend_x = s.track.pend_y = 0
    k, pick, _ = lay.decode(action)
    if kind == LOSE_CARD and k == acts.K_TAKE:
        pick += len(s.cat.units)  # a spell card
    _resolve(s, kind, who, x, y, pick, events)
    while not pending(s) and s.track.pend_queue:
        q = s.track.pend_queue
        p = 0 if q % Q_SEAT[1] else 1
        amount = q % Q_SEAT[1] if p == 0 else q // Q_SEAT[1]
        s.track.pend_queue -= amount * Q_SEAT[p]
        request(s, REFLECT, p, -1, amount, events)


def _resolve(
    s: GraxiaState, kind: int, who: int, x: int, y: int, pick: int, events: list[Event] | None
) -> None:
    if kind >= LOSE_CARD:  # the solo scenarios' kinds
        s.variant.resolve_choice(s, kind, who, x, y, pick, events)
    elif kind in (SPELL, UNIT):
        card = pick + len(s.cat.units) if kind == SPELL else pick
        pile = s.discards[s.sdeck[who] if kind == SPELL else s.udeck[who]]
        pile.remove(card)
        s.hands[who].append(card)
        if events is not None:
            emit(events, "recovered", seat=who, card=s.cat.card_name(card))
    elif kind == ATONE:
        healed = map_rules.heal(s, x, s.wounds[x])
        s.wounds[pick] += 2 * healed  # §5.4 Atonement: not mitigated
        if events is not None:
            emit(
                events,
                "wounds",
                cell=s.sc.board.text(pick),
                amount=2 * healed,
                unit=map_rules.unit_name(s, pick),
            )
        if s.wounds[pick] >= modifiers.max_health(s, pick):
            map_rules.eliminate(s, pick, 1 - who, events)
    elif kind == PUSH:  # the pushed unit's owner picks the tile; the push goes on from there
        map_rules.move_unit(s, x, pick, events, take=False)
        push.displace(s, y // PUSH_BASE, pick, y % PUSH_BASE - 1, events)
    elif kind == TURN:  # Mind Control: the supporter's support changes sides
        value = s.cat.units[s.unit[pick]].support
        s.bat.bv0 = max(0, s.bat.bv0 - value)
        s.bat.bv1 += value
        s.sup.remove(pick)
        if events is not None:
            emit(events, "supporter_turned", cell=s.sc.board.text(pick))
    elif kind == MOVE_TO:  # §6 A: the moved unit has used its one extra "move" ability
        map_rules.move_unit(s, x, pick, events)
        s.flags[pick] |= EXTRA_MOVE
        map_rules.pick_up_banner(s, pick, events)
    else:
        map_rules.resolve_reflection(s, who, x, y, pick, events)


def problems(s: GraxiaState) -> list[str]:
    """What makes a position's pending choice impossible (for ``position.check``)."""
    kind, who = s.track.pend_kind, s.track.pend_seat
    if kind == NONE:
        if who or s.track.pend_x or s.track.pend_y or s.track.pend_queue:
            return ["no choice is pending: its fields must be 0"]
        return []
    if not 0 < kind < len(KINDS) or who not in (0, 1):
        return ["a pending choice needs a known kind and a seat 0 or 1"]
    if s.track.pend_queue < 0:
        return ["a pending choice's queued reflections must be 0 or more"]
    if kind == RETREAT_TO:
        return s.variant.choice_problems(s, kind)
    n = s.sc.board.size
    if kind in (ATONE, MOVE_TO, PUSH) and not 0 <= s.track.pend_x < n:
        return ["a pending choice names a cell off the map"]
    y = s.track.pend_y
    if kind == PUSH and not (0 <= y // PUSH_BASE < n and y % PUSH_BASE > 0):
        return ["a pending choice names a cell off the map"]
    if kind == MOVE_TO and not 0 < s.track.pend_y <= n:
        return ["a pending Mystic Bridge needs a reach"]
    if kind == REFLECT and not -1 <= s.track.pend_x < n:
        return ["a pending reflection names a cell off the map"]
    if kind == REFLECT and (s.track.pend_y <= 0 or s.track.pend_queue < 0):
        return ["a pending reflection needs wounds to reflect"]
    if kind == SPELL and not 0 <= s.track.pend_x <= len(s.cat.spells):
        return ["a pending Dark Summoning names an unknown spell"]
    if not _options(s, kind, who, s.track.pend_x, s.track.pend_y):
        return ["a pending choice has no option (nobody could act)"]
    return []
