"""Map rules shared by the command phase and the battle: terrain, passage, control,
damage outside battle and elimination (§5.1, §5.4 terrain, §6 phase 2, §7 step 8)."""

from __future__ import annotations

from typing import Final

from wartable.core.events import Event, emit

from . import choice_record, modifiers, victory
from .catalog.tables import GUARDIAN, LARGE, UnitType
from .hexes import NORTH, SOUTH
from .state import (
    ABILITY,
    ATTACKED,
    CARRIER,
    MOVED,
    SHIELD,
    STUN_LATER,
    STUNNED,
    GraxiaState,
)

MOUNTAINS: Final = "mountains"
BOULDERS: Final = "boulder_fields"
CASTLE: Final = "castle"
CITY: Final = "city"
VILLAGE: Final = "village"
FOREST: Final = "forest"
HILLS: Final = "hills"
LAKE: Final = "lake"
PLAINS: Final = "plains"
COLUMNS: Final = "columns"
ROUGH: Final = "rough_lands"
FORTIFIED: Final = (CASTLE, CITY, VILLAGE)
COMMAND_REDUCTION: Final = {
    CASTLE: 2,
    CITY: 1,
    FOREST: 1,
}  # §5.4: wounds subtracted in the command phase


def mountaineer(ut: UnitType) -> bool:
    """§5.4 Mountains / Boulder Fields: only goblin and dwarf units."""
    race = ut.race.lower()
    return "dwarf" in race or "goblin" in race


def unit_name(s: GraxiaState, cell: int) -> str:
    """The name of the unit on ``cell`` (for the events' sentences), or ""."""
    u = s.unit[cell]
    return s.cat.units[u].name if u >= 0 else ""


def open_ground(s: GraxiaState, cell: int) -> bool:
    """``can_stand``'s answer for every unit at once: a tile still on the map that is not
    mountains (§5.4) takes any unit."""
    return not s.gone[cell] and s.sc.terrain[cell] != MOUNTAINS


def can_stand(s: GraxiaState, ut: UnitType, cell: int) -> bool:
    """§5.4 Mountains: only Goblins and Dwarves may enter; a removed tile (§9.2 Solo
    Scenario 1) takes nobody."""
    if s.gone[cell]:
        return False
    return s.sc.terrain[cell] != MOUNTAINS or mountaineer(ut) or ut.flying


def edge_open(s: GraxiaState, ut: UnitType, a: int, b: int) -> bool:
    """§5.4 Boulder Fields: no support, attack, entry or exit across their sides.

    The open edges of a boulder field are its north and south edges (the two players'
    sides of the map); dwarves and goblins ignore the restriction.
    """
    t = s.sc.terrain
    if t[a] != BOULDERS and t[b] != BOULDERS:
        return True
    if mountaineer(ut):
        return True
    return s.sc.board.direction(a, b) in (NORTH, SOUTH)


def set_ctrl(s: GraxiaState, cell: int, seat: int, events: list[Event] | None) -> None:
    """Banners: a unit takes control of the tile it enters (§6 phase 2 A, Move)."""
    prev = s.ctrl[cell]
    if prev == seat:
        return
    s.ctrl[cell] = seat
    victory.on_capture(s, cell, seat, prev, events)


def move_unit(
    s: GraxiaState, a: int, b: int, events: list[Event] | None, take: bool = True
) -> None:
    """Move the unit on ``a`` to the empty ``b``; its banner stays on ``a``; shields drop."""
    seat = s.owner[a]
    s.unit[b], s.owner[b], s.wounds[b] = s.unit[a], seat, s.wounds[a]
    s.flags[b] = s.flags[a] & ~SHIELD  # §6 A Shield: removed if the unit moves
    s.unit[a], s.owner[a], s.wounds[a], s.flags[a] = -1, -1, 0, 0
    s.ctrl[a] = seat  # the banner left behind
    if take:
        set_ctrl(s, b, seat, events)
    if s.flags[b] & CARRIER:
        s.track.set_banner(seat, b)
    if events is not None:
        emit(events, "move", frm=s.sc.board.text(a), dest=s.sc.board.text(b), unit=unit_name(s, b))


def reduce_wounds(s: GraxiaState, cell: int, amount: int, command: bool) -> int:
    """Wound modifiers of the target's tile and passives (not shields)."""
    terrain = s.sc.terrain[cell]
    if command:
        amount -= COMMAND_REDUCTION.get(terrain, 0)
    ut = s.cat.units[s.unit[cell]]
    for ab in ut.abilities:
        for e in ab.effects:
            if e.kind == "damage_reduction" and (not e.terrain or terrain in e.terrain):
                amount -= e.amount
    return amount


def damage(
    s: GraxiaState,
    cell: int,
    amount: int,
    by: int,
    events: list[Event] | None,
    command: bool = True,
    unmitigated: bool = False,
    keep_shield: bool = False,
    src: int = -1,
) -> int:
    """Wounds outside the battle's step 7 (ranged, spells, Chain Lightning); returns wounds dealt.

    §5.4 terrain reductions apply in the command phase; a shield subtracts 2 and is removed
    when the action's wounds exceed 2 (§6 phase 2 A, Shield). ``unmitigated`` ignores both.
    """
    if s.unit[cell] < 0 or amount <= 0:
        return 0
    bonus = modifiers.damage_bonus(s, by) if s.sc.solo else 0  # §9.2 Solo Scenario 2: +2
    after = bool(bonus) and modifiers.bonus_on_damage_done(
        s, by
    )  # only on damage done (the default)
    amount += 0 if after else bonus
    if not unmitigated:
        amount = reduce_wounds(s, cell, amount, command)
        if s.flags[cell] & SHIELD:
            if amount > 2 and not keep_shield:
                s.flags[cell] &= ~SHIELD
            amount -= 2
    amount = max(0, amount)
    if after and amount > 0:
        amount += bonus
    if command and amount and _reflects(s, cell):
        back = (amount + 1) // 2  # §5.4 Aura of Reflection: half (rounded up) goes back
        amount -= back
        reflect(s, s.owner[cell], cell, back, events)  # its owner picks where
    s.wounds[cell] += amount
    if events is not None:
        emit(events, "wounds", cell=s.sc.board.text(cell), amount=amount, unit=unit_name(s, cell))
    if s.wounds[cell] >= modifiers.max_health(s, cell):
        eliminate(s, cell, by, events)
    return amount


def reflect_targets(s: GraxiaState, who: int) -> list[int]:
    """Aura of Reflection: any enemy unit; never a Guardian (immune in the Command Phase)."""
    units = s.cat.units
    return [
        c
        for c in range(s.sc.board.size)
        if s.unit[c] >= 0 and s.owner[c] == 1 - who and not units[s.unit[c]].is_guardian
    ]


def reflect(s: GraxiaState, who: int, x: int, wounds: int, events: list[Event] | None) -> None:
    """§5.4 Aura of Reflection: ``who`` sends ``wounds`` from the reflecting cell ``x`` (-1:
    queued) to an enemy unit of its choice: queued while another choice is pending, made at
    once with one target, asked with two or more (``choices`` applies the pick)."""
    if choice_record.pending(s):
        choice_record.queue_reflection(s, who, wounds)
        return
    targets = reflect_targets(s, who)
    if len(targets) == 1:
        resolve_reflection(s, who, x, wounds, targets[0], events)
    elif targets:
        choice_record.ask(s, choice_record.REFLECT, who, x, wounds, events)


def resolve_reflection(
    s: GraxiaState, who: int, x: int, wounds: int, target: int, events: list[Event] | None
) -> None:
    frm = s.sc.board.text(x) if x >= 0 else None
    if events is not None:
        emit(events, "reflect", frm=frm, dest=s.sc.board.text(target), amount=wounds)
    damage(s, target, wounds, who, events, command=True, unmitigated=True)


def _reflects(s: GraxiaState, cell: int) -> bool:
    return any(
        e.kind == "reflect" for ab in s.cat.units[s.unit[cell]].abilities for e in ab.effects
    )


def heal(s: GraxiaState, cell: int, amount: int) -> int:
    healed = min(amount, s.wounds[cell])
    s.wounds[cell] -= healed
    return healed


def eliminate(s: GraxiaState, cell: int, by: int, events: list[Event] | None) -> None:
    """§7 step 8: the card goes to its owner's unit discard pile (a Guardian to the hand,
    §5.1); the opponent gains the scenario's victory points."""
    u, seat = s.unit[cell], s.owner[cell]
    ut = s.cat.units[u]
    if modifiers.leaves_game(s, seat, ut):
        pass  # a solo Non-Player's Guardian, or its unit with no pile (modifiers)
    elif ut.klass == GUARDIAN:
        s.hands[seat].append(u)
        s.track.set_guardian_fell(seat, s.round_no)
    else:
        s.discards[s.udeck[seat]].append(u)
    if s.flags[cell] & CARRIER:
        s.track.set_banner(seat, cell)  # §9.1 #3: the banner is dropped where it fell
    s.unit[cell], s.owner[cell], s.wounds[cell], s.flags[cell] = -1, -1, 0, 0
    if events is not None:
        emit(events, "eliminated", cell=s.sc.board.text(cell), unit=ut.name, seat=seat)
    victory.on_eliminate(s, ut, seat, 1 - seat if by < 0 else by, events)


def stun(s: GraxiaState, cell: int) -> None:
    """Bedazzle, Blunderbuss: nothing on its next round (§5.1 stunned)."""
    if s.owner[cell] == s.current:
        s.flags[cell] |= STUN_LATER
    else:
        s.flags[cell] |= STUNNED


def is_large(ut: UnitType) -> bool:
    return ut.klass == LARGE


_BEHIND: Final[dict[int, tuple[tuple[frozenset[int], ...], tuple[frozenset[int], ...]]]] = {}


def front_distance(s: GraxiaState, seat: int, cell: int) -> int:
    """Distance from ``cell`` to the nearest tile of the enemy's Home Row (forward = smaller)."""
    b = s.sc.board
    enemy = s.sc.home[1 - seat]
    return min((b.d(cell, h) for h in enemy), default=0)


def behind(s: GraxiaState, seat: int, guardian: int) -> frozenset[int]:
    """§6 C: the tiles directly behind the Guardian (next to it but not in front when it
    stands on its Home Row). Computed once per map."""
    table = _BEHIND.get(id(s.sc))
    if table is None:
        b = s.sc.board
        per_seat = []
        for p in (0, 1):
            rows = []
            for g in range(b.size):
                gd = front_distance(s, p, g)
                on_home = g in s.sc.home[p]
                rows.append(
                    frozenset(
                        n
                        for n in b.nbr[g]
                        if front_distance(s, p, n) > gd
                        or (on_home and front_distance(s, p, n) >= gd)
                    )
                )
            per_seat.append(tuple(rows))
        table = (per_seat[0], per_seat[1])
        _BEHIND[id(s.sc)] = table
    return table[seat][guardian]


def pick_up_banner(s: GraxiaState, c: int, events: list[Event] | None) -> None:
    """§9.1 #3: a unit (not a Guardian) entering its banner's tile picks it up; it may do
    nothing else this round."""
    seat = s.owner[c]
    if s.sc.victory != "banner_wars" or s.track.banner(seat) != c:
        return
    if s.flags[c] & CARRIER or s.cat.units[s.unit[c]].is_guardian:
        return
    if any(s.flags[x] & CARRIER and s.owner[x] == seat for x in range(len(s.flags))):
        return
    s.flags[c] |= CARRIER | MOVED | ATTACKED | ABILITY
    if events is not None:
        emit(events, "banner_picked_up", cell=s.sc.board.text(c), seat=seat)
