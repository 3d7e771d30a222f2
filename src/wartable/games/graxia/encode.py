"""Guardians of Graxia observation features: seat-relative (index 0 = the observing
seat), per map cell.

A pure-Python ``FeatureLayout`` (``wartable.core.features``) over this game's
observation; ``wartable.envs.encoders`` turns it into numpy vectors.
"""

from __future__ import annotations

from typing import Any

from wartable.core.features import FeatureLayout, Segment, Writer, rotate, squash
from wartable.core.game import Game

PHASES = (
    "guardian", "draft", "place", "draw", "command", "battle", "sacrifice", "retreat",
    "advance", "buy", "over", "relic",
)  # fmt: skip
TERRAINS = (
    "plains", "forest", "hills", "mountains", "swamp", "lake", "rough_lands",
    "boulder_fields", "columns", "city", "castle", "village",
)  # fmt: skip
CLASSES = (
    "guardian", "hero", "large_creature", "infantry", "cavalry", "magic", "archers", "siege",
)  # fmt: skip
FLAG_BITS = 11
CELL = 2 + 2 + 2 + len(TERRAINS) + FLAG_BITS + 3 + 4 + 3 + len(CLASSES)


class GraxiaFeatures(FeatureLayout):
    name = "graxia"
    covered = (
        "config", "seat", "phase", "round", "turn", "current", "unit", "owner", "wounds",
        "flags", "control", "portal", "mana", "vp", "hand", "hand_counts", "deck_sizes",
        "discards", "udeck", "sdeck", "pool", "pool_sizes", "public_pool", "guardians",
        "draws", "commit", "battle", "support", "track", "unseen_units", "unseen_spells",
        "placing",  # the seat's own placements: "commit" already carries them
    )  # fmt: skip

    def __init__(self, game: Game[Any, Any], config: Any) -> None:
        cat, sc = game.catalog(config)  # type: ignore[attr-defined]
        self.units = cat.units
        self.terrain = sc.terrain
        self.cells = sc.board.size
        self.cards = len(cat.units) + len(cat.spells)
        super().__init__(
            [
                Segment("phase", len(PHASES), "one-hot phase"),
                Segment("turn", 2, "turn t as t / (t + 5), 1 if it is my round"),
                Segment(
                    "cells",
                    self.cells * CELL,
                    "per cell: unit mine/theirs, control mine/theirs, portal mine/theirs, "
                    "terrain one-hot, marker bits, health left / 30, wounds w / (w + 5), "
                    "attack (value / 20, physical, "
                    "magical), defences (physical, magical, move 2, flying), class one-hot",
                ),
                Segment("mana", 2, "mana m / (m + 20) (me, opponent)"),
                Segment("vp", 2, "victory points v / (v + 5) (me, opponent)"),
                Segment("hand", self.cards, "my hand: copies n of each card as n / (n + 1)"),
                Segment("hand_counts", 4, "unit and spell cards held n / (n + 6) (me, opponent)"),
                Segment("decks", 4, "deck sizes n / (n + 20)"),
                Segment(
                    "battle",
                    6,
                    "battle values v / (v + 8) (attacker, defender), I attack, I defend, passes / 2, "
                    "free draws / 4",
                ),
                Segment("waiting", 2, "still to commit (me, opponent)"),
            ]
        )

    def fill(self, obs: dict[str, Any], w: Writer) -> None:
        me = obs["seat"] if obs["seat"] is not None else 0
        w.onehot("phase", PHASES.index(obs["phase"]) if obs["phase"] in PHASES else -1)
        w.vector("turn", [squash(obs["turn"], 5), float(obs["current"] == me)])
        start, _ = w.offsets["cells"]
        out = w.out
        for c in range(self.cells):
            at = start + c * CELL
            u = obs["unit"][c]
            if u >= 0:
                out[at + (0 if obs["owner"][c] == me else 1)] = 1.0
            ctrl = obs["control"][c]
            if ctrl >= 0:
                out[at + 2 + (0 if ctrl == me else 1)] = 1.0
            portal = obs["portal"][c]
            if portal >= 0:
                out[at + 4 + (0 if portal == me else 1)] = 1.0
            t = self.terrain[c]
            if t in TERRAINS:
                out[at + 6 + TERRAINS.index(t)] = 1.0
            at2 = at + 6 + len(TERRAINS)
            for bit in range(FLAG_BITS):
                if obs["flags"][c] >> bit & 1:
                    out[at2 + bit] = 1.0
            at2 += FLAG_BITS
            if u >= 0:
                ut = self.units[u]
                out[at2] = max(0, ut.health - obs["wounds"][c]) / 30
                out[at2 + 1] = squash(obs["wounds"][c], 5)
                out[at2 + 2] = ut.attack / 20
                out[at2 + 3] = float(ut.attack_type != 1)
                out[at2 + 4] = float(ut.attack_type != 0)
                out[at2 + 5] = ut.pdef / 20
                out[at2 + 6] = ut.mdef / 20
                out[at2 + 7] = float(ut.moves >= 2)
                out[at2 + 8] = float(ut.flying)
                if ut.klass in CLASSES:
                    out[at2 + 9 + CLASSES.index(ut.klass)] = 1.0
        w.counts("mana", rotate(obs["mana"], me), 20)
        w.counts("vp", rotate(obs["vp"], me), 5)
        copies: dict[int, int] = {}
        for card in obs["hand"] or []:
            copies[card] = copies.get(card, 0) + 1
        start, width = w.offsets["hand"]
        for card, n in copies.items():
            if 0 <= card < width:
                w.out[start + card] = squash(n, 1)
        counts = rotate(obs["hand_counts"], me)
        w.counts("hand_counts", [x for pair in counts for x in pair], 6)
        w.counts("decks", obs["deck_sizes"], 20)
        bat = obs["battle"]
        fighting = obs["phase"] in ("battle", "sacrifice", "retreat", "advance")
        attacking = fighting and obs["current"] == me
        w.vector(
            "battle",
            [
                squash(bat[2], 8) if fighting else 0.0,
                squash(bat[3], 8) if fighting else 0.0,
                float(attacking),
                float(fighting and not attacking),
                bat[4] / 2 if fighting else 0.0,
                obs["draws"] / 4,
            ],
        )
        w.multihot("waiting", [(p - me) % 2 for p in obs["commit"]["waiting_for"]])


def build(game: Game[Any, Any], config: Any) -> GraxiaFeatures:
    return GraxiaFeatures(game, config)
