"""Observations, determinization and position JSON for Draconia.

What a seat may know (Set Up, "Revealing Units"): every faction and so every
deck list, health, supply and status-slot tokens, Camps and Graveyards, face-up
units, hand and draw-pile sizes, its own hand and face-down units, and its own
deploy commitments. Hidden: other hands, other face-down units, draw-pile
order, other seats' commitments, future randomness.
"""

from __future__ import annotations

from typing import Any

from wartable.core.commit import Commitments
from wartable.core.errors import PositionError
from wartable.core.rng import Rng

from .cards import DECK_SIZE, FACTIONS, CardSet
from .config import DraconiaConfig
from .state import _LISTS, _NESTED, _SCALARS, EMPTY, FACTION, PHASE_NAMES, DraconiaState

HIDDEN = -2  # a face-down unit the viewer cannot see


def observe(s: DraconiaState, seat: int | None) -> dict[str, Any]:
    players = []
    for p in range(s.seats):
        mine = seat == p
        field = []
        for line in range(3):
            pos = s.field[p][line]
            field.append(pos if pos == EMPTY or mine or s.face_up[p][line] else HIDDEN)
        players.append(
            {
                "faction": s.factions[p],
                "health": s.health[p],
                "supply": s.supply[p],
                "hand": sorted(s.hand[p]) if mine else None,
                "hand_count": len(s.hand[p]),
                "draw_count": len(s.draw[p]),
                "camp": list(s.camp[p]),
                "grave": list(s.grave[p]),
                "field": field,
                "face_up": list(s.face_up[p]),
                "slot_supply": list(s.slot_supply[p]),
                "slot_fortify": list(s.slot_fortify[p]),
            }
        )
    return {
        "game": "draconia",
        "seat": seat,
        "round": s.round,
        "phase": PHASE_NAMES[s.phase],
        "first": s.first,
        "order": list(s.order),
        "turn": s.turn,
        "active": s.active,
        "attacks_left": list(s.attacks_left),
        "maneuver_line": s.maneuver_line,
        "revive_queue": list(s.revive_queue),
        "camp_queue": list(s.camp_queue),
        "faction_queue": list(s.faction_queue),
        "winners": list(s.winners),
        "end_reason": s.end_reason,
        "commit": s.commit.public_view(seat),
        "players": players,
        "config": s.config.model_dump(mode="json"),
    }


def determinize(obs: dict[str, Any], rng: Rng, cards: CardSet) -> DraconiaState:
    """A full state agreeing with ``obs``: unseen cards dealt at random to unseen places."""
    from .game import GAME

    config = GAME.make_config(obs["config"])
    viewer = obs["seat"]
    s = DraconiaState.__new__(DraconiaState)
    s.config, s.cards = config, cards
    s.rng = Rng(rng.next64())
    for key in ("round", "first", "turn", "active", "maneuver_line", "end_reason"):
        setattr(s, key, obs[key])
    s.decisions = 0  # not observable: it would count other seats' hidden commitments
    s.phase = PHASE_NAMES.index(obs["phase"])
    for key in ("order", "attacks_left", "revive_queue", "camp_queue", "faction_queue", "winners"):
        setattr(s, key, list(obs[key]))
    pl = obs["players"]
    seats = len(pl)
    s.factions = [p["faction"] for p in pl]
    s.decks = _decks(s, cards)
    for key in ("health", "supply"):
        setattr(s, key, [p[key] for p in pl])
    for key in ("camp", "grave", "face_up", "slot_supply", "slot_fortify"):
        setattr(s, key, [list(p[key]) for p in pl])
    s.hand, s.draw, s.field = [], [], []
    s.commit = Commitments(seats)
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
        s.draw.append(unseen)
        s.field.append(field)
    # simultaneous deploy: the viewer's own commitments are known; finished
    # opponents get a random legal commitment (its content is hidden)
    waiting = set(obs["commit"]["waiting_for"])
    s.commit.done = [p not in waiting for p in range(seats)]
    if viewer is not None:
        s.commit.buffers[viewer] = list(obs["commit"].get("mine", []))
    if s.phase == PHASE_NAMES.index("deploy"):
        from . import actions as A

        for p in range(seats):
            if p != viewer and s.commit.done[p] and s.hand[p]:
                cards_ = list(s.hand[p])
                rng.shuffle(cards_)
                lines = [0, 1, 2]
                rng.shuffle(lines)
                n = min(3, len(cards_))
                s.commit.buffers[p] = [A.deploy(lines[i], cards_[i]) for i in range(n)]
    return s


def _decks(s: DraconiaState, cards: CardSet) -> list[tuple[int, ...]]:
    """Decks exist once set-up is over (faction choices made)."""
    if s.phase == FACTION:
        return [() for _ in s.factions]
    return [cards.decks[f] for f in s.factions]


# ----------------------------------------------------------------------------- positions
def state_from_json(config: DraconiaConfig, data: dict[str, Any], cards: CardSet) -> DraconiaState:
    s = DraconiaState.__new__(DraconiaState)
    s.config, s.cards = config, cards
    seats = config.players

    def need(key: str) -> Any:
        if key not in data:
            raise PositionError(f"draconia position: missing field {key!r}")
        return data[key]

    for key in _SCALARS:
        value = need(key)
        if key == "phase":
            if value not in PHASE_NAMES:
                raise PositionError(f"draconia position: unknown phase {value!r}")
            value = PHASE_NAMES.index(value)
        elif key == "end_reason":
            value = str(value)
        elif not isinstance(value, int):
            raise PositionError(f"draconia position: {key} must be an integer")
        setattr(s, key, value)
    for key in _LISTS:
        value = need(key)
        if not isinstance(value, list):
            raise PositionError(f"draconia position: {key} must be a list")
        setattr(s, key, list(value))
    for key in _NESTED:
        value = need(key)
        if (
            not isinstance(value, list)
            or len(value) != seats
            or not all(isinstance(v, list) for v in value)
        ):
            raise PositionError(f"draconia position: {key} must hold one list per seat ({seats})")
        setattr(s, key, [list(v) for v in value])
    if len(s.health) != seats or len(s.supply) != seats or len(s.factions) != seats:
        raise PositionError(f"draconia position: health, supply and factions need {seats} entries")
    for f in s.factions:
        if f and f not in FACTIONS:
            raise PositionError(f"draconia position: unknown faction {f!r}")
    s.decks = _decks(s, cards)
    for p in range(seats):
        if len(s.field[p]) != 3 or len(s.face_up[p]) != 3:
            raise PositionError(f"draconia position: field and face_up of seat {p} need 3 slots")
        s.face_up[p] = [bool(x) for x in s.face_up[p]]
        zones = (
            s.hand[p] + s.draw[p] + s.camp[p] + s.grave[p] + [c for c in s.field[p] if c != EMPTY]
        )
        for c in zones:
            if not isinstance(c, int) or not 0 <= c < DECK_SIZE:
                raise PositionError(f"draconia position: seat {p} has a card {c!r} outside #0-#16")
        if len(set(zones)) != len(zones):
            raise PositionError(f"draconia position: seat {p} has a card in two places")
    s.commit = Commitments.from_json(need("commit")) if "commit" in data else Commitments(seats)
    s.rng = Rng(int(data.get("rng", 0)))
    return s


def state_to_json(s: DraconiaState) -> dict[str, Any]:
    data = s.to_json()
    data.pop("decks", None)
    return data
