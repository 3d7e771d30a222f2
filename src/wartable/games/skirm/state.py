"""The Skirm state: flat lists of ints, a cheap ``copy()``, and the position JSON."""

from __future__ import annotations

from typing import Any, Final

from wartable.core.commit import Commitments
from wartable.core.rng import Rng
from wartable.core.untrusted import Fields, distinct, require

from . import actions as acts
from .cards import CardSet, load_cards
from .config import SkirmConfig

REVEAL: Final = 0
ABILITY: Final = 1
QUICK: Final = 2
OVER: Final = 3
PHASES: Final = ("reveal", "ability", "quick", "over")


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

    def __init__(self, config: SkirmConfig, rng: Rng, blank: bool = True) -> None:
        self.config = config
        self.rng = rng
        if not blank:  # ``copy`` sets every field itself (the compiled engine needs a constructor)
            return
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
        s = SkirmState(self.config, self.rng.copy(), blank=False)
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


MAX_RNG: Final = (1 << 64) - 1
MAX_DECISIONS: Final = 10**6  # a duel takes a few dozen decisions


def state_from_json(config: SkirmConfig, data: dict[str, Any]) -> SkirmState:
    """Untrusted position state -> ``SkirmState`` (bounds: docs/formats/position.md).

    Card ids from the card set, each held by one seat at most, the revealed card one the seat
    holds; 12 dice with faces 0..5 and a concealment flag each; ``first``/``winner`` a seat or
    -1; ``step`` 0..2, ``stage`` 0..2; die indices in ``sel``/``osel``/``aux`` within the dice
    of the seat they point at (at most 12); points 0..12; the commitment buffers hold reveal
    actions of held cards. A revealed card is needed outside the reveal, and ``first`` is a
    seat once the cards are revealed.
    """
    f = Fields(data)
    s = SkirmState(config, Rng(f.integer("rng", 0, MAX_RNG)))
    s.phase = PHASES.index(f.choice("phase", PHASES))
    ids = sorted(c.id for c in s.cards.cards)
    lo, hi = ids[0], ids[-1]
    s.hands = f.int_lists("hands", lo, hi, count=2, max_len=len(ids))
    held = s.hands[0] + s.hands[1]
    require(all(c in ids for c in held), "hands", "unknown card id")
    require(distinct(held), "hands", "a card can be held only once")
    require(all(s.hands), "hands", "each seat holds at least one card")
    s.card = f.ints("card", 0, hi, length=2)
    for seat in (0, 1):
        c = s.card[seat]
        require(c == 0 or c in s.hands[seat], f"card[{seat}]", "not a card this seat holds")
    s.commit = f.commitments("commit", 2, acts.NUM_ACTIONS, max_len=1)
    s.dice = f.int_lists("dice", 0, 5, count=2, max_len=12)
    s.hidden = f.bool_lists("hidden", 2)
    for seat in (0, 1):
        require(len(s.hidden[seat]) == len(s.dice[seat]), f"hidden[{seat}]", "one flag per die")
    require(len(s.dice[0]) + len(s.dice[1]) == 12, "dice", "the duel uses exactly 12 dice")
    s.first = f.integer("first", -1, 1)
    s.step = f.integer("step", 0, 2)
    s.stage = f.integer("stage", 0, 2)
    s.sel = f.ints("sel", 0, 11, max_len=12)
    s.osel = f.ints("osel", 0, 11, max_len=12)
    s.aux = f.ints("aux", -1, 11, max_len=12)
    s.left = f.integer("left", 0, 12)
    s.decisions = f.integer("decisions", 0, MAX_DECISIONS)
    s.winner = f.integer("winner", -1, 1)
    s.points = f.ints("points", 0, 12, length=2)
    f.done()
    for seat in (0, 1):
        for a in s.commit.buffers[seat]:
            idx = a - acts.REVEAL
            ok = 0 <= idx < len(s.cards.cards) and s.cards.cards[idx].id in s.hands[seat]
            require(ok, f"commit.buffers[{seat}]", "a reveal of a card the seat holds")
    if s.phase == REVEAL:
        require(s.card == [0, 0] and s.first == -1, "card", "no card is revealed yet")
        for seat in (0, 1):
            waiting = not s.commit.done[seat]
            require(
                waiting != bool(s.commit.buffers[seat]),
                f"commit.done[{seat}]",
                "a seat has either revealed or is still to",
            )
        return s
    require(all(s.card) and s.first in (0, 1), "card", "both cards are revealed")
    require(not any(s.commit.buffers) and all(s.commit.done), "commit", "no reveal is pending")
    owner = s.first if s.step == 0 else 1 - s.first
    if s.phase == ABILITY:
        require(s.step < 2, "step", "an ability is being resolved")
        require(all(i < len(s.dice[owner]) for i in s.sel), "sel", "no such die")
        require(distinct(s.sel), "sel", "a die is chosen once")
        _check_ability(s, owner)
    if s.phase == OVER:
        require(s.winner in (0, 1), "winner", "a finished duel has a winner")
    else:
        require(s.winner == -1, "winner", "only a finished duel has a winner")
    return s


def _check_ability(s: SkirmState, owner: int) -> None:
    """The progress fields of the ability being resolved have the shape it gives them."""
    card = s.card_of(owner)
    ab = str(card.ability)
    n, m = len(s.dice[owner]), len(s.dice[1 - owner])
    sel, osel, aux, stage = len(s.sel), len(s.osel), len(s.aux), s.stage
    stages = {"BLADE": 1, "DODECAHEDRON": 2, "HELM": 2, "MANTLE": 1, "SCEPTER": 1, "TOME": 1}
    require(stage <= stages.get(ab, 0), "stage", f"{ab} has no stage {stage}")
    require((ab == "MANTLE" and stage == 1) or s.left == 0, "left", f"not used by {ab} now")
    no_osel = ab not in ("BLADE", "DODECAHEDRON", "HELM")
    require(not (no_osel and osel), "osel", f"not used by {ab}")
    no_aux = ab not in ("SCEPTER", "TOME", "SET3")
    require(not (no_aux and aux), "aux", f"not used by {ab}")
    ok = True
    if ab == "HORN":
        ok = False  # HORN resolves without a decision
    elif ab == "BLADE":
        ok = sel == 0 and all(g in (0, 1) for g in s.osel)
        ok = ok and (osel < m if stage == 0 else osel == m)
    elif ab in ("CLOAK", "MASK"):
        ok = sel < min(2, n)
    elif ab in ("DODECAHEDRON", "HELM"):
        ok = sel == (0 if stage == 0 else 1) and osel == (1 if stage == 2 else 0)
        ok = ok and all(j < m for j in s.osel)
    elif ab == "HARNESS":
        ok = sel < min(6, n)
    elif ab == "GAUNTLET":
        ok = sel == 0
    elif ab == "MANTLE":
        ok = (sel == 0) if stage == 0 else (s.left >= 1 and sel + s.left <= n)
    elif ab == "SCEPTER":
        ok = sel == 0 and (aux == 0 if stage == 0 else aux == 1 and 0 <= s.aux[0] < n)
    elif ab == "TOME":
        if stage == 0:
            ok = aux == 0 and sel < n
        else:
            ok = aux == 3 and sel >= 1 and s.aux[0] == s.sel[-1] and 0 <= min(s.aux[1:])
            ok = ok and max(s.aux[1:]) <= 5
    elif ab == "SET3":
        ok = sel == aux < min(3, n) and distinct(s.aux) and all(0 <= f <= 5 for f in s.aux)
    require(ok, "stage", f"not a point {ab} can be resolved at")
