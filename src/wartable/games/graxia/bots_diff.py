"""The heuristic's evaluation of a copied, applied state from what the action changed.

Attacks, shots, spells and abilities are still tried on a copy of the state (their rules
reach far: damage and its mitigation, eliminations, pushes, heals, a battle played out).
Scoring the result does not need ``evaluate``'s whole board walk: two-player, a state the
action left in the same round, with the same seat current and the same objectives still to
take (``todo``) differs from the position it came from only on the tiles whose unit, owner,
wounds, flags or control changed. Every term of ``evaluate`` (bots.py) but the global ones
reads one tile and its neighbours (their unit, owner and flags), so ``applied_score``
re-scores the changed tiles, the neighbours of those whose unit, owner or flags changed
(``_tile``: each tile's terms, as ``evaluate`` adds them) and the global terms (points, mana, hand, the castle, kills); anything else returns ``None`` and the caller
runs ``evaluate``. ``tests/games/graxia/test_bots_speed_equivalence.py`` checks it against
``evaluate`` on every action the heuristic tries on a copy.
"""

from __future__ import annotations

from .bots_eval import Scorer, unit_risk
from .state import OVER, SHIELD, T_BANNER0, T_KILLED0, T_SPY0, GraxiaState


def applied_score(sc: Scorer, t: GraxiaState) -> float | None:
    """``evaluate(t, sc.seat)`` for ``t``, the scorer's position after an action, or
    ``None`` when the difference is not local (then the caller evaluates ``t``)."""
    s, seat = sc.s, sc.seat
    if t.phase == OVER or t.round_no != s.round_no or t.current != s.current:
        return None  # the end, or the aggression (turn) or threat (current) terms moved
    track = t.track
    if track[T_SPY0 + seat] != s.track[T_SPY0 + seat]:
        return None
    if track[T_BANNER0 + seat] != s.track[T_BANNER0 + seat] and s.sc.victory == "banner_wars":
        return None  # a banner target moved
    n = sc.n
    su, so, sw, sf, sc_ = s.unit, s.owner, s.wounds, s.flags, s.ctrl
    tu, to, tw, tf, tc = t.unit, t.owner, t.wounds, t.flags, t.ctrl
    changed: list[int] = []
    near: set[int] = set()
    nbr = s.sc.board.nbr
    if su != tu or so != to or sf != tf:  # (whole lists compared first: most are equal)
        for c in range(n):
            if su[c] != tu[c] or so[c] != to[c] or sf[c] != tf[c]:
                changed.append(c)  # what its neighbours' terms read: their scores change too
                near.add(c)
                near.update(nbr[c])
    if sw != tw or sc_ != tc:
        for c in range(n):
            if (sw[c] != tw[c] or sc_[c] != tc[c]) and c not in changed:
                changed.append(c)  # read by this tile's terms alone
                near.add(c)
    if not _same_todo(sc, t, changed):
        return None  # another objective: every own unit's pull changes
    todo = sc.todo
    delta = _globals(sc, t) - _globals(sc, s)
    for c in near:
        delta += _tile(sc, t, c, todo) - _tile(sc, s, c, todo)
    return sc.base + delta


def _same_todo(sc: Scorer, t: GraxiaState, changed: list[int]) -> bool:
    """Whether ``t`` leaves the objectives an own unit is pulled toward as they were."""
    seat, s = sc.seat, sc.s
    targets = [x for x in sc.targets_now if x >= 0 and t.ctrl[x] != seat and not t.gone[x]]
    if targets:
        return targets == sc.todo
    if sc.todo != sc.enemies:
        return False  # objectives were left, now every enemy unit is one
    foe = sc.foe
    for c in changed:  # every enemy unit: the same tiles hold one
        if (s.unit[c] >= 0 and s.owner[c] == foe) != (t.unit[c] >= 0 and t.owner[c] == foe):
            return False
    return True


def _globals(sc: Scorer, st: GraxiaState) -> float:
    """``evaluate``'s terms that read no tile but the castle: the castle held, kills (mana
    destroyed), points, mana and hand."""
    seat, foe = sc.seat, sc.foe
    out = 0.0
    if sc.castle >= 0 and st.ctrl[sc.castle] == seat:
        out += 300
    if sc.kills:
        out += 8 * (st.track[T_KILLED0 + seat] - st.track[T_KILLED0 + foe])
    out += 25 * (st.vp[seat] - st.vp[foe])
    out += 0.4 * st.mana[seat] - 0.2 * st.mana[foe]
    out += 1.5 * len(st.hands[seat])
    return out


def _tile(sc: Scorer, st: GraxiaState, c: int, todo: list[int]) -> float:
    """``evaluate``'s terms of tile ``c`` in ``st`` (two-player): its unit's material, an
    own unit's pull, shield, Guardian or spy exposure and threat, the tile's control."""
    out = 0.0
    u = st.unit[c]
    seat, foe = sc.seat, sc.foe
    if u >= 0:
        ut = st.cat.units[u]
        is_g = sc.guardian[u]
        w = st.wounds[c]
        value = ut.cost + 2 * (ut.health - w) + (25 if is_g else 0)
        if st.owner[c] == seat:
            owner = st.owner
            foes = 0  # enemy neighbours (a loop: cheaper compiled than sum() of a generator)
            for x in st.sc.board.nbr[c]:
                if owner[x] == foe:
                    foes += 1
            out += value
            if is_g:
                out -= 4 * foes
            else:
                out += sc.pull_at(c, todo)
                if st.flags[c] & SHIELD and foes:
                    out += 2
            if u == sc.spy:
                out += 4 * (ut.health - w)
                out -= 12 * foes
            if sc.threat:
                out -= unit_risk(st, seat, c, u, w, st.flags[c])
        else:
            out -= value * sc.aggression
    k = st.ctrl[c]
    if k >= 0:
        out += (1 if k == seat else -1) * 1.5 * sc.obj[c]
    return out
