"""Who faces whom: battlelines for 2 players, 3-4 players and 2v2 ("3-4 Player Variant").

Seats sit clockwise 0, 1, 2, 3. In a 3-4 player game a seat's left line (L1) faces
the right line (L3) of its left neighbour, the next seat still in the game
clockwise; its right line (L3) faces the left line of its right neighbour (the
previous seat); its middle line (L2) may attack the middle of any opponent.
Knock-outs re-link the lines at once. In the 2-player game slot ``Lk`` of each
seat lies on battleline ``k``, so ``Lk`` faces ``Lk``.
"""

from __future__ import annotations

from .state import DraconiaState

LEFT, MID, RIGHT = 0, 1, 2


def multiplayer(s: DraconiaState) -> bool:
    return s.config.players > 2


def teams(s: DraconiaState) -> bool:
    return s.config.mode == "teams"


def team_of(s: DraconiaState, seat: int) -> int:
    """2v2: partners sit opposite each other (seats 0 & 2 against 1 & 3)."""
    return seat % 2 if teams(s) else seat


def is_enemy(s: DraconiaState, seat: int, other: int) -> bool:
    return other != seat and team_of(s, seat) != team_of(s, other)


def enemies(s: DraconiaState, seat: int) -> list[int]:
    """Opponents still in the game, clockwise from ``seat``."""
    n = s.seats
    return [
        (seat + i) % n
        for i in range(1, n)
        if s.alive[(seat + i) % n] and is_enemy(s, seat, (seat + i) % n)
    ]


def left_neighbour(s: DraconiaState, seat: int) -> int:
    n = s.seats
    for i in range(1, n):
        other = (seat + i) % n
        if s.alive[other]:
            return other
    return seat


def right_neighbour(s: DraconiaState, seat: int) -> int:
    n = s.seats
    for i in range(1, n):
        other = (seat - i) % n
        if s.alive[other]:
            return other
    return seat


def facing(s: DraconiaState, seat: int, line: int, mid_target: int = -1) -> tuple[int, int]:
    """The (seat, line) an attack from ``seat``'s ``line`` hits."""
    if s.config.players == 2:
        return 1 - seat, line
    if line == LEFT:
        return left_neighbour(s, seat), RIGHT
    if line == RIGHT:
        return right_neighbour(s, seat), LEFT
    return mid_target, MID


def bombard_target(s: DraconiaState, seat: int, line: int) -> int:
    """Bombard: left/right units hit the corresponding opponent; -1 means the middle unit's
    owner chooses among several opponents."""
    if s.config.players == 2:
        return 1 - seat
    foes = enemies(s, seat)
    if line == LEFT:
        return left_neighbour(s, seat)
    if line == RIGHT:
        return right_neighbour(s, seat)
    return foes[0] if len(foes) == 1 else -1


def seats_from(s: DraconiaState, start: int) -> list[int]:
    """Seats still in the game, clockwise from ``start``."""
    n = s.seats
    return [(start + i) % n for i in range(n) if s.alive[(start + i) % n]]
