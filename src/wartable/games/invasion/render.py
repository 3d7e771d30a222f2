"""A readable text table from one seat's point of view (hidden cards stay hidden)."""

from __future__ import annotations

from .actions import SLOT_NAMES
from .cards import NK
from .effects import invader_health
from .observe import observe
from .stack import FRAME_NAMES, PURPOSES
from .state import PHASES, InvasionState


def _cards(s: InvasionState, counts: list[int]) -> str:
    parts = [f"{c}x {s.db.cards[k].name}" for k, c in enumerate(counts) if c]
    return ", ".join(parts) or "-"


def render(s: InvasionState, viewer: int | None) -> str:
    obs = observe(s, viewer)
    db = s.db
    lines = [
        f"Draconis Invasion - {s.config.mode}, battle stage {s.config.battle_stage} - turn {s.turn}",
        f"Terror die: {s.terror}   Events left: {len(s.event_deck)}/{s.events_total}"
        + ("   RETREAT shown" if s.retreat else ""),
    ]
    row = []
    for i, v in enumerate(s.row):
        if v < 0:
            row.append(f"{SLOT_NAMES[i]}: -")
        else:
            inv = db.invaders[v]
            hp = invader_health(s, i)
            row.append(f"{SLOT_NAMES[i]}: {inv.name} ({hp} hp, {inv.glory} glory)")
    lines.append("Invaders: " + " | ".join(row))
    lines.append(
        "Table: " + ", ".join(f"{db.cards[k].name} {db.cost[k]} [{s.supply[k]}]" for k in s.kingdom)
    )
    for p in range(s.n):
        mark = ">" if p == s.active and not s.over else " "
        hand = obs["hands"][p]
        shown = _cards(s, hand) if hand is not None else f"{obs['hand_sizes'][p]} cards"
        kills = ", ".join(db.invaders[v].name for v in s.defeated[p]) or "-"
        lines.append(
            f"{mark} seat {p}: hand {shown}; deck {len(s.deck[p])}; discard {sum(s.discard[p])}; "
            f"defeated {kills}; campaigns {len(s.campaigns[s.owner_of(p)])}"
        )
    if viewer is not None:
        held = s.campaigns[s.owner_of(viewer)]
        lines.append("Your campaigns: " + (", ".join(db.campaigns[c].name for c in held) or "-"))
    if s.over:
        lines.append(f"Game over: {s.end_reason}")
    elif s.stack:
        f = s.stack[-1]
        what = FRAME_NAMES.get(f[0], "?")
        if what == "choose":
            what += f" ({PURPOSES[f[2]]})"
        lines.append(f"Waiting for seat {f[1]}: {what}")
    else:
        lines.append(
            f"Phase: {PHASES[s.phase]} - actions {s.actions_left}, buys {s.buys_left}, gold {s.gold}; "
            f"in play: {_cards(s, s.play) if any(s.play[k] for k in range(NK)) else '-'}"
        )
    return "\n".join(lines)
