"""The fixed action universe and its text notation (the same for every config).

Compound choices are sequences of these atomic actions: a buy is ``gold``
plays then ``buy <card>``; an attack is ``defend <card>`` plays, ``target``
slots, then ``attack``; "discard 3" is three ``discard <card>`` actions.
"""

from __future__ import annotations

from .cards import ACTIONS, DEFENDERS, GOLDS, KEYS, NK

SLOT_NAMES = ("b1", "b2", "b3", "g1", "g2", "g3")  # blue row then gold row (chapter 3 iv-v)

_names: list[str] = []


def _add(*names: str) -> int:
    start = len(_names)
    _names.extend(names)
    return start


PLAY = _add(*(f"play {KEYS[k]}" for k in ACTIONS))
CHOOSE_BUY = _add("buy")
CHOOSE_CAMPAIGN = _add("campaign")
CHOOSE_DEFEAT = _add("defeat")
PASS = _add("pass")
ELIMINATE = _add(*(f"eliminate {k}" for k in KEYS))
BUY = _add(*(f"buy {k}" for k in KEYS))
BUY_TOP = _add(*(f"buy {k} top" for k in KEYS))
GOLD = _add(*(f"gold {KEYS[g]}" for g in GOLDS))
DONE = _add("done")
DEFEND = _add(*(f"defend {KEYS[d]}" for d in DEFENDERS))
TARGET = _add(*(f"target {s}" for s in SLOT_NAMES))
ATTACK = _add("attack")
FORWARD = _add(*(f"forward {KEYS[g]}" for g in GOLDS))
NO_FORWARD = _add("no forward")
DISCARD = _add(*(f"discard {k}" for k in KEYS))
TOPDECK = _add(*(f"topdeck {k}" for k in KEYS))
TRASH = _add(*(f"trash {k}" for k in KEYS))
CHOOSE = _add(*(f"choose seat {i}" for i in range(6)))
WARLORD_YES = _add("warlord guard")
WARLORD_NO = _add("warlord skip")
FIRE_YES = _add("firemage raise")
FIRE_NO = _add("firemage skip")
ARC_DISCARD = _add("arcanist discard")
ARC_RETURN = _add("arcanist return")
BETRAY = _add("betray")
NO_BETRAY = _add("no betrayal")
RECOVER = _add(*(f"recover {k}" for k in KEYS))
GIVE = _add(*(f"give {KEYS[g]}" for g in GOLDS))
CAMP_DECK = _add("campaign deck")
CAMP_ROW = _add("campaign row 1", "campaign row 2", "campaign row 3")
ASK = _add("ask partner")  # Team Versus: reopen the partner's give window (option team_gold)

NUM_ACTIONS = len(_names)
NAMES: tuple[str, ...] = tuple(_names)
assert len(set(NAMES)) == NUM_ACTIONS
assert NK == 32
