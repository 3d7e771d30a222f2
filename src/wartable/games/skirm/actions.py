"""The Skirm action universe and its text notation.

Dice are numbered from 1 in notation (``pick 3`` is a duelist's third die);
``opp 2`` is the opponent's second die. A duelist never holds more than the
12 dice on the table, so indices stop at 12.
"""

from __future__ import annotations

from typing import Final

MAXD: Final = 12
NUM_FACES: Final = 6
NUM_CARDS: Final = 12

REVEAL: Final = 0  # + card index (0-11 in the card set)
PICK_OWN: Final = REVEAL + NUM_CARDS  # + die index
PICK_OPP: Final = PICK_OWN + MAXD  # + die index
SET: Final = PICK_OPP + MAXD  # + die index * 6 + face
GROUP_A: Final = SET + MAXD * NUM_FACES
GROUP_B: Final = GROUP_A + 1
REROLL_A: Final = GROUP_B + 1
REROLL_B: Final = REROLL_A + 1
DONE: Final = REROLL_B + 1
KEEP_NEW: Final = DONE + 1
KEEP_OLD: Final = KEEP_NEW + 1
GAIN_OWN: Final = KEEP_OLD + 1
GAIN_THEIRS: Final = GAIN_OWN + 1
REROLL_GAINED: Final = GAIN_THEIRS + 1
KEEP_GAINED: Final = REROLL_GAINED + 1
QUICK_REROLL: Final = KEEP_GAINED + 1
QUICK_STAND: Final = QUICK_REROLL + 1
NUM_ACTIONS: Final = QUICK_STAND + 1

_NAMED: Final = {
    GROUP_A: "group a",
    GROUP_B: "group b",
    REROLL_A: "reroll a",
    REROLL_B: "reroll b",
    DONE: "done",
    KEEP_NEW: "keep new",
    KEEP_OLD: "keep old",
    GAIN_OWN: "gain mine",
    GAIN_THEIRS: "gain theirs",
    REROLL_GAINED: "reroll gained",
    KEEP_GAINED: "keep gained",
    QUICK_REROLL: "reroll all",
    QUICK_STAND: "stand",
}


def set_action(die: int, face: int) -> int:
    return SET + die * NUM_FACES + face


def action_text(action: int, card_ids: tuple[int, ...], skill_names: tuple[str, ...]) -> str:
    if action < PICK_OWN:
        return f"reveal {card_ids[action - REVEAL]}"
    if action < PICK_OPP:
        return f"pick {action - PICK_OWN + 1}"
    if action < SET:
        return f"opp {action - PICK_OPP + 1}"
    if action < GROUP_A:
        die, face = divmod(action - SET, NUM_FACES)
        return f"set {die + 1} {skill_names[face]}"
    return _NAMED[action]
