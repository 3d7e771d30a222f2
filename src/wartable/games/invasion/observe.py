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

from typing import Any, Final

from wartable.core.rng import Rng

from .cards import NK
from .config import InvasionConfig
from .state import InvasionState

_PUBLIC_INTS: Final = (
    "n", "active", "first", "threat_roll", "turn", "phase", "terror", "actions_left", "buys_left",
    "gold", "fury", "enchant", "atk_damage", "atk_defenders", "atk_titan", "atk_slayer",
    "atk_shaman", "golem", "betrayals", "ruler", "draw_limit", "events_total", "retreat", "over",
    "decisions",
)  # fmt: skip
_PUBLIC_LISTS: Final = (
    "supply",
    "kingdom",
    "row",
    "events_seen",
    "campaign_row",
    "play",
    "targets",
    "revealed",
)


_CONFIG_DUMPS: Final[dict[int, tuple[InvasionConfig, dict[str, Any]]]] = {}


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
    """Built straight from the state's flat lists (runners call it before agent decisions;
    the heuristic reads the cheaper ``SeatView`` of ``view.py`` under ``play_match``)."""
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
    d = _TEMPLATE.copy()  # a pre-sized dict: cheaper than a 45-key literal
    d["seat"] = viewer
    d["config"] = _config_dump(config)
    d["n"] = n
    d["active"] = s.active
    d["first"] = s.first
    d["threat_roll"] = s.threat_roll
    d["turn"] = s.turn
    d["phase"] = s.phase
    d["terror"] = s.terror
    d["actions_left"] = s.actions_left
    d["buys_left"] = s.buys_left
    d["gold"] = s.gold
    d["fury"] = s.fury
    d["enchant"] = s.enchant
    d["atk_damage"] = s.atk_damage
    d["atk_defenders"] = s.atk_defenders
    d["atk_titan"] = s.atk_titan
    d["atk_slayer"] = s.atk_slayer
    d["atk_shaman"] = s.atk_shaman
    d["golem"] = s.golem
    d["betrayals"] = s.betrayals
    d["ruler"] = s.ruler
    d["draw_limit"] = s.draw_limit
    d["events_total"] = s.events_total
    d["retreat"] = s.retreat
    d["over"] = s.over
    d["decisions"] = s.decisions
    d["supply"] = s.supply[:]
    d["kingdom"] = s.kingdom[:]
    d["row"] = s.row[:]
    d["events_seen"] = s.events_seen[:]
    d["campaign_row"] = s.campaign_row[:]
    d["play"] = s.play[:]
    d["targets"] = s.targets[:]
    d["revealed"] = s.revealed[:]
    d["end_reason"] = s.end_reason
    d["blue_deck"] = len(s.blue_deck)
    d["gold_deck"] = len(s.gold_deck)
    d["event_deck"] = len(s.event_deck)
    d["pending_events"] = list(map(len, s.pending_events))
    d["campaign_deck"] = len(s.campaign_deck)
    d["campaigns"] = held  # solo: campaigns are kept face up (chapter 12)
    d["campaign_counts"] = list(map(len, campaigns))
    d["hands"] = hands
    d["hand_sizes"] = list(map(sum, hand))
    d["deck_sizes"] = list(map(len, decks))
    d["unseen"] = unseen
    d["discards"] = list(map(list.copy, s.discard))
    d["defeated"] = list(map(list.copy, s.defeated))
    d["stack"] = list(map(list.copy, s.stack))
    return d


_TEMPLATE: Final[dict[str, Any]] = dict.fromkeys(
    ("game", "seat", "config", *_PUBLIC_INTS, *_PUBLIC_LISTS, "end_reason", "blue_deck",
     "gold_deck", "event_deck", "pending_events", "campaign_deck", "campaigns",
     "campaign_counts", "hands", "hand_sizes", "deck_sizes", "unseen", "discards", "defeated",
     "stack")
)  # fmt: skip
_TEMPLATE["game"] = "invasion"


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
