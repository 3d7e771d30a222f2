"""Build a Draconia position by hand, by unit name (rulebook examples, bug reports).

    s = build_position(
        factions=("ironshroud", "scorching_sands"),
        field={0: ["Prince William", "Shadow Archer", "Iron Lancers"],
               1: ["Tara", "Dastan", "Shamshir Warriors"]},
        face_up={1: [True, True, False]},
        phase="main", active=0,
    )

Cards not placed anywhere go to the seat's draw pile.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from wartable.core.rng import Rng

from .game import GAME
from .state import EMPTY, PHASE_NAMES, DraconiaState


def _take(s: DraconiaState, seat: int, name: str, used: set[int]) -> int:
    for pos, uid in enumerate(s.decks[seat]):
        if pos not in used and s.cards.units[uid].name == name:
            used.add(pos)
            return pos
    raise KeyError(f"seat {seat} ({s.factions[seat]}) has no free unit named {name!r}")


def build_position(
    factions: Sequence[str],
    field: Mapping[int, Sequence[str | None]] | None = None,
    face_up: Mapping[int, Sequence[bool]] | None = None,
    hand: Mapping[int, Sequence[str]] | None = None,
    camp: Mapping[int, Sequence[str]] | None = None,
    grave: Mapping[int, Sequence[str]] | None = None,
    health: Sequence[int] | None = None,
    supply: Sequence[int] | None = None,
    slot_supply: Mapping[int, Sequence[int]] | None = None,
    slot_fortify: Mapping[int, Sequence[int]] | None = None,
    phase: str = "main",
    active: int = 0,
    order: Sequence[int] = (0, 1),
    first: int = 0,
    round: int = 1,
    seed: int = 0,
    **config: object,
) -> DraconiaState:
    cfg = GAME.make_config({"factions": list(factions), "first_player": first, **config})
    s = GAME.new_state(cfg, seed)
    seats = s.seats
    for p in range(seats):
        used: set[int] = set()
        s.field[p] = [EMPTY] * 3
        for line, name in enumerate((field or {}).get(p, [None] * 3)):
            if name is not None:
                s.field[p][line] = _take(s, p, name, used)
        s.face_up[p] = list((face_up or {}).get(p, [False] * 3))
        s.hand[p] = [_take(s, p, n, used) for n in (hand or {}).get(p, [])]
        s.camp[p] = [_take(s, p, n, used) for n in (camp or {}).get(p, [])]
        s.grave[p] = [_take(s, p, n, used) for n in (grave or {}).get(p, [])]
        s.draw[p] = [c for c in range(len(s.decks[p])) if c not in used]
        Rng(seed + p).shuffle(s.draw[p])
        s.slot_supply[p] = list((slot_supply or {}).get(p, [0, 0, 0]))
        s.slot_fortify[p] = list((slot_fortify or {}).get(p, [0, 0, 0]))
    s.health = list(health) if health is not None else [cfg.starting_health] * seats
    s.supply = list(supply) if supply is not None else [0] * seats
    s.phase = PHASE_NAMES.index(phase)
    s.commit.open(())
    s.order = list(order)
    s.active = active
    s.turn = s.order.index(active) if active in s.order else 0
    s.first = first
    s.round = round
    s.attacks_left = (
        [line for line in range(3) if s.field[active][line] != EMPTY] if phase == "skirmish" else []
    )
    s.camp_queue = [(first + i) % seats for i in range(seats)] if phase.startswith("camp") else []
    return s


def names(s: DraconiaState, seat: int, zone: list[int]) -> list[str]:
    return [s.unit(seat, c).name for c in zone]
