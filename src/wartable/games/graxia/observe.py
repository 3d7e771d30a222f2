"""What a seat may know (``observe``); a full state consistent with it is ``view.determinize``.

Hidden: the other seat's hand (only its unit and spell card counts show), every deck's order,
the other seat's set-up pool and its placement or sacrifice commitment, and the other seat's
spy in scenario 6. Visible: the map, markers, mana, points, discard piles, battle values.
``unseen`` lists the unit and spell cards the seat cannot see (what it could count from the
box), which ``determinize`` deals back into the hidden places at random. A fallen Guardian
goes back to its owner's hand in the open (§5.1): it is not among the unseen cards.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Any, Final

from .actions import Layout
from .setup import placements
from .state import OVER, PHASES, PILES, PLACE, GraxiaState


def open_piles(s: GraxiaState) -> tuple[int, ...]:
    """Piles whose contents (not order) are known. In a solo game (§9.2): the Player's own
    unit and spell decks (it chooses from them at set-up), the Non-Player's unit deck and
    command deck (the scenario lists them; what left them is on the map or in the discards);
    only its battle deck mixes with the battle cards it holds."""
    return (0, 1, 2, 4) if s.sc.solo else ()


# per catalog size and seat: the last unseen cards listed and the same sorted (``hidden_pools``
# is a function of the list alone; each entry is replaced whole, never changed)
_SORTED: Final[dict[int, tuple[list[int], list[int]]]] = {}


def hidden_pools(s: GraxiaState, seat: int | None) -> tuple[list[int], list[int]]:
    nu = len(s.cat.units)
    cards: list[int] = []
    opened = open_piles(s)
    for i, d in enumerate(s.decks):
        if i not in opened:
            cards.extend(d)
    for p in (0, 1):
        if p != seat:
            g = s.guard[p]
            hand = s.hands[p]
            if g in hand:  # the Guardian back in hand is public (guardian_in_hand)
                hand = [c for c in hand if c != g]
            cards.extend(hand)
            if s.sc.draft[p] != "assassination" and not s.sc.solo:
                cards.extend(s.pool[p])  # (solo: both set-up lists are the Player's, public)
    # sorted once and cut where the spells begin (this runs every decision; the sort was
    # most of it): the seat's last list sorted is kept, and between draws it is the same
    key = 4 * nu + (3 if seat is None else seat)
    hit = _SORTED.get(key)
    if hit is not None and hit[0] == cards:
        ordered = hit[1]
    else:
        ordered = sorted(cards)
        _SORTED[key] = (cards, ordered)
    cut = bisect_left(ordered, nu)
    return ordered[:cut], ordered[cut:]


def guardian_in_hand(s: GraxiaState, p: int) -> bool:
    """Seat ``p``'s Guardian fell and is back in its hand (public: §5.1), from public fields."""
    g = s.guard[p]
    if g < 0 or s.track.guardian_fell(p) < 0:
        return False
    unit, owner = s.unit, s.owner
    return not any(unit[c] == g and owner[c] == p for c in range(len(unit)))


def _placing(s: GraxiaState, seat: int | None) -> list[list[int]]:
    if seat is None or s.phase != PLACE or s.sc.solo:
        return []
    lay = Layout(s.cat, s.sc)
    return [[u, c] for u, c in placements(s, lay, seat)]


def observe(s: GraxiaState, seat: int | None) -> dict[str, Any]:
    cat = s.cat
    nu = len(cat.units)
    over = s.phase == OVER
    track = s.track.copy()
    for p in (0, 1):
        if p != seat and not over and track.spy(p) >= 0:
            track.set_spy(p, -1)  # the other seat's spy is secret
    units, spells = hidden_pools(s, seat)
    public_pool = [sorted(s.pool[p]) if s.sc.draft[p] == "assassination" else None for p in (0, 1)]
    piles = PILES if s.sc.solo else PILES - 1  # two-player games: four piles, as ever
    out: dict[str, Any] = {
        "config": s.config.model_dump(mode="json"),
        "seat": seat,
        "phase": PHASES[s.phase],
        "round": s.round_no,
        "turn": s.turn,
        "current": s.current,
        "unit": list(s.unit),
        "owner": list(s.owner),
        "wounds": list(s.wounds),
        "flags": list(s.flags),
        "control": list(s.ctrl),
        "portal": list(s.portal),
        "mana": list(s.mana),
        "vp": list(s.vp),
        "hand": sorted(s.hands[seat]) if seat is not None else None,
        "hand_counts": [
            [sum(1 for c in h if c < nu), sum(1 for c in h if c >= nu)] for h in s.hands
        ],
        "deck_sizes": [len(d) for d in s.decks[:piles]],
        "discards": [list(d) for d in s.discards[:piles]],
        "udeck": list(s.udeck),
        "sdeck": list(s.sdeck),
        "pool": sorted(s.pool[seat]) if seat is not None else None,
        "pool_sizes": [len(p) for p in s.pool],
        "public_pool": public_pool,
        "guardians": list(s.guard),
        "draws": s.draws,
        "commit": s.commit.public_view(seat),
        # the seat's own face-down placements, [unit, cell] (its buffer, decoded)
        "placing": _placing(s, seat),
        "battle": s.bat.to_list(),
        "support": list(s.sup),
        "track": track.to_list(),
        "unseen_units": units,
        "unseen_spells": spells,
    }
    if s.sc.solo:  # the non-player's progress and the scenario's bookkeeping are public
        out["pools"] = [list(p) for p in s.pool]
        out["open_decks"] = [sorted(s.decks[i]) for i in open_piles(s)]
        out["npc"] = s.npc.to_list()
        out["solo"] = s.solo.to_list()
        out["gone"] = list(s.gone)
    return out
