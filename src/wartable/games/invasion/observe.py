"""What a seat may see (``observe``), and a full state consistent with it (``determinize``).

Public: the table (supply, invader rows, campaign row, terror die), every
discard pile and play area (face up), defeated invaders (beaten in front of
everyone), sizes of hands and decks, the decision stack, and each seat's
hidden card *composition* (every gain and trash is announced, so the cards a
player owns are known; only where they lie is not). Private: the cards in a
hand (a Team Versus partner may see them), the order of every deck, which
Event cards wait in the deck or in a player's pending pile, and the Campaign
cards a player (or team) holds.
"""

from __future__ import annotations

from typing import Any

from wartable.core.rng import Rng

from .cards import NK
from .config import InvasionConfig
from .state import InvasionState

_PUBLIC_INTS = (
    "n", "active", "first", "threat_roll", "turn", "phase", "terror", "actions_left", "buys_left",
    "gold", "fury", "enchant", "atk_damage", "atk_defenders", "atk_titan", "atk_slayer",
    "atk_shaman", "golem", "betrayals", "ruler", "draw_limit", "events_total", "retreat", "over",
    "decisions",
)  # fmt: skip
_PUBLIC_LISTS = (
    "supply",
    "kingdom",
    "row",
    "events_seen",
    "campaign_row",
    "play",
    "targets",
    "revealed",
)


def sees_hand(s: InvasionState, viewer: int | None, seat: int) -> bool:
    if viewer is None:
        return False
    if viewer == seat:
        return True
    return s.config.team_open_hands and s.teammate(viewer) == seat


def observe(s: InvasionState, viewer: int | None) -> dict[str, Any]:
    obs: dict[str, Any] = {"game": "invasion", "seat": viewer, "config": s.config.model_dump()}
    for f in _PUBLIC_INTS:
        obs[f] = getattr(s, f)
    for f in _PUBLIC_LISTS:
        obs[f] = list(getattr(s, f))
    obs["end_reason"] = s.end_reason
    obs["blue_deck"] = len(s.blue_deck)
    obs["gold_deck"] = len(s.gold_deck)
    obs["event_deck"] = len(s.event_deck)
    obs["pending_events"] = [len(p) for p in s.pending_events]
    obs["campaign_deck"] = len(s.campaign_deck)
    mine = -1 if viewer is None else s.owner_of(viewer)
    obs["campaigns"] = [list(c) if o == mine else None for o, c in enumerate(s.campaigns)]
    obs["campaign_counts"] = [len(c) for c in s.campaigns]
    hands: list[list[int] | None] = []
    unseen: list[list[int]] = []
    for p in range(s.n):
        hidden = [0] * NK
        for k in s.deck[p]:
            hidden[k] += 1
        if sees_hand(s, viewer, p):
            hands.append(list(s.hand[p]))
        else:
            hands.append(None)
            hidden = [a + b for a, b in zip(hidden, s.hand[p], strict=True)]
        unseen.append(hidden)
    obs["hands"] = hands
    obs["hand_sizes"] = [sum(h) for h in s.hand]
    obs["deck_sizes"] = [len(d) for d in s.deck]
    obs["unseen"] = unseen
    obs["discards"] = [list(d) for d in s.discard]
    obs["defeated"] = [list(d) for d in s.defeated]
    obs["stack"] = [list(f) for f in s.stack]
    return obs


def _expand(counts: list[int]) -> list[int]:
    return [k for k, c in enumerate(counts) for _ in range(c)]


def determinize(obs: dict[str, Any], rng: Rng) -> InvasionState:
    config = InvasionConfig.model_validate(obs["config"])
    s = InvasionState(config, Rng(rng.next64()))
    db = s.db
    for f in _PUBLIC_INTS:
        setattr(s, f, obs[f])
    for f in _PUBLIC_LISTS:
        setattr(s, f, list(obs[f]))
    s.end_reason = obs["end_reason"]
    s.discard = [list(d) for d in obs["discards"]]
    s.defeated = [list(d) for d in obs["defeated"]]
    s.stack = [list(f) for f in obs["stack"]]
    s.hand, s.deck = [], []
    for p in range(s.n):
        pool = _expand(obs["unseen"][p])
        rng.shuffle(pool)
        known = obs["hands"][p]
        if known is not None:
            s.hand.append(list(known))
            s.deck.append(pool)
        else:
            size = obs["hand_sizes"][p]
            hand = [0] * NK
            for k in pool[:size]:
                hand[k] += 1
            s.hand.append(hand)
            s.deck.append(pool[size:])
    # invaders: what is not face up nor defeated is in the decks
    left = list(db.inv_count)
    for v in s.row:
        if v >= 0:
            left[v] -= 1
    for d in s.defeated:
        for v in d:
            left[v] -= 1
    pool = _expand(left)
    rng.shuffle(pool)
    s.blue_deck = [v for v in pool if not db.inv_gold[v]]
    s.gold_deck = [v for v in pool if db.inv_gold[v]]
    # events: any not yet revealed may be in the deck or waiting with a player
    pool = _expand([c - seen for c, seen in zip(db.event_count, s.events_seen, strict=True)])
    rng.shuffle(pool)
    s.event_deck = pool[: obs["event_deck"]]
    pos = obs["event_deck"]
    s.pending_events = []
    for count in obs["pending_events"]:
        s.pending_events.append(pool[pos : pos + count])
        pos += count
    # campaigns: own (or team) cards and the face-up row are known
    known_c = {c for c in s.campaign_row if c >= 0}
    for held in obs["campaigns"]:
        if held is not None:
            known_c.update(held)
    pool = [
        c
        for c in range(len(db.campaigns))
        if c not in known_c and not (config.solo and db.camp_others[c])
    ]
    rng.shuffle(pool)
    s.campaigns = []
    for held, count in zip(obs["campaigns"], obs["campaign_counts"], strict=True):
        if held is not None:
            s.campaigns.append(list(held))
        else:
            s.campaigns.append(pool[:count])
            pool = pool[count:]
    s.campaign_deck = pool[: obs["campaign_deck"]]
    return s
