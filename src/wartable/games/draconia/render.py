"""A readable text board for the terminal, from one seat's point of view."""

from __future__ import annotations

from .actions import DEPLOY, RETRIEVE
from .cards import DECK_SIZE
from .state import EMPTY, PHASE_NAMES, DraconiaState


def _card(s: DraconiaState, seat: int, pos: int) -> str:
    u = s.unit(seat, pos)
    extra = u.abilities_text()
    return f"#{pos} {u.name} {u.attack}/{u.defense}" + (f" [{extra}]" if extra else "")


def _slot(s: DraconiaState, seat: int, line: int, viewer: int | None) -> str:
    pos = s.field[seat][line]
    tokens = "S" * s.slot_supply[seat][line] + "F" * s.slot_fortify[seat][line]
    tag = f" ({tokens})" if tokens else ""
    if pos == EMPTY:
        return f"L{line + 1}: -{tag}"
    if s.face_up[seat][line]:
        return f"L{line + 1}: {_card(s, seat, pos)}{tag}"
    if viewer == seat:
        return f"L{line + 1}: (face down) {_card(s, seat, pos)}{tag}"
    return f"L{line + 1}: (face down){tag}"


def render(s: DraconiaState, viewer: int | None) -> str:
    lines = [
        f"Round {s.round}/{s.config.rounds}  phase: {PHASE_NAMES[s.phase]}  first player token: seat {s.first}"
    ]
    if s.order:
        lines.append("turn order: " + " -> ".join(f"seat {p}" for p in s.order))
    for p in range(s.seats):
        who = " (you)" if p == viewer else ""
        lines.append("")
        lines.append(
            f"Seat {p}{who}: {s.factions[p] or '?'}  health {s.health[p]}  supply {s.supply[p]}  "
            f"hand {len(s.hand[p])}  deck {len(s.draw[p])}  graveyard {len(s.grave[p])}"
        )
        lines.append("  field:  " + "   ".join(_slot(s, p, line, viewer) for line in range(3)))
        if s.camp[p]:
            lines.append("  camp:   " + ", ".join(_card(s, p, c) for c in s.camp[p]))
        if s.grave[p]:
            lines.append("  grave:  " + ", ".join(_card(s, p, c) for c in s.grave[p]))
        if p == viewer and s.hand[p]:
            lines.append("  hand:   " + ", ".join(_card(s, p, c) for c in sorted(s.hand[p])))
        if p == viewer and s.commit.buffers[p]:
            placed = [
                divmod(a - DEPLOY, DECK_SIZE) for a in s.commit.buffers[p] if DEPLOY <= a < RETRIEVE
            ]
            lines.append(
                "  deploying (hidden until all are ready): "
                + ", ".join(f"L{line + 1} {_card(s, p, card)}" for line, card in placed)
            )
    return "\n".join(lines)
