"""The Skirm heuristic bot: greedy, per-ability choices on an estimated point margin.

It sees only its observation: hidden things (the opponent's cards, concealed
dice) are sampled with ``game.determinize``. Each choice is scored by the
final-point margin it leads to (rerolls by their average over the six faces).
"""

from __future__ import annotations

from math import tanh
from typing import Any

from wartable.core.rng import Rng

from . import abilities
from . import actions as acts
from .scoring import duel_points, quick_matches
from .state import ABILITY, OVER, QUICK, REVEAL, SkirmState


def margin(s: SkirmState, seat: int, scale: float = 1.0) -> float:
    """A smooth win estimate from the point margin (ties go to the first duelist).

    While the opponent's ability may still change things the margin is
    scaled down (a point matters less); at the last ability the value is
    close to a win/loss indicator, so the bot stops gambling when ahead.
    """
    pts, _, _ = duel_points((s.card_of(0), s.card_of(1)), (s.dice[0], s.dice[1]), s.config.step3)
    m = pts[seat] - pts[1 - seat] + (0.5 if s.first == seat else -0.5)
    return tanh(m / scale)


def reroll_gain(s: SkirmState, seat: int, owner: int, die: int, scale: float = 1.0) -> float:
    """Expected change of ``seat``'s margin if ``owner``'s die is rerolled."""
    dice = s.dice[owner]
    old = dice[die]
    base = margin(s, seat, scale)
    total = 0.0
    for f in range(6):
        dice[die] = f
        total += margin(s, seat, scale)
    dice[die] = old
    return total / 6 - base


def _after(s: SkirmState, action: int) -> SkirmState:
    t = s.copy()
    abilities.apply(t, action, None)
    return t


def _binom_above(n: int, p: float, k: int) -> float:
    """P(Binomial(n, p) > k)."""
    from math import comb

    return sum(comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(k + 1, n + 1))


class HeuristicAgent:
    name = "heuristic"
    needs_observation = True

    def __init__(self, samples: int = 8) -> None:
        self.samples = samples  # sampled duels per card when choosing among several
        self.scale = 1.0  # margin scale of the current decision (see ``margin``)

    def _m(self, s: SkirmState, seat: int) -> float:
        return margin(s, seat, self.scale)

    def _gain(self, s: SkirmState, seat: int, owner: int, die: int) -> float:
        return reroll_gain(s, seat, owner, die, self.scale)

    def act(
        self, game: Any, observation: dict[str, Any] | None, legal: list[int], seat: int, rng: Rng
    ) -> int:
        assert observation is not None
        s: SkirmState = game.determinize(observation, rng)
        if s.phase == REVEAL:
            return self._reveal(s, seat, legal, rng)
        if s.phase == QUICK:
            return self._quick(s, seat)
        return self._ability(s, seat, legal)

    def decide(self, s: SkirmState, seat: int, legal: list[int]) -> int:
        """An ability choice on a full state (a search's world, already sampled)."""
        return self._ability(s, seat, legal)

    def _ability(self, s: SkirmState, seat: int, legal: list[int]) -> int:
        # a point matters less while the opponent's ability may still change things
        self.scale = 3.0 if s.step == 0 and abilities.owner(s) == seat else 0.75
        return self._choose(s, seat, legal)

    # ----- card choice ------------------------------------------------------
    def _reveal(self, s: SkirmState, seat: int, legal: list[int], rng: Rng) -> int:
        """Try each card in a few sampled duels (opponent card drawn from the unseen ones)."""
        if len(legal) == 1:
            return legal[0]
        cards = s.cards.cards
        opp = 1 - seat
        known = set(s.hands[seat])
        candidates = [c for c in cards if c.id not in known]
        best, best_v = legal[0], float("-inf")
        for a in legal:
            mine = cards[a - acts.REVEAL]
            v = 0.0
            for k in range(self.samples):
                theirs = candidates[(k + rng.below(len(candidates))) % len(candidates)]
                if s.config.variant == "quick":
                    v += quick_matches(s.dice[seat], mine) - quick_matches(s.dice[opp], theirs)
                    continue
                v += self._playout(s, seat, mine.id, theirs.id)
            if v > best_v:
                best, best_v = a, v
        return best

    def _playout(self, s: SkirmState, seat: int, mine: int, theirs: int) -> float:
        t = s.copy()
        t.commit.reveal()
        t.card[seat], t.card[1 - seat] = mine, theirs
        c0, c1 = t.card_of(0), t.card_of(1)
        t.first = 0 if (c0.speed, c0.id) > (c1.speed, c1.id) else 1
        t.phase = ABILITY
        t.step = 0
        abilities.start(t, None)
        while t.phase != OVER:
            who = abilities.actor(t)
            abilities.apply(t, self._ability(t, who, abilities.legal(t)), None)
        return 1.0 if t.winner == seat else 0.0

    def _quick(self, s: SkirmState, seat: int) -> int:
        mine = s.card_of(seat)
        theirs = quick_matches(s.dice[1 - seat], s.card_of(1 - seat))
        now = quick_matches(s.dice[seat], mine)
        p = len(set(mine.skills)) / 6
        # the faster duelist rerolls; ties go to the slower one, so it must beat strictly
        stand = 1.0 if now > theirs else 0.0
        return (
            acts.QUICK_REROLL
            if _binom_above(len(s.dice[seat]), p, theirs) > stand
            else acts.QUICK_STAND
        )

    # ----- abilities ----------------------------------------------------------
    def _choose(self, s: SkirmState, seat: int, legal: list[int]) -> int:
        if len(legal) == 1:
            return legal[0]
        ab = abilities.ability_of(s)
        opp = 1 - seat
        if ab == "BLADE":
            if s.stage == 1:  # reroll the group that helps me more
                sums = [0.0, 0.0]
                for j, g in enumerate(s.osel):
                    sums[g] += self._gain(s, seat, seat, j)
                return acts.REROLL_A if sums[0] >= sums[1] else acts.REROLL_B
            return self._blade_split(s, seat, legal)
        if ab in ("CLOAK", "HARNESS", "TOME") and s.stage == 0:
            gains = [
                (self._gain(s, seat, seat, a - acts.PICK_OWN), a) for a in legal if a != acts.DONE
            ]
            best_gain, best = max(gains)
            if acts.DONE in legal and best_gain <= 0:
                return acts.DONE
            return best
        if ab == "TOME":  # stage 1: keep the better face
            i, old, _new = s.aux
            v_new = self._m(s, seat)
            s.dice[seat][i] = old
            return acts.KEEP_NEW if v_new >= self._m(s, seat) else acts.KEEP_OLD
        if ab == "DODECAHEDRON" and s.stage < 2:
            if s.stage == 0:
                return max(legal, key=lambda a: self._gain(s, seat, seat, a - acts.PICK_OWN))
            return max(legal, key=lambda a: self._gain(s, seat, opp, a - acts.PICK_OPP))
        if ab == "HELM" and s.stage == 0:
            return self._helm_give(s, seat, legal)
        if ab == "HELM" and s.stage == 2:
            gain = self._gain(s, seat, seat, s.sel[0])
            return acts.REROLL_GAINED if gain > 0 else acts.KEEP_GAINED
        if ab == "MANTLE" and s.stage == 0:
            return max(legal, key=lambda a: self._greedy_finish(_after(s, a), seat))
        if ab == "SCEPTER" and s.stage == 0:
            return max(legal, key=lambda a: self._scepter_value(s, seat, a - acts.PICK_OWN))
        # deterministic one-step choices: sets, steals, swaps, keeps
        return max(legal, key=lambda a: self._value_after(s, seat, a))

    def _value_after(self, s: SkirmState, seat: int, a: int) -> float:
        if a == acts.DONE:
            return self._m(s, seat) + 1e-6  # stop when nothing improves
        t = s.copy()
        abilities.apply(t, a, None)
        return self._m(t, seat)

    def _greedy_finish(self, s: SkirmState, seat: int) -> float:
        """Margin after finishing the current ability greedily (deterministic steps only)."""
        while s.phase != 3 and abilities.actor(s) == seat and s.step < 2:
            legal = abilities.legal(s)
            if not legal or any(a < acts.SET or a >= acts.GROUP_A for a in legal):
                break
            step = s.step
            best = max(legal, key=lambda a: self._value_after(s, seat, a))
            abilities.apply(s, best, None)
            if s.step != step:
                break
        return self._m(s, seat)

    def _scepter_value(self, s: SkirmState, seat: int, die: int) -> float:
        dice = s.dice[seat]
        old = dice[die]
        total = 0.0
        for f in range(6):
            dice[die] = f
            best = self._m(s, seat)
            for j in range(len(dice)):
                if j == die:
                    continue
                keep = dice[j]
                dice[j] = f
                best = max(best, self._m(s, seat))
                dice[j] = keep
            total += best
        dice[die] = old
        return total / 6

    def _helm_give(self, s: SkirmState, seat: int, legal: list[int]) -> int:
        opp = 1 - seat
        best, best_v = legal[0], float("-inf")
        for a in legal:
            i = a - acts.PICK_OWN
            for j in abilities.visible_opp(s, seat):
                mine, theirs = s.dice[seat], s.dice[opp]
                mine[i], theirs[j] = theirs[j], mine[i]
                v = self._m(s, seat) + max(0.0, self._gain(s, seat, seat, i))
                mine[i], theirs[j] = theirs[j], mine[i]
                if v > best_v:
                    best, best_v = a, v
        return best

    def _blade_split(self, s: SkirmState, seat: int, legal: list[int]) -> int:
        """Balance the opponent's reroll gains so neither group is worth much to them."""
        opp = 1 - seat
        gains = [-self._gain(s, seat, opp, j) for j in range(len(s.dice[opp]))]
        sums = [0.0, 0.0]
        for j, g in enumerate(s.osel):
            sums[g] += gains[j]
        nxt = len(s.osel)
        order = sorted(range(nxt, len(gains)), key=lambda j: -gains[j])
        plan: dict[int, int] = {}
        for j in order:
            g = 0 if sums[0] <= sums[1] else 1
            if gains[j] < 0:
                g = 0 if sums[0] >= sums[1] else 1
            plan[j] = g
            sums[g] += gains[j]
        want = acts.GROUP_A if plan[nxt] == 0 else acts.GROUP_B
        return want if want in legal else legal[0]
