"""Chapter 7 Winning: glory from defeated invaders and completed campaigns, two tie-breaks."""

from __future__ import annotations

from typing import Final

from .config import SOLO_THRESHOLD
from .db import Db
from .state import InvasionState


def invaders_of(s: InvasionState, owner: int) -> list[int]:
    """The invaders counted for a campaign holder (a team pools both partners')."""
    if s.team:
        return s.defeated[2 * owner] + s.defeated[2 * owner + 1]
    return s.defeated[owner]


def campaign_done(s: InvasionState, owner: int, cid: int) -> bool:
    return _met(s.db, cid, _tallies(s), owner)


# per holder: (defeated per invader kind, undead, dragon, gold, blue, all)
_Tally = tuple[list[int], int, int, int, int, int]


def _tallies(s: InvasionState) -> list[_Tally]:
    db = s.db
    out: list[_Tally] = []
    for owner in range(s.owners()):
        per = [0] * len(db.inv_count)
        undead = dragon = gold = 0
        mine = invaders_of(s, owner)
        for v in mine:
            per[v] += 1
            undead += db.inv_undead[v]
            dragon += db.inv_dragon[v]
            gold += db.inv_gold[v]
        out.append((per, undead, dragon, gold, len(mine) - gold, len(mine)))
    return out


def _met(db: Db, cid: int, tallies: list[_Tally], owner: int) -> bool:
    """Chapter 9: is campaign ``cid`` met for ``owner`` (``tallies`` of every holder)?"""
    mine = tallies[owner]
    need = db.camp_need[cid]
    target = db.camp_target[cid]
    if target >= 0:
        return mine[0][target] >= need
    cls = db.camp_class[cid]
    if cls in _CLASS_FIELD:
        return mine[_CLASS_FIELD[cls]] >= need  # type: ignore[operator]
    owners = len(tallies)
    if owners < 2:
        return False  # chapter 12: campaigns needing other players are ignored in solo
    field = 5 if cls == "most_invaders" else 3  # most_gold
    return all(mine[field] > tallies[o][field] for o in range(owners) if o != owner)  # type: ignore[operator]


_CLASS_FIELD: Final = {"undead": 1, "dragon": 2, "gold": 3, "blue": 4, "any": 5}


def owner_totals(s: InvasionState) -> list[tuple[int, int, int]]:
    """Per holder: (glory, gold invaders, completed campaigns) - the order of chapter 7."""
    db = s.db
    tallies = _tallies(s)
    out = []
    glories, bonus = db.inv_glory, db.camp_bonus
    for owner, tally in enumerate(tallies):
        glory = sum([glories[v] * c for v, c in enumerate(tally[0]) if c])
        done = 0
        for c in s.campaigns[owner]:
            if _met(db, c, tallies, owner):
                glory += bonus[c]
                done += 1
        out.append((glory, tally[3], done))
    return out


def glory(s: InvasionState, totals: list[tuple[int, int, int]] | None = None) -> list[int]:
    """Glory per seat (a team's total for each partner)."""
    if totals is None:
        totals = owner_totals(s)
    return [totals[s.owner_of(seat)][0] for seat in range(s.n)]


def winners(s: InvasionState, totals: list[tuple[int, int, int]] | None = None) -> tuple[int, ...]:
    """The seats that share victory (``totals``: ``owner_totals(s)`` if already known)."""
    if totals is None:
        totals = owner_totals(s)
    if s.solo:
        return (0,) if totals[0][0] >= SOLO_THRESHOLD[s.config.solo_difficulty] else ()
    best = max(totals)
    return tuple(seat for seat in range(s.n) if totals[s.owner_of(seat)] == best)
