"""Draconia's fixed action universe (ints) and its text notation.

Lines are ``L1 L2 L3`` (left, middle, right from the acting seat). In the
2-player game slot ``Lk`` of both seats lies on battleline ``k``. Cards are a
seat's deck positions ``#0``..``#16`` (0 = leader, 1-2 = champions), so identical
basic units stay distinct. Seats are ``@0``..``@3``. The universe is the same
for every configuration (mask length is fixed); the legal-action generator
picks the forms that apply (``arrow L2`` with 2 players, ``arrow @2 L2`` with 3-4).
"""

from __future__ import annotations

from typing import Final

from .cards import DECK_SIZE, FACTIONS, SETTLEMENT_IDS
from .settlements import BLESSINGS, PYRAMIDS

LINES: Final = 3
SEATS: Final = 4
PASS: Final = 0
SKIRMISH: Final = 1
REST: Final = 2
HEAL: Final = 3
REVIVE_HEAL: Final = 4
PALACE: Final = 5
CAUTIOUS: Final = 6
REVEAL: Final = CAUTIOUS + LINES
ATTACK: Final = REVEAL + LINES
ARROW: Final = ATTACK + LINES
SUPPLY_SLOT: Final = ARROW + LINES
DEPLOY: Final = SUPPLY_SLOT + LINES
RETRIEVE: Final = DEPLOY + LINES * DECK_SIZE
EXTRA: Final = RETRIEVE + DECK_SIZE
PERSIST: Final = EXTRA + DECK_SIZE
REVIVE: Final = PERSIST + DECK_SIZE
MANEUVER: Final = REVIVE + DECK_SIZE
FACTION: Final = MANEUVER + DECK_SIZE
ATTACK_MID: Final = FACTION + len(FACTIONS)  # attack L2 @k (3-4 players)
CAUTIOUS_MID: Final = ATTACK_MID + SEATS  # cautious L2 @k
ARROW_AT: Final = CAUTIOUS_MID + SEATS  # arrow @k Ln
BOMBARD_AT: Final = ARROW_AT + SEATS * LINES  # bombard @k
SETTLE: Final = BOMBARD_AT + SEATS  # settlement <id>
GLIMMER: Final = SETTLE + len(SETTLEMENT_IDS)  # glimmerspire Ln
BLESS: Final = GLIMMER + LINES  # bless Ln <kind>
PYRAMID: Final = BLESS + LINES * len(BLESSINGS)  # pyramid Ln <kind>
BELLOW: Final = PYRAMID + LINES * len(PYRAMIDS)  # bellow #k
DRAFT: Final = BELLOW + DECK_SIZE  # draft <slot in the center row>
DRAFT_SLOTS: Final = 6
NUM_ACTIONS: Final = DRAFT + DRAFT_SLOTS

_SIMPLE: Final = {
    PASS: "pass",
    SKIRMISH: "skirmish",
    REST: "rest",
    HEAL: "heal",
    REVIVE_HEAL: "revive heal",
    PALACE: "palace",
}
_LINE_WORDS: Final = (
    (CAUTIOUS, "cautious"),
    (REVEAL, "reveal"),
    (ATTACK, "attack"),
    (ARROW, "arrow"),
    (SUPPLY_SLOT, "supply"),
    (GLIMMER, "glimmerspire"),
)
_CARD_WORDS: Final = (
    (RETRIEVE, "retrieve"),
    (EXTRA, "extra"),
    (PERSIST, "persist"),
    (REVIVE, "revive"),
    (MANEUVER, "maneuver"),
    (BELLOW, "bellow"),
)


def deploy(line: int, card: int) -> int:
    return DEPLOY + line * DECK_SIZE + card


def arrow_at(seat: int, line: int) -> int:
    return ARROW_AT + seat * LINES + line


def action_to_str(a: int) -> str:
    if a in _SIMPLE:
        return _SIMPLE[a]
    for base, word in _LINE_WORDS:
        if base <= a < base + LINES:
            return f"{word} L{a - base + 1}"
    if DEPLOY <= a < RETRIEVE:
        line, card = divmod(a - DEPLOY, DECK_SIZE)
        return f"deploy L{line + 1} #{card}"
    for base, word in _CARD_WORDS:
        if base <= a < base + DECK_SIZE:
            return f"{word} #{a - base}"
    if FACTION <= a < ATTACK_MID:
        return f"faction {FACTIONS[a - FACTION]}"
    if ATTACK_MID <= a < CAUTIOUS_MID:
        return f"attack L2 @{a - ATTACK_MID}"
    if CAUTIOUS_MID <= a < ARROW_AT:
        return f"cautious L2 @{a - CAUTIOUS_MID}"
    if ARROW_AT <= a < BOMBARD_AT:
        seat, line = divmod(a - ARROW_AT, LINES)
        return f"arrow @{seat} L{line + 1}"
    if BOMBARD_AT <= a < SETTLE:
        return f"bombard @{a - BOMBARD_AT}"
    if SETTLE <= a < GLIMMER:
        return f"settlement {SETTLEMENT_IDS[a - SETTLE]}"
    if BLESS <= a < PYRAMID:
        line, kind = divmod(a - BLESS, len(BLESSINGS))
        return f"bless L{line + 1} {BLESSINGS[kind]}"
    if PYRAMID <= a < BELLOW:
        line, kind = divmod(a - PYRAMID, len(PYRAMIDS))
        return f"pyramid L{line + 1} {PYRAMIDS[kind]}"
    if DRAFT <= a < NUM_ACTIONS:
        return f"draft {a - DRAFT + 1}"
    raise ValueError(f"no Draconia action has id {a}")
