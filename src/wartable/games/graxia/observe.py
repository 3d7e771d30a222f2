"""What a seat may know (``observe``) and a full state consistent with it (``determinize``).

Hidden: the other seat's hand (only its unit and spell card counts show), every deck's order,
the other seat's set-up pool and its placement or sacrifice commitment, and the other seat's
spy in scenario 6. Visible: the map, markers, mana, points, discard piles, battle values.
``unseen`` lists the unit and spell cards the seat cannot see (what it could count from the
box), which ``determinize`` deals back into the hidden places at random. A fallen Guardian
goes back to its owner's hand in the open (§5.1): it is not among the unseen cards.
"""

from __future__ import annotations

from typing import Any

from wartable.core.commit import Commitments
from wartable.core.rng import Rng

from . import actions as A
from . import solo_setup
from .actions import Layout
from .setup import place_legal, placements
from .state import B_SAC, OVER, PHASES, PILES, PLACE, T_GFELL0, T_SPY0, GraxiaState


def open_piles(s: GraxiaState) -> tuple[int, ...]:
    """Piles whose contents (not order) are known. In a solo game (§9.2): the Player's own
    unit and spell decks (it chooses from them at set-up), the Non-Player's unit deck and
    command deck (the scenario lists them; what left them is on the map or in the discards);
    only its battle deck mixes with the battle cards it holds."""
    return (0, 1, 2, 4) if s.sc.solo else ()


def _hidden_pools(s: GraxiaState, seat: int | None) -> tuple[list[int], list[int]]:
    nu = len(s.cat.units)
    cards: list[int] = []
    for i, d in enumerate(s.decks):
        if i not in open_piles(s):
            cards.extend(d)
    for p in (0, 1):
        if p != seat:
            g = s.guard[p]
            cards.extend(c for c in s.hands[p] if c != g)
            if s.sc.draft[p] != "assassination" and not s.sc.solo:
                cards.extend(s.pool[p])  # (solo: both set-up lists are the Player's, public)
    units = sorted(c for c in cards if c < nu)
    spells = sorted(c for c in cards if c >= nu)
    return units, spells


def guardian_in_hand(s: GraxiaState, p: int) -> bool:
    """Seat ``p``'s Guardian fell and is back in its hand (public: §5.1), from public fields."""
    g = s.guard[p]
    if g < 0 or s.track[T_GFELL0 + p] < 0:
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
    track = list(s.track)
    for p in (0, 1):
        if p != seat and not over and track[T_SPY0 + p] >= 0:
            track[T_SPY0 + p] = -1  # the other seat's spy is secret
    units, spells = _hidden_pools(s, seat)
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
        "battle": list(s.bat),
        "support": list(s.sup),
        "track": track,
        "unseen_units": units,
        "unseen_spells": spells,
    }
    if s.sc.solo:  # the non-player's progress and the scenario's bookkeeping are public
        out["pools"] = [list(p) for p in s.pool]
        out["open_decks"] = [sorted(s.decks[i]) for i in open_piles(s)]
        out["npc"] = list(s.npc)
        out["solo"] = list(s.solo)
        out["gone"] = list(s.gone)
    return out


def determinize(obs: dict[str, Any], rng: Rng, make: Any, layout: Any) -> GraxiaState:
    """``make(config_dict, rng)`` builds an empty state; ``layout(state)`` its Layout."""
    s: GraxiaState = make(obs["config"], Rng(rng.next64()))
    seat = obs["seat"]
    s.phase = PHASES.index(obs["phase"])
    s.round_no = obs["round"]
    s.current = obs["current"]
    s.unit = list(obs["unit"])
    s.owner = list(obs["owner"])
    s.wounds = list(obs["wounds"])
    s.flags = list(obs["flags"])
    s.ctrl = list(obs["control"])
    s.portal = list(obs["portal"])
    s.mana = list(obs["mana"])
    s.vp = list(obs["vp"])
    s.discards = [list(d) for d in obs["discards"]]
    s.discards += [[] for _ in range(PILES - len(s.discards))]
    if "npc" in obs:
        s.npc = list(obs["npc"])
        s.solo = list(obs["solo"])
        s.gone = list(obs["gone"])
        s.sc = solo_setup.scenario_of(s)  # solo-3: the chosen Home Row
    s.udeck = list(obs["udeck"])
    s.sdeck = list(obs["sdeck"])
    s.guard = list(obs["guardians"])
    s.draws = obs["draws"]
    s.bat = list(obs["battle"])
    s.sup = list(obs["support"])
    s.track = list(obs["track"])
    units = list(obs["unseen_units"])
    spells = list(obs["unseen_spells"])
    rng.shuffle(units)
    rng.shuffle(spells)
    counts = obs["hand_counts"]
    for p in (0, 1):
        if p == seat:
            s.hands[p] = list(obs["hand"])
            s.pool[p] = list(obs["pools"][p]) if "pools" in obs else list(obs["pool"])
            continue
        nu_, ns_ = counts[p]
        kept = [s.guard[p]] if guardian_in_hand(s, p) else []
        s.hands[p] = (
            kept
            + [units.pop() for _ in range(nu_ - len(kept))]
            + [spells.pop() for _ in range(ns_)]
        )
        if "pools" in obs:
            s.pool[p] = list(obs["pools"][p])
        elif obs["public_pool"][p] is not None:
            s.pool[p] = list(obs["public_pool"][p])
        else:
            s.pool[p] = [units.pop() for _ in range(obs["pool_sizes"][p])]
    opened = dict(zip(open_piles(s), obs.get("open_decks", []), strict=False))
    for d, size in enumerate(obs["deck_sizes"]):
        if d in opened:
            s.decks[d] = list(opened[d])
            rng.shuffle(s.decks[d])
            continue
        src = units if d < 2 else spells
        s.decks[d] = [src.pop() for _ in range(size)]
    for p in (0, 1):  # the other seat's spy: one of its units on the map, if still secret
        if p != seat and s.track[T_SPY0 + p] == -1 and s.sc.victory == "assassination":
            mine = sorted(
                {s.unit[c] for c in range(len(s.unit)) if s.owner[c] == p and s.unit[c] >= 0}
            )
            mine = [u for u in mine if not s.cat.units[u].is_guardian]
            if mine and s.phase > PLACE:
                s.track[T_SPY0 + p] = rng.choice(mine)
    view = obs["commit"]
    s.commit = Commitments(2)
    for p in (0, 1):
        s.commit.done[p] = p not in view["waiting_for"]
    if seat is not None:
        s.commit.buffers[seat] = list(view["mine"])
    lay: Layout = layout(s)
    for p in (0, 1):
        if p == seat or not s.commit.done[p]:
            continue
        if s.phase == B_SAC:
            s.commit.buffers[p] = [A.BLUFF]
        elif s.phase == PLACE:
            _plan(s, lay, p, rng)
    return s


def _plan(s: GraxiaState, lay: Layout, seat: int, rng: Rng) -> None:
    """A finished opponent's placement: some legal plan (its real one is hidden)."""
    for _ in range(200):
        legal = [a for a in place_legal(s, lay, seat) if lay.decode(a)[0] != A.K_UNPLACE]
        if A.END in legal or not legal:
            return
        s.commit.add(seat, rng.choice(legal))
