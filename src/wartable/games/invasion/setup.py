"""Table and player set-up (chapters 3 and 4) and the starting threat level."""

from __future__ import annotations

from typing import Final

from wartable.core.events import event
from wartable.core.rng import Rng

from .cards import (
    ACTIONS,
    CASUALTY,
    DEFENDERS,
    FORTUNE,
    GOLDS,
    GUARD,
    NI,
    NK,
    TERROR,
    TREASURE,
    WEALTH,
    K,
)
from .config import InvasionConfig
from .db import Db
from .effects import others
from .stack import F_CHOOSE, P_THREAT2, push
from .state import MAIN, InvasionState
from .turn import reset_turn
from .zones import GAIN_DISCARD, Ev, draw, gain

START_WEALTH: Final = 7  # chapter 4 i
START_GUARD: Final = 5


def kingdom_for(config: InvasionConfig, s: InvasionState) -> tuple[list[int], list[int]]:
    """Chapter 3 ii-iii and chapter 11: the 6 actions and 6 defenders of the battle stage."""
    if config.battle_stage == "X":
        acts = [k for k in ACTIONS if k != CASUALTY]
        defs = [k for k in DEFENDERS if k != GUARD]
        s.rng.shuffle(acts)
        s.rng.shuffle(defs)
        return sorted(acts[:6]), sorted(defs[:6])
    stage = s.db.stages[int(config.battle_stage)]
    return sorted(K[k] for k in stage.actions), sorted(K[k] for k in stage.defenders)


def roll_starting_player(s: InvasionState, ev: Ev) -> int:
    """Chapter 4 iii: everyone rolls; ties for the highest roll reroll among themselves."""
    rolling = list(range(s.n))
    while len(rolling) > 1:
        rolls = [s.rng.randint(1, 6) for _ in rolling]
        top = max(rolls)
        if ev is not None:
            ev.append(event("start_roll", seats=rolling, rolls=rolls))
        rolling = [p for p, r in zip(rolling, rolls, strict=True) if r == top]
    return rolling[0]


def apply_threat(s: InvasionState, roll: int, ev: Ev) -> None:
    """Chapter 4, Starting Threat Level: the cards gained into the starting discard piles."""
    everyone = [s.first, *others(s, s.first)]
    if roll == 1:
        gain(s, s.first, TERROR, GAIN_DISCARD, ev)
    elif roll == 2:
        if s.n > 1:
            push(s, F_CHOOSE, s.first, P_THREAT2)
        else:
            gain(s, s.first, TERROR, GAIN_DISCARD, ev)
    else:
        extra = {3: [FORTUNE], 4: [TREASURE, TREASURE], 5: [TREASURE], 6: []}[roll]
        for p in everyone:
            gain(s, p, TERROR, GAIN_DISCARD, ev)
            for k in extra:
                gain(s, p, k, GAIN_DISCARD, ev)


_PRINTED: Final[dict[Db, tuple[list[int], list[int], list[int]]]] = {}


def _printed(db: Db) -> tuple[list[int], list[int], list[int]]:
    """The blue and gold invader decks and the event cards, unshuffled (once per data)."""
    hit = _PRINTED.get(db)
    if hit is None:
        blue = [v for v in range(NI) if not db.inv_gold[v] for _ in range(db.inv_count[v])]
        gold = [v for v in range(NI) if db.inv_gold[v] for _ in range(db.inv_count[v])]
        events = [e for e in range(4) for _ in range(db.event_count[e])]
        hit = _PRINTED[db] = (blue, gold, events)
    return hit


def new_state(config: InvasionConfig, seed: int, ev: Ev = None) -> InvasionState:
    s = InvasionState(config, Rng(seed))
    db = s.db
    n = s.n
    acts, defs = kingdom_for(config, s)
    s.kingdom = sorted([*GOLDS, CASUALTY, GUARD, *acts, *defs])
    s.supply = [0] * NK
    for k in [*s.kingdom, TERROR]:
        s.supply[k] = db.count[k]
    # invader rows (iv, v)
    blue, gold, events = _printed(db)
    s.blue_deck = blue[:]
    s.gold_deck = gold[:]
    s.rng.shuffle(s.blue_deck)
    s.rng.shuffle(s.gold_deck)
    s.row = [s.blue_deck.pop() for _ in range(3)] + [s.gold_deck.pop() for _ in range(3)]
    # campaigns (vi); solo ignores those needing other players (chapter 12)
    if config.solo:
        s.campaign_deck = [c for c in range(len(db.campaigns)) if not db.camp_others[c]]
    else:
        s.campaign_deck = list(range(len(db.campaigns)))
    s.rng.shuffle(s.campaign_deck)
    s.campaign_row = [s.campaign_deck.pop() for _ in range(3)]
    # events (vii-ix): a random subset, the rest back to the box
    events = events[:]
    s.rng.shuffle(events)
    s.events_total = min(config.event_cards(), len(events))
    s.event_deck = events[: s.events_total]
    s.events_seen = [0, 0, 0, 0]
    s.pending_events = [[] for _ in range(n)]
    # players (chapter 4 i-ii)
    s.hand = [[0] * NK for _ in range(n)]
    s.discard = [[0] * NK for _ in range(n)]
    s.deck = []
    s.defeated = [[] for _ in range(n)]
    s.play = [0] * NK
    for p in range(n):
        deck = [WEALTH] * START_WEALTH + [GUARD] * START_GUARD
        s.supply[WEALTH] -= START_WEALTH
        s.supply[GUARD] -= START_GUARD
        s.rng.shuffle(deck)
        s.deck.append(deck)
        draw(s, p, 6, ev)
    s.campaigns = [[] for _ in range(s.owners())]
    for owner in range(s.owners()):
        for _ in range(2):
            if s.campaign_deck:
                s.campaigns[owner].append(s.campaign_deck.pop())
    # starting player and threat level (iii-iv)
    s.first = roll_starting_player(s, ev)
    s.active = s.first
    roll = s.rng.randint(1, 6)
    s.threat_roll = roll
    s.terror = roll  # the dragon symbol counts as 6
    if ev is not None:
        ev.append(event("threat_roll", seat=s.first, roll=roll))
    apply_threat(s, roll, ev)
    s.phase = MAIN
    s.turn = 1
    reset_turn(s)
    return s
