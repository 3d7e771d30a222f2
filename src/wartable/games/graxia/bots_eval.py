"""The Graxia heuristic's incremental evaluation: the score a command action leads to,
computed from the action's effect instead of copying the state and applying the action.

``evaluate`` (bots.py) is a sum of terms: each unit's material, each own unit's pull toward
the nearest objective it does not hold (``todo``), its shield or Guardian exposure, each
tile's control, then victory points, mana and hand size. A move, a switch of places, a
summon, a shield, a portal, a draw or a buy changes only a few of them: the units it moves
or adds, the tiles whose control it changes (with the points a capture scores), mana and
hand. ``Scorer.score`` re-scores exactly those; when the set of objectives still to take
changes (a target captured, the banner carried on) it recomputes every own unit's pull.

Everything else returns ``None``: the caller plays attacks, shots, command abilities and
command spells on the state itself and undoes them (``bots_trial.py``), and copies the state
for the rest. Not local: attacks (a battle is played out), spells and abilities (their
effects reach anywhere), the banner handed over or dropped, a Mystic Gate teleport, summons
with the Allies spell active, solo scenarios (the Non-Player answers inside ``apply``) and
every phase but Draw, Command, Buy and the face-down placement of the set-up (a placement
changes nothing ``evaluate`` reads until the reveal: every one scores the position as it
is). ``tests/games/graxia/test_bots_speed_equivalence.py`` checks the scores against
copy-and-apply on a fixed set of positions.
"""

from __future__ import annotations

from typing import Final

from . import actions as acts
from . import battle, modifiers
from .catalog.tables import Catalog
from .command import PORTAL_COST, base_cost
from .state import (
    ABILITY,
    BUY,
    CARRIER,
    COMMAND,
    DRAW,
    EXTRA_MOVE,
    MOVED,
    PLACE,
    SHIELD,
    SHIELD_NOW,
    STUNNED,
    SUMMONED,
    GraxiaState,
)

SETUP_PHASES: Final = 3  # victory.on_capture: no points for control taken during the set-up
CARD_PRICE: Final = 5  # turn.CARD_PRICE: a bought card
UNMOVED: Final = -2  # ``Scorer._delta``: the action leaves the seat's banner where it is


def unit_risk(s: GraxiaState, seat: int, c: int, u: int, wounds: int, flags: int) -> float:
    """What the enemy's next round may cost the unit ``u`` (wounds, flags) standing on ``c``:
    the wounds its strongest enemy neighbour would inflict, or 0.6 of its value if that
    could eliminate it (one term of ``bots.threat``)."""
    cat = s.cat
    nbr = s.sc.board.nbr[c]
    unit, owner = s.unit, s.owner
    ut = cat.units[u]
    foes = [n for n in nbr if unit[n] >= 0 and owner[n] != seat]
    worst = 0
    for n in foes:
        if s.flags[n] & STUNNED:
            continue
        et = cat.units[unit[n]]
        bv = et.attack - battle.matched_defence(et.attack_type, ut)
        bv -= battle.terrain_defence(s, c, et.attack_type)
        bv += 3 * (len(foes) - 1) + 3  # support, and a sacrificed spell
        worst = max(worst, (max(0, bv) + 1) // 2 - (2 if flags & SHIELD else 0))
    if worst <= 0:
        return 0.0
    left = ut.health - wounds
    if worst >= left:
        return 0.6 * (ut.cost + 2 * left)
    return 1.0 * worst


def evaluate_tail(score: float, vp: int, foe_vp: int, mana: int, foe_mana: int, hand: int) -> float:
    """``evaluate``'s last terms, added to the board's ``score`` in this order: victory
    points, mana, the hand."""
    score += 25 * (vp - foe_vp)
    score += 0.4 * mana - 0.2 * foe_mana
    score += 1.5 * hand
    return score


def scenario_targets(s: GraxiaState, seat: int, targets: list[int], banner: int) -> list[int]:
    """``evaluate``'s targets: ``targets`` (the aims'), or in Banner Wars the enemy's banner
    tile and the seat's own banner on ``banner``."""
    if s.sc.victory == "banner_wars":
        return [s.sc.banners[1 - seat], banner]
    return targets


def todo_targets(
    s: GraxiaState, seat: int, targets: list[int], enemies: list[int] | None, taken: list[int]
) -> list[int]:
    """The objectives an own unit is pulled toward: the targets the seat does not control
    (``taken``: tiles it controls after the action), or every enemy unit (``enemies``, found
    here when ``None``) when none is left."""
    ctrl, gone = s.ctrl, s.gone
    todo = [t for t in targets if t >= 0 and ctrl[t] != seat and t not in taken and not gone[t]]
    if todo:
        return todo
    if enemies is None:
        unit, owner, foe = s.unit, s.owner, 1 - seat
        return [c for c in range(len(unit)) if unit[c] >= 0 and owner[c] == foe]
    return enemies


def _any_in(cells: list[int], among: list[int]) -> bool:
    """Whether one of ``cells`` is in ``among`` (loops: cheaper compiled than any())."""
    for c in cells:
        for t in among:
            if c == t:
                return True
    return False


class Scorer:
    """``evaluate(t, seat)`` of the state ``t`` an action leads to, from ``s`` and the action.

    Built once per decision from the position's terms; ``score`` is then a few dozen
    operations per action."""

    __slots__ = (
        "aggression",
        "banner",
        "base",
        "castle",
        "dist",
        "enemies",
        "foe",
        "foes",
        "g",
        "guardian",
        "n",
        "nbr",
        "obj",
        "own",
        "portals",
        "pull",
        "pull_sum",
        "pulls",
        "s",
        "seat",
        "spy",
        "targets",
        "threat",
        "todo",
        "vp_capture",
    )

    def __init__(
        self,
        s: GraxiaState,
        seat: int,
        base: float,
        obj: tuple[int, ...],
        targets: list[int],
        pull: float,
        aggression: float,
        guardian: tuple[bool, ...],
    ) -> None:
        self.s = s
        self.seat = seat
        self.base = base
        self.obj = obj
        self.pull = pull
        self.aggression = aggression
        self.guardian = guardian
        self.foe = 1 - seat
        sc = s.sc
        n = sc.board.size
        self.n = n
        self.targets = targets
        unit, owner = s.unit, s.owner
        enemies: list[int] = []
        own: list[int] = []
        for c in range(n):  # one pass for both
            if unit[c] >= 0:
                if owner[c] == seat:
                    own.append(c)
                elif owner[c] == self.foe:
                    enemies.append(c)
        self.enemies, self.own = enemies, own
        v = sc.victory
        self.vp_capture = v in ("two_cities", "king_of_the_castle") and s.phase >= SETUP_PHASES
        self.castle = -1
        if v == "wintermere_pass" and seat == sc.param("attacker_seat", 1):
            self.castle = sc.param("castle")
        self.spy = s.track.spy(seat) if v == "assassination" else -1
        self.threat = v == "mana_destroyed" and s.current == seat
        portals = 0  # a loop: cheaper compiled than sum() of a generator
        for p in s.portal:
            if p == seat:
                portals += 1
        self.portals = portals
        self.g = s.guardian_cell(seat)
        self.banner = s.track.banner(seat)  # the board and the banner, read once a decision
        self.dist, self.nbr = sc.board.dist, sc.board.nbr
        self.todo = todo_targets(
            s, seat, scenario_targets(s, seat, self.targets, self.banner), self.enemies, []
        )
        # per tile, read once a decision: an own unit's pull toward ``todo`` there (-1.0:
        # not yet computed), the enemy units next to it (-1: not yet counted)
        self.pulls: list[float] = [-1.0] * n
        self.foes: list[int] = [-1] * n
        pull_sum = 0.0  # a loop, not sum() of a generator: cheaper compiled (same order)
        for c in self.own:
            if not guardian[unit[c]]:
                pull_sum += self._pull_here(c)
        self.pull_sum = pull_sum

    @staticmethod
    def usable(s: GraxiaState) -> bool:
        """Whether this position's actions can be scored from their effects."""
        if s.sc.solo or s.track.pend_kind or s.track.teleport_to:
            return False
        return s.phase in (COMMAND, DRAW, BUY, PLACE)

    def _pull(self, c: int, todo: list[int]) -> float:
        if not todo:
            return 0.0
        dist, row = self.dist, c * self.n
        near = 8  # the nearest (a loop: compiled, a generator in min() costs more than it)
        for t in todo:
            d = dist[row + t]
            if d < near:
                near = d
        return self.pull * (8 - near)  # near <= 8: the same as max(0, 8 - near)

    def _pull_here(self, c: int) -> float:
        """``_pull(c, self.todo)``, computed once a decision per tile."""
        pull = self.pulls[c]
        if pull < 0.0:
            pull = self._pull(c, self.todo)
            self.pulls[c] = pull
        return pull

    def _local(self, s: GraxiaState, c: int, u: int, wounds: int, flags: int) -> float:
        """An own unit's terms (in ``s``) that do not depend on the objectives: a shield
        next to an enemy, a Guardian's or the spy's exposure, the enemy's threat."""
        cat: Catalog = s.cat
        out = 0.0
        foes = self.foes[c]  # enemy neighbours: an action moves none of them
        if foes < 0:
            owner, foe = s.owner, self.foe
            foes = 0  # a loop: cheaper compiled than sum() of a generator
            for x in self.nbr[c]:
                if owner[x] == foe:
                    foes += 1
            self.foes[c] = foes
        if self.guardian[u]:
            out -= 4 * foes
        elif flags & SHIELD and foes:
            out += 2
        if u == self.spy:
            out += 4 * (cat.units[u].health - wounds)
            out -= 12 * foes
        if self.threat:
            out -= unit_risk(s, self.seat, c, u, wounds, flags)
        return out

    def score(self, kind: int, x: int, y: int, a: int) -> float | None:
        """The evaluation after action ``a`` (decoded: ``kind``, ``x``, ``y``), or ``None``
        when its effect is not local (the caller copies and applies it)."""
        s = self.s
        if s.phase == PLACE:  # a face-down placement only joins the seat's commitments
            return self.base if kind in (acts.K_PLACE, acts.K_CHOOSE, acts.K_SPY) else None
        if kind == acts.K_SIMPLE:
            if a in (acts.DRAW_UNIT, acts.DRAW_SPELL):
                return self.base + 1.5  # one more card in hand
            if a in (acts.BUY_UNIT, acts.BUY_SPELL):
                return self.base + 1.5 - 0.4 * CARD_PRICE
            return None
        if s.phase != COMMAND:
            return None
        if kind == acts.K_PORTAL:
            if x == y or self.portals >= 2:  # a removal, or a pair moved: free
                return self.base
            return self.base - 0.4 * PORTAL_COST
        if kind == acts.K_SHIELD:
            u, w, f = s.unit[x], s.wounds[x], s.flags[x]
            return self._delta(
                [(x, u, w, f)], [(x, u, w, f | SHIELD | SHIELD_NOW)], [], UNMOVED, 0.0
            )
        if kind == acts.K_MOVE:
            return self._move(x, y)
        if kind == acts.K_SUMMON:
            return self._summon(x, y)
        return None

    def _move(self, a: int, b: int) -> float | None:
        """command.do_move: a step, a portal jump or a switch of places."""
        s, seat = self.s, self.seat
        u, w, f = s.unit[a], s.wounds[a], s.flags[a]
        banner = self.banner
        if s.unit[b] >= 0:  # switch places with a friendly unit
            ub, wb, fb = s.unit[b], s.wounds[b], s.flags[b]
            fa2 = (fb & ~SHIELD) | MOVED
            fb2 = (f & ~SHIELD) | MOVED
            if fa2 & CARRIER:
                banner = a
            if fb2 & CARRIER:
                banner = b
            old = [(a, u, w, f), (b, ub, wb, fb)]
            return self._delta(old, [(a, ub, wb, fa2), (b, u, w, fb2)], [], banner, 0.0)
        via_portal = s.portal[a] == seat and s.portal[b] == seat and self.dist[a * self.n + b] > 1
        moved = f
        if f & CARRIER and via_portal:  # the banner stays where the bearer portals from
            moved &= ~CARRIER
            banner = a
        moved = (moved & ~SHIELD) | MOVED | (EXTRA_MOVE if via_portal else 0)
        if moved & CARRIER:
            banner = b
        ctrl = s.ctrl
        if ctrl[a] == seat and ctrl[b] == seat and banner == self.banner:
            # nothing captured, the objectives unchanged: ``_delta``'s terms, in its order,
            # without building its lists (most moves)
            delta = 0.0
            if not self.guardian[u]:
                delta -= self._pull_here(a)
                delta += self._pull_here(b)
            delta -= self._local(s, a, u, w, f)
            delta += self._local(s, b, u, w, moved)
            return self.base + delta
        # the banner left behind on ``a``, the tile entered (board.pick_up_banner only sets
        # flags evaluate does not read)
        return self._move_capture(a, b, u, w, f, moved, banner)

    def _summon(self, u: int, cell: int) -> float | None:
        """command.summon: mana paid, the card leaves the hand, a fresh unit takes the tile."""
        s, seat = self.s, self.seat
        if s.track.allies:  # the Allies discount's bookkeeping: leave it to the rules
            return None
        cost = modifiers.card_cost(s, seat, base_cost(s, seat, u, cell, self.g))
        ut = s.cat.units[u]
        value = ut.cost + 2 * ut.health + (25 if self.guardian[u] else 0)
        extra = value - 0.4 * cost - 1.5
        return self._delta([], [(cell, u, 0, SUMMONED | ABILITY)], [cell], UNMOVED, extra)

    def _captures(self, delta: float, captured: list[int], entered: int) -> float:
        """``delta`` plus the tiles ``captured``: their control, Flist's castle, and the
        points for ``entered`` (the tile entered, not the one left behind) when captured."""
        s = self.s
        ctrl, obj = s.ctrl, self.obj
        for c in captured:
            prev = ctrl[c]
            delta += 1.5 * obj[c] * (2 if prev >= 0 else 1)  # -1.5 obj (enemy) or 0 -> +1.5 obj
            if c == self.castle:
                delta += 300
        if self.vp_capture and captured and entered in captured:
            t = s.sc.terrain[entered]
            pts = (
                s.sc.param("vp_village")
                if t == "village"
                else s.sc.param("vp_city")
                if t == "city"
                else 0
            )
            delta += 25 * pts
        return delta

    def _todo_after(self, captured: list[int], banner: int) -> list[int]:
        """The objectives still to take with the tiles ``captured`` taken and the seat's
        banner on ``banner`` (``UNMOVED``: where it was)."""
        moved = banner != UNMOVED and banner != self.banner
        if not moved and not _any_in(captured, self.todo):
            return self.todo  # todo_targets would give it again
        if banner == UNMOVED:
            banner = self.banner
        s, seat = self.s, self.seat
        targets = scenario_targets(s, seat, self.targets, banner)
        return todo_targets(s, seat, targets, self.enemies, captured)

    def _move_capture(
        self, a: int, b: int, u: int, w: int, f: int, moved: int, banner: int
    ) -> float:
        """``_delta`` of one unit (``u``, ``w`` wounds) moving from ``a`` (flags ``f``) to
        ``b`` (flags ``moved``), both tiles taken: the same terms in the same order,
        without its lists and tuples (the most common move that captures)."""
        s, seat = self.s, self.seat
        ctrl = s.ctrl
        captured: list[int] = []
        if ctrl[a] != seat:
            captured.append(a)
        if ctrl[b] != seat:
            captured.append(b)
        delta = self._captures(0.0, captured, b)
        todo = self._todo_after(captured, banner)
        walker = not self.guardian[u]
        if todo == self.todo:
            if walker:
                delta -= self._pull_here(a)
                delta += self._pull_here(b)
        else:  # another objective: every own unit's pull changes
            unit, guardian = s.unit, self.guardian
            total = 0.0
            for c in self.own:
                if c != a and not guardian[unit[c]]:
                    total += self._pull(c, todo)
            if walker:
                total += self._pull(b, todo)
            delta += total - self.pull_sum
        delta -= self._local(s, a, u, w, f)
        delta += self._local(s, b, u, w, moved)
        return self.base + delta

    def _delta(
        self,
        old: list[tuple[int, int, int, int]],
        new: list[tuple[int, int, int, int]],
        taken: list[int],
        banner: int,
        extra: float,
    ) -> float:
        """The base score with the own units ``old`` (cell, unit, wounds, flags) replaced by
        ``new``, the tiles ``taken`` now controlled by the seat, the seat's banner on
        ``banner`` (``UNMOVED``: where it was) and ``extra`` (material, mana, hand) added."""
        s, seat = self.s, self.seat
        ctrl = s.ctrl
        captured = [c for c in taken if ctrl[c] != seat]
        delta = self._captures(extra, captured, taken[-1] if taken else -1)
        todo = self._todo_after(captured, banner)
        guardian = self.guardian
        if todo == self.todo:
            for c, u, _, _ in old:
                if not guardian[u]:
                    delta -= self._pull_here(c)
            for c, u, _, _ in new:
                if not guardian[u]:
                    delta += self._pull_here(c)
        else:  # another objective: every own unit's pull changes
            unit = s.unit
            gone = {c for c, _, _, _ in old}
            total = 0.0
            for c in self.own:
                if c not in gone and not guardian[unit[c]]:
                    total += self._pull(c, todo)
            for c, u, _, _ in new:
                if not guardian[u]:
                    total += self._pull(c, todo)
            delta += total - self.pull_sum
        for c, u, w, f in old:
            delta -= self._local(s, c, u, w, f)
        for c, u, w, f in new:
            delta += self._local(s, c, u, w, f)
        return self.base + delta
