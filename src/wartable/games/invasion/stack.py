"""Pending decisions: frames ``[kind, seat, a, b]`` on ``state.stack`` (top = last).

Decision frames name the seat that must act (possibly not the active player:
a reaction, an event hitting another player, City Siege's discards). Auto
frames (kind >= ``AUTO``) are continuations run by the engine once the
decisions above them are done (resolve the attack after the Betrayal window,
reveal the next invader after a Balar choice, resolve the next event).
"""

from __future__ import annotations

from typing import Final

from .state import InvasionState

# decision frames: a, b as noted
F_DISCARD: Final = 0  # a = cards still to discard
F_TOPDECK: Final = 1  # a = cards still to place on the deck
F_TRASH: Final = 2  # Casualty of War: trash 1 non-Terror card
F_CHOOSE: Final = 3  # a = purpose (P_*)
F_SHAPESHIFT: Final = 4  # a = cards discarded so far
F_WARLORD: Final = 5
F_FIREMAGE: Final = 6
F_ARCANIST: Final = 7
F_SORCERESS: Final = 8  # a = cards still to take back
F_BETRAYAL: Final = 9
F_TEAMGOLD: Final = 10
F_CAMPAIGN: Final = 11  # a = campaign cards still to draw
AUTO: Final = 20
A_ATTACK: Final = 20
A_EVENT: Final = 21  # a = event kind
A_REFILL: Final = 22  # a = row slot

FRAME_NAMES: Final = {
    F_DISCARD: "discard", F_TOPDECK: "topdeck", F_TRASH: "trash", F_CHOOSE: "choose",
    F_SHAPESHIFT: "shapeshift", F_WARLORD: "warlord", F_FIREMAGE: "firemage",
    F_ARCANIST: "arcanist", F_SORCERESS: "sorceress", F_BETRAYAL: "betrayal",
    F_TEAMGOLD: "team_gold", F_CAMPAIGN: "campaign", A_ATTACK: "resolve_attack",
    A_EVENT: "event", A_REFILL: "reveal_invader",
}  # fmt: skip

# purposes of F_CHOOSE ("choose another player")
P_THREAT2: Final = 0
P_GLADIATOR: Final = 1
P_WEREBEAR: Final = 2
P_DAWN: Final = 3
P_DARKNESS: Final = 4
P_BALAR: Final = 5
PURPOSES: Final = (
    "threat_roll_2",
    "gladiator_elite",
    "werebear",
    "dawn_of_hope",
    "growing_darkness",
    "balar",
)


def push(s: InvasionState, kind: int, seat: int, a: int = 0, b: int = 0) -> None:
    s.stack.append([kind, seat, a, b])


def push_in_order(s: InvasionState, frames: list[list[int]]) -> None:
    """Push frames so that the first of ``frames`` is resolved first."""
    for f in reversed(frames):
        s.stack.append(f)
