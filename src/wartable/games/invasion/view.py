"""A seat's view for bots: what ``observe(state, seat)`` holds, cheaper to build.

``observe`` builds a JSON-able dict (every field, rules text included) before every
decision; the heuristic bot needs only a few of its fields. ``SeatView`` holds those
fields, filled either from the state (``from_state``) or from an observation dict
(``from_observation``, for runners that only pass the dict).

Every list a bot reads is the view's own copy: a bot that writes into its view
(``view.supply[0] += 5``) changes its copy, never the game. From the state, a list is
copied the first time the bot reads it (a decision reads a few of the dozen: copying them
all was a sixth of a heuristic game's time), so a view is read before the game moves on
(``play_match`` and the searches ask for one at each decision and are done with it by the
next action). Until then it keeps references to the state's lists that the seat may see,
never to a hidden one. It carries only what the observation carries: the table, public
counts, every discard pile and play area, the seat's own hand (and a Team Versus
partner's when hands are open), and the composition of the seat's own deck as counts per
kind (public: every gain and trash is announced, counted when the view is made), never the
deck's order. Tests check both constructors agree field by field, that writing into a
view leaves the state alone, and that the bot's choices do not change when the hidden
information is redrawn (``determinize``).
"""

from __future__ import annotations

from typing import Any, Final

from .cards import NK
from .db import Db
from .loader import get_db
from .state import InvasionState


class SeatView:
    # ``_x_``: the list the seat may see (the state's own, read only); ``_x``: the view's
    # copy of it, made on first read (``None`` until then)
    __slots__ = (
        "_campaign_row", "_campaign_row_", "_defeated", "_defeated_", "_discards", "_discards_",
        "_hand", "_hand_", "_hands", "_kingdom", "_kingdom_", "_mate_", "_play", "_play_",
        "_revealed", "_revealed_", "_row", "_row_", "_stack", "_stack_", "_supply", "_supply_",
        "_targets", "_targets_", "_unseen",
        "actions_left", "active", "atk_damage", "atk_defenders", "atk_shaman", "atk_slayer",
        "atk_titan", "betrayals", "db", "enchant", "fury", "gold", "n", "phase", "seat", "team",
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
    _stack_: list[list[int]]
    _supply_: list[int]
    _kingdom_: list[int]
    _row_: list[int]
    _targets_: list[int]
    _play_: list[int]
    _revealed_: list[int]
    _campaign_row_: list[int]
    _defeated_: list[list[int]]
    _discards_: list[list[int]]
    _hand_: list[int]
    _mate_: list[int] | None  # a Team Versus partner's open hand
    _stack: list[list[int]] | None
    _supply: list[int] | None
    _kingdom: list[int] | None
    _row: list[int] | None
    _targets: list[int] | None
    _play: list[int] | None
    _revealed: list[int] | None
    _campaign_row: list[int] | None
    _defeated: list[list[int]] | None
    _discards: list[list[int]] | None
    _hand: list[int] | None
    _hands: list[list[int] | None] | None
    _unseen: list[int]

    @classmethod
    def from_state(cls, s: InvasionState, seat: int) -> SeatView:
        v = SeatView()  # (not ``cls()``: compiled, a direct call)
        v.seat = seat
        v.db = s.db
        v.team = team = s.team
        v.n = s.n
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
        v._stack_ = s.stack
        v._supply_ = s.supply
        v._kingdom_ = s.kingdom
        v._row_ = s.row
        v._targets_ = s.targets
        v._play_ = s.play
        v._revealed_ = s.revealed
        v._campaign_row_ = s.campaign_row
        v._defeated_ = s.defeated
        v._discards_ = s.discard
        v._hand_ = s.hand[seat]
        v._mate_ = s.hand[seat ^ 1] if team and s.open_hands else None
        v._stack = v._supply = v._kingdom = v._row = v._targets = v._play = None
        v._revealed = v._campaign_row = v._hand = None
        v._defeated = v._discards = v._hands = None
        counts = [0] * NK  # the deck's contents; its order is nobody's to know
        for k in s.deck[seat]:
            counts[k] = counts[k] + 1
        v._unseen = counts
        return v

    @classmethod
    def from_observation(cls, obs: dict[str, Any]) -> SeatView:
        """The dict's own lists: ``observe`` builds them fresh, they are not the state's."""
        v = cls()
        seat = obs["seat"]
        v.seat = seat
        v.db = get_db(obs["config"]["data_dir"])
        v.team = obs["config"]["mode"] == "team"
        for f in _INTS:
            setattr(v, f, obs[f])
        v._stack = v._stack_ = obs["stack"]
        v._supply = v._supply_ = obs["supply"]
        v._kingdom = v._kingdom_ = obs["kingdom"]
        v._row = v._row_ = obs["row"]
        v._targets = v._targets_ = obs["targets"]
        v._play = v._play_ = obs["play"]
        v._revealed = v._revealed_ = obs["revealed"]
        v._campaign_row = v._campaign_row_ = obs["campaign_row"]
        v._defeated = v._defeated_ = obs["defeated"]
        v._discards = v._discards_ = obs["discards"]
        hands: list[list[int] | None] = obs["hands"]
        v._hands = hands
        v._hand = v._hand_ = hands[seat]
        v._mate_ = hands[seat ^ 1] if v.team else None
        v._unseen = obs["unseen"][seat]
        return v

    @property
    def stack(self) -> list[list[int]]:
        """The pending decisions (``stack.py`` frames)."""
        got = self._stack
        if got is None:
            got = self._stack = [f[:] for f in self._stack_]
        return got

    @property
    def supply(self) -> list[int]:
        got = self._supply
        if got is None:
            got = self._supply = self._supply_[:]
        return got

    @property
    def kingdom(self) -> list[int]:
        got = self._kingdom
        if got is None:
            got = self._kingdom = self._kingdom_[:]
        return got

    @property
    def row(self) -> list[int]:
        got = self._row
        if got is None:
            got = self._row = self._row_[:]
        return got

    @property
    def targets(self) -> list[int]:
        got = self._targets
        if got is None:
            got = self._targets = self._targets_[:]
        return got

    @property
    def play(self) -> list[int]:
        got = self._play
        if got is None:
            got = self._play = self._play_[:]
        return got

    @property
    def revealed(self) -> list[int]:
        got = self._revealed
        if got is None:
            got = self._revealed = self._revealed_[:]
        return got

    @property
    def campaign_row(self) -> list[int]:
        got = self._campaign_row
        if got is None:
            got = self._campaign_row = self._campaign_row_[:]
        return got

    @property
    def defeated(self) -> list[list[int]]:
        got = self._defeated
        if got is None:
            got = self._defeated = [d[:] for d in self._defeated_]
        return got

    @property
    def discards(self) -> list[list[int]]:
        got = self._discards
        if got is None:
            got = self._discards = [d[:] for d in self._discards_]
        return got

    @property
    def hand(self) -> list[int]:
        """The seat's own hand."""
        got = self._hand
        if got is None:
            got = self._hand = self._hand_[:]
        return got

    @property
    def hands(self) -> list[list[int] | None]:
        """Every hand the seat sees (its own; a Team Versus partner's when open), else None."""
        got = self._hands
        if got is None:
            got = [None] * self.n
            got[self.seat] = self.hand
            mate = self._mate_
            if mate is not None:
                got[self.seat ^ 1] = mate[:]
            self._hands = got
        return got

    def unseen(self) -> list[int]:
        """Counts of the seat's own cards it cannot see (its deck: the hand is seen)."""
        return self._unseen


_INTS: Final = (
    "n", "active", "phase", "turn", "actions_left", "gold", "fury", "enchant", "atk_damage",
    "atk_defenders", "atk_titan", "atk_slayer", "atk_shaman", "betrayals",
)  # fmt: skip
_LISTS: Final = (
    "stack", "supply", "kingdom", "row", "targets", "play", "revealed", "campaign_row",
    "defeated",
)  # fmt: skip
VIEW_FIELDS: Final = ("seat", "team", *_INTS, *_LISTS, "discards", "hand", "hands")
