"""The closed effect vocabulary (records.EFFECT_KINDS) as rules: battle effects (§7 steps
3-7), command abilities (§5.4, §6 A) and command spells (§6 B), and drawing cards (§6)."""

from __future__ import annotations

from typing import Final

from wartable.core.events import Event, emit

from . import actions as acts
from . import board as map_rules
from . import choices as pending_choices
from . import modifiers
from .catalog.tables import BOTH, COMMAND_ACTIVE, LARGE, MAG, PHYS, Ability, Effect, Spell
from .push import displace, push_cells
from .state import (
    ABILITY,
    ATTACKED,
    BARRIER,
    CARRIER,
    EXTRA_MOVE,
    MOVED,
    SHIELD_NOW,
    STEALTH,
    GraxiaState,
)

THIRSTED: Final = 1 << 29  # a bit of the side's used-abilities mask: Blood Thirst has fired
SILENCED: Final = 1 << 30  # ... and: Mists of Confusion, only passes are left this battle
ENEMY_TARGETS: Final = ("enemy_unit", "adjacent_enemy", "any_unit", "opponent")
FRIEND_TARGETS: Final = ("friendly_unit", "adjacent_friendly", "self")
CASTLE: Final = "castle"


# ----- cards ---------------------------------------------------------------------------
def can_draw(s: GraxiaState, seat: int, unit: bool) -> bool:
    if unit and not s.sc.unit_deck_used[seat]:
        return False  # §9.1 #6: the Unit Deck is never used (its discards are not redrawn)
    pile = s.udeck[seat] if unit else s.sdeck[seat]
    return s.hand_size(seat) < modifiers.hand_limit(s, seat) and bool(
        s.decks[pile] or s.discards[pile]
    )


def draw_card(s: GraxiaState, seat: int, unit: bool, events: list[Event] | None) -> None:
    """Draw one card; an exhausted deck is rebuilt by shuffling its discards (§6 phase 1)."""
    pile = s.udeck[seat] if unit else s.sdeck[seat]
    if not s.decks[pile]:
        s.decks[pile] = s.discards[pile]
        s.discards[pile] = []
        s.rng.shuffle(s.decks[pile])
        if events is not None:
            emit(events, "reshuffle", pile="unit" if unit else "spell", seat=seat)
    card = s.decks[pile].pop()
    s.hands[seat].append(card)
    if events is not None:
        emit(events, "draw", seat=seat, kind="unit" if unit else "spell")
    if events is not None:
        emit(events, "drawn", to=(seat,), card=s.cat.card_name(card))  # only the drawer sees it


# ----- battle --------------------------------------------------------------------------
def _bv(s: GraxiaState, side: int, delta: int) -> None:
    s.bat.set_bv(side, max(0, s.bat.bv(side) + delta))


def support_value(s: GraxiaState, cell: int) -> int:
    return s.cat.units[s.unit[cell]].support


def ignores_terrain(s: GraxiaState, att: int) -> bool:
    return any(
        e.kind == "ignore_terrain_defence"
        for ab in s.cat.units[s.unit[att]].abilities
        for e in ab.effects
    )


def ability_mana(s: GraxiaState, ab: Ability) -> int:
    """Mana paid for an ability; Berserk also costs 3 mana under ``berserk_cost``."""
    extra = 0
    if s.config.berserk_cost == "wounds_and_mana" and any(e.kind == "berserk" for e in ab.effects):
        extra = ab.self_wounds
    return ab.mana + extra


def spell_allowed_in_battle(s: GraxiaState, side: int, sp: Spell) -> bool:
    ut = s.cat.units[s.unit[s.bat.cell(side)]]
    if sp.requires == "magical_attack" and ut.attack_type not in (MAG, BOTH):
        return False
    return not (sp.requires == "normal_unit" and ut.unique)


def _condition(s: GraxiaState, side: int, e: Effect) -> bool:
    own = s.cat.units[s.unit[s.bat.cell(side)]]
    other_cell = s.bat.cell(1 - side)
    tile = s.sc.terrain[s.bat.defender]
    if (e.when == "attacking" and side != 0) or (e.when == "defending" and side != 1):
        return False
    if e.terrain and tile not in e.terrain:
        return False
    if e.vs_class and (
        s.unit[other_cell] < 0 or s.cat.units[s.unit[other_cell]].klass not in e.vs_class
    ):
        return False
    c = e.condition
    if c == "magical_attack" and own.attack_type == PHYS:
        return False
    if c == "physical_attack" and own.attack_type == MAG:
        return False
    if c == "enemy_wounded" and (s.unit[other_cell] < 0 or s.wounds[other_cell] == 0):
        return False
    return not (c == "in_forest" and tile != map_rules.FOREST)


def battle_effects(
    s: GraxiaState,
    side: int,
    effects: tuple[Effect, ...],
    events: list[Event] | None,
    passive: bool = False,
) -> None:
    """Apply battle effects for ``side`` (0 attacker, 1 defender)."""
    seat = s.current if side == 0 else 1 - s.current
    own = s.bat.cell(side)
    other = s.bat.cell(1 - side)
    for e in effects:
        if not _condition(s, side, e):
            continue
        k = e.kind
        if k in ("battle_bonus", "berserk"):
            _bv(s, side, e.amount)
        elif k == "battle_penalty":
            _bv(s, 1 - side, -e.amount)
        elif k == "blood_thirst":
            blood_thirst(s, side, e.amount)
        elif k == "no_sacrifice":
            s.bat.no_sacrifice |= 1 << (1 - side)
        elif k == "silence":
            s.bat.set_used(1 - side, s.bat.used(1 - side) | SILENCED)
        elif k == "turn_supporter" and side == 1 and s.sup:  # Mind Control: the caster picks
            pending_choices.request(s, pending_choices.TURN, seat, 0, 0, events)
        elif k == "cancel_support" and side == 1 and s.sup:
            for c in list(s.sup):
                _bv(s, 0, -support_value(s, c))
                s.sup.remove(c)
        elif k == "extra_wounds":
            s.bat.set_extra_wounds(side, s.bat.extra_wounds(side) + e.amount)
        elif k == "wound_reduction" and not passive:
            s.bat.set_extra_wounds(1 - side, s.bat.extra_wounds(1 - side) - e.amount)
        elif k == "win_battle":
            s.bat.destined = side + 1
        elif k == "escape_battle":
            s.bat.escaped = 1
        elif k == "chain_lightning":
            targets = list(s.sup) if side == 1 else []
            for c in targets:
                value = support_value(s, c)
                map_rules.damage(s, c, e.amount, seat, events, command=False)
                if s.unit[c] < 0:  # §7 step 5: support withdrawn, the point is scored
                    s.sup.remove(c)
                    _bv(s, 0, -value)
        elif k == "heal":
            s.bat.set_heal(side, s.bat.heal(side) + e.amount)
        elif k == "damage" and e.target in ENEMY_TARGETS and s.unit[other] >= 0:
            map_rules.damage(
                s, other, e.amount, seat, events, command=False, unmitigated=e.unmitigated
            )
        elif k == "stun" and e.target in ENEMY_TARGETS and s.unit[other] >= 0:
            map_rules.stun(s, other)
        elif k == "immune_to_unique":
            s.flags[own] |= BARRIER
        elif k in ("gain_mana", "steal_mana", "draw_cards", "recover_spell", "recover_unit"):
            _card_effect(s, seat, e, events)


def blood_thirst(s: GraxiaState, side: int, amount: int) -> None:
    """Blood Thirst: once per battle, +amount as soon as an enemy unit (the opponent or a
    unit supporting it) is wounded."""
    if s.bat.used(side) & THIRSTED:
        return
    other = s.bat.cell(1 - side)
    enemies = [other] + (list(s.sup) if side == 1 else [])
    if any(s.unit[c] >= 0 and s.wounds[c] > 0 for c in enemies):
        s.bat.set_used(side, s.bat.used(side) | THIRSTED)
        _bv(s, side, amount)


def recheck_thirst(s: GraxiaState) -> None:
    """After each exchange: a Blood Thirst unit whose enemy is now wounded gains its bonus."""
    for side in (0, 1):
        cell = s.bat.cell(side)
        if s.unit[cell] < 0:
            continue
        for ab in s.cat.units[s.unit[cell]].abilities:
            for e in ab.effects:
                if e.kind == "blood_thirst":
                    blood_thirst(s, side, e.amount)


def battle_reduction(s: GraxiaState, cell: int) -> int:
    """Passive wound reductions of the unit on ``cell`` in this battle (Bark Regrowth...)."""
    tile = s.sc.terrain[s.bat.defender]
    n = 0
    for ab in s.cat.units[s.unit[cell]].abilities:
        for e in ab.effects:
            if e.kind == "damage_reduction" and (not e.terrain or tile in e.terrain):
                n += e.amount
            elif e.kind == "wound_reduction" and ab.timing != "battle_activated":
                if e.when in ("", "always") or (e.when == "defending") == (cell == s.bat.defender):
                    n += e.amount
    return n


def barrier_blocks(s: GraxiaState, target: int, source_unit: int) -> bool:
    """Dragon Barrier: no damage from unique units for the rest of the round."""
    return bool(s.flags[target] & BARRIER) and source_unit >= 0 and s.cat.units[source_unit].unique


# ----- cards and mana effects ----------------------------------------------------------
def _card_effect(s: GraxiaState, seat: int, e: Effect, events: list[Event] | None) -> None:
    k = e.kind
    if k == "gain_mana":
        s.mana[seat] += e.amount
    elif k == "steal_mana":
        took = min(e.amount, s.mana[1 - seat])
        s.mana[1 - seat] -= took
        s.mana[seat] += took
    elif k == "draw_cards":
        for _ in range(e.amount):
            if can_draw(s, seat, False):
                draw_card(s, seat, False, events)
    elif k in ("recover_spell", "recover_unit"):  # the player picks the card (choices.py)
        if k == "recover_spell":
            pending_choices.request(
                s, pending_choices.SPELL, seat, pending_choices.recover_source(s, e), 0, events
            )
        else:
            pending_choices.request(s, pending_choices.UNIT, seat, 0, 0, events)
    if events is not None:
        emit(events, "card_effect", seat=seat, kind=k)


# ----- command abilities ---------------------------------------------------------------
def _ranged(ab: Ability) -> Effect | None:
    return next((e for e in ab.effects if e.kind == "ranged"), None)


def _reach(s: GraxiaState, c: int, steps: int) -> list[int]:
    """Empty tiles the unit on ``c`` reaches in up to ``steps`` moves through empty tiles."""
    ut = s.cat.units[s.unit[c]]
    b = s.sc.board
    seen = {c}
    frontier = [c]
    for _ in range(steps):
        nxt = []
        for x in frontier:
            for n in b.nbr[x]:
                if n in seen or s.unit[n] >= 0 or not map_rules.can_stand(s, ut, n):
                    continue
                if not ut.flying and not map_rules.edge_open(s, ut, x, n):
                    continue
                seen.add(n)
                nxt.append(n)
        frontier = nxt
    seen.discard(c)
    return sorted(seen)


def _unit_targets(s: GraxiaState, seat: int, c: int, target: str) -> list[int]:
    b = s.sc.board
    cells: tuple[int, ...] = (  # a tuple either way: compiled, the loop stays native
        b.tiles if c < 0 or target in ("enemy_unit", "friendly_unit", "any_unit") else b.nbr[c]
    )
    enemies_only = target in ("enemy_unit", "adjacent_enemy", "opponent")
    friends_only = target in ("friendly_unit", "adjacent_friendly")
    unit, owner, flags, units = s.unit, s.owner, s.flags, s.cat.units
    out = []
    for n in cells:
        u = unit[n]
        if u < 0 or n == c:
            continue
        enemy = owner[n] != seat
        if enemy and (units[u].is_guardian or flags[n] & STEALTH):
            continue  # §5.1: Guardians are immune to enemy powers in the Command Phase
        if (enemies_only and not enemy) or (friends_only and enemy):
            continue
        out.append(n)
    return out


def command_ability(s: GraxiaState, c: int, shoot: bool) -> Ability | None:
    for ab in s.cat.units[s.unit[c]].abilities:
        if ab.timing == COMMAND_ACTIVE and (_ranged(ab) is not None) == shoot:
            return ab
    return None


def command_targets(s: GraxiaState, c: int, ab: Ability) -> tuple[int, list[int]]:
    seat = s.owner[c]
    r = _ranged(ab)
    if r is not None:
        if ab is not command_ability(s, c, True):
            return acts.K_SHOOT, []
        b = s.sc.board
        out = [
            n
            for n in _unit_targets(s, seat, -1, "enemy_unit")
            if 1 <= b.d(c, n) <= r.range and (r.siege or s.sc.terrain[n] != CASTLE)
        ]
        return acts.K_SHOOT, out
    if ab is not command_ability(s, c, False):
        return acts.K_ABILITY, []
    for e in ab.effects:
        if e.kind in ("extra_move", "teleport") and e.target == "self":
            if ab.is_move and s.flags[c] & EXTRA_MOVE:
                return acts.K_ABILITY, []
            # extra_move: the unit's own movement and ``amount`` more tiles (Long Strides,
            # movement 1 + 1: "move up to two tiles"); it is used instead of a Move
            ut = s.cat.units[s.unit[c]]
            steps = ut.moves + e.amount if e.kind == "extra_move" else (e.range or 3)
            return acts.K_ABILITY, _reach(s, c, steps)
        if e.target in (
            "adjacent_friendly",
            "adjacent_enemy",
            "enemy_unit",
            "friendly_unit",
            "any_unit",
        ):
            cells = _unit_targets(s, seat, c, e.target)
            if e.range:
                cells = [n for n in cells if s.sc.board.d(c, n) <= e.range]
            if e.kind == "teleport":  # Mystic Bridge: a friend with its one extra move left
                cells = [
                    n
                    for n in cells
                    if not s.flags[n] & (CARRIER | EXTRA_MOVE)
                    and pending_choices.destinations_within(s, n, e.range or 3)
                ]
            if e.kind == "displace":
                cells = [
                    n
                    for n in cells
                    if n not in s.sc.vital and not s.flags[n] & CARRIER and push_cells(s, c, n)
                ]
            return acts.K_ABILITY, cells
    return acts.K_ABILITY, [c]


def _ranged_damage(s: GraxiaState, shooter: int, target: int, e: Effect) -> int:
    ut = s.cat.units[s.unit[target]]
    dmg = e.amount
    if ut.klass in e.bonus_vs or s.sc.terrain[target] in e.bonus_terrain:
        dmg += e.bonus
    if not e.area and s.sc.terrain[shooter] in (map_rules.HILLS, map_rules.MOUNTAINS):
        dmg += 1  # §5.4 Hills, Mountains: +1 for a ranged attack fired from them
    if s.sc.solo and modifiers.volley(s, shooter):
        dmg *= 2  # §9.2 Solo Scenario 3, Home-Row D: Volley doubles the unit's missile damage
    return dmg


def use_command_ability(s: GraxiaState, c: int, target: int, events: list[Event] | None) -> None:
    seat = s.owner[c]
    kind_shoot = any(
        ab.timing == COMMAND_ACTIVE
        and _ranged(ab) is not None
        and target in command_targets(s, c, ab)[1]
        for ab in s.cat.units[s.unit[c]].abilities
    )
    ab = command_ability(s, c, kind_shoot)
    assert ab is not None
    s.mana[seat] -= ab.mana
    s.flags[c] |= ABILITY
    if events is not None:
        emit(
            events,
            "ability",
            seat=seat,
            unit=s.cat.units[s.unit[c]].name,
            ability=ab.name,
            target=s.sc.board.text(target),
            target_unit=map_rules.unit_name(s, target) if target >= 0 else "",
        )
    if ab.self_wounds:
        s.wounds[c] += ab.self_wounds
        if s.wounds[c] >= modifiers.max_health(s, c):
            map_rules.eliminate(s, c, 1 - seat, events)
            return
    for e in ab.effects:
        _command_effect(s, seat, c, target, e, ab, events)


def _command_effect(
    s: GraxiaState,
    seat: int,
    c: int,
    target: int,
    e: Effect,
    ab: Ability | None,
    events: list[Event] | None,
) -> None:
    k = e.kind
    b = s.sc.board
    if k == "ranged" and s.unit[target] >= 0:
        large = s.cat.units[s.unit[target]].klass == LARGE
        map_rules.damage(
            s,
            target,
            _ranged_damage(s, c, target, e),
            seat,
            events,
            unmitigated=e.unmitigated,
            keep_shield=e.keep_shield,
            src=c,
        )
        if e.stun and not large and s.unit[target] >= 0:
            map_rules.stun(s, target)
        if e.area:
            for n in b.nbr[target]:
                if s.unit[n] >= 0 and s.owner[n] != seat and not s.cat.units[s.unit[n]].is_guardian:
                    map_rules.damage(s, n, e.amount, seat, events, unmitigated=e.unmitigated)
    elif k == "damage" and s.unit[target] >= 0 and s.owner[target] != seat:
        map_rules.damage(s, target, e.amount, seat, events, unmitigated=e.unmitigated)
        if e.area:
            for n in b.nbr[target]:
                if s.unit[n] >= 0 and s.owner[n] != seat and not s.cat.units[s.unit[n]].is_guardian:
                    map_rules.damage(s, n, e.amount, seat, events, unmitigated=e.unmitigated)
    elif k == "heal":
        if e.target == "adjacent_friendly_all":
            cells = [n for n in b.nbr[c] if s.owner[n] == seat] if c >= 0 else []
        elif e.target == "friendly_race_all":
            cells = [
                n
                for n in range(b.size)
                if s.owner[n] == seat and s.cat.units[s.unit[n]].race == e.race
            ]
        else:
            cells = [target] if s.unit[target] >= 0 else []
        for n in cells:
            map_rules.heal(s, n, e.amount)
    elif k == "stun" and s.unit[target] >= 0 and s.owner[target] != seat:
        map_rules.stun(s, target)
    elif k == "grant_attack" and s.unit[target] >= 0:
        s.wounds[target] += e.amount  # §5.4 Aura of Aggression: cannot be mitigated
        if s.wounds[target] >= modifiers.max_health(s, target):
            map_rules.eliminate(s, target, 1 - seat, events)
        else:
            s.flags[target] &= ~(ATTACKED | SHIELD_NOW)
    elif k == "extra_action" and s.unit[target] >= 0:
        clear = {"move": MOVED, "attack": ATTACKED, "shield": SHIELD_NOW}.get(
            e.action, MOVED | ATTACKED | SHIELD_NOW | ABILITY
        )
        s.flags[target] &= ~clear
    elif k in ("extra_move", "teleport") and e.target == "self" and c >= 0 and s.unit[target] < 0:
        map_rules.move_unit(s, c, target, events)
        s.flags[target] |= EXTRA_MOVE | MOVED
        if e.then_attack:
            s.flags[target] &= ~ABILITY
        map_rules.pick_up_banner(s, target, events)
    elif k == "teleport" and c >= 0 and s.unit[target] >= 0:  # Mystic Bridge: where to
        pending_choices.request(s, pending_choices.MOVE_TO, seat, target, e.range or 3, events)
    elif k == "teleport" and c < 0 and s.unit[target] >= 0:
        s.track.teleport_to = target + 1  # the destination is the next decision (a move)
    elif k == "extra_move" and s.unit[target] >= 0:
        if not s.flags[target] & EXTRA_MOVE:
            s.flags[target] = (s.flags[target] & ~MOVED) | EXTRA_MOVE
    elif k == "immune_to_unique" and s.unit[target] >= 0:
        s.flags[target] |= BARRIER
    elif k == "stealth" and c >= 0:
        s.flags[c] |= STEALTH
    elif k == "summon_anywhere":
        s.track.allies = 1
    elif k == "atonement" and s.unit[target] >= 0:
        _atonement(s, seat, target, events)
    elif k == "displace" and s.unit[target] >= 0 and c >= 0:
        displace(s, c, target, e.amount, events)
    elif k in ("gain_mana", "steal_mana", "draw_cards", "recover_spell", "recover_unit"):
        _card_effect(s, seat, e, events)


def _atonement(s: GraxiaState, seat: int, target: int, events: list[Event] | None) -> None:
    """Atonement: heal the target fully; twice the healed wounds go to another friendly unit,
    the caster's choice (choices.py)."""
    pending_choices.request(s, pending_choices.ATONE, seat, target, 0, events)


# ----- command spells ------------------------------------------------------------------
UNCASTABLE: Final[tuple[str, ...]] = ()


def spell_targets(s: GraxiaState, seat: int, sp: Spell) -> list[int]:
    """Targets of a command spell: [-1] for none; Guardians are never targets (§5.1)."""
    if any(e.kind in UNCASTABLE for e in sp.effects):
        return []
    for e in sp.effects:
        t = e.target
        if t in ENEMY_TARGETS or t in FRIEND_TARGETS or e.kind == "atonement":
            want = "enemy_unit" if t in ENEMY_TARGETS else "friendly_unit"
            cells = [
                n
                for n in _unit_targets(s, seat, -1, want)
                if not s.cat.units[s.unit[n]].is_guardian
            ]
            if sp.requires == "normal_unit":
                cells = [n for n in cells if not s.cat.units[s.unit[n]].unique]
            if e.kind in ("extra_move", "teleport", "displace"):  # §9.1 #3: bearers stay put
                cells = [n for n in cells if not s.flags[n] & CARRIER]
            if e.kind in ("extra_move", "teleport"):  # §6 A: one extra "move" ability a round
                cells = [n for n in cells if not s.flags[n] & EXTRA_MOVE]
            if e.kind == "teleport":
                cells = [n for n in cells if teleport_cells(s, n)]
            return cells
    return [-1]


def cast_command_spell(
    s: GraxiaState, seat: int, sp_index: int, target: int, events: list[Event] | None
) -> None:
    sp = s.cat.spells[sp_index]
    card = len(s.cat.units) + sp_index
    s.hands[seat].remove(card)
    s.discards[s.sdeck[seat]].append(card)
    s.mana[seat] -= modifiers.card_cost(s, seat, sp.cost)
    if events is not None:
        emit(
            events,
            "spell",
            seat=seat,
            spell=sp.name,
            target=s.sc.board.text(target) if target >= 0 else None,
            target_unit=map_rules.unit_name(s, target) if target >= 0 else "",
        )
    for e in sp.effects:
        _command_effect(s, seat, -1, target, e, None, events)


def teleport_cells(s: GraxiaState, cell: int) -> list[int]:
    """Mystic Gate: any unoccupied friendly-controlled tile the unit may stand on."""
    seat = s.owner[cell]
    ut = s.cat.units[s.unit[cell]]
    return [
        n
        for n in range(s.sc.board.size)
        if s.ctrl[n] == seat and s.unit[n] < 0 and map_rules.can_stand(s, ut, n)
    ]


def relic_effects(s: GraxiaState, seat: int, sp: Spell, events: list[Event] | None) -> None:
    """A command relic played during a battle (either player's round, §5.2)."""
    for e in sp.effects:
        _command_effect(s, seat, -1, -1, e, None, events)


def end_of_command(s: GraxiaState, seat: int, events: list[Event] | None) -> None:
    """Command-passive effects at the end of the Command Phase (Blessing of Celethrea)."""
    b = s.sc.board
    for c in range(b.size):
        if s.owner[c] != seat or s.unit[c] < 0:
            continue
        for ab in s.cat.units[s.unit[c]].abilities:
            for e in ab.effects:
                if e.kind == "end_of_command_heal":
                    for n in range(b.size):
                        if s.owner[n] == seat and (
                            not e.race or s.cat.units[s.unit[n]].race == e.race
                        ):
                            map_rules.heal(s, n, e.amount)


__all__ = ["CASTLE"]
