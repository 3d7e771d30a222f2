"""§7 Battle, steps 1-11, as decision points of the state machine.

Steps 1-4 are computed when the attack is declared; step 5 alternates the two players
(``use`` a battle ability, ``spell`` a battle spell, or ``pass``; two passes in a row end
it); step 6 is a simultaneous commit-then-reveal (``sacrifice NAME attack|defence`` or
``bluff``); steps 7-11 resolve, asking the defender where to retreat when several tiles are
directly away and the attacker whether to advance.
"""

from __future__ import annotations

from wartable.core.events import Event, emit

from . import actions as acts
from . import board as map_rules
from . import effects as card_effects
from . import modifiers
from .actions import Layout
from .catalog.tables import BATTLE_ACTIVE, BATTLE_PASSIVE, BOTH, MAG, PHYS, UnitType
from .state import (
    ATTACKED,
    B_ADVANCE,
    B_EXCH,
    B_RETREAT,
    B_SAC,
    COMMAND,
    SHIELD,
    STUNNED,
    GraxiaState,
)
from .state_records import Battle


def matched_defence(attack_type: int, target: UnitType) -> int:
    """§7 step 1: the defence matching the attack; a combined attack uses the lower one."""
    if attack_type == PHYS:
        return target.pdef
    if attack_type == MAG:
        return target.mdef
    return min(target.pdef, target.mdef)


def initial_values(att: UnitType, dfn: UnitType) -> tuple[int, int]:
    """§7 step 1: each unit's attack less the opponent's matching defence (never below 0)."""
    a = att.attack - matched_defence(att.attack_type, dfn)
    d = dfn.attack - matched_defence(dfn.attack_type, att)
    return max(0, a), max(0, d)


def terrain_defence(s: GraxiaState, cell: int, attack_type: int) -> int:
    """§7 step 2: the defender's tile bonus matching the attacker's attack type."""
    p, m = s.sc.pdef[cell], s.sc.mdef[cell]
    return p if attack_type == PHYS else m if attack_type == MAG else min(p, m)


def class_terrain(terrain: str, ut: UnitType, defending: bool) -> tuple[int, int]:
    """§5.4 terrain effects on battle values: (own change, change to the enemy)."""
    k = ut.klass
    if terrain == map_rules.COLUMNS and k == "magic":
        return -3, 0
    if terrain == map_rules.FOREST and k == "cavalry":
        return -3, 0
    if terrain == map_rules.PLAINS and k == "cavalry":
        return 5, 0
    if terrain == map_rules.ROUGH and k == "infantry":
        return -3, 0
    if terrain == map_rules.BOULDERS and k == "infantry" and defending:
        return 4, -4
    return 0, 0


def supporters(s: GraxiaState, att: int, dfn: int) -> list[int]:
    """§7 step 3: the attacker's friendly units next to the defender (not stunned; not across
    a boulder field's side)."""
    seat = s.owner[att]
    out = []
    for n in s.sc.board.nbr[dfn]:
        if n == att or s.unit[n] < 0 or s.owner[n] != seat or s.flags[n] & STUNNED:
            continue
        if map_rules.edge_open(s, s.cat.units[s.unit[n]], n, dfn):
            out.append(n)
    return out


def owns(name: str) -> str:
    """The possessive of a unit's name: "Flesh Impalers'", "Oshnuk's"."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def adjust(s: GraxiaState, side: int, delta: int) -> None:
    """Move a Battle Value marker on the tracker (it cannot go below 0)."""
    s.bat.set_bv(side, max(0, s.bat.bv(side) + delta))


def start(s: GraxiaState, att: int, dfn: int, events: list[Event] | None) -> None:
    """Steps 1-4, then the first exchange of step 5 (the attacker acts first)."""
    cat = s.cat
    ua, ud = cat.units[s.unit[att]], cat.units[s.unit[dfn]]
    s.flags[att] = (s.flags[att] | ATTACKED) & ~SHIELD  # the attacker's shield is lost
    s.bat = Battle()
    s.bat.attacker, s.bat.defender = att, dfn
    a, d = initial_values(ua, ud)
    s.bat.bv0, s.bat.bv1 = a, d
    if events is not None:
        emit(
            events,
            "battle",
            attacker=s.sc.board.text(att),
            defender=s.sc.board.text(dfn),
            bv=[a, d],
            attacker_unit=ua.name,
            defender_unit=ud.name,
        )
    # each term of the battle values and its source, for the log (public: the map shows
    # every one); built only when events are wanted (search runs without them)
    terms: list[list[int | str]] = []
    if events is not None:
        terms += [
            [0, ua.attack, f"{owns(ua.name)} attack"],
            [0, -matched_defence(ua.attack_type, ud), f"{owns(ud.name)} matching defence"],
            [1, ud.attack, f"{owns(ud.name)} attack"],
            [1, -matched_defence(ud.attack_type, ua), f"{owns(ua.name)} matching defence"],
        ]

    def term(side: int, delta: int, source: str) -> None:
        adjust(s, side, delta)
        if delta and events is not None:
            terms.append([side, delta, source])

    # step 2: terrain (both units use the defender's tile); a term's source is written only
    # for the log
    t = s.sc.terrain[dfn]
    log = events is not None
    if not card_effects.ignores_terrain(s, att):
        term(0, -terrain_defence(s, dfn, ua.attack_type), f"the defender's {t} tile" if log else "")
    own, other = class_terrain(t, ua, False)
    source = f"{ua.name} ({ua.klass}) attacking on {t}" if log else ""
    term(0, own, source)
    term(1, other, source)
    own, other = class_terrain(t, ud, True)
    source = f"{ud.name} ({ud.klass}) defending on {t}" if log else ""
    term(1, own, source)
    term(0, other, source)
    # step 3: support
    s.sup = supporters(s, att, dfn)
    for c in s.sup:
        source = f"support from {s.cat.units[s.unit[c]].name}" if log else ""
        term(0, card_effects.support_value(s, c), source)
    # step 4: passive battle abilities
    for side, cell in ((0, att), (1, dfn)):
        ut = cat.units[s.unit[cell]]
        for ab in ut.abilities:
            if ab.timing == BATTLE_PASSIVE:
                before = (s.bat.bv0, s.bat.bv1)
                card_effects.battle_effects(s, side, ab.effects, events, passive=True)
                for k in (0, 1):
                    if events is not None and s.bat.bv(k) != before[k]:
                        terms.append([k, s.bat.bv(k) - before[k], f"{owns(ut.name)} {ab.name}"])
    if events is not None:
        emit(
            events,
            "battle_values",
            bv=[s.bat.bv0, s.bat.bv1],
            support=len(s.sup),
            terms=terms,
        )
    s.bat.actor = 0
    s.bat.passes = 0
    s.phase = B_EXCH


def seat_of(s: GraxiaState, side: int) -> int:
    return s.current if side == 0 else 1 - s.current


def side_of(s: GraxiaState, seat: int) -> int:
    return 0 if seat == s.current else 1


def unit_cell(s: GraxiaState, side: int) -> int:
    return s.bat.cell(side)


def exchange_legal(s: GraxiaState, lay: Layout, seat: int) -> list[int]:
    side = side_of(s, seat)
    cell = unit_cell(s, side)
    out = [acts.PASS]
    ut = s.cat.units[s.unit[cell]]
    used = s.bat.used(side)
    if used & card_effects.SILENCED:
        return out
    for i, ab in enumerate(ut.abilities):
        if ab.timing != BATTLE_ACTIVE or (used >> i) & 1:
            continue
        if s.mana[seat] >= card_effects.ability_mana(s, ab):
            out.append(lay.one(acts.K_USE, s.cat.battle_ability_names.index(ab.name)))
    nu = len(s.cat.units)
    for card in set(s.hands[seat]):
        if card < nu:
            continue
        sp = s.cat.spells[card - nu]
        if sp.sacrifice_only or s.mana[seat] < modifiers.card_cost(s, seat, sp.cost):
            continue
        if sp.in_battle and card_effects.spell_allowed_in_battle(s, side, sp):
            out.append(lay.one(acts.K_SPELL, card - nu))
        elif sp.relic and card_effects.spell_targets(s, seat, sp) == [-1]:
            out.append(lay.one(acts.K_SPELL, card - nu))  # §5.2: relics in either player's round
    return sorted(out)


def exchange_apply(
    s: GraxiaState, lay: Layout, seat: int, action: int, events: list[Event] | None
) -> None:
    side = side_of(s, seat)
    if action == acts.PASS:
        s.bat.passes += 1
        if events is not None:
            emit(events, "battle_pass", seat=seat)
        if s.bat.passes >= 2:
            open_sacrifice(s, events)
        else:
            s.bat.actor = 1 - side
        return
    s.bat.passes = 0
    kind, x, _ = lay.decode(action)
    cell = unit_cell(s, side)
    if kind == acts.K_USE:
        name = s.cat.battle_ability_names[x]
        ut = s.cat.units[s.unit[cell]]
        i = next(
            k for k, ab in enumerate(ut.abilities) if ab.name == name and ab.timing == BATTLE_ACTIVE
        )
        ab = ut.abilities[i]
        s.bat.set_used(side, s.bat.used(side) | 1 << i)
        s.mana[seat] -= card_effects.ability_mana(s, ab)
        if events is not None:
            emit(events, "battle_ability", seat=seat, ability=name)
        if ab.self_wounds:
            s.wounds[cell] += ab.self_wounds  # §5.1: paid at once, not reduced
            if s.wounds[cell] >= modifiers.max_health(s, cell):
                map_rules.eliminate(s, cell, 1 - seat, events)
        if s.unit[cell] >= 0:
            card_effects.battle_effects(s, side, ab.effects, events)
    else:
        card = len(s.cat.units) + x
        sp = s.cat.spells[x]
        s.hands[seat].remove(card)
        s.discards[s.sdeck[seat]].append(card)
        s.mana[seat] -= modifiers.card_cost(s, seat, sp.cost)
        if events is not None:
            emit(events, "battle_spell", seat=seat, spell=sp.name)
        if sp.in_battle:
            card_effects.battle_effects(s, side, sp.effects, events)
        else:
            card_effects.relic_effects(s, seat, sp, events)
    if s.bat.escaped:  # escape_battle: the battle ends at once, no wounds
        finish(s, events)
        return
    if s.unit[s.bat.attacker] < 0 or s.unit[s.bat.defender] < 0:
        after_wounds(s, events, fought=False)  # §7 step 5: the battle is over, go to step 8
        return
    card_effects.recheck_thirst(s)
    s.bat.actor = 1 - side


def open_sacrifice(s: GraxiaState, events: list[Event] | None) -> None:
    s.phase = B_SAC
    s.commit.open([0, 1])
    if events is not None:
        emit(events, "sacrifice_step")


def sacrifice_legal(s: GraxiaState, lay: Layout, seat: int) -> list[int]:
    """§7 step 6 / §5.3: a Spell card behind the Tactics card (for attack or defence), or
    the bluff; Bewitch leaves only the bluff."""
    out = [acts.BLUFF]
    if s.bat.no_sacrifice >> side_of(s, seat) & 1:
        return out
    nu = len(s.cat.units)
    for card in set(s.hands[seat]):
        if card >= nu:
            out.append(lay.sacrifice(card - nu, False))
            out.append(lay.sacrifice(card - nu, True))
    return sorted(out)


def sacrifice_apply(
    s: GraxiaState, lay: Layout, seat: int, action: int, events: list[Event] | None
) -> None:
    s.commit.add(seat, action)
    s.commit.finish(seat)
    if events is not None:
        emit(events, "committed", seat=seat)
    if not s.commit.all_done:
        return
    chosen = s.commit.reveal()
    nu = len(s.cat.units)
    plays = []
    for seat_ in (0, 1):
        a = chosen[seat_][0]
        side = side_of(s, seat_)
        if a == acts.BLUFF:
            if events is not None:
                emit(events, "bluff", seat=seat_)
            continue
        _, sp, defence = lay.decode(a)
        card = nu + sp
        s.hands[seat_].remove(card)
        s.discards[s.sdeck[seat_]].append(card)
        mod = s.cat.spells[sp].modifier
        plays.append((defence, side, mod))
        if events is not None:
            emit(
                events,
                "sacrifice",
                seat=seat_,
                spell=s.cat.spells[sp].name,
                use="defence" if defence else "attack",
                modifier=mod,
            )
    for defence, side, mod in sorted(plays):
        if defence:
            adjust(s, 1 - side, -mod)
        else:
            adjust(s, side, mod)
    resolve(s, events)


def resolve(s: GraxiaState, events: list[Event] | None) -> None:
    """§7 step 7: wounds = BV / 2 rounded up; modifiers, then heals; then steps 8-11."""
    att, dfn = s.bat.attacker, s.bat.defender
    w = [0, 0]  # w[side]: wounds side inflicts on the other
    for side in (0, 1):
        bv = s.bat.bv(side)
        target = dfn if side == 0 else att
        n = (bv + 1) // 2 + s.bat.extra_wounds(side)
        # §9.2: Solo Scenario 2's +2 (on damage done: M.bonus_on_damage_done), Blood Vigor
        bonus = modifiers.battle_bonus(s, seat_of(s, side)) if s.sc.solo else 0
        after = modifiers.bonus_on_damage_done(s, seat_of(s, side))
        n += 0 if after else bonus
        n -= card_effects.battle_reduction(s, target)
        if side == 0 and s.flags[dfn] & SHIELD:
            n -= 2  # §6 A Shield: the defender's shield subtracts 2 wounds
        if card_effects.barrier_blocks(s, target, s.unit[att if side == 1 else dfn]):
            n = 0
        w[side] = max(0, n) + (bonus if after and n > 0 else 0)
    s.bat.wounds0, s.bat.wounds1 = w
    s.wounds[dfn] += w[0]
    s.wounds[att] += w[1]
    for side, cell in ((0, att), (1, dfn)):
        s.wounds[cell] = max(0, s.wounds[cell] - s.bat.heal(side))
    if events is not None:
        emit(events, "battle_wounds", bv=[s.bat.bv0, s.bat.bv1], wounds=w)
    after_wounds(s, events, fought=True)


def after_wounds(s: GraxiaState, events: list[Event] | None, fought: bool) -> None:
    """Steps 8-11: eliminations, the winner, retreat, advance, shield removal."""
    att, dfn = s.bat.attacker, s.bat.defender
    aseat = s.current
    dead = [False, False]
    for side, cell in ((1, dfn), (0, att)):
        if s.unit[cell] < 0:
            dead[side] = True
        elif s.wounds[cell] >= modifiers.max_health(s, cell):
            map_rules.eliminate(s, cell, aseat if side == 1 else 1 - aseat, events)
            dead[side] = True
    w0, w1 = s.bat.wounds0, s.bat.wounds1
    destined = s.bat.destined  # side + 1 of the unit that must win (0: none)
    if destined and dead[destined - 1]:
        destined = 0
    if destined:
        winner = destined - 1
    elif dead[0]:
        winner = 1
    elif dead[1]:
        winner = 0
    else:
        winner = 0 if w0 > w1 else 1 if w1 > w0 else -1
    if events is not None:
        emit(
            events,
            "battle_result",
            winner=-1 if winner < 0 else (aseat if winner == 0 else 1 - aseat),
        )
    retreat = not dead[0] and not dead[1] and fought and (w0 > w1 or destined == 1)
    if destined == 2:
        retreat = False
    if retreat:
        cells = retreat_cells(s, att, dfn)
        if not cells:
            if events is not None:
                emit(
                    events,
                    "retreat_blocked",
                    cell=s.sc.board.text(dfn),
                    unit=map_rules.unit_name(s, dfn),
                )
            s.wounds[dfn] += 1  # §7 step 9: blocked: 1 wound and stays
            if s.wounds[dfn] >= modifiers.max_health(s, dfn):
                map_rules.eliminate(s, dfn, aseat, events)
        elif len(cells) == 1:
            do_retreat(s, cells[0], events)
            return
        else:
            s.phase = B_RETREAT
            return
    offer_advance(s, events)


def retreat_cells(s: GraxiaState, att: int, dfn: int) -> list[int]:
    """§7 step 9: tiles directly away from the attacker, not occupied, on the board."""
    ut = s.cat.units[s.unit[dfn]]
    return [
        c
        for c in s.sc.board.away(att, dfn)
        if s.unit[c] < 0 and map_rules.can_stand(s, ut, c) and map_rules.edge_open(s, ut, dfn, c)
    ]


def do_retreat(s: GraxiaState, cell: int, events: list[Event] | None) -> None:
    dfn = s.bat.defender
    seat = s.owner[dfn]
    take = s.ctrl[cell] == -1  # §7 step 9: an uncontrolled tile becomes the retreater's
    map_rules.move_unit(s, dfn, cell, events, take=take)
    if events is not None:
        emit(
            events,
            "retreat",
            seat=seat,
            dest=s.sc.board.text(cell),
            unit=map_rules.unit_name(s, cell),
        )
    offer_advance(s, events)


def offer_advance(s: GraxiaState, events: list[Event] | None) -> None:
    att, dfn = s.bat.attacker, s.bat.defender
    if s.unit[att] >= 0 and s.unit[dfn] < 0:
        ut = s.cat.units[s.unit[att]]
        if map_rules.can_stand(s, ut, dfn) and map_rules.edge_open(s, ut, att, dfn):
            s.phase = B_ADVANCE
            return
    finish(s, events)


def advance(s: GraxiaState, go: bool, events: list[Event] | None) -> None:
    """§7 step 10: the attacker may move onto the vacated tile."""
    if go:
        att, dfn = s.bat.attacker, s.bat.defender
        flags = s.flags[att]
        map_rules.move_unit(s, att, dfn, events)
        s.flags[dfn] = flags & ~SHIELD
        s.bat.attacker = dfn
        s.bat.defender = att
    finish(s, events)


def finish(s: GraxiaState, events: list[Event] | None) -> None:
    """§7 step 11: a defender still holding its shield loses it."""
    dfn = s.bat.defender
    if s.unit[dfn] >= 0 and s.owner[dfn] != s.current:
        s.flags[dfn] &= ~SHIELD
    s.bat = Battle()
    s.sup = []
    s.phase = COMMAND
    if events is not None:
        emit(events, "battle_end")


def retreat_legal(s: GraxiaState, lay: Layout) -> list[int]:
    return sorted(
        lay.one(acts.K_RETREAT, c) for c in retreat_cells(s, s.bat.attacker, s.bat.defender)
    )


def unit_types(s: GraxiaState) -> tuple[UnitType, UnitType]:
    return s.cat.units[s.unit[s.bat.attacker]], s.cat.units[s.unit[s.bat.defender]]


__all__ = ["BOTH", "finish", "start"]
