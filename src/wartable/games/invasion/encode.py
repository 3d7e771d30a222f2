"""Draconis Invasion observation features: counters, card-type count vectors,
seat-relative blocks.

Sizes come from the observation itself (``len(obs["supply"])`` card types), read
once from a fresh game of the configuration.

A pure-Python ``FeatureLayout`` (``wartable.core.features``) over this game's
observation; ``wartable.envs.encoders`` turns it into numpy vectors.
"""

from __future__ import annotations

from typing import Any

from wartable.core.features import FeatureLayout, Segment, Writer, rel_seat, rotate, squash
from wartable.core.game import Game

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
ROW = 6  # invader row slots (0..5)
IDS = 16  # invader ids and stack-frame kinds one-hot per slot (then "other")
EVENT_KINDS = 8
FRAMES = 2  # top stack frames encoded
FRAME_VALUES = 2  # a frame is [kind, seat, a, b]
CAMPAIGNS = 32


class InvasionFeatures(FeatureLayout):
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
                Segment("counters", len(COUNTERS), "v / (v + 10): " + ", ".join(COUNTERS)),
                Segment("active", p, "active seat, relative one-hot"),
                Segment("first", p, "first seat, relative one-hot"),
                Segment("supply", k, "supply count per card type, n / (n + 10)"),
                Segment("play", k, "cards in play per card type, n / (n + 2)"),
                Segment("kingdom", k, "card types in this game's kingdom, multi-hot"),
                Segment("campaign_row", CAMPAIGNS, "campaigns on offer, multi-hot"),
                Segment("row", ROW * (IDS + 1), "per row slot: invader id one-hot, other"),
                Segment("events_seen", EVENT_KINDS, "events seen per kind, n / (n + 2)"),
                Segment("targets", ROW, "targeted row slots, multi-hot"),
                Segment("revealed", k, "revealed cards per card type, n / (n + 1)"),
                Segment(
                    "stack",
                    1 + FRAMES * (IDS + 1 + p + FRAME_VALUES * (IDS + 1)),
                    "depth d / (d + 2); top frames: kind one-hot, seat (relative) one-hot, "
                    "two values one-hot (0..15, other)",
                ),
                Segment(
                    "seats",
                    p * block,
                    "per seat (me first): hand known, hand, unseen, discards, defeated "
                    "(count n per card type, n / (n + 2)), campaigns multi-hot, hand and deck "
                    "size n / (n + 10), campaign count and pending events n / (n + 2)",
                ),
            ]
        )

    def fill(self, obs: dict[str, Any], w: Writer) -> None:
        me = obs["seat"] if obs["seat"] is not None else 0
        p, k = self.players, self.kinds
        w.counts("counters", [obs.get(c, 0) for c in COUNTERS], 10)
        w.onehot("active", rel_seat(obs["active"], me, p))
        w.onehot("first", rel_seat(obs["first"], me, p))
        w.counts("supply", obs["supply"], 10)
        w.counts("play", obs["play"], 2)
        w.multihot("kingdom", obs["kingdom"])
        w.multihot("campaign_row", obs["campaign_row"])
        start, _ = w.offsets["row"]
        for slot, invader in enumerate(_ints(obs.get("row", []))[:ROW]):
            w.out[start + slot * (IDS + 1) + _id(invader)] = 1.0
        w.counts("events_seen", _ints(obs.get("events_seen", [])), 2)
        w.multihot("targets", _ints(obs.get("targets", [])))
        revealed = [0] * k
        for t in _ints(obs.get("revealed", [])):
            if 0 <= t < k:
                revealed[t] += 1
        w.counts("revealed", revealed, 1)
        self._stack(obs.get("stack", []), me, w)
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
                    out[at + t] = squash(n, 2)
                at += k
            defeated = [0] * k
            for t in _ints(rows["defeated"][s]):
                if 0 <= t < k:
                    defeated[t] += 1
            for t, n in enumerate(defeated):
                out[at + t] = squash(n, 2)
            at += k
            for c in rows["campaigns"][s] or []:
                if isinstance(c, int) and 0 <= c < CAMPAIGNS:
                    out[at + c] = 1.0
            at += CAMPAIGNS
            out[at] = squash(rows["hand_sizes"][s] or 0, 10)
            out[at + 1] = squash(rows["deck_sizes"][s] or 0, 10)
            out[at + 2] = squash(rows["campaign_counts"][s] or 0, 2)
            pending = rows["pending_events"][s] or 0
            out[at + 3] = squash(len(pending) if isinstance(pending, list) else pending, 2)

    def _stack(self, stack: Any, me: int, w: Writer) -> None:
        start, _ = w.offsets["stack"]
        frames = [f for f in stack or [] if isinstance(f, list | tuple)]
        w.out[start] = squash(len(frames), 2)
        width = IDS + 1 + self.players + FRAME_VALUES * (IDS + 1)
        for i, frame in enumerate(reversed(frames[-FRAMES:])):
            at = start + 1 + i * width
            values = [v if isinstance(v, int) else -1 for v in frame] + [-1] * 4
            w.out[at + _id(values[0])] = 1.0
            at += IDS + 1
            seat = rel_seat(values[1], me, self.players)
            if 0 <= seat < self.players:
                w.out[at + seat] = 1.0
            at += self.players
            for j in range(FRAME_VALUES):
                if values[2 + j] >= 0:
                    w.out[at + j * (IDS + 1) + _id(values[2 + j])] = 1.0


def _id(value: int) -> int:
    """A one-hot index for a small id: itself below ``IDS``, else the "other" slot."""
    return value if 0 <= value < IDS else IDS


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


def build(game: Game[Any, Any], config: Any) -> InvasionFeatures:
    return InvasionFeatures(game, config)
