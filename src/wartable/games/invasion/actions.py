"""The fixed action universe and its text notation (the same for every config).

Compound choices are sequences of these atomic actions: a buy is ``gold``
plays then ``buy <card>``; an attack is ``defend <card>`` plays, ``target``
slots, then ``attack``; "discard 3" is three ``discard <card>`` actions.
"""

from __future__ import annotations

from typing import Final

from .cards import ACTIONS, DEFENDERS, GOLDS, KEYS, NK

SLOT_NAMES: Final = ("b1", "b2", "b3", "g1", "g2", "g3")  # blue row then gold row (chapter 3 iv-v)

_names: list[str] = []


def _add(*names: str) -> int:
    start = len(_names)
    _names.extend(names)
    return start


PLAY: Final = _add(*(f"play {KEYS[k]}" for k in ACTIONS))
CHOOSE_BUY: Final = _add("buy")
CHOOSE_CAMPAIGN: Final = _add("campaign")
CHOOSE_DEFEAT: Final = _add("defeat")
PASS: Final = _add("pass")
ELIMINATE: Final = _add(*(f"eliminate {k}" for k in KEYS))
BUY: Final = _add(*(f"buy {k}" for k in KEYS))
BUY_TOP: Final = _add(*(f"buy {k} top" for k in KEYS))
GOLD: Final = _add(*(f"gold {KEYS[g]}" for g in GOLDS))
DONE: Final = _add("done")
DEFEND: Final = _add(*(f"defend {KEYS[d]}" for d in DEFENDERS))
TARGET: Final = _add(*(f"target {s}" for s in SLOT_NAMES))
ATTACK: Final = _add("attack")
FORWARD: Final = _add(*(f"forward {KEYS[g]}" for g in GOLDS))
NO_FORWARD: Final = _add("no forward")
DISCARD: Final = _add(*(f"discard {k}" for k in KEYS))
TOPDECK: Final = _add(*(f"topdeck {k}" for k in KEYS))
TRASH: Final = _add(*(f"trash {k}" for k in KEYS))
CHOOSE: Final = _add(*(f"choose seat {i}" for i in range(6)))
WARLORD_YES: Final = _add("warlord guard")
WARLORD_NO: Final = _add("warlord skip")
FIRE_YES: Final = _add("firemage raise")
FIRE_NO: Final = _add("firemage skip")
ARC_DISCARD: Final = _add("arcanist discard")
ARC_RETURN: Final = _add("arcanist return")
BETRAY: Final = _add("betray")
NO_BETRAY: Final = _add("no betrayal")
RECOVER: Final = _add(*(f"recover {k}" for k in KEYS))
GIVE: Final = _add(*(f"give {KEYS[g]}" for g in GOLDS))
CAMP_DECK: Final = _add("campaign deck")
CAMP_ROW: Final = _add("campaign row 1", "campaign row 2", "campaign row 3")
ASK: Final = _add("ask partner")  # Team Versus: reopen the partner's give window (option team_gold)

NUM_ACTIONS: Final = len(_names)
NAMES: Final[tuple[str, ...]] = tuple(_names)
assert len(set(NAMES)) == NUM_ACTIONS
assert NK == 32
