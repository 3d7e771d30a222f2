"""Expectimax over a duelist's own ability choices, on sampled worlds.

A *world* is a full state consistent with the bot's observation (the
opponent's concealed dice drawn) carrying its own generator, so it fixes every
future die. At one of the bot's decisions every legal choice is applied in the
same worlds (common random numbers) and the choice with the highest mean win
rate is taken. After a choice the worlds run on: the opponent's choices are
drawn uniformly (the opponent is modelled as a random duelist), dice fall as
the world's generator says. Where the bot decides again, the worlds are
grouped by what the bot would then see, and each group decides for itself;
a group that chance has thinned is topped up with copies carrying fresh
generators (future dice do not depend on the past), so later decisions are
never taken on one known future. Orders of picks that cannot matter (which of
HARNESS's dice is named first, say) are searched once, and equal situations
on the same worlds are evaluated once (a memo). A budget of applied choices
bounds the work; past it the bot's remaining choices in a world follow the greedy
rules (``agents.HeuristicAgent``).
"""

from __future__ import annotations

from typing import Any, Final

from wartable.core.rng import Rng

from . import abilities
from . import actions as acts
from .bots import HeuristicAgent
from .state import OVER, SkirmState

# abilities whose own picks or settings can be named in any order to the same effect (in TOME
# a later pick could depend on an earlier reroll's result: searching its picks in die order
# is a small simplification there)
_ORDER_FREE: Final = frozenset({"HARNESS", "CLOAK", "TOME", "SET3", "MASK", "MANTLE"})


def _info_key(s: SkirmState, me: int) -> tuple[Any, ...]:
    """What ``me`` sees of an ability-phase state (the opponent's concealed dice masked)."""
    opp = 1 - me
    masked = tuple(-1 if h else f for f, h in zip(s.dice[opp], s.hidden[opp], strict=True))
    return (
        s.phase,
        s.step,
        s.stage,
        tuple(s.dice[me]),
        masked,
        tuple(s.hidden[0]),
        tuple(s.hidden[1]),
        tuple(sorted(s.sel)),
        tuple(s.osel),
        tuple(sorted(s.aux)) if abilities.ability_of(s) == "SET3" else tuple(s.aux),
        s.left,
    )


def _die_of(action: int) -> int:
    """The own die a pick or a setting names, or -1."""
    if acts.PICK_OWN <= action < acts.PICK_OPP:
        return action - acts.PICK_OWN
    if acts.SET <= action < acts.GROUP_A:
        return (action - acts.SET) // acts.NUM_FACES
    return -1


def _prune(s: SkirmState, legal: list[int]) -> list[int]:
    """Search each set of own dice once where the order of naming them is free.

    In those abilities the next die named must have a higher number than the last one,
    and among free dice showing the same face only the lowest-numbered counts (equal
    dice are interchangeable), so every distinct choice of dice is reached once.
    """
    ab = abilities.ability_of(s)
    if ab not in _ORDER_FREE or (ab == "SET3" and s.config.set3 == "unique"):
        return legal  # under "unique" an earlier setting changes which faces a later may take
    mine = s.dice[abilities.owner(s)]
    hidden = s.hidden[abilities.owner(s)]
    last = max(s.sel) if s.sel else -1
    first_of: dict[tuple[int, bool], int] = {}
    for i in range(last + 1, len(mine)):
        if i not in s.sel:
            first_of.setdefault((mine[i], hidden[i]), i)
    allowed = set(first_of.values())
    kept = [a for a in legal if _die_of(a) < 0 or _die_of(a) in allowed]
    # MASK and MANTLE must set a fixed number of dice: keep every choice if the order runs out
    return kept if any(_die_of(a) >= 0 for a in kept) or acts.DONE in legal else legal


def _canonical(s: SkirmState) -> tuple[Any, ...]:
    """A key equal for states of equal value to either duelist.

    Between abilities (no choice under way) the order of each duelist's dice cannot
    matter, so the dice are sorted; inside an ability the exact state counts.
    """
    if s.phase == OVER:
        return (OVER, s.winner)
    if s.stage == 0 and not s.sel and not s.osel and not s.aux and not s.left:
        dice: tuple[Any, ...] = tuple(
            tuple(sorted(zip(s.dice[p], s.hidden[p], strict=True))) for p in (0, 1)
        )
    else:
        dice = (tuple(s.dice[0]), tuple(s.dice[1]), tuple(s.hidden[0]), tuple(s.hidden[1]))
        dice += (tuple(s.sel), tuple(s.osel), tuple(s.aux), s.left)
    return (s.phase, s.step, s.stage, dice, s.rng.state)


class DuelSearch:
    """One decision's search for seat ``me``.

    ``worlds`` worlds at the root; after each chance split a group is topped up to a
    quarter of its parent's width (at least ``min_worlds``); after ``max_splits``
    splits on a path, or past ``budget`` applied choices for one root choice, the
    bot's remaining choices in a world follow the greedy rules.
    """

    def __init__(
        self, me: int, worlds: int, min_worlds: int, max_splits: int, budget: int, rng: Rng
    ) -> None:
        self.greedy = HeuristicAgent()
        self.me = me
        self.worlds = worlds
        self.min_worlds = min_worlds
        self.max_splits = max_splits
        self.budget_per_choice = budget
        self.budget = budget
        self.rng = rng
        self.memo: dict[tuple[Any, ...], tuple[float, bool]] = {}
        self.probing = False  # evaluating one world to see whether the subtree is random
        self.random_used = False  # did the subtree being searched roll a die or draw a choice?

    def choose(self, worlds: list[SkirmState], legal: list[int], prior: int) -> int:
        """The best of ``legal`` over ``worlds`` (all consistent with one observation)."""
        best, best_v = prior, float("-inf")
        for a in _prune(worlds[0], legal) if len(legal) > 1 else legal:
            self.budget = self.budget_per_choice
            v = self._after(worlds, a, self.worlds, 0) + (1e-9 if a == prior else 0.0)
            if v > best_v:
                best, best_v = a, v
        return best

    def _after(self, worlds: list[SkirmState], action: int, width: int, splits: int) -> float:
        """Mean win rate of ``me`` when ``action`` is taken in each of ``worlds``."""
        if len(worlds) > 1 and all(w.dice == worlds[0].dice for w in worlds):
            # the worlds differ only in their futures: if one world's whole subtree
            # rolls no die and draws no opponent choice, it stands for all of them
            outer, probing = self.random_used, self.probing
            self.random_used, self.probing = False, True
            v = self._after([worlds[0]], action, width, splits)
            used, self.random_used = self.random_used, outer or self.random_used
            self.probing = probing
            if not used:
                return v
        children = []
        for w in worlds:
            t = w.copy()
            abilities.apply(t, action, None)
            if t.rng.state != w.rng.state:
                self.random_used = True
            children.append(t)
        self.budget -= len(worlds)
        key = (width, splits, *(_canonical(c) for c in children))
        hit = self.memo.get(key)
        if hit is None:
            outer, self.random_used = self.random_used, False
            value = self._evaluate(children, width, splits) / len(worlds)
            hit = self.memo[key] = (value, self.random_used)
            self.random_used = outer or self.random_used
        self.random_used = self.random_used or hit[1]
        return hit[0]

    def _evaluate(self, states: list[SkirmState], width: int, splits: int) -> float:
        """Total wins of ``me`` over ``states``, each run on to the end."""
        me = self.me
        total = 0.0
        groups: dict[tuple[Any, ...], list[SkirmState]] = {}
        for s in states:
            self._run_to_own_choice(s, greedy=self.budget <= 0)
            if s.phase == OVER:
                total += s.winner == me
            else:
                groups.setdefault(_info_key(s, me), []).append(s)
        for group in groups.values():
            total += len(group) * self._best_value(group, width, splits)
        return total

    def _run_to_own_choice(self, s: SkirmState, greedy: bool) -> None:
        """Play the opponent's choices at random (and, if ``greedy``, the bot's by its rules)."""
        me = self.me
        while s.phase != OVER:
            legal = abilities.legal(s)
            mine = abilities.actor(s) == me
            if mine and not greedy:
                return
            if len(legal) == 1:
                a = legal[0]
            elif mine:
                a = self.greedy.decide(s, me, legal)
            else:
                a = legal[s.rng.below(len(legal))]
            before = s.rng.state
            abilities.apply(s, a, None)
            if s.rng.state != before:
                self.random_used = True

    def _best_value(self, group: list[SkirmState], width: int, splits: int) -> float:
        """The bot decides in ``group`` (one information set): the best mean over its choices."""
        if len(group) < width and not self.probing:
            # chance split the worlds: past the split limit the greedy rules finish the
            # duel; otherwise top the group up with fresh futures at a narrower width
            splits += 1
            if splits > self.max_splits:
                wins = 0
                for s in group:
                    self._run_to_own_choice(s, greedy=True)
                    wins += s.winner == self.me
                return wins / len(group)
            width = max(self.min_worlds, width // 4)
            if len(group) < width:
                group = [*group, *self._refill(group, width - len(group))]
                self.random_used = True
        legal = _prune(group[0], abilities.legal(group[0]))
        return max(self._after(group, a, width, splits) for a in legal)

    def _refill(self, group: list[SkirmState], n: int) -> list[SkirmState]:
        extra = []
        for i in range(n):
            t = group[i % len(group)].copy()
            t.rng = Rng(self.rng.next64())
            extra.append(t)
        return extra
