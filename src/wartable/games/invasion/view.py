"""A seat's view for bots: what ``observe(state, seat)`` holds, without copying it.

``observe`` builds a JSON-able dict (fresh lists for everything) before every
decision; the heuristic bot needs only a few of its fields. ``SeatView`` holds
those fields as plain attributes, filled either straight from the state
(``from_state``: references to the state's own lists, so nothing is copied; a
bot must treat them as read-only) or from an observation dict
(``from_observation``, for runners that only pass the dict).

It carries only what the observation carries: the table, public counts, every
discard pile and play area, the seat's own hand (and a Team Versus partner's
when hands are open), and the composition of the seat's own deck (public: every
gain and trash is announced). Tests check both constructors agree field by
field, and that the bot's choices do not change when the hidden information
is redrawn (``determinize``).
"""

from __future__ import annotations

from typing import Any, Final

from .cards import NK, get_db
from .db import Db
from .state import InvasionState


class SeatView:
    __slots__ = (
        "_own_deck",
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
    _unseen: list[int] | None
    _own_deck: list[int]

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
        v.stack = s.stack
        v.supply = s.supply
        v.kingdom = s.kingdom
        v.row = s.row
        v.targets = s.targets
        v.play = s.play
        v.revealed = s.revealed
        v.campaign_row = s.campaign_row
        v.defeated = s.defeated
        v.discards = s.discard
        hands: list[list[int] | None] = [None] * n
        hands[seat] = v.hand = s.hand[seat]
        if team and config.team_open_hands:
            hands[seat ^ 1] = s.hand[seat ^ 1]
        v.hands = hands
        v._unseen = None
        v._own_deck = s.deck[seat]  # only its composition is read (``unseen``)
        return v

    @classmethod
    def from_observation(cls, obs: dict[str, Any]) -> SeatView:
        v = cls()
        seat = obs["seat"]
        v.seat = seat
        v.db = get_db(obs["config"]["data_dir"])
        v.team = obs["config"]["mode"] == "team"
        for f in _COPIED:
            setattr(v, f, obs[f])
        v.discards = obs["discards"]
        v.hands = obs["hands"]
        v.hand = obs["hands"][seat]
        v._unseen = obs["unseen"][seat]
        v._own_deck = []
        return v

    def unseen(self) -> list[int]:
        """Counts of the seat's own cards it cannot see (its deck: the hand is seen)."""
        if self._unseen is None:
            counts = [0] * NK
            for k in self._own_deck:
                counts[k] += 1
            self._unseen = counts
        return self._unseen


_COPIED = (
    "n", "active", "phase", "turn", "actions_left", "gold", "fury", "enchant", "atk_damage",
    "atk_defenders", "atk_titan", "atk_slayer", "atk_shaman", "betrayals", "stack", "supply",
    "kingdom", "row", "targets", "play", "revealed", "campaign_row", "defeated",
)  # fmt: skip
VIEW_FIELDS: Final = ("seat", "team", *_COPIED, "discards", "hand", "hands")
