"""Draconia's fixed action universe (ints) and its text notation.

Lines are ``L1 L2 L3`` (battlelines, left to right from the acting seat's side:
slot k of each player faces slot k of the opponent). Cards are a seat's deck
positions ``#0``..``#16`` (0 = leader, 1-2 = champions), so identical basic
units stay distinct and the universe never depends on the factions in play.
"""

from __future__ import annotations

from .cards import DECK_SIZE, FACTIONS

LINES = 3
PASS, SKIRMISH, REST, HEAL, REVIVE_HEAL = 0, 1, 2, 3, 4
CAUTIOUS = 5
REVEAL = CAUTIOUS + LINES
ATTACK = REVEAL + LINES
ARROW = ATTACK + LINES
SUPPLY_SLOT = ARROW + LINES
DEPLOY = SUPPLY_SLOT + LINES
RETRIEVE = DEPLOY + LINES * DECK_SIZE
EXTRA = RETRIEVE + DECK_SIZE
PERSIST = EXTRA + DECK_SIZE
REVIVE = PERSIST + DECK_SIZE
MANEUVER = REVIVE + DECK_SIZE
FACTION = MANEUVER + DECK_SIZE
NUM_ACTIONS = FACTION + len(FACTIONS)

_SIMPLE = {
    PASS: "pass",
    SKIRMISH: "skirmish",
    REST: "rest",
    HEAL: "heal",
    REVIVE_HEAL: "revive heal",
}
_LINE_WORDS = (
    (CAUTIOUS, "cautious"),
    (REVEAL, "reveal"),
    (ATTACK, "attack"),
    (ARROW, "arrow"),
    (SUPPLY_SLOT, "supply"),
)
_CARD_WORDS = (
    (RETRIEVE, "retrieve"),
    (EXTRA, "extra"),
    (PERSIST, "persist"),
    (REVIVE, "revive"),
    (MANEUVER, "maneuver"),
)


def deploy(line: int, card: int) -> int:
    return DEPLOY + line * DECK_SIZE + card


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
    if FACTION <= a < NUM_ACTIONS:
        return f"faction {FACTIONS[a - FACTION]}"
    raise ValueError(f"no Draconia action has id {a}")
