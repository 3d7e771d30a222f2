"""Attacks and arrow strikes ("Performing an Attack", "Arrow Strike"), with the
settlement effects that change them.

Pure functions over ``DraconiaState``; ``ev`` is the event list or ``None``
on the fast path. They deal damage but leave the end-of-game check to the
caller, which runs it once the whole attack has resolved.
"""

from __future__ import annotations

from wartable.core.events import Event

from . import settlements as settlement_cards
from .board import facing
from .cards import Unit
from .state import BURN, CRACK, EMPTY, PYRAMID_ATTACK, PYRAMID_DEFENSE, DraconiaState


def reveal(s: DraconiaState, seat: int, line: int, ev: list[Event] | None) -> bool:
    """Turn a face-down unit face up; True if it was face down ("Revealing Units")."""
    if s.face_up[seat][line]:
        return False
    s.face_up[seat][line] = True
    bless = s.bless[seat]
    if bless[0] == line and bless[2] == s.round and not bless[3]:
        bless[3] = 1  # White Tooth Gorge: the Blessing token is revealed with the unit
        if ev is not None:
            ev.append(
                {
                    "type": "blessing",
                    "seat": seat,
                    "line": line,
                    "kind": settlement_cards.BLESSINGS[bless[1]],
                }
            )
    if ev is not None:
        unit = s.unit(seat, s.field[seat][line])
        ev.append(
            {
                "type": "reveal",
                "seat": seat,
                "line": line,
                "card": s.field[seat][line],
                "unit": unit.name,
            }
        )
    return True


def damage(s: DraconiaState, seat: int, amount: int, cause: str, ev: list[Event] | None) -> None:
    s.health[seat] -= amount
    if ev is not None:
        ev.append(
            {
                "type": "damage",
                "seat": seat,
                "amount": amount,
                "cause": cause,
                "health": s.health[seat],
            }
        )


def eliminate(s: DraconiaState, seat: int, line: int, cause: str, ev: list[Event] | None) -> None:
    """Move the unit on ``line`` to its owner's Graveyard."""
    pos = s.field[seat][line]
    s.field[seat][line] = EMPTY
    s.face_up[seat][line] = False
    s.grave[seat].append(pos)
    if (
        s.settlement[seat] == settlement_cards.BEASTS_BELLOW
        and s.stokens[seat] > 0
        and s.unit(seat, pos).command
    ):
        s.bellow_queue.append(seat * 100 + pos)  # The Beast's Bellow: a choice follows
    if ev is not None:
        ev.append(
            {
                "type": "eliminate",
                "seat": seat,
                "line": line,
                "card": pos,
                "unit": s.unit(seat, pos).name,
                "cause": cause,
            }
        )


def _blessing(s: DraconiaState, seat: int, line: int) -> int:
    """The active, revealed Blessing kind on this line, or -1."""
    b = s.bless[seat]
    return b[1] if b[0] == line and b[2] == s.round and b[3] else -1


def command_bonus(s: DraconiaState, seat: int, line: int) -> int:
    """Command: +1 attack per Command icon on face-up units adjacent to ``line`` (stacks)."""
    bonus = 0
    row = s.field[seat]
    up = s.face_up[seat]
    for adj in (line - 1, line + 1):
        if 0 <= adj < 3 and row[adj] != EMPTY and up[adj]:
            bonus += s.unit(seat, row[adj]).command
    return bonus


def base_attack(s: DraconiaState, seat: int, line: int, unit: Unit) -> int:
    """Printed attack plus Command and settlement effects (not the slot's supply token)."""
    value = unit.attack + command_bonus(s, seat, line)
    st = s.settlement[seat]
    if st == settlement_cards.NONE:
        return value
    if st == settlement_cards.GRAYMIST_VALLEY:
        value += unit.fortify
    elif st == settlement_cards.JUNGLE_OF_MOUTHS and unit.supply:
        if any(len(s.grave[p]) >= 4 for p in range(s.seats) if p != seat):
            value += 2
    elif st == settlement_cards.ANVIRA:
        value += s.marks[seat][PYRAMID_ATTACK + line]
    return value


def base_defense(s: DraconiaState, seat: int, line: int, unit: Unit) -> int:
    """Printed defense plus settlement effects (not the slot's fortify tokens)."""
    value = unit.defense
    st = s.settlement[seat]
    if st == settlement_cards.NONE:
        return value
    if st == settlement_cards.GRAYMIST_VALLEY:
        value += unit.fortify
    elif st == settlement_cards.ANVIRA:
        value += s.marks[seat][PYRAMID_DEFENSE + line]
    elif st == settlement_cards.WHITE_TOOTH_GORGE and _blessing(s, seat, line) == 0:
        value += 2
    return value


def attack_terms(s: DraconiaState, seat: int, line: int, unit: Unit) -> list[list[int | str]]:
    """``base_attack`` plus the slot's supply token as [source, value] terms (for the log)."""
    terms: list[list[int | str]] = [[unit.name, unit.attack]]
    command = command_bonus(s, seat, line)
    if command:
        terms.append(["Command", command])
    st = s.settlement[seat]
    if st == settlement_cards.GRAYMIST_VALLEY and unit.fortify:
        terms.append(["Graymist Valley", unit.fortify])
    elif st == settlement_cards.JUNGLE_OF_MOUTHS and unit.supply:
        if any(len(s.grave[p]) >= 4 for p in range(s.seats) if p != seat):
            terms.append(["Jungle of Mouths", 2])
    elif st == settlement_cards.ANVIRA and s.marks[seat][PYRAMID_ATTACK + line]:
        terms.append(["Pyramid", s.marks[seat][PYRAMID_ATTACK + line]])
    if s.slot_supply[seat][line]:
        terms.append(["supply token", s.slot_supply[seat][line]])
    return terms


def defense_terms(s: DraconiaState, seat: int, line: int, unit: Unit) -> list[list[int | str]]:
    """``base_defense`` plus the slot's fortify tokens as [source, value] terms (for the log)."""
    terms: list[list[int | str]] = [[unit.name, unit.defense]]
    st = s.settlement[seat]
    if st == settlement_cards.GRAYMIST_VALLEY and unit.fortify:
        terms.append(["Graymist Valley", unit.fortify])
    elif st == settlement_cards.ANVIRA and s.marks[seat][PYRAMID_DEFENSE + line]:
        terms.append(["Pyramid", s.marks[seat][PYRAMID_DEFENSE + line]])
    elif st == settlement_cards.WHITE_TOOTH_GORGE and _blessing(s, seat, line) == 0:
        terms.append(["Blessing", 2])
    if s.slot_fortify[seat][line]:
        terms.append(["fortify tokens", s.slot_fortify[seat][line]])
    return terms


def has_ambush(s: DraconiaState, seat: int, line: int, unit: Unit) -> bool:
    return bool(unit.ambush) or (
        s.settlement[seat] == settlement_cards.WHITE_TOOTH_GORGE and _blessing(s, seat, line) == 1
    )


def fortify_icons(s: DraconiaState, seat: int, unit: Unit) -> int:
    """Graymist Valley: your units lose Fortify (they gain attack and defense instead)."""
    return 0 if s.settlement[seat] == settlement_cards.GRAYMIST_VALLEY else unit.fortify


def arrows_on_field(s: DraconiaState, seat: int, face_up_only: bool = True) -> int:
    total = 0
    for line in range(3):
        pos = s.field[seat][line]
        if pos != EMPTY and (s.face_up[seat][line] or not face_up_only):
            total += s.unit(seat, pos).arrows
            if (
                s.settlement[seat] == settlement_cards.WHITE_TOOTH_GORGE
                and _blessing(s, seat, line) == 2
            ):
                total += 1
    return total


def arrow_strength(s: DraconiaState, seat: int) -> int:
    arrows = arrows_on_field(s, seat)
    if arrows and s.settlement[seat] == settlement_cards.MOONLIT_DEEP:
        arrows += 1  # Moonlit Deep: +1 to an arrow strike, only with Arrows on the field
    return arrows


def arrow_strike(
    s: DraconiaState, seat: int, target: int, target_line: int, ev: list[Event] | None
) -> None:
    """Arrow Strike: reveal the target (no Ambush); eliminate it if Arrows > its defense.

    Not an attack: no Ambush, no Revenge, fortify tokens neither used nor spent.
    """
    arrows = arrow_strength(s, seat)
    reveal(s, target, target_line, ev)
    unit = s.unit(target, s.field[target][target_line])
    defense = base_defense(s, target, target_line, unit)
    if ev is not None:
        terms = defense_terms(s, target, target_line, unit)
        if s.slot_fortify[target][target_line]:
            terms.pop()  # an arrow strike neither uses nor spends fortify tokens
        ev.append(
            {
                "type": "arrow_strike",
                "seat": seat,
                "target_seat": target,
                "line": target_line,
                "arrows": arrows,
                "defense": defense,
                "unit": unit.name,
                "defense_terms": terms,
            }
        )
    if arrows > defense:
        eliminate(s, target, target_line, "arrows", ev)
        damage(s, target, arrows - defense, "arrows", ev)


def _after_damage(
    s: DraconiaState, seat: int, opp: int, line: int, dealt: int, ev: list[Event] | None
) -> None:
    """Settlement marks for damage dealt by a single attack (Saria Desert, Fjord Krak)."""
    st = s.settlement[seat]
    marks = s.marks[opp]
    if (
        st == settlement_cards.SARIA_DESERT
        and dealt >= 2
        and not marks[BURN + line]
        and s.stokens[seat] > 0
    ):
        marks[BURN + line] = 1
        s.stokens[seat] -= 1
        if ev is not None:
            ev.append(
                {
                    "type": "burn",
                    "seat": seat,
                    "target_seat": opp,
                    "line": line,
                    "left": s.stokens[seat],
                }
            )
    elif st == settlement_cards.FJORD_KRAK and dealt >= 3 and s.stokens[seat] > 0:
        # the first Crack goes anywhere; the second only where it wins (anywhere else it is
        # wasted, so "you may" is always answered this way)
        if marks[CRACK + line] or s.stokens[seat] == 2:
            marks[CRACK + line] += 1
            s.stokens[seat] -= 1
            if ev is not None:
                ev.append({"type": "crack", "seat": seat, "target_seat": opp, "line": line})


def resolve_attack(
    s: DraconiaState, seat: int, line: int, cautious: bool, mid_target: int, ev: list[Event] | None
) -> bool:
    """The four attack steps. Returns True when a Maneuver choice is now open."""
    opp, opp_line = facing(s, seat, line, mid_target)
    attacker = s.unit(seat, s.field[seat][line])
    # 1. reveal the attacking unit
    reveal(s, seat, line, ev)
    # 2. reveal the defending unit; Ambush cancels a non-cautious attack
    defender_pos = s.field[opp][opp_line]
    if defender_pos == EMPTY:
        if ev is not None:
            ev.append(
                {"type": "attack_canceled", "seat": seat, "line": line, "why": "no opposing unit"}
            )
        return False
    defender = s.unit(opp, defender_pos)
    newly_revealed = reveal(s, opp, opp_line, ev)
    if newly_revealed and not cautious and has_ambush(s, opp, opp_line, defender):
        if ev is not None:
            ev.append({"type": "ambush", "seat": opp, "line": opp_line, "unit": defender.name})
        damage(
            s, seat, 2 if s.settlement[opp] == settlement_cards.EMMEREST_RIVER else 1, "ambush", ev
        )
        return False
    # 3. tokens: the slot's supply boosts the attacker, fortify tokens the defender
    if ev is not None:  # the terms of both values, read before the tokens are spent
        a_terms = attack_terms(s, seat, line, attacker)
        d_terms = defense_terms(s, opp, opp_line, defender)
    attack = base_attack(s, seat, line, attacker) + s.slot_supply[seat][line]
    defense = base_defense(s, opp, opp_line, defender) + s.slot_fortify[opp][opp_line]
    s.slot_supply[seat][line] = 0
    s.slot_fortify[opp][opp_line] = 0
    if ev is not None:
        ev.append(
            {
                "type": "attack",
                "seat": seat,
                "line": line,
                "target_seat": opp,
                "target_line": opp_line,
                "attacker": attacker.name,
                "defender": defender.name,
                "attack": attack,
                "defense": defense,
                "cautious": cautious,
                "attack_terms": a_terms,
                "defense_terms": d_terms,
            }
        )
    # 4. resolve
    if attack > defense:
        eliminate(s, opp, opp_line, "attack", ev)
        damage(s, opp, attack - defense, "attack", ev)
        if s.settlement[seat] != settlement_cards.NONE:
            _after_damage(s, seat, opp, opp_line, attack - defense, ev)
        if defender.revenge:
            eliminate(s, seat, line, "revenge", ev)
        return False
    if attacker.poison:
        eliminate(s, opp, opp_line, "poison", ev)
        if defender.revenge:
            eliminate(s, seat, line, "revenge", ev)
        return False
    return bool(attacker.maneuver) and len(s.hand[seat]) > 0
