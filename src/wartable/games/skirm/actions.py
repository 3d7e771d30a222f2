"""The Skirm action universe and its text notation.

Dice are numbered from 1 in notation (``pick 3`` is a duelist's third die);
``opp 2`` is the opponent's second die. A duelist never holds more than the
12 dice on the table, so indices stop at 12.
"""

from __future__ import annotations

MAXD = 12
NUM_FACES = 6
NUM_CARDS = 12

REVEAL = 0  # + card index (0-11 in the card set)
PICK_OWN = REVEAL + NUM_CARDS  # + die index
PICK_OPP = PICK_OWN + MAXD  # + die index
SET = PICK_OPP + MAXD  # + die index * 6 + face
GROUP_A = SET + MAXD * NUM_FACES
GROUP_B = GROUP_A + 1
REROLL_A = GROUP_B + 1
REROLL_B = REROLL_A + 1
DONE = REROLL_B + 1
KEEP_NEW = DONE + 1
KEEP_OLD = KEEP_NEW + 1
GAIN_OWN = KEEP_OLD + 1
GAIN_THEIRS = GAIN_OWN + 1
REROLL_GAINED = GAIN_THEIRS + 1
KEEP_GAINED = REROLL_GAINED + 1
QUICK_REROLL = KEEP_GAINED + 1
QUICK_STAND = QUICK_REROLL + 1
NUM_ACTIONS = QUICK_STAND + 1

_NAMED = {
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
