"""The Skirm state: flat lists of ints, a cheap ``copy()``, and the position JSON."""

from __future__ import annotations

from typing import Any

from wartable.core.commit import Commitments
from wartable.core.errors import PositionError
from wartable.core.rng import Rng

from .cards import CardSet, load_cards
from .config import SkirmConfig

REVEAL, ABILITY, QUICK, OVER = 0, 1, 2, 3
PHASES = ("reveal", "ability", "quick", "over")


class SkirmState:
    __slots__ = (
        "aux",
        "card",
        "cards",
        "commit",
        "config",
        "decisions",
        "dice",
        "first",
        "hands",
        "hidden",
        "left",
        "osel",
        "phase",
        "points",
        "rng",
        "sel",
        "stage",
        "step",
        "winner",
    )

    def __init__(self, config: SkirmConfig, rng: Rng) -> None:
        self.config = config
        self.rng = rng
        self.cards: CardSet = load_cards(config.data_dir)
        self.phase = REVEAL
        self.hands: list[list[int]] = [[], []]  # card ids held
        self.card = [0, 0]  # revealed card id per seat (0 = none yet)
        self.commit = Commitments(2)
        self.dice: list[list[int]] = [[], []]  # faces 0-5
        self.hidden: list[list[bool]] = [[], []]  # concealed from the opponent (CLOAK)
        self.first = -1
        self.step = 0  # 0: first duelist's ability, 1: the other's
        self.stage = 0  # progress inside the current ability
        self.sel: list[int] = []  # own dice chosen so far in this ability
        self.osel: list[int] = []  # opposing dice chosen / BLADE group per opposing die
        self.aux: list[int] = []  # ability scratch (TOME: die, old, new; SET3/MASK: faces)
        self.left = 0  # MANTLE: dice still to set
        self.decisions = 0
        self.winner = -1
        self.points = [0, 0]

    def copy(self) -> SkirmState:
        s = SkirmState.__new__(SkirmState)
        s.config = self.config
        s.rng = self.rng.copy()
        s.cards = self.cards
        s.phase = self.phase
        s.hands = [self.hands[0][:], self.hands[1][:]]
        s.card = self.card[:]
        s.commit = self.commit.copy()
        s.dice = [self.dice[0][:], self.dice[1][:]]
        s.hidden = [self.hidden[0][:], self.hidden[1][:]]
        s.first = self.first
        s.step = self.step
        s.stage = self.stage
        s.sel = self.sel[:]
        s.osel = self.osel[:]
        s.aux = self.aux[:]
        s.left = self.left
        s.decisions = self.decisions
        s.winner = self.winner
        s.points = self.points[:]
        return s

    def card_of(self, seat: int) -> Any:
        cid = self.card[seat]
        return self.cards.cards[self.cards.index_of(cid)] if cid else None


def state_to_json(s: SkirmState) -> dict[str, Any]:
    return {
        "rng": s.rng.state,
        "phase": PHASES[s.phase],
        "hands": [list(h) for h in s.hands],
        "card": list(s.card),
        "commit": s.commit.to_json(),
        "dice": [list(d) for d in s.dice],
        "hidden": [list(h) for h in s.hidden],
        "first": s.first,
        "step": s.step,
        "stage": s.stage,
        "sel": list(s.sel),
        "osel": list(s.osel),
        "aux": list(s.aux),
        "left": s.left,
        "decisions": s.decisions,
        "winner": s.winner,
        "points": list(s.points),
    }


def _ints(data: dict[str, Any], key: str, lo: int, hi: int) -> list[int]:
    v = data.get(key)
    if not isinstance(v, list) or not all(isinstance(x, int) and lo <= x <= hi for x in v):
        raise PositionError(f"field '{key}': expected a list of integers {lo}..{hi}")
    return list(v)


def _pair(data: dict[str, Any], key: str) -> list[Any]:
    v = data.get(key)
    if not isinstance(v, list) or len(v) != 2 or not all(isinstance(x, list) for x in v):
        raise PositionError(f"field '{key}': expected two lists (one per seat)")
    return v


def _int(data: dict[str, Any], key: str, lo: int, hi: int) -> int:
    v = data.get(key)
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise PositionError(f"field '{key}': expected an integer {lo}..{hi}")
    return v


def state_from_json(config: SkirmConfig, data: dict[str, Any]) -> SkirmState:
    rng_state = data.get("rng")
    if not isinstance(rng_state, int) or rng_state < 0:
        raise PositionError("field 'rng': expected a non-negative integer")
    s = SkirmState(config, Rng(rng_state))
    if data.get("phase") not in PHASES:
        raise PositionError(f"field 'phase': expected one of {', '.join(PHASES)}")
    s.phase = PHASES.index(data["phase"])
    ids = {c.id for c in s.cards.cards}
    s.hands = []
    for h in _pair(data, "hands"):
        if not all(isinstance(c, int) and c in ids for c in h):
            raise PositionError("field 'hands': unknown card id")
        s.hands.append(list(h))
    card = data.get("card")
    if not isinstance(card, list) or len(card) != 2 or not all(c == 0 or c in ids for c in card):
        raise PositionError("field 'card': expected two card ids (0 = not revealed)")
    s.card = list(card)
    try:
        s.commit = Commitments.from_json(data["commit"])
        if len(s.commit.buffers) != 2:
            raise ValueError
    except (KeyError, TypeError, ValueError):
        raise PositionError("field 'commit': expected buffers and done for 2 seats") from None
    s.dice = []
    for d in _pair(data, "dice"):
        if not all(isinstance(f, int) and 0 <= f < 6 for f in d):
            raise PositionError("field 'dice': faces must be integers 0..5")
        s.dice.append(list(d))
    s.hidden = []
    for i, h in enumerate(_pair(data, "hidden")):
        if not all(isinstance(x, bool) for x in h) or len(h) != len(s.dice[i]):
            raise PositionError("field 'hidden': one boolean per die")
        s.hidden.append(list(h))
    if len(s.dice[0]) + len(s.dice[1]) != 12:
        raise PositionError("field 'dice': the duel uses exactly 12 dice")
    s.first = _int(data, "first", -1, 1)
    s.step = _int(data, "step", 0, 2)
    s.stage = _int(data, "stage", 0, 3)
    s.sel = _ints(data, "sel", 0, 11)
    s.osel = _ints(data, "osel", 0, 11)
    s.aux = _ints(data, "aux", -1, 11)
    s.left = _int(data, "left", 0, 12)
    s.decisions = _int(data, "decisions", 0, 10**9)
    s.winner = _int(data, "winner", -1, 1)
    pts = data.get("points")
    if not isinstance(pts, list) or len(pts) != 2 or not all(isinstance(p, int) for p in pts):
        raise PositionError("field 'points': expected two integers")
    s.points = list(pts)
    return s
