"""Phase 2, the Command Phase (§6): unit actions, summoning, portals, command spells and
abilities. ``legal`` lists the phasing seat's actions; ``apply`` performs one."""

from __future__ import annotations

from bisect import bisect_left
from typing import Final

from wartable.core.events import Event, emit

from . import actions as acts
from . import board as map_rules
from . import effects, modifiers
from .actions import Layout
from .board import pick_up_banner
from .catalog.tables import COMMAND_ACTIVE, GUARDIAN, HERO, LARGE, UnitType
from .state import (
    ABILITY,
    ATTACKED,
    CARRIER,
    EXTRA_MOVE,
    MOVED,
    SHIELD,
    SHIELD_NOW,
    STUNNED,
    SUMMONED,
    GraxiaState,
)

BUSY: Final = SUMMONED | STUNNED | ABILITY
ACTED: Final = MOVED | ATTACKED | SHIELD_NOW
PORTAL_COST: Final = 8
# track.portal_power: 0 unused this round, 1 used, 2 one of two portals removed (only the
# other may still be removed)
PORTAL_USED: Final = 1
PORTAL_REMOVING: Final = 2
DISCOUNT: Final = 7


def can_move(s: GraxiaState, c: int) -> bool:
    return not s.flags[c] & (BUSY | MOVED | SHIELD_NOW)


def destinations(s: GraxiaState, c: int) -> list[int]:
    """§6 A Move: one tile (two, or flying, where the card says), never onto a unit except
    to switch places with a friendly unit that can also move; portals link friendly portals."""
    b = s.sc.board
    ut = s.cat.units[s.unit[c]]
    seat = s.owner[c]
    out: list[int] = []
    for n in b.nbr[c]:
        if not map_rules.edge_open(s, ut, c, n) or not map_rules.can_stand(s, ut, n):
            continue
        if s.unit[n] < 0:
            out.append(n)
        elif s.owner[n] == seat and can_move(s, n) and not s.flags[c] & CARRIER:
            other = s.cat.units[s.unit[n]]
            if map_rules.can_stand(s, other, c) and map_rules.edge_open(s, other, n, c):
                out.append(n)  # switch places
    carrier = s.flags[c] & CARRIER
    if ut.moves >= 2 and not carrier:
        dist, size = b.dist, b.size
        through = _passes_friends(ut)
        for n in range(size):
            if dist[c * size + n] != 2 or s.unit[n] >= 0 or not map_rules.can_stand(s, ut, n):
                continue
            if ut.flying or _step_between(s, ut, c, n, through):
                out.append(n)
    if s.sc.portals:  # §9.2 Solo Scenario 1: the portals joining the two continents
        out.extend(n for n in s.variant.portal_moves(s, c, ut) if n not in out)
    if s.portal[c] == seat and not s.flags[c] & EXTRA_MOVE:
        # §6 A: a portal move is a "move" ability, at most one extra per unit and round
        for n in range(b.size):
            if n != c and s.portal[n] == seat and s.unit[n] < 0 and n not in out:
                if map_rules.can_stand(s, ut, n):
                    out.append(n)
    return out


def _step_between(s: GraxiaState, ut: UnitType, c: int, n: int, through: bool) -> bool:
    """A two-tile move from ``c`` to ``n`` (two apart) has a tile between to step on: empty,
    or held by a friend when the unit passes through friends (a loop: compiled, cheaper
    than any() of a generator)."""
    b = s.sc.board
    seat = s.owner[c]
    for m in b.nbr[c]:
        if (
            b.dist[m * b.size + n] == 1
            and (s.unit[m] < 0 or (through and s.owner[m] == seat))
            and map_rules.can_stand(s, ut, m)
            and map_rules.edge_open(s, ut, c, m)
            and map_rules.edge_open(s, ut, m, n)
        ):
            return True
    return False


def _passes_friends(ut: UnitType) -> bool:
    """pass_through: the unit may move through tiles held by friendly units."""
    return any(e.kind == "pass_through" for ab in ut.abilities for e in ab.effects)


def attack_targets(s: GraxiaState, c: int) -> list[int]:
    f = s.flags[c]
    if f & (BUSY | ATTACKED | SHIELD_NOW | CARRIER):
        return []
    ut = s.cat.units[s.unit[c]]
    seat = s.owner[c]
    return [
        n
        for n in s.sc.board.nbr[c]
        if s.unit[n] >= 0 and s.owner[n] != seat and map_rules.edge_open(s, ut, c, n)
    ]


def summon_cost(s: GraxiaState, seat: int, u: int, cell: int, g: int = -2) -> int:
    """What the summon costs: ``base_cost``, halved on solo Home-Row A (§9.2)."""
    return modifiers.card_cost(s, seat, base_cost(s, seat, u, cell, g))


def base_cost(s: GraxiaState, seat: int, u: int, cell: int, g: int = -2) -> int:
    """§6 C: the unit's cost, less 7 once per round when placed behind the Guardian."""
    cost = s.cat.units[u].cost
    if s.track.discount_used or s.cat.units[u].klass == GUARDIAN:
        return cost
    if g == -2:
        g = s.guardian_cell(seat)
    if g >= 0 and cell in map_rules.behind(s, seat, g):
        return max(0, cost - DISCOUNT)
    return cost


def summon_cells(s: GraxiaState, seat: int, u: int, g: int = -2) -> list[int]:
    """§6 C: unoccupied tiles adjacent to the Guardian or on the Home Row (a Guardian only on
    its Home Row, and not in the round it fell); Allies: any friendly controlled tile."""
    ut = s.cat.units[u]
    if g == -2:
        g = s.guardian_cell(seat)
    if ut.klass == GUARDIAN:
        if s.track.guardian_fell(seat) == s.round_no or g >= 0:
            return []
        cells = list(s.sc.home[seat])
    else:
        if ut.klass in (HERO, LARGE):
            limit = s.sc.max_heroes if ut.klass == HERO else s.sc.max_large
            count = sum(
                1
                for c, x in enumerate(s.unit)
                if x >= 0 and s.owner[c] == seat and s.cat.units[x].klass == ut.klass
            )
            if count >= limit:
                return []
        cells = list(s.sc.home[seat])
        if g >= 0:
            cells += [n for n in s.sc.board.nbr[g] if n not in cells]
        if s.track.allies:
            cells += [c for c, o in enumerate(s.ctrl) if o == seat and c not in cells]
    return [c for c in cells if s.unit[c] < 0 and map_rules.can_stand(s, ut, c)]


def legal(s: GraxiaState, lay: Layout, seat: int) -> list[int]:
    if s.track.teleport_to:  # Mystic Gate: where the unit goes
        c = s.track.teleport_to - 1
        return sorted(lay.pair(acts.K_MOVE, c, n) for n in effects.teleport_cells(s, c))
    out = [acts.END]
    b = s.sc.board
    for c in range(b.size):
        if s.owner[c] != seat or s.unit[c] < 0:
            continue
        f = s.flags[c]
        if f & BUSY:
            continue
        if can_move(s, c):
            for n in destinations(s, c):
                out.append(lay.pair(acts.K_MOVE, c, n))
        for n in attack_targets(s, c):
            out.append(lay.pair(acts.K_ATTACK, c, n))
        if not f & (SHIELD_NOW | ATTACKED | SHIELD | CARRIER):
            out.append(lay.one(acts.K_SHIELD, c))
        if not f & (ACTED | CARRIER):
            ut = s.cat.units[s.unit[c]]
            for ab in ut.abilities:
                if ab.timing == COMMAND_ACTIVE and s.mana[seat] >= ab.mana:
                    kind, targets = effects.command_targets(s, c, ab)
                    for n in targets:
                        out.append(lay.pair(kind, c, n))
        if f & CARRIER:
            out.append(lay.one(acts.K_DROP, c))
            if not f & ACTED:
                for n in b.nbr[c]:
                    if s.owner[n] == seat and not s.cat.units[s.unit[n]].is_guardian:
                        out.append(lay.pair(acts.K_GIVE, c, n))
    seen: set[int] = set()
    nu = len(s.cat.units)
    g = s.guardian_cell(seat)
    for card in s.hands[seat]:
        if card in seen:
            continue
        seen.add(card)
        if card < nu:
            # no tile costs more than the card's full cost: afforded, no tile is priced
            afford = s.mana[seat] >= modifiers.card_cost(s, seat, s.cat.units[card].cost)
            for cell in summon_cells(s, seat, card, g):
                if afford or s.mana[seat] >= summon_cost(s, seat, card, cell, g):
                    out.append(lay.at(acts.K_SUMMON, card, cell))
        else:
            sp = card - nu
            spell = s.cat.spells[sp]
            cost = modifiers.card_cost(s, seat, spell.cost)
            if spell.in_command and not spell.sacrifice_only and s.mana[seat] >= cost:
                for t in effects.spell_targets(s, seat, spell):
                    out.append(
                        lay.one(acts.K_SPELL, sp) if t < 0 else lay.at(acts.K_SPELL_AT, sp, t)
                    )
    portals = portal_actions(s, lay, seat, g)
    if s.sc.home_rows and seat == 0:  # §9.2 Solo Scenario 3, Home-Row D
        out.extend(s.variant.home_row_actions(s, lay))
        if s.variant.ability_ready(s, modifiers.SUMMON_POWER):  # a summon, as normal, for free
            for card in {c for c in s.hands[0] if c < nu}:
                out.extend(lay.at(acts.K_POWER, card, c) for c in summon_cells(s, 0, card, g))
    if s.sc.solo and seat == 0 and s.variant.can_spend_vp(s):  # §9.2 Solo Scenarios 4-6
        out.append(lay.one(acts.K_SPEND, 0))
    # the portal pairs (most of the list) are distinct and hold their family's id block
    # alone: sorted apart and set between the other actions, not hashed into the set
    rest = acts.sorted_unique(out)
    if not portals:
        return rest
    portals.sort()
    i = bisect_left(rest, portals[0])
    return rest[:i] + portals + rest[i:]


def portal_actions(s: GraxiaState, lay: Layout, seat: int, g: int) -> list[int]:
    """§5.1 Create Portals, once per round, not on the player's first round: "For 8 Mana,
    Guardians can create two Portals. The Guardian may place these Portals on any neutral or
    friendly controlled tile" (every such tile on the map: ``portal q,r q,r``); "Instead of
    placing two new Portals, a Guardian may reposition up to two portals" (a pair that keeps
    one of the two moves the other); "They may also remove up to 2 portals" (``portal q,r
    q,r`` naming one twice removes it; the other may follow in the same round).

    A seat holds at most two portals: a new pair replaces a lone one (the other removed)."""
    done = s.track.portal_power
    if done == PORTAL_USED or s.round_no < 2 or g < 0:
        return []
    mine = [c for c, p in enumerate(s.portal) if p == seat]
    out = [lay.pair(acts.K_PORTAL, c, c) for c in mine]
    if done == PORTAL_REMOVING or (len(mine) < 2 and s.mana[seat] < PORTAL_COST):
        return out
    ok = portal_tiles(s, seat)
    n = len(ok)
    base, cells = lay.bounds[acts.K_PORTAL], lay.cells  # lay.pair(K_PORTAL, a, c), inlined
    both = len(mine) == 2
    for i in range(n):
        a = ok[i]
        row = base + a * cells
        moves_own = both and a in mine
        for j in range(i + 1, n):
            c = ok[j]
            if not (moves_own and c in mine):
                out.append(row + c)
    return out


def portal_tiles(s: GraxiaState, seat: int) -> list[int]:
    """§5.1: the neutral or friendly controlled tiles still on the map that hold no enemy
    portal (one of the seat's own may stay where it is when the other is repositioned)."""
    return [
        c
        for c in range(s.sc.board.size)
        if s.ctrl[c] in (-1, seat) and s.portal[c] in (-1, seat) and not s.gone[c]
    ]


def open_portals(s: GraxiaState, seat: int, a: int, b: int, events: list[Event] | None) -> None:
    """``portal a b``: a != b: the seat's portals are now on a and b (8 mana unless it
    repositions a pair it has); a == b: the portal on a is removed."""
    mine = [c for c, p in enumerate(s.portal) if p == seat]
    text = s.sc.board.text
    if a == b:
        s.portal[a] = -1
        s.track.portal_power = PORTAL_REMOVING if len(mine) == 2 else PORTAL_USED
        if events is not None:
            emit(events, "portal_removed", seat=seat, cell=text(a))
        return
    if len(mine) < 2:
        s.mana[seat] -= PORTAL_COST
    for c in mine:
        s.portal[c] = -1
    s.portal[a] = s.portal[b] = seat
    s.track.portal_power = PORTAL_USED
    if events is not None:
        emit(events, "portals", seat=seat, cells=[text(a), text(b)])


def apply(s: GraxiaState, lay: Layout, seat: int, action: int, events: list[Event] | None) -> bool:
    """Perform a command action; returns True when it opens a battle."""
    kind, x, y = lay.decode(action)
    if kind == acts.K_MOVE and s.track.teleport_to:
        s.track.teleport_to = 0
        map_rules.move_unit(s, x, y, events)
        s.flags[y] |= EXTRA_MOVE
        pick_up_banner(s, y, events)
    elif kind == acts.K_MOVE:
        do_move(s, x, y, events)
    elif kind == acts.K_ATTACK:
        return True
    elif kind == acts.K_SHIELD:
        s.flags[x] |= SHIELD | SHIELD_NOW
        if events is not None:
            emit(events, "shield", cell=s.sc.board.text(x), unit=map_rules.unit_name(s, x))
    elif kind in (acts.K_SHOOT, acts.K_ABILITY):
        effects.use_command_ability(s, x, y, events)
    elif kind == acts.K_SUMMON:
        summon(s, seat, x, y, events)
    elif kind in (acts.K_SPELL, acts.K_SPELL_AT):
        effects.cast_command_spell(s, seat, x, y if kind == acts.K_SPELL_AT else -1, events)
    elif kind == acts.K_PORTAL:
        open_portals(s, seat, x, y, events)
    elif kind == acts.K_GIVE:
        s.flags[x] = (s.flags[x] & ~CARRIER) | MOVED | ATTACKED | ABILITY
        s.flags[y] |= CARRIER | MOVED | ATTACKED | ABILITY
        s.track.set_banner(seat, y)
        if events is not None:
            emit(events, "banner_passed", frm=s.sc.board.text(x), dest=s.sc.board.text(y))
    elif kind == acts.K_DROP:
        s.flags[x] = (s.flags[x] & ~CARRIER) | MOVED | ATTACKED | ABILITY
        if events is not None:
            emit(events, "banner_dropped", cell=s.sc.board.text(x))
    elif kind == acts.K_SPEND:
        s.variant.spend_vp(s, events)
    elif kind in (acts.K_MEND, acts.K_VOLLEY):
        s.variant.home_row_apply(s, kind, x, events)
    elif kind == acts.K_POWER:
        s.variant.use_ability(s, modifiers.SUMMON_POWER, events)
        summoned(s, seat, x, y, 0, events)
    return False


def do_move(s: GraxiaState, a: int, b: int, events: list[Event] | None) -> None:
    seat = s.owner[a]
    via_portal = s.portal[a] == seat and s.portal[b] == seat and s.sc.board.d(a, b) > 1
    if s.flags[a] & CARRIER and via_portal:
        s.flags[a] &= ~CARRIER  # §9.1 #3: the banner stays where the bearer portals from
        s.track.set_banner(seat, a)
    if s.unit[b] >= 0:  # switch places with a friendly unit: both are activated
        ua, oa, wa, fa = s.unit[a], s.owner[a], s.wounds[a], s.flags[a]
        s.unit[a], s.owner[a], s.wounds[a] = s.unit[b], s.owner[b], s.wounds[b]
        s.flags[a] = (s.flags[b] & ~SHIELD) | MOVED
        s.unit[b], s.owner[b], s.wounds[b], s.flags[b] = ua, oa, wa, (fa & ~SHIELD) | MOVED
        if s.flags[a] & CARRIER:
            s.track.set_banner(seat, a)
        if s.flags[b] & CARRIER:
            s.track.set_banner(seat, b)
        if events is not None:
            emit(events, "switch", a=s.sc.board.text(a), b=s.sc.board.text(b))
        return
    map_rules.move_unit(s, a, b, events)
    s.flags[b] |= MOVED | (EXTRA_MOVE if via_portal else 0)
    pick_up_banner(s, b, events)


def summon(s: GraxiaState, seat: int, u: int, cell: int, events: list[Event] | None) -> None:
    cost = base_cost(s, seat, u, cell)
    if s.track.allies and cell not in s.sc.home[seat]:
        g = s.guardian_cell(seat)
        if g < 0 or cell not in s.sc.board.nbr[g]:
            cost = s.cat.units[u].cost
            s.track.allies = 0
    if cost < s.cat.units[u].cost:
        s.track.discount_used = 1
    cost = modifiers.card_cost(s, seat, cost)
    s.mana[seat] -= cost
    summoned(s, seat, u, cell, cost, events)


def summoned(
    s: GraxiaState, seat: int, u: int, cell: int, cost: int, events: list[Event] | None
) -> None:
    """The card ``u`` leaves the hand for ``cell`` (``cost`` paid, for the log), marked as
    summoned this round."""
    s.hands[seat].remove(u)
    place(s, seat, u, cell, events)
    s.flags[cell] |= SUMMONED | ABILITY
    if events is not None:
        text = s.sc.board.text(cell)
        emit(events, "summon", seat=seat, unit=s.cat.units[u].name, cell=text, cost=cost)


def place(s: GraxiaState, seat: int, u: int, cell: int, events: list[Event] | None) -> None:
    s.unit[cell], s.owner[cell], s.wounds[cell], s.flags[cell] = u, seat, 0, 0
    map_rules.set_ctrl(s, cell, seat, events)
