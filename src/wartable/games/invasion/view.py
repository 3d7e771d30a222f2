"""A seat's view for bots: what ``observe(state, seat)`` holds, cheaper to build.

``observe`` builds a JSON-able dict (every field, rules text included) before every
decision; the heuristic bot needs only a few of its fields. ``SeatView`` holds those
fields as plain attributes, filled either from the state (``from_state``) or from an
observation dict (``from_observation``, for runners that only pass the dict).

Every list is the view's own copy: a bot that writes into its view (``view.supply[0]
+= 5``) changes its copy, never the game. It carries only what the observation carries:
the table, public counts, every discard pile and play area, the seat's own hand (and a
Team Versus partner's when hands are open), and the composition of the seat's own deck
as counts per kind (public: every gain and trash is announced), never the deck's order.
Tests check both constructors agree field by field, that writing into a view leaves the
state alone, and that the bot's choices do not change when the hidden information is
redrawn (``determinize``).
"""

from __future__ import annotations

from typing import Any, Final

from .cards import NK
from .db import Db
from .loader import get_db
from .state import InvasionState


class SeatView:
    __slots__ = (
        "_unseen",
        "actions_left",
        "active",
        "atk_damage",
        "atk_defenders",
        "atk_shaman",
        "atk_slayer",
        "atk_titan",
        "betrayals",
        "campaign_row",
        "db",
        "defeated",
        "discards",
        "enchant",
        "fury",
        "gold",
        "hand",
    "hands",
        "kingdom",
        "n",
        "phase",
        "play",
        "revealed",
        "row",
        "seat",
        "stack",
        "supply",
        "targets",
        "team",
        "turn",
    )  # fmt: skip

    seat: int
    db: Db
    team: bool
    n: int
    active: int
    phase: int
    turn: int
    actions_left: int
    gold: int
    fury: int
    enchant: int
    atk_damage: int
    atk_defenders: int
    atk_titan: int
    atk_slayer: int
    atk_shaman: int
    betrayals: int
    stack: list[list[int]]
    supply: list[int]
    kingdom: list[int]
    row: list[int]
    targets: list[int]
    play: list[int]
    revealed: list[int]
    campaign_row: list[int]
    defeated: list[list[int]]
    discards: list[list[int]]
    hand: list[int]  # the seat's own hand
    hands: list[list[int] | None]
    _unseen: list[int]

    @classmethod
    def from_state(cls, s: InvasionState, seat: int) -> SeatView:
        v = cls()
        config = s.config
        v.seat = seat
        v.db = s.db
        v.team = team = config.mode == "team"
        v.n = n = s.n
        v.active = s.active
        v.phase = s.phase
        v.turn = s.turn
        v.actions_left = s.actions_left
        v.gold = s.gold
        v.fury = s.fury
        v.enchant = s.enchant
        v.atk_damage = s.atk_damage
        v.atk_defenders = s.atk_defenders
        v.atk_titan = s.atk_titan
        v.atk_slayer = s.atk_slayer
        v.atk_shaman = s.atk_shaman
        v.betrayals = s.betrayals
        v.stack = [list(f) for f in s.stack]
        v.supply = list(s.supply)
        v.kingdom = list(s.kingdom)
        v.row = list(s.row)
        v.targets = list(s.targets)
        v.play = list(s.play)
        v.revealed = list(s.revealed)
        v.campaign_row = list(s.campaign_row)
        v.defeated = [list(d) for d in s.defeated]
        v.discards = [list(d) for d in s.discard]
        hands: list[list[int] | None] = [None] * n
        hands[seat] = v.hand = list(s.hand[seat])
        if team and config.team_open_hands:
            hands[seat ^ 1] = list(s.hand[seat ^ 1])
        v.hands = hands
        counts = [0] * NK  # the deck's contents; its order is nobody's to know
        for k in s.deck[seat]:
            counts[k] += 1
        v._unseen = counts
        return v

    @classmethod
    def from_observation(cls, obs: dict[str, Any]) -> SeatView:
        v = cls()
        seat = obs["seat"]
        v.seat = seat
        v.db = get_db(obs["config"]["data_dir"])
        v.team = obs["config"]["mode"] == "team"
        # the dict's own lists: ``observe`` builds them fresh, they are not the state's
        for f in _COPIED:
            setattr(v, f, obs[f])
        v.discards = obs["discards"]
        v.hands = obs["hands"]
        v.hand = obs["hands"][seat]
        v._unseen = obs["unseen"][seat]
        return v

    def unseen(self) -> list[int]:
        """Counts of the seat's own cards it cannot see (its deck: the hand is seen)."""
        return self._unseen


_COPIED = (
    "n", "active", "phase", "turn", "actions_left", "gold", "fury", "enchant", "atk_damage",
    "atk_defenders", "atk_titan", "atk_slayer", "atk_shaman", "betrayals", "stack", "supply",
    "kingdom", "row", "targets", "play", "revealed", "campaign_row", "defeated",
)  # fmt: skip
VIEW_FIELDS: Final = ("seat", "team", *_COPIED, "discards", "hand", "hands")
