"""Observations and determinization for Draconia (position JSON: ``position.py``).

What a seat may know (Set Up, "Revealing Units", Draft Variant): every deck list
(the faction lists are public; constructed and drafted decks are treated as open
decklists), health, supply and status-slot tokens, settlements and their tokens,
Camps and Graveyards, face-up units, hand and draw-pile sizes, the draft row and
everyone's picks, its own hand, face-down units, face-down Blessing token and
settlement deal, and its own pending commitments. Hidden: other hands, other
face-down units and Blessing kinds, draw-pile and draft-pile order, other
settlement deals, other seats' commitments, future randomness.
"""

from __future__ import annotations

from typing import Any, Final

from wartable.core.commit import Commitments
from wartable.core.rng import Rng

from . import actions as acts
from .cards import SETTLEMENT_IDS, CardSet
from .config import DraconiaConfig
from .settlements import BLESSINGS, NONE
from .state import (
    BASIC_PILE,
    CHAMPION_PILE,
    DEPLOY,
    DISCARD,
    EMPTY,
    LEADER_PILE,
    OUT,
    PHASE_NAMES,
    ROW,
    DraconiaState,
)

HIDDEN: Final = -2  # a face-down unit (or a Blessing kind) the viewer cannot see
_PUBLIC_SCALARS: Final = (
    "round",
    "first",
    "turn",
    "active",
    "maneuver_line",
    "end_reason",
    "resume",
    "draft_turn",
)
_PUBLIC_QUEUES: Final = (
    "order",
    "attacks_left",
    "revive_queue",
    "camp_queue",
    "faction_queue",
    "winners",
    "bombard_queue",
    "palace_queue",
    "bellow_queue",
)
_PER_SEAT: Final = ("health", "supply", "alive", "stokens", "glimmer_round")


_DUMPS: Final[dict[int, tuple[DraconiaConfig, dict[str, Any]]]] = {}


def config_json(config: DraconiaConfig) -> dict[str, Any]:
    """The config as JSON, dumped once per config object (observations are built often).

    Callers get a fresh top-level dict; configs are frozen, so sharing the values is safe."""
    hit = _DUMPS.get(id(config))
    if hit is None or hit[0] is not config:
        if len(_DUMPS) > 64:
            _DUMPS.clear()
        hit = _DUMPS[id(config)] = (config, config.model_dump(mode="json"))
    return dict(hit[1])


def observe(s: DraconiaState, seat: int | None) -> dict[str, Any]:
    players = []
    for p in range(s.seats):
        mine = seat == p
        field = []
        for line in range(3):
            pos = s.field[p][line]
            field.append(pos if pos == EMPTY or mine or s.face_up[p][line] else HIDDEN)
        bless = list(s.bless[p])
        if not mine and bless[0] >= 0 and not bless[3]:
            bless[1] = HIDDEN
        view: dict[str, Any] = {k: getattr(s, k)[p] for k in _PER_SEAT}
        view.update(
            {
                "faction": s.factions[p],
                "deck": list(s.decks[p]),
                "settlement": s.settlement[p],
                "hand": sorted(s.hand[p]) if mine else None,
                "hand_count": len(s.hand[p]),
                "draw_count": len(s.draw[p]),
                "camp": list(s.camp[p]),
                "grave": list(s.grave[p]),
                "field": field,
                "face_up": list(s.face_up[p]),
                "slot_supply": list(s.slot_supply[p]),
                "slot_fortify": list(s.slot_fortify[p]),
                "marks": list(s.marks[p]),
                "bless": bless,
                "picks": list(s.picks[p]),
                "deal": sorted(s.deal[p]) if mine else None,
                "deal_count": len(s.deal[p]),
            }
        )
        players.append(view)
    obs: dict[str, Any] = {"game": "draconia", "seat": seat, "phase": PHASE_NAMES[s.phase]}
    obs.update({k: getattr(s, k) for k in _PUBLIC_SCALARS})
    obs.update({k: list(getattr(s, k)) for k in _PUBLIC_QUEUES})
    if s.draft:
        d = s.draft
        obs["draft"] = {
            "row": list(d[ROW]),
            "discard": list(d[DISCARD]),
            "out": list(d[OUT]),
            "piles": [len(d[LEADER_PILE]), len(d[CHAMPION_PILE]), len(d[BASIC_PILE])],
        }
    else:
        obs["draft"] = None
    obs["commit"] = s.commit.public_view(seat)
    obs["players"] = players
    obs["config"] = config_json(s.config)
    return obs


def determinize(
    obs: dict[str, Any], rng: Rng, cards: CardSet, config: DraconiaConfig
) -> DraconiaState:
    """A full state agreeing with ``obs``: unseen cards dealt at random to unseen places."""
    viewer = obs["seat"]
    pl = obs["players"]
    s = DraconiaState.__new__(DraconiaState)
    s.config, s.cards = config, cards
    s.rng = Rng(rng.next64())
    for key in _PUBLIC_SCALARS:
        setattr(s, key, obs[key])
    s.decisions = 0  # not observable: it would count other seats' hidden commitments
    s.phase = PHASE_NAMES.index(obs["phase"])
    for key in _PUBLIC_QUEUES:
        setattr(s, key, list(obs[key]))
    for key in _PER_SEAT:
        setattr(s, key, [p[key] for p in pl])
    s.factions = [p["faction"] for p in pl]
    s.decks = [tuple(p["deck"]) for p in pl]
    s.settlement = [p["settlement"] for p in pl]
    for key in ("camp", "grave", "face_up", "slot_supply", "slot_fortify", "marks", "picks"):
        setattr(s, key, [list(p[key]) for p in pl])
    s.hand, s.draw, s.field, s.bless, s.deal = [], [], [], [], []
    for p, view in enumerate(pl):
        field = list(view["field"])
        hand = list(view["hand"]) if p == viewer else []
        seen = set(view["camp"]) | set(view["grave"]) | {c for c in field if c >= 0} | set(hand)
        unseen = [c for c in range(len(s.decks[p])) if c not in seen]
        rng.shuffle(unseen)
        for line in range(3):
            if field[line] == HIDDEN:
                field[line] = unseen.pop()
        if p != viewer:
            hand = [unseen.pop() for _ in range(view["hand_count"])]
        s.hand.append(hand)
        s.draw.append(unseen[: view["draw_count"]])  # before the hands are dealt cards are nowhere
        s.field.append(field)
        bless = list(view["bless"])
        if bless[1] == HIDDEN:
            bless[1] = rng.below(len(BLESSINGS))
        s.bless.append(bless)
    _determinize_deals(s, obs, rng)
    _determinize_draft(s, obs, rng)
    _determinize_commit(s, obs, rng)
    return s


def _determinize_deals(s: DraconiaState, obs: dict[str, Any], rng: Rng) -> None:
    viewer = obs["seat"]
    pl = obs["players"]
    if not any(p["deal_count"] for p in pl):  # no Settlement Draft: nothing to deal
        s.deal = [[] for _ in pl]
        return
    known = set(pl[viewer]["deal"] or []) if viewer is not None else set()
    known |= {p["settlement"] for p in pl if p["settlement"] != NONE}
    pool = [i for i in range(len(SETTLEMENT_IDS)) if i not in known]
    rng.shuffle(pool)
    for p, view in enumerate(pl):
        if p == viewer:
            s.deal.append(list(view["deal"]))
        else:
            deal = [view["settlement"]] if view["settlement"] != NONE and view["deal_count"] else []
            while len(deal) < view["deal_count"]:
                deal.append(pool.pop())
            s.deal.append(deal)


def _determinize_draft(s: DraconiaState, obs: dict[str, Any], rng: Rng) -> None:
    d = obs["draft"]
    if d is None:
        s.draft = []
        return
    seen = set(d["row"]) | set(d["discard"]) | set(d["out"]) | {u for p in s.picks for u in p}
    piles: list[list[int]] = [[], [], []]
    for u in s.cards.units:
        if u.uid not in seen:
            kind = 0 if u.unit_class == "leader" else 1 if u.unit_class == "champion" else 2
            piles[kind].append(u.uid)
    for pile in piles:
        rng.shuffle(pile)
    s.draft = [piles[0], piles[1], piles[2], list(d["discard"]), list(d["row"]), list(d["out"])]


def _determinize_commit(s: DraconiaState, obs: dict[str, Any], rng: Rng) -> None:
    """The viewer's own commitments are known; finished opponents get a random legal one."""
    from .setup import settlement_options

    viewer = obs["seat"]
    seats = len(obs["players"])
    s.commit = Commitments(seats)
    waiting = set(obs["commit"]["waiting_for"])
    s.commit.done = [p not in waiting for p in range(seats)]
    if viewer is not None:
        s.commit.buffers[viewer] = list(obs["commit"].get("mine", []))
    for p in range(seats):
        if p == viewer or not s.commit.done[p]:
            continue
        if s.phase == DEPLOY and s.hand[p]:
            hand = list(s.hand[p])
            rng.shuffle(hand)
            lines = [0, 1, 2]
            rng.shuffle(lines)
            s.commit.buffers[p] = [acts.deploy(lines[i], hand[i]) for i in range(min(3, len(hand)))]
        elif PHASE_NAMES[s.phase] == "settlement" and s.settlement[p] == NONE:
            s.commit.buffers[p] = [acts.SETTLE + rng.choice(settlement_options(s, p))]
