"""The Draconis Invasion state: flat lists of ints, a cheap ``copy`` and the position JSON.

Zones per seat: ``hand`` and ``discard`` are counts per card kind (their order
never matters), ``deck`` is an ordered list with the top card last. The active
player's play area is ``play`` (counts). Pending decisions are ``stack``
frames ``[kind, seat, a, b]``; the top frame decides who acts (``frames.py``).
"""

from __future__ import annotations

from typing import Any, Final

from wartable.core.rng import Rng
from wartable.core.untrusted import Fields, distinct, require

from .cards import NK
from .config import InvasionConfig
from .db import Db
from .loader import get_db

# phases of the active player's turn (chapter 5, A-BCDE-F)
MAIN: Final = 0
BUY: Final = 1
DEFEAT: Final = 2
FORWARD: Final = 3
OVER: Final = 4
PHASES: Final = ("main", "buy", "defeat", "forward", "over")

_INT_FIELDS: Final = (
    "n", "active", "first", "threat_roll", "turn", "phase", "terror", "actions_left", "buys_left",
    "gold", "fury", "enchant", "atk_damage", "atk_defenders", "atk_titan", "atk_slayer",
    "atk_shaman", "golem", "betrayals", "ruler", "draw_limit", "events_total", "retreat",
    "over", "decisions",
)  # fmt: skip
_LIST_FIELDS: Final = (
    "supply", "kingdom", "row", "blue_deck", "gold_deck", "event_deck", "events_seen",
    "campaign_deck", "campaign_row", "play", "targets", "revealed",
)  # fmt: skip
_NESTED_FIELDS: Final = (
    "hand",
    "deck",
    "discard",
    "defeated",
    "pending_events",
    "campaigns",
    "stack",
)
# the config's options the rules read at every decision, as plain fields (a frozen pydantic
# model's attributes and properties cost several times a slot); set once from the config
_RULE_FIELDS: Final = ("solo", "team", "open_hands", "ask_gold", "limit", "turn_limit")


class InvasionState:
    __slots__ = (
        "config", "rng", "db", *_INT_FIELDS, *_LIST_FIELDS, *_NESTED_FIELDS, "end_reason",
        *_RULE_FIELDS,
    )  # fmt: skip

    config: InvasionConfig
    rng: Rng
    db: Db
    n: int
    active: int
    first: int
    threat_roll: int
    turn: int
    phase: int
    terror: int
    actions_left: int
    buys_left: int
    gold: int
    fury: int
    enchant: int
    atk_damage: int
    atk_defenders: int
    atk_titan: int
    atk_slayer: int
    atk_shaman: int
    golem: int
    betrayals: int
    ruler: int
    draw_limit: int
    events_total: int
    retreat: int
    over: int
    decisions: int
    supply: list[int]
    kingdom: list[int]
    row: list[int]
    blue_deck: list[int]
    gold_deck: list[int]
    event_deck: list[int]
    events_seen: list[int]
    campaign_deck: list[int]
    campaign_row: list[int]
    play: list[int]
    targets: list[int]
    revealed: list[int]
    hand: list[list[int]]
    deck: list[list[int]]
    discard: list[list[int]]
    defeated: list[list[int]]
    pending_events: list[list[int]]
    campaigns: list[list[int]]
    stack: list[list[int]]
    end_reason: str
    solo: bool  # mode "solo"
    team: bool  # mode "team" (Team Versus)
    open_hands: bool  # Team Versus partners see each other's hand
    ask_gold: bool  # Team Versus: the active player may ask the partner for Gold again
    limit: int  # invaders that end the game (``InvasionConfig.invader_limit``)
    turn_limit: int  # 0: none

    def __init__(self, config: InvasionConfig, rng: Rng, blank: bool = True) -> None:
        self.config = config
        self.rng = rng
        if not blank:  # ``copy`` sets every field itself
            return
        mode = config.mode
        self.solo = mode == "solo"
        self.team = mode == "team"
        self.open_hands = config.team_open_hands
        self.ask_gold = config.team_gold == "ask"
        self.limit = config.invader_limit()
        self.turn_limit = config.turn_limit
        self.db = get_db(config.data_dir)
        for f in _INT_FIELDS:
            setattr(self, f, 0)
        for f in _LIST_FIELDS:
            setattr(self, f, [])
        for f in _NESTED_FIELDS:
            setattr(self, f, [])
        self.n = config.players
        self.end_reason = ""

    def copy(self) -> InvasionState:
        c = InvasionState(self.config, self.rng.copy(), blank=False)
        c.db = self.db
        for f in _INT_FIELDS:
            setattr(c, f, getattr(self, f))
        for f in _LIST_FIELDS:
            setattr(c, f, getattr(self, f)[:])
        for f in _NESTED_FIELDS:
            setattr(c, f, [x[:] for x in getattr(self, f)])
        c.end_reason = self.end_reason
        c.solo = self.solo
        c.team = self.team
        c.open_hands = self.open_hands
        c.ask_gold = self.ask_gold
        c.limit = self.limit
        c.turn_limit = self.turn_limit
        return c

    # ----- helpers used everywhere ---------------------------------------
    def owners(self) -> int:
        """Campaign holders: one per team in Team Versus, else one per seat."""
        return self.n // 2 if self.team else self.n

    def owner_of(self, seat: int) -> int:
        return seat // 2 if self.team else seat

    def teammate(self, seat: int) -> int:
        """The partner in Team Versus (seats 0-1, 2-3, 4-5 sit together), else -1."""
        return seat ^ 1 if self.team else -1

    def hand_size(self, seat: int) -> int:
        return sum(self.hand[seat])


def state_to_json(s: InvasionState) -> dict[str, Any]:
    out: dict[str, Any] = {"rng": s.rng.state, "end_reason": s.end_reason}
    for f in _INT_FIELDS:
        out[f] = getattr(s, f)
    for f in _LIST_FIELDS:
        out[f] = list(getattr(s, f))
    for f in _NESTED_FIELDS:
        out[f] = [list(x) for x in getattr(s, f)]
    return out


MAX_RNG: Final = (1 << 64) - 1
MAX_TURNS: Final = 10**6  # far beyond any game (the invader decks run out in a few hundred turns)
MAX_STACK: Final = 64  # pending decisions nest a few deep
_DECISION_FRAMES: Final = range(12)  # F_DISCARD .. F_CAMPAIGN (stack.py)
_AUTO_FRAMES: Final = (20, 21, 22)  # A_ATTACK, A_EVENT, A_REFILL


def _bounds(db: Db) -> dict[str, int]:
    """Upper bounds derived from the printed cards: nothing can exceed the whole box."""
    cards = sum(db.count)
    return {
        "cards": cards,
        "gold": sum(c * (g + b) for c, g, b in zip(db.count, db.gold, db.plus_gold, strict=True)),
        "actions": 1 + sum(c * a for c, a in zip(db.count, db.plus_actions, strict=True)),
        "buys": 1 + sum(c * b for c, b in zip(db.count, db.plus_buys, strict=True)),
        "attack": sum(c * a for c, a in zip(db.count, db.attack, strict=True)),
        "invaders": sum(db.inv_count),
        "events": sum(db.event_count) * 4,
    }


def state_from_json(config: InvasionConfig, data: dict[str, Any]) -> InvasionState:
    """Untrusted position state -> ``InvasionState`` (bounds: docs/formats/position.md).

    Every count lies between 0 and the printed count of that card (``cards.toml``); gold,
    actions and buys at most what the cards that have left the supply could give at once,
    attack damage at most what every card in the box could;
    decks hold card kinds and at most the whole box; invader, event and campaign ids index
    their tables; row slots and targets are 0..5; stack frames are ``[kind, seat, a, b]``
    with a known kind and an existing seat, a decision frame on top. The loaded state must
    then pass ``invariants()`` (cards, invaders, events and campaigns conserved).
    """
    f = Fields(data)
    s = InvasionState(config, Rng(f.integer("rng", 0, MAX_RNG)))
    db = s.db
    b = _bounds(db)
    n = config.players
    hi_card, cards = NK - 1, b["cards"]
    s.end_reason = f.text("end_reason", 200)
    s.n = f.integer("n", n, n)
    for key in ("active", "first"):
        setattr(s, key, f.integer(key, 0, n - 1))
    s.threat_roll = f.integer("threat_roll", 0, 6)
    s.turn = f.integer("turn", 0, MAX_TURNS)
    s.phase = f.integer("phase", 0, OVER)
    s.terror = f.integer("terror", 1, 6)
    for key in ("fury", "enchant", "atk_defenders", "atk_titan", "atk_slayer", "atk_shaman"):
        setattr(s, key, f.integer(key, 0, cards))
    for key in ("golem", "betrayals", "ruler", "retreat"):
        setattr(s, key, f.integer(key, 0, cards))
    s.atk_damage = f.integer("atk_damage", 0, b["attack"] + cards)
    s.draw_limit = f.integer("draw_limit", 0, cards)
    s.events_total = f.integer("events_total", 0, b["events"])
    s.over = f.integer("over", 0, 1)
    s.decisions = f.integer("decisions", 0, 10**9)
    count = db.count
    s.supply = f.ints("supply", 0, max(count), length=NK)
    # gold, actions and buys this turn come only from cards that have left the supply
    out = [max(0, c - x) for c, x in zip(count, s.supply, strict=True)]
    gold = sum(o * (g + x) for o, g, x in zip(out, db.gold, db.plus_gold, strict=True))
    s.gold = f.integer("gold", 0, gold)
    s.actions_left = f.integer(
        "actions_left", 0, 1 + sum(o * a for o, a in zip(out, db.plus_actions, strict=True))
    )
    s.buys_left = f.integer(
        "buys_left", 0, 1 + sum(o * x for o, x in zip(out, db.plus_buys, strict=True))
    )
    s.play = f.ints("play", 0, max(count), length=NK)
    s.kingdom = f.ints("kingdom", 0, hi_card, max_len=NK)
    require(distinct(s.kingdom), "kingdom", "a card kind is in the kingdom once")
    inv = len(db.invaders) - 1
    s.row = f.ints("row", -1, inv, length=6)
    s.blue_deck = f.ints("blue_deck", 0, inv, max_len=b["invaders"])
    s.gold_deck = f.ints("gold_deck", 0, inv, max_len=b["invaders"])
    s.event_deck = f.ints("event_deck", 0, len(db.events) - 1, max_len=b["events"])
    s.events_seen = f.ints("events_seen", 0, b["events"], length=len(db.events))
    camps = len(db.campaigns) - 1
    s.campaign_deck = f.ints("campaign_deck", 0, camps, max_len=camps + 1)
    s.campaign_row = f.ints("campaign_row", -1, camps, max_len=3)
    s.targets = f.ints("targets", 0, 5, max_len=6)
    require(distinct(s.targets), "targets", "an invader is targeted once")
    s.revealed = f.ints("revealed", 0, hi_card, max_len=cards)
    s.hand = f.int_lists("hand", 0, max(count), count=n, length=NK)
    s.discard = f.int_lists("discard", 0, max(count), count=n, length=NK)
    for zone in ("supply", "play"):
        for k, c in enumerate(getattr(s, zone)):
            require(c <= count[k], f"{zone}[{k}]", f"more than the {count[k]} printed")
    for zone in ("hand", "discard"):
        for p, counts in enumerate(getattr(s, zone)):
            for k, c in enumerate(counts):
                require(c <= count[k], f"{zone}[{p}][{k}]", f"more than the {count[k]} printed")
    s.deck = f.int_lists("deck", 0, hi_card, count=n, max_len=cards)
    s.defeated = f.int_lists("defeated", 0, inv, count=n, max_len=b["invaders"])
    s.pending_events = f.int_lists(
        "pending_events", 0, len(db.events) - 1, count=n, max_len=b["events"]
    )
    s.campaigns = f.int_lists("campaigns", 0, camps, count=s.owners(), max_len=camps + 1)
    s.stack = f.int_lists("stack", -1, cards, length=4, max_len=MAX_STACK)
    f.done()
    for i, (kind, seat, _a, _b) in enumerate(s.stack):
        known = kind in _DECISION_FRAMES or kind in _AUTO_FRAMES
        require(known, f"stack[{i}][0]", f"unknown frame kind {kind}")
        require(0 <= seat < n, f"stack[{i}][1]", f"no seat {seat}")
    if s.stack:
        require(s.stack[-1][0] in _DECISION_FRAMES, "stack", "the top frame is a decision")
    require(bool(s.over) == (s.phase == OVER), "over", "'over' is 1 exactly in phase 4")
    if s.phase in (MAIN, BUY):  # chapter 5: a turn starts with 1 buy; buying the last ends it
        require(s.buys_left >= 1, "buys_left", "at least 1 in the main and buy phases")
    return s
