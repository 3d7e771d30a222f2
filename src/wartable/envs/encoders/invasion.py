"""Draconis Invasion encoder: counters, card-type count vectors, seat-relative blocks.

Sizes come from the observation itself (``len(obs["supply"])`` card types), read
once from a fresh game of the configuration.
"""

from __future__ import annotations

from typing import Any

from wartable.core.game import Game

from .base import FeatureEncoder, Segment, Writer, rel_seat, rotate

COUNTERS = (
    "threat_roll",
    "turn",
    "phase",
    "terror",
    "actions_left",
    "buys_left",
    "gold",
    "fury",
    "enchant",
    "atk_damage",
    "atk_defenders",
    "atk_titan",
    "atk_slayer",
    "atk_shaman",
    "golem",
    "betrayals",
    "ruler",
    "draw_limit",
    "events_total",
    "retreat",
    "over",
    "blue_deck",
    "gold_deck",
    "event_deck",
    "campaign_deck",
)
SHORT_LISTS = ("row", "events_seen", "targets", "revealed", "stack")
SHORT = 8  # first items kept of each short list (raw value + 1; 0 = no item)
CAMPAIGNS = 32


class InvasionEncoder(FeatureEncoder):
    name = "invasion"
    # left out: game, seat, config, n, decisions, end_reason
    covered = (
        "game", "seat", "config", "n", "decisions", "end_reason", "active", "first", "supply",
        "play", "kingdom", "campaign_row", "hands", "unseen", "discards", "defeated",
        "campaigns", "hand_sizes", "deck_sizes", "campaign_counts", "pending_events",
        *COUNTERS, *SHORT_LISTS,
    )  # fmt: skip

    def __init__(self, game: Game[Any, Any], config: Any) -> None:
        first = game.observe(game.new_state(config, 0), 0)
        self.kinds = len(first["supply"])
        self.players = game.num_players(game.new_state(config, 0))
        k, p = self.kinds, self.players
        block = 1 + 4 * k + CAMPAIGNS + 4
        self.block = block
        super().__init__(
            [
                Segment("counters", len(COUNTERS), "/ 10: " + ", ".join(COUNTERS)),
                Segment("active", p, "active seat, relative one-hot"),
                Segment("first", p, "first seat, relative one-hot"),
                Segment("supply", k, "supply count per card type / 10"),
                Segment("play", k, "cards in play per card type"),
                Segment("kingdom", k, "card types in this game's kingdom, multi-hot"),
                Segment("campaign_row", CAMPAIGNS, "campaigns on offer, multi-hot"),
                Segment(
                    "short_lists",
                    len(SHORT_LISTS) * (SHORT + 1),
                    "length, then items + 1: " + ", ".join(SHORT_LISTS),
                ),
                Segment(
                    "seats",
                    p * block,
                    "per seat (me first): hand known, hand, unseen, discards, defeated, "
                    "(count per card type), campaigns multi-hot, hand size/10, deck size/10, "
                    "campaign count, pending events",
                ),
            ]
        )

    def fill(self, obs: dict[str, Any], w: Writer) -> None:
        me = obs["seat"] if obs["seat"] is not None else 0
        p, k = self.players, self.kinds
        w.vector("counters", [obs.get(c, 0) for c in COUNTERS], 10)
        w.onehot("active", rel_seat(obs["active"], me, p))
        w.onehot("first", rel_seat(obs["first"], me, p))
        w.vector("supply", obs["supply"], 10)
        w.vector("play", obs["play"])
        w.multihot("kingdom", obs["kingdom"])
        w.multihot("campaign_row", obs["campaign_row"])
        start, _ = w.offsets["short_lists"]
        for i, key in enumerate(SHORT_LISTS):
            items = _ints(obs.get(key, []))
            at = start + i * (SHORT + 1)
            w.out[at] = len(items)
            for j, v in enumerate(items[:SHORT]):
                w.out[at + 1 + j] = v + 1
        start, _ = w.offsets["seats"]
        out = w.out
        rows = {
            key: _per_seat(obs[key], me, p)
            for key in (
                "hands",
                "unseen",
                "discards",
                "defeated",
                "campaigns",
                "hand_sizes",
                "deck_sizes",
                "campaign_counts",
                "pending_events",
            )
        }
        for s in range(p):
            at = start + s * self.block
            hand = rows["hands"][s]
            out[at] = float(hand is not None)
            at += 1
            for key in ("hands", "unseen", "discards"):
                for t, n in enumerate((rows[key][s] or [])[:k]):
                    out[at + t] = n
                at += k
            for t in _ints(rows["defeated"][s]):
                if 0 <= t < k:
                    out[at + t] += 1
            at += k
            for c in rows["campaigns"][s] or []:
                if isinstance(c, int) and 0 <= c < CAMPAIGNS:
                    out[at + c] = 1.0
            at += CAMPAIGNS
            out[at] = (rows["hand_sizes"][s] or 0) / 10
            out[at + 1] = (rows["deck_sizes"][s] or 0) / 10
            out[at + 2] = rows["campaign_counts"][s] or 0
            out[at + 3] = rows["pending_events"][s] or 0


def _per_seat(values: list[Any], me: int, players: int) -> list[Any]:
    """Per-seat lists rotated so the observer comes first; per-team lists (shorter, as in
    the team game) keep their order. Padded with ``None`` to ``players`` entries."""
    row = rotate(values, me) if len(values) == players else list(values)
    return (row + [None] * players)[:players]


def _ints(items: Any) -> list[int]:
    """The integers of a list, flattening one level (stack frames may be lists)."""
    flat: list[int] = []
    for x in items or []:
        if isinstance(x, bool):
            flat.append(int(x))
        elif isinstance(x, int):
            flat.append(x)
        elif isinstance(x, list | tuple):
            flat.extend(v for v in x if isinstance(v, int))
    return flat


def build(game: Game[Any, Any], config: Any) -> InvasionEncoder:
    return InvasionEncoder(game, config)
