"""Skirm observation features: seat-relative (index 0 = the observing duelist,
1 = the opponent).

A pure-Python ``FeatureLayout`` (``wartable.core.features``) over this game's
observation; ``wartable.envs.encoders`` turns it into numpy vectors.
"""

from __future__ import annotations

from typing import Any

from wartable.core.features import FeatureLayout, Segment, Writer, rotate
from wartable.core.game import Game

from .cards import load_cards

PHASES = ("reveal", "ability", "quick", "over")
MAXD = 12  # the duel holds 12 dice
DIE = 8  # per die slot: face one-hot (6), face unknown, concealed


class SkirmFeatures(FeatureLayout):
    name = "skirm"
    # left out: config (constant but for the variant), seat, decisions (a counter)
    covered = (
        "config", "seat", "decisions", "phase", "hand", "hand_counts", "commit", "card", "dice",
        "hidden", "first", "step", "stage", "sel", "osel", "aux", "left", "winner", "points",
    )  # fmt: skip

    def __init__(self, config: Any) -> None:
        self.card_ids = [c.id for c in load_cards(config.data_dir).cards]
        self.index = {cid: i for i, cid in enumerate(self.card_ids)}
        n = len(self.card_ids)
        super().__init__(
            [
                Segment("phase", len(PHASES), "one-hot: reveal, ability, quick, over"),
                Segment("quick", 1, "1 in the quick variant"),
                Segment("hand", n, "multi-hot of my cards (card-set order)"),
                Segment("hand_counts", 2, "cards held (me, opponent) / 12"),
                Segment("card", 2 * n, "revealed card one-hot (me, opponent)"),
                Segment("commit", 2 + n, "waiting (me, opponent), my committed card"),
                Segment(
                    "dice", 2 * MAXD * DIE, "per seat, per die: face one-hot, unknown, concealed"
                ),
                Segment("dice_counts", 2, "dice per seat / 12"),
                Segment("first", 2, "who acts first (me, opponent)"),
                Segment("step", 3, "one-hot: first duelist's ability, the other's, done"),
                Segment("stage", 4, "one-hot of the stage inside the ability (0-3)"),
                Segment("sel", MAXD, "multi-hot of my dice chosen in this ability"),
                Segment(
                    "osel", MAXD, "opposing dice chosen / BLADE group, (value + 1) / 12 by order"
                ),
                Segment("aux", 4, "ability scratch values / 6"),
                Segment("left", 1, "MANTLE: dice still to set / 12"),
                Segment("winner", 2, "winner one-hot (me, opponent)"),
                Segment("points", 2, "points (me, opponent) / 10"),
            ]
        )

    def fill(self, obs: dict[str, Any], w: Writer) -> None:
        me = obs["seat"] if obs["seat"] is not None else 0
        n = len(self.card_ids)
        w.onehot("phase", PHASES.index(obs["phase"]) if obs["phase"] in PHASES else -1)
        w.scalar("quick", obs["config"]["variant"] == "quick")
        w.multihot("hand", [self.index.get(c, -1) for c in obs["hand"] or []])
        w.vector("hand_counts", rotate(obs["hand_counts"], me), 12)
        start, _ = w.offsets["card"]
        for k, cid in enumerate(rotate(obs["card"], me)):
            if cid in self.index:
                w.out[start + k * n + self.index[cid]] = 1.0
        view = obs["commit"]
        w.multihot("commit", [(p - me) % 2 for p in view["waiting_for"]])
        w.multihot("commit", [2 + a for a in view["mine"] if 0 <= a < n])
        start, _ = w.offsets["dice"]
        dice, hidden = rotate(obs["dice"], me), rotate(obs["hidden"], me)
        for k in range(2):
            for i, face in enumerate(dice[k][:MAXD]):
                at = start + (k * MAXD + i) * DIE
                w.out[at + (face if 0 <= face < 6 else 6)] = 1.0
                w.out[at + 7] = float(bool(hidden[k][i]))
        w.vector("dice_counts", [len(d) for d in dice], MAXD)
        if obs["first"] >= 0:
            w.onehot("first", (obs["first"] - me) % 2)
        w.onehot("step", int(obs["step"]))
        w.onehot("stage", min(obs["stage"], 3))
        w.multihot("sel", obs["sel"])
        w.vector("osel", [v + 1 for v in obs["osel"]], MAXD)
        w.vector("aux", obs["aux"], 6)
        w.scalar("left", obs["left"], MAXD)
        if obs["winner"] >= 0:
            w.onehot("winner", (obs["winner"] - me) % 2)
        w.vector("points", rotate(obs["points"], me), 10)


def build(game: Game[Any, Any], config: Any) -> SkirmFeatures:
    return SkirmFeatures(config)
