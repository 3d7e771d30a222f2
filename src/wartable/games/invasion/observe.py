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


_CONFIG_DUMPS: dict[int, tuple[InvasionConfig, dict[str, Any]]] = {}


def _config_dump(config: InvasionConfig) -> dict[str, Any]:
    """``model_dump`` once per config object (configs are frozen)."""
    hit = _CONFIG_DUMPS.get(id(config))
    if hit is None or hit[0] is not config:
        if len(_CONFIG_DUMPS) > 64:
            _CONFIG_DUMPS.clear()
        hit = (config, config.model_dump())
        _CONFIG_DUMPS[id(config)] = hit
    return dict(hit[1])


def observe(s: InvasionState, viewer: int | None) -> dict[str, Any]:
    """Built straight from the state's flat lists (this runs before every bot decision)."""
    config = s.config
    n = s.n
    hand = s.hand
    decks = s.deck
    hands: list[list[int] | None] = [None] * n
    unseen: list[list[int]] = []
    if viewer is None:
        mine = mate = -1
    else:
        mine = viewer // 2 if config.team else viewer
        mate = viewer ^ 1 if config.team and config.team_open_hands else -1
    for p in range(n):
        if p == viewer or p == mate:
            hands[p] = hand[p][:]
            hidden = [0] * NK
        else:
            hidden = hand[p][:]  # the hand's cards are unseen too
        for k in decks[p]:
            hidden[k] += 1
        unseen.append(hidden)
    campaigns = s.campaigns
    if config.solo:
        held: list[list[int] | None] = list(map(list.copy, campaigns))
    else:
        held = [None] * len(campaigns)
        if 0 <= mine < len(campaigns):
            held[mine] = campaigns[mine][:]
    return {
        "game": "invasion",
        "seat": viewer,
        "config": _config_dump(config),
        "n": n,
        "active": s.active,
        "first": s.first,
        "threat_roll": s.threat_roll,
        "turn": s.turn,
        "phase": s.phase,
        "terror": s.terror,
        "actions_left": s.actions_left,
        "buys_left": s.buys_left,
        "gold": s.gold,
        "fury": s.fury,
        "enchant": s.enchant,
        "atk_damage": s.atk_damage,
        "atk_defenders": s.atk_defenders,
        "atk_titan": s.atk_titan,
        "atk_slayer": s.atk_slayer,
        "atk_shaman": s.atk_shaman,
        "golem": s.golem,
        "betrayals": s.betrayals,
        "ruler": s.ruler,
        "draw_limit": s.draw_limit,
        "events_total": s.events_total,
        "retreat": s.retreat,
        "over": s.over,
        "decisions": s.decisions,
        "supply": s.supply[:],
        "kingdom": s.kingdom[:],
        "row": s.row[:],
        "events_seen": s.events_seen[:],
        "campaign_row": s.campaign_row[:],
        "play": s.play[:],
        "targets": s.targets[:],
        "revealed": s.revealed[:],
        "end_reason": s.end_reason,
        "blue_deck": len(s.blue_deck),
        "gold_deck": len(s.gold_deck),
        "event_deck": len(s.event_deck),
        "pending_events": list(map(len, s.pending_events)),
        "campaign_deck": len(s.campaign_deck),
        # solo: campaigns are kept face up (chapter 12)
        "campaigns": held,
        "campaign_counts": list(map(len, campaigns)),
        "hands": hands,
        "hand_sizes": list(map(sum, hand)),
        "deck_sizes": list(map(len, decks)),
        "unseen": unseen,
        "discards": list(map(list.copy, s.discard)),
        "defeated": list(map(list.copy, s.defeated)),
        "stack": list(map(list.copy, s.stack)),
    }


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
