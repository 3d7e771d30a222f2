"""Attacks and arrow strikes ("Performing an Attack", "Arrow Strike").

Pure functions over ``DraconiaState``; ``ev`` is the event list or ``None``
on the fast path. They deal damage but leave the end-of-game check to the
caller, which runs it once the whole attack has resolved.
"""

from __future__ import annotations

from wartable.core.events import Event

from .state import EMPTY, DraconiaState


def opponent_of(s: DraconiaState, seat: int) -> int:
    return 1 - seat


def reveal(s: DraconiaState, seat: int, line: int, ev: list[Event] | None) -> bool:
    """Turn a face-down unit face up; True if it was face down ("Revealing Units")."""
    if s.face_up[seat][line]:
        return False
    s.face_up[seat][line] = True
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


def command_bonus(s: DraconiaState, seat: int, line: int) -> int:
    """Command: +1 attack per Command icon on face-up units adjacent to ``line`` (stacks)."""
    bonus = 0
    row = s.field[seat]
    up = s.face_up[seat]
    for adj in (line - 1, line + 1):
        if 0 <= adj < 3 and row[adj] != EMPTY and up[adj]:
            bonus += s.unit(seat, row[adj]).command
    return bonus


def arrows_on_field(s: DraconiaState, seat: int, face_up_only: bool = True) -> int:
    total = 0
    for line in range(3):
        pos = s.field[seat][line]
        if pos != EMPTY and (s.face_up[seat][line] or not face_up_only):
            total += s.unit(seat, pos).arrows
    return total


def arrow_strike(s: DraconiaState, seat: int, target_line: int, ev: list[Event] | None) -> None:
    """Arrow Strike: reveal the target (no Ambush); eliminate it if Arrows > its defense.

    Not an attack: no Ambush, no Revenge, fortify tokens neither used nor spent.
    """
    opp = opponent_of(s, seat)
    arrows = arrows_on_field(s, seat)
    reveal(s, opp, target_line, ev)
    target = s.unit(opp, s.field[opp][target_line])
    if ev is not None:
        ev.append(
            {
                "type": "arrow_strike",
                "seat": seat,
                "target_seat": opp,
                "line": target_line,
                "arrows": arrows,
                "defense": target.defense,
            }
        )
    if arrows > target.defense:
        eliminate(s, opp, target_line, "arrows", ev)
        damage(s, opp, arrows - target.defense, "arrows", ev)


def resolve_attack(
    s: DraconiaState, seat: int, line: int, cautious: bool, ev: list[Event] | None
) -> bool:
    """The four attack steps. Returns True when a Maneuver choice is now open."""
    opp = opponent_of(s, seat)
    attacker_pos = s.field[seat][line]
    attacker = s.unit(seat, attacker_pos)
    # 1. reveal the attacking unit
    reveal(s, seat, line, ev)
    # 2. reveal the defending unit; Ambush cancels a non-cautious attack
    defender_pos = s.field[opp][line]
    if defender_pos == EMPTY:
        if ev is not None:
            ev.append(
                {"type": "attack_canceled", "seat": seat, "line": line, "why": "no opposing unit"}
            )
        return False
    defender = s.unit(opp, defender_pos)
    newly_revealed = reveal(s, opp, line, ev)
    if newly_revealed and defender.ambush and not cautious:
        if ev is not None:
            ev.append({"type": "ambush", "seat": opp, "line": line, "unit": defender.name})
        damage(s, seat, 1, "ambush", ev)
        return False
    # 3. tokens: the slot's supply boosts the attacker, fortify tokens the defender
    attack = attacker.attack + command_bonus(s, seat, line) + s.slot_supply[seat][line]
    defense = defender.defense + s.slot_fortify[opp][line]
    s.slot_supply[seat][line] = 0
    s.slot_fortify[opp][line] = 0
    if ev is not None:
        ev.append(
            {
                "type": "attack",
                "seat": seat,
                "line": line,
                "attacker": attacker.name,
                "defender": defender.name,
                "attack": attack,
                "defense": defense,
                "cautious": cautious,
            }
        )
    # 4. resolve
    if attack > defense:
        eliminate(s, opp, line, "attack", ev)
        damage(s, opp, attack - defense, "attack", ev)
        if defender.revenge:
            eliminate(s, seat, line, "revenge", ev)
        return False
    if attacker.poison:
        eliminate(s, opp, line, "poison", ev)
        if defender.revenge:
            eliminate(s, seat, line, "revenge", ev)
        return False
    return bool(attacker.maneuver) and len(s.hand[seat]) > 0
