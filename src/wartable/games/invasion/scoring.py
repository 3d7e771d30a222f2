"""Chapter 7 Winning: glory from defeated invaders and completed campaigns, two tie-breaks."""

from __future__ import annotations

from .config import SOLO_THRESHOLD
from .state import InvasionState


def invaders_of(s: InvasionState, owner: int) -> list[int]:
    """The invaders counted for a campaign holder (a team pools both partners')."""
    if s.config.team:
        return s.defeated[2 * owner] + s.defeated[2 * owner + 1]
    return s.defeated[owner]


def campaign_done(s: InvasionState, owner: int, cid: int) -> bool:
    db = s.db
    mine = invaders_of(s, owner)
    need = db.camp_need[cid]
    target = db.camp_target[cid]
    if target >= 0:
        return sum(1 for v in mine if v == target) >= need
    cls = db.camp_class[cid]
    if cls == "undead":
        return sum(1 for v in mine if db.inv_undead[v]) >= need
    if cls == "dragon":
        return sum(1 for v in mine if db.inv_dragon[v]) >= need
    if cls == "gold":
        return sum(1 for v in mine if db.inv_gold[v]) >= need
    if cls == "blue":
        return sum(1 for v in mine if not db.inv_gold[v]) >= need
    if cls == "any":
        return len(mine) >= need
    owners = s.owners()
    if owners < 2:
        return False  # chapter 12: campaigns needing other players are ignored in solo
    if cls == "most_invaders":
        key = [len(invaders_of(s, o)) for o in range(owners)]
    else:  # most_gold
        key = [sum(1 for v in invaders_of(s, o) if db.inv_gold[v]) for o in range(owners)]
    return all(key[owner] > key[o] for o in range(owners) if o != owner)


def owner_totals(s: InvasionState) -> list[tuple[int, int, int]]:
    """Per holder: (glory, gold invaders, completed campaigns) - the order of chapter 7."""
    db = s.db
    out = []
    for owner in range(s.owners()):
        mine = invaders_of(s, owner)
        done = [c for c in s.campaigns[owner] if campaign_done(s, owner, c)]
        glory = sum(db.inv_glory[v] for v in mine) + sum(db.camp_bonus[c] for c in done)
        out.append((glory, sum(1 for v in mine if db.inv_gold[v]), len(done)))
    return out


def glory(s: InvasionState) -> list[int]:
    """Glory per seat (a team's total for each partner)."""
    totals = owner_totals(s)
    return [totals[s.owner_of(seat)][0] for seat in range(s.n)]


def winners(s: InvasionState) -> tuple[int, ...]:
    totals = owner_totals(s)
    if s.config.solo:
        return (0,) if totals[0][0] >= SOLO_THRESHOLD[s.config.solo_difficulty] else ()
    best = max(totals)
    return tuple(seat for seat in range(s.n) if totals[s.owner_of(seat)] == best)
