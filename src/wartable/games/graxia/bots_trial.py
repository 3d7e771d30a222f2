"""The Graxia heuristic's actions tried on the state itself and undone, instead of on a copy.

An attack, a shot, a command ability or a command spell reaches further than the effect
scoring of ``bots_eval.py`` follows, so the heuristic plays it with the rules' own functions
and reads ``evaluate`` of the result. Until now that happened on a copy of the whole state
(decks, piles, pools, the commitments, the random generator), which was then thrown away,
and an attack's battle went through the state machine step by step (two passes, two bluffs,
the retreat, the advance), each step dispatched and its legal actions looked up.

``Trials.score`` calls the same rules functions on the state itself, in the same order, and
puts back what they can change: the tiles' units, owners, wounds, flags and control, mana,
victory points, both hands, the discard piles' lengths (a falling unit is only appended), the
tracker, the battle record and the phase. The battle skips only the bookkeeping of the passes
and the bluffs, which nothing ``evaluate`` reads depends on. The score is ``evaluate`` of the
same position the copy reached (updated, not recomputed, where that is exact: ``Trials``),
so the heuristic decides exactly as before (``tests/games/graxia/test_bots_trial.py``
compares both ways on thousands of actions).

It declines (``None``: the caller copies) whenever the rules might ask a question or touch
anything else: a solo scenario (the Non-Player answers inside the rules), a pending choice,
a command effect outside ``IN_PLACE_EFFECTS`` or a passive battle effect outside
``IN_PLACE_PASSIVES`` (draws, recovered cards, pushes, the Allies discount, Mind Control...).
A choice the rules open on the way (an Aura of Reflection's owner picking a target among
several, Mystic Bridge's tile) is caught after the fact: the state is put back and the
caller copies.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from . import actions as acts
from . import battle, effects
from .bots_eval import evaluate_tail, scenario_targets, todo_targets
from .catalog.tables import BATTLE_PASSIVE, COMMAND_ACTIVE, Catalog
from .state import B_ADVANCE, B_RETREAT, B_SAC, COMMAND, SHIELD, GraxiaState

# command effects that change only what ``Trials.score`` puts back (effects._command_effect;
# a choice they open, Mystic Bridge's tile or Atonement's target, is caught after the fact)
IN_PLACE_EFFECTS: Final = frozenset(
    {
        "ranged",
        "damage",
        "heal",
        "stun",
        "grant_attack",
        "extra_action",
        "immune_to_unique",
        "stealth",
        "gain_mana",
        "steal_mana",
        "extra_move",
        "teleport",
        "atonement",
    }
)

# passive battle effects that change only the battle record and what is put back
# (effects.battle_effects; not Mind Control's choice, draws or recovered cards)
IN_PLACE_PASSIVES: Final = frozenset(
    {
        "battle_bonus",
        "berserk",
        "battle_penalty",
        "blood_thirst",
        "no_sacrifice",
        "silence",
        "cancel_support",
        "extra_wounds",
        "wound_reduction",
        "win_battle",
        "escape_battle",
        "heal",
        "damage",
        "stun",
        "immune_to_unique",
        "gain_mana",
        "steal_mana",
        "ignore_terrain_defence",  # read by battle.start itself (effects.ignores_terrain)
    }
)


class _Kinds:
    """Per catalog: which unit types have a passive battle ability whose effects do not stay
    in place, or use command abilities whose effects stay in place; which spells do."""

    __slots__ = ("cat", "commands", "passive", "spells")

    def __init__(self, cat: Catalog) -> None:
        self.cat = cat
        self.passive = tuple(  # a passive battle ability the in-place battle cannot follow
            any(
                e.kind not in IN_PLACE_PASSIVES
                for ab in ut.abilities
                if ab.timing == BATTLE_PASSIVE
                for e in ab.effects
            )
            for ut in cat.units
        )
        self.commands = tuple(
            all(
                e.kind in IN_PLACE_EFFECTS
                for ab in ut.abilities
                if ab.timing == COMMAND_ACTIVE
                for e in ab.effects
            )
            for ut in cat.units
        )
        self.spells = tuple(
            all(e.kind in IN_PLACE_EFFECTS for e in sp.effects) for sp in cat.spells
        )


_KINDS: Final[dict[int, _Kinds]] = {}


def _kinds(cat: Catalog) -> _Kinds:
    hit = _KINDS.get(id(cat))
    if hit is None or hit.cat is not cat:
        hit = _Kinds(cat)
        _KINDS[id(cat)] = hit
    return hit


def _playable(s: GraxiaState, kinds: _Kinds, kind: int, x: int, y: int) -> bool:
    """Whether the action ``kind`` (``x``, ``y`` decoded) can be played in place."""
    unit = s.unit
    if kind == acts.K_ATTACK:
        return not kinds.passive[unit[x]] and not kinds.passive[unit[y]]
    if kind == acts.K_SHOOT or kind == acts.K_ABILITY:
        return kinds.commands[unit[x]]
    if kind == acts.K_SPELL or kind == acts.K_SPELL_AT:
        return kinds.spells[x]
    return False


def _changed(now: list[Any], was: list[Any], out: list[int]) -> None:
    """Add to ``out`` the tiles where ``now`` differs from ``was`` (compared whole first, in
    C: most actions change one or two of a tile's lists). Entries are compared as objects
    (``was`` is a copy of ``now``'s references): an entry rewritten with an equal value may
    count as changed, which only re-scores and rewrites that tile with the same values."""
    if now != was:
        for c in range(len(was)):
            if now[c] is not was[c] and c not in out:
                out.append(c)


class Trials:
    """One decision's command actions tried in place: ``score`` gives ``evaluate`` of the
    position each leads to, or ``None`` when it cannot be played in place.

    Every trial starts from the same position (each is undone), so what is put back is
    copied once, at the first trial.

    Where every term of ``evaluate``'s board sum is a multiple of 0.5 (``exact``: no solo
    rules, enemy units weighed 1.0, a pull of 1.5, no spy or threat terms) the sum is exact
    in any order, so it can be updated instead of recomputed: each tile's share of the
    position's sum is computed once, and each action re-scores only the tiles it changed
    and their neighbours (``_term``), unless it changed the objectives the units are pulled
    toward. The result is ``evaluate``'s to the bit. ``evaluate`` and the position's aims
    are passed in (bots.py imports this module)."""

    __slots__ = (
        "evaluate",
        "exact",
        "guardian",
        "kinds",
        "mark",
        "obj",
        "s",
        "saved",
        "seat",
        "stamp",
        "targets",
        "terms",
        "todo",
        "total",
        "usable",
    )

    def __init__(
        self,
        s: GraxiaState,
        seat: int,
        evaluate: Callable[[GraxiaState, int], float],
        aims: tuple[tuple[int, ...], list[int], float, float],
        guardian: tuple[bool, ...],
    ) -> None:
        self.s = s
        self.seat = seat
        self.evaluate = evaluate
        self.obj, self.targets, pull, aggression = aims
        self.guardian = guardian
        victory = s.sc.victory
        self.exact = (
            not s.sc.solo
            and pull == 1.5
            and aggression == 1.0
            and victory != "assassination"
            and victory != "mana_destroyed"
        )
        self.todo: list[int] | None = None  # the position's, at the first exact trial
        self.total = 0.0
        self.terms: list[float] = []  # each tile's share of ``total``
        self.kinds = _kinds(s.cat)
        self.saved: _Saved | None = None  # the position, at the first trial
        self.mark: list[int] = []  # per tile: the trial that last listed it (``stamp``)
        self.stamp = 0
        # the position is the same at every trial (each is undone): asked once
        self.usable = (
            not s.sc.solo
            and s.phase == COMMAND
            and not s.track.pend_kind
            and not s.track.teleport_to
        )

    def _todo(self) -> list[int]:
        """``evaluate``'s objectives still to take (every enemy unit when none is left)."""
        s, seat = self.s, self.seat
        targets = scenario_targets(s, seat, self.targets, s.track.banner(seat))
        return todo_targets(s, seat, targets, None, [])

    def _term(self, c: int, todo: list[int]) -> float:
        """Tile ``c``'s share of ``evaluate``'s board sum, where each term is a multiple of
        0.5 (``exact``): its unit's material, an own unit's pull toward the nearest tile of
        ``todo``, its shield or Guardian next to an enemy, the tile's control. Such a sum is
        exact in any order, so it is ``evaluate``'s to the bit."""
        s, seat = self.s, self.seat
        total = 0.0
        u = s.unit[c]
        if u >= 0:
            owner = s.owner
            board = s.sc.board
            ut = s.cat.units[u]
            is_g = self.guardian[u]
            value = ut.cost + 2 * (ut.health - s.wounds[c]) + (25 if is_g else 0)
            foe = 1 - seat
            if owner[c] != seat:
                total -= value
            elif is_g:
                total += value
                for x in board.nbr[c]:
                    if owner[x] == foe:
                        total -= 4
            else:
                total += value
                if todo:
                    dist, row = board.dist, c * board.size
                    near = 8
                    for t in todo:
                        d = dist[row + t]
                        if d < near:
                            near = d
                    total += 1.5 * (8 - near)
                if s.flags[c] & SHIELD:
                    for x in board.nbr[c]:
                        if owner[x] == foe:
                            total += 2
                            break
        ctrl = s.ctrl[c]
        if ctrl >= 0:
            total += 1.5 * self.obj[c] if ctrl == self.seat else -1.5 * self.obj[c]
        return total

    def _start(self) -> _Saved:
        """The first trial: the position copied, and (exact) each tile's share of the sum."""
        s = self.s
        saved = _Saved(s)
        self.saved = saved
        self.mark = [0] * s.sc.board.size
        if self.exact:
            todo = self._todo()
            self.todo = todo
            self.terms = [self._term(c, todo) for c in s.sc.board.tiles]
            total = 0.0
            for term in self.terms:
                total += term
            self.total = total
        return saved

    def score(self, kind: int, x: int, y: int) -> float | None:
        """``evaluate(t, seat)`` of the state ``t`` the command action (``kind``, ``x``,
        ``y``) leads to (an attack played out with both sides passing and bluffing, a retreat
        to the first tile offered, the attacker advancing), computed on the state and
        undone; ``None`` when it cannot be played in place."""
        s, seat = self.s, self.seat
        if not self.usable or not _playable(s, self.kinds, kind, x, y):
            return None
        saved = self.saved
        if saved is None:
            saved = self._start()
        track = s.track
        s.track = track.copy()
        if kind == acts.K_ATTACK:  # game._apply: command.apply opens the battle
            battle.start(s, x, y, None)
            s.phase = B_SAC  # both pass (battle.open_sacrifice), then both bluff: step 7
            battle.resolve(s, None)
            if s.phase == B_RETREAT:  # bots._finish_battle: the first tile offered
                cells = battle.retreat_cells(s, s.bat.attacker, s.bat.defender)
                battle.do_retreat(s, min(cells), None)
            if s.phase == B_ADVANCE:
                battle.advance(s, True, None)
            failed = s.phase != COMMAND or bool(s.track.pend_kind)
        elif kind == acts.K_SHOOT or kind == acts.K_ABILITY:
            effects.use_command_ability(s, x, y, None)
            failed = bool(s.track.pend_kind)
        else:
            effects.cast_command_spell(s, seat, x, y if kind == acts.K_SPELL_AT else -1, None)
            failed = bool(s.track.pend_kind)
        # the tiles the action changed
        changed: list[int] = []
        su, so, sw, sf, sc = s.unit, s.owner, s.wounds, s.flags, s.ctrl
        _changed(su, saved.unit, changed)
        _changed(so, saved.owner, changed)
        _changed(sc, saved.ctrl, changed)
        board_moved = len(changed) > 0  # a unit gone, moved or come, or control changed
        _changed(sw, saved.wounds, changed)
        _changed(sf, saved.flags, changed)
        score: float | None = None
        todo = self.todo
        if failed:
            pass
        elif todo is None:  # not exact
            score = self.evaluate(s, seat)
        elif (
            board_moved or s.track.banner(seat) != track.banner(seat)
        ) and self._todo() != todo:  # another objective: every pull changes
            score = self.evaluate(s, seat)
        else:  # the board sum moves by the terms of the changed tiles and their neighbours
            self.stamp += 1
            stamp, mark = self.stamp, self.mark
            nbr = s.sc.board.nbr
            terms = self.terms
            board = self.total
            after = 0.0
            for c in changed:
                if mark[c] != stamp:
                    mark[c] = stamp
                    board -= terms[c]
                    after += self._term(c, todo)
                for n in nbr[c]:
                    if mark[n] != stamp:
                        mark[n] = stamp
                        board -= terms[n]
                        after += self._term(n, todo)
            foe = 1 - seat
            score = evaluate_tail(
                board + after,
                s.vp[seat],
                s.vp[foe],
                s.mana[seat],
                s.mana[foe],
                len(s.hands[seat]),
            )
        saved.restore(s, changed)
        s.track = track
        return score


class _Saved:
    """What an in-place trial may change, as the position had it."""

    __slots__ = (
        "bat",
        "ctrl",
        "flags",
        "hand0",
        "hand1",
        "mana",
        "owner",
        "piles",
        "sup",
        "unit",
        "vp",
        "wounds",
    )

    def __init__(self, s: GraxiaState) -> None:
        self.unit, self.owner, self.wounds = s.unit[:], s.owner[:], s.wounds[:]
        self.flags, self.ctrl = s.flags[:], s.ctrl[:]
        self.mana, self.vp = s.mana[:], s.vp[:]
        self.hand0, self.hand1 = s.hands[0][:], s.hands[1][:]
        self.piles = [len(p) for p in s.discards]
        self.bat, self.sup = s.bat, s.sup

    def restore(self, s: GraxiaState, changed: list[int]) -> None:
        """Put back the tiles ``changed`` and everything else a trial may change (but the
        tracker, which the trial replaces by a copy)."""
        su, so, sw, sf, sc = s.unit, s.owner, s.wounds, s.flags, s.ctrl
        unit, owner, wounds, flags, ctrl = self.unit, self.owner, self.wounds, self.flags, self.ctrl
        for c in changed:
            su[c], so[c], sw[c], sf[c], sc[c] = unit[c], owner[c], wounds[c], flags[c], ctrl[c]
        mana, vp = self.mana, self.vp
        s.mana[0], s.mana[1], s.vp[0], s.vp[1] = mana[0], mana[1], vp[0], vp[1]
        hands = s.hands
        if hands[0] != self.hand0:
            hands[0][:] = self.hand0
        if hands[1] != self.hand1:
            hands[1][:] = self.hand1
        discards, piles = s.discards, self.piles
        for i in range(len(piles)):
            if len(discards[i]) != piles[i]:
                del discards[i][piles[i] :]
        s.bat, s.sup, s.phase = self.bat, self.sup, COMMAND
