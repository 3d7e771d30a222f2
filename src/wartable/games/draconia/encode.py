"""Draconia observation features: per-player blocks in seat-relative order
(block 0 = the observer).

A pure-Python ``FeatureLayout`` (``wartable.core.features``) over this game's
observation; ``wartable.envs.encoders`` turns it into numpy vectors.
"""

from __future__ import annotations

from typing import Any

from wartable.core.features import FeatureLayout, Segment, Writer, rel_seat, rotate, squash
from wartable.core.game import Game

from .cards import DECK_SIZE, FACTIONS
from .state import PHASE_NAMES

LINES = 3
EMPTY, HIDDEN = -1, -2
# one player's block: faction, health, supply, hand?, hand, hand/draw counts, camp, grave,
# field (per line: card one-hot, empty, face-down unknown), face_up, slot supply, slot fortify
FIELD = DECK_SIZE + 2
BLOCK = len(FACTIONS) + 3 + DECK_SIZE + 2 + 2 * DECK_SIZE + LINES * FIELD + 3 * LINES


class DraconiaFeatures(FeatureLayout):
    name = "draconia"
    # left out: game, seat, config, end_reason
    covered = (
        "game", "seat", "config", "end_reason", "round", "phase", "first", "order", "turn",
        "active", "attacks_left", "maneuver_line", "revive_queue", "camp_queue", "faction_queue",
        "winners", "commit", "players.faction", "players.health", "players.supply",
        "players.hand", "players.hand_count", "players.draw_count", "players.camp",
        "players.grave", "players.field", "players.face_up", "players.slot_supply",
        "players.slot_fortify",
    )  # fmt: skip

    def __init__(self, game: Game[Any, Any], config: Any) -> None:
        self.players = config.players
        self.config = config
        self.num_actions = game.num_actions(config)
        p = self.players
        super().__init__(
            [
                Segment("phase", len(PHASE_NAMES), "one-hot: " + ", ".join(PHASE_NAMES)),
                Segment("round", 1, "round / rounds"),
                Segment("first", p, "first player, relative one-hot"),
                Segment("active", p, "active player, relative one-hot"),
                Segment("turn", 1, "turn t as t / (t + 10)"),
                Segment("attacks_left", LINES, "attacks left per line, a / (a + 1)"),
                Segment("maneuver_line", LINES, "maneuver line one-hot"),
                Segment(
                    "queues", 4, "lengths n of order, revive, camp and faction queues, n / (n + 2)"
                ),
                Segment("waiting", p, "seats still deciding in a simultaneous step (relative)"),
                Segment("mine", self.num_actions, "my committed (hidden) actions, multi-hot"),
                Segment("winners", p, "winners (relative)"),
                Segment(
                    "players",
                    p * BLOCK,
                    "per seat (me first): faction one-hot, health h / (h + 10), supply "
                    "s / (s + 10), hand known, hand multi-hot (deck index), hand and draw "
                    "counts / deck size, camp, grave (multi-hot), per line (card one-hot, "
                    "empty, face-down), face_up, slot supply and fortify v / (v + 5)",
                ),
            ]
        )

    def fill(self, obs: dict[str, Any], w: Writer) -> None:
        me = obs["seat"] if obs["seat"] is not None else 0
        p = self.players
        w.onehot("phase", PHASE_NAMES.index(obs["phase"]) if obs["phase"] in PHASE_NAMES else -1)
        w.scalar("round", obs["round"], max(1, self.config.rounds))
        w.onehot("first", rel_seat(obs["first"], me, p))
        w.onehot("active", rel_seat(obs["active"], me, p))
        w.scalar("turn", squash(obs["turn"], 10))
        w.counts("attacks_left", obs["attacks_left"], 1)
        w.onehot("maneuver_line", obs["maneuver_line"])
        queues = ("order", "revive_queue", "camp_queue", "faction_queue")
        w.counts("queues", [len(obs[q]) for q in queues], 2)
        w.multihot("waiting", [rel_seat(s, me, p) for s in obs["commit"]["waiting_for"]])
        w.multihot("mine", obs["commit"]["mine"])
        w.multihot("winners", [rel_seat(s, me, p) for s in obs["winners"]])
        start, _ = w.offsets["players"]
        for k, pl in enumerate(rotate(obs["players"], me)):
            self._player(pl, w.out, start + k * BLOCK)

    def _player(self, pl: dict[str, Any], out: Any, at: int) -> None:
        if pl["faction"] in FACTIONS:
            out[at + FACTIONS.index(pl["faction"])] = 1.0
        at += len(FACTIONS)
        out[at] = squash(pl["health"], 10)
        out[at + 1] = squash(pl["supply"], 10)
        out[at + 2] = float(pl["hand"] is not None)
        at += 3
        for c in pl["hand"] or []:
            if 0 <= c < DECK_SIZE:
                out[at + c] = 1.0
        at += DECK_SIZE
        out[at] = min(1.0, pl["hand_count"] / DECK_SIZE)
        out[at + 1] = min(1.0, pl["draw_count"] / DECK_SIZE)
        at += 2
        for pile in ("camp", "grave"):
            for c in pl[pile]:
                if 0 <= c < DECK_SIZE:
                    out[at + c] = 1.0
            at += DECK_SIZE
        for line, c in enumerate(pl["field"][:LINES]):
            base = at + line * FIELD
            if 0 <= c < DECK_SIZE:
                out[base + c] = 1.0
            elif c == EMPTY:
                out[base + DECK_SIZE] = 1.0
            elif c == HIDDEN:
                out[base + DECK_SIZE + 1] = 1.0
        at += LINES * FIELD
        for i in range(LINES):
            out[at + i] = float(bool(pl["face_up"][i]))
            out[at + LINES + i] = squash(pl["slot_supply"][i], 5)
            out[at + 2 * LINES + i] = squash(pl["slot_fortify"][i], 5)


def build(game: Game[Any, Any], config: Any) -> DraconiaFeatures:
    return DraconiaFeatures(game, config)
