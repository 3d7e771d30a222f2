"""A legible text hex map for the terminal table (``wartable play graxia``).

Flat-topped hexes drawn in columns: column ``q``, line ``2r + q`` (so neighbours touch).
Each tile reads ``q,r TT c UUUU`` - terrain, controller (``0``/``1``/``.``), unit
initials with its seat - and a legend lists every unit, the hands and the battle.
"""

from __future__ import annotations

from . import modifiers
from .observe import observe
from .state import NPC_BATTLE, NPC_COMMAND, PHASES, SHIELD, STUNNED, GraxiaState

TERRAIN = {
    "plains": "Pl",
    "forest": "Fo",
    "hills": "Hi",
    "mountains": "Mt",
    "swamp": "Sw",
    "lake": "La",
    "rough_lands": "Ro",
    "boulder_fields": "Bo",
    "columns": "Co",
    "city": "Ci",
    "castle": "Ca",
    "village": "Vi",
}
WIDTH = 17


def _abbr(name: str) -> str:
    words = [w for w in name.replace("'", "").split() if w[0].isalpha()]
    if len(words) == 1:
        return words[0][:3]
    return "".join(w[0] for w in words)[:3]


def _solo_lines(s: GraxiaState, counts: list[list[int]]) -> list[str]:
    """The Non-Player's side: its units by the legend above (seat 1), its decks by size."""
    npc = s.sc.npc
    mine = sum(1 for c in range(s.sc.board.size) if s.unit[c] >= 0 and s.owner[c] == 1)
    return [
        f"seat 1 is the Non-Player (played by the rules, §9.2): {mine} units; "
        f"movement {npc.movement if npc else 'static'}",
        f"Non-Player decks: units {len(s.decks[s.udeck[1]])}"
        f"{' (the Player' + chr(39) + 's)' if s.udeck[1] == 0 else ''}, "
        f"command spells {len(s.decks[NPC_COMMAND])} (discards {len(s.discards[NPC_COMMAND])}), "
        f"battle spells {len(s.decks[NPC_BATTLE])} (discards {len(s.discards[NPC_BATTLE])}); "
        f"battle cards in hand {counts[1][1]}",
        f"the Player's hand: {sum(counts[0])} cards (+ Tactics)",
    ]


def render(s: GraxiaState, seat: int | None) -> str:
    obs = observe(s, seat)
    b = s.sc.board
    cat = s.cat
    qs = [c[0] for c in b.cells]
    ys = [2 * c[1] + c[0] for c in b.cells]
    qmin = min(qs)
    at = {(c[0], 2 * c[1] + c[0]): i for i, c in enumerate(b.cells)}
    lines = [
        f"Guardians of Graxia - {s.sc.title} - turn {s.turn}/{s.sc.turns}, seat {s.current}'s "
        f"round, phase {PHASES[s.phase]}",
        f"mana {s.mana[0]}/{s.mana[1]}  victory points {s.vp[0]}/{s.vp[1]}  "
        f"(seat 0 home: {', '.join(b.text(c) for c in s.sc.home[0])})",
        "",
    ]
    for y in range(min(ys), max(ys) + 1):
        row = ""
        for q in range(qmin, max(qs) + 1):
            i = at.get((q, y))
            if i is None:
                row += " " * WIDTH
                continue
            if s.gone[i]:  # §9.2 Solo Scenario 1: the tile left the game
                row += f"{b.text(i):>6} --".ljust(WIDTH)
                continue
            ctrl = "." if s.ctrl[i] < 0 else str(s.ctrl[i])
            u = s.unit[i]
            unit = "" if u < 0 else f"{_abbr(cat.units[u].name)}{s.owner[i]}"
            if u >= 0 and s.flags[i] & SHIELD:
                unit += "s"
            portal = "@" if s.portal[i] >= 0 else ""
            row += f"{b.text(i):>6} {TERRAIN.get(s.sc.terrain[i], '??')}{ctrl}{portal} {unit:<5}"[
                :WIDTH
            ].ljust(WIDTH)
        lines.append(row.rstrip())
    lines.append("")
    for i in range(b.size):
        u = s.unit[i]
        if u < 0:
            continue
        ut = cat.units[u]
        health = modifiers.max_health(s, i)  # solo Home-Row B doubles the Player's
        marks = []
        if s.flags[i] & SHIELD:
            marks.append("shielded")
        if s.flags[i] & STUNNED:
            marks.append("stunned")
        lines.append(
            f"  {b.text(i):>6} seat {s.owner[i]} {ut.name} ({ut.klass}) health "
            f"{health - s.wounds[i]}/{health} atk {ut.attack} def {ut.pdef}/{ut.mdef}"
            + (f" [{', '.join(marks)}]" if marks else "")
        )
    counts = obs["hand_counts"]
    if s.sc.solo:  # §9.2: seat 0 is the Player, side 1 the Non-Player (its units are public)
        lines.extend(_solo_lines(s, counts))
    else:
        lines.append(
            f"hands: seat 0 {sum(counts[0])} cards, seat 1 {sum(counts[1])} cards (+ Tactics)"
        )
    if obs["hand"] is not None:
        lines.append("your hand: " + ", ".join(cat.card_name(c) for c in obs["hand"]))
    if s.phase in (5, 6, 7, 8):
        lines.append(f"battle: values {s.bat.bv0} (attacker) / {s.bat.bv1} (defender)")
    return "\n".join(lines)
