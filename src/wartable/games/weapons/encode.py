"""Weapons observation features: card sets as multi-hots over the deck, per-seat
values seat-relative.

A pure-Python ``FeatureLayout`` (``wartable.core.features``) over this game's
observation; ``wartable.envs.encoders`` turns it into numpy vectors.
"""

from __future__ import annotations

from typing import Any

from wartable.core.features import FeatureLayout, Segment, Writer, rel_seat, rotate
from wartable.core.game import Game

PHASES = ("attack", "defend", "throw_in", "over")
EXTRA_ACTIONS = 3  # pass, concede, stop follow the cards in the action universe


class WeaponsFeatures(FeatureLayout):
    name = "weapons"
    # left out: config, seat, decisions, first (the first attacker of the game), out and
    # winners (only settled at the end), attackers (who played each attack)
    covered = (
        "config", "seat", "decisions", "first", "out", "winners", "attackers", "phase", "hand",
        "hand_counts", "deck_count", "discard", "attacks", "defences", "health", "satchels",
        "satchel_pile", "satchel_spent", "alive", "passed", "dealer", "attacker", "defender",
        "round",
    )  # fmt: skip

    def __init__(self, game: Game[Any, Any], config: Any) -> None:
        self.cards = game.num_actions(config) - EXTRA_ACTIONS
        self.players = config.players
        self.config = config
        n, p = self.cards, self.players
        super().__init__(
            [
                Segment("phase", len(PHASES), "one-hot: attack, defend, throw_in, over"),
                Segment(
                    "hand", n, "multi-hot of my cards (card id = group * max_value + value - 1)"
                ),
                Segment("attacks", n, "cards played as attacks this skirmish"),
                Segment("undefended", n, "attacks not yet beaten"),
                Segment("face_down", 1, "1 if the last attack is face down (hidden from me)"),
                Segment("defences", n, "cards played as defences this skirmish"),
                Segment("discard", n, "cards in the discard pile"),
                Segment("deck_count", 1, "cards left in the deck / deck size"),
                Segment("hand_counts", p, "cards n per seat (me first), n / (n + hand size)"),
                Segment("health", p, "health per seat / starting health"),
                Segment("satchels", p, "satchel cards n per seat, n / (n + 3)"),
                Segment("satchel_pile", 2, "satchel pile and spent / satchel cards"),
                Segment("alive", p, "1 per seat still in the game"),
                Segment("passed", p, "1 per seat that passed"),
                Segment("attacker", p, "the attacking seat, relative one-hot"),
                Segment("defender", p, "the defending seat, relative one-hot"),
                Segment("dealer", p, "the dealer, relative one-hot"),
                Segment("round", 1, "round / max_rounds"),
            ]
        )

    def fill(self, obs: dict[str, Any], w: Writer) -> None:
        me = obs["seat"] if obs["seat"] is not None else 0
        c, p = self.config, self.players
        w.onehot("phase", PHASES.index(obs["phase"]) if obs["phase"] in PHASES else -1)
        w.multihot("hand", obs["hand"] or [])
        attacks = obs["attacks"]
        w.multihot("attacks", attacks)
        w.multihot("undefended", attacks[len(obs["defences"]) :])
        w.scalar("face_down", any(a < 0 for a in attacks))
        w.multihot("defences", obs["defences"])
        w.multihot("discard", obs["discard"])
        w.scalar("deck_count", obs["deck_count"], self.cards)
        w.counts("hand_counts", rotate(obs["hand_counts"], me), max(1, c.hand_size))
        w.vector("health", rotate(obs["health"], me), max(1, c.starting_health))
        w.counts("satchels", rotate(obs["satchels"], me), 3)
        pile = max(1, c.satchel_cards)
        w.vector("satchel_pile", [obs["satchel_pile"], obs["satchel_spent"]], pile)
        w.vector("alive", rotate(obs["alive"], me))
        w.vector("passed", rotate(obs["passed"], me))
        w.onehot("attacker", rel_seat(obs["attacker"], me, p))
        w.onehot("defender", rel_seat(obs["defender"], me, p))
        w.onehot("dealer", rel_seat(obs["dealer"], me, p))
        w.scalar("round", obs["round"], max(1, c.max_rounds))


def build(game: Game[Any, Any], config: Any) -> WeaponsFeatures:
    return WeaponsFeatures(game, config)
