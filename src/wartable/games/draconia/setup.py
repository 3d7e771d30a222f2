"""Set-up: factions (or constructed/drafted decks), settlements, health, first player, hands."""

from __future__ import annotations

from typing import Final

from wartable.core.commit import Commitments
from wartable.core.events import Event
from wartable.core.rng import Rng

from . import actions as acts
from . import settlements as settlement_cards
from .cards import DECK_SIZE, FACTIONS, SETTLEMENT_IDS, CardSet
from .config import DraconiaConfig
from .decks import ordered_deck
from .draft import start_draft
from .state import EMPTY, FACTION, SETTLEMENT, DraconiaState

HAND_START: Final = 4  # Draw Setup Hand: leader + 2 champions + 4 drawn


def blank_state(config: DraconiaConfig, cards: CardSet, rng: Rng) -> DraconiaState:
    seats = config.players
    s = DraconiaState.__new__(DraconiaState)
    s.config, s.cards, s.rng = config, cards, rng
    s.commit = Commitments(seats)
    s.health = [config.starting_health] * seats
    s.supply = [0] * seats
    s.alive = [True] * seats
    s.settlement = [settlement_cards.NONE] * seats
    s.stokens = [0] * seats
    s.glimmer_round = [0] * seats
    for key in ("hand", "draw", "camp", "grave", "picks", "deal"):
        setattr(s, key, [[] for _ in range(seats)])
    s.field = [[EMPTY] * 3 for _ in range(seats)]
    s.face_up = [[False] * 3 for _ in range(seats)]
    s.slot_supply = [[0] * 3 for _ in range(seats)]
    s.slot_fortify = [[0] * 3 for _ in range(seats)]
    s.marks = [[0] * 12 for _ in range(seats)]
    s.bless = [[-1, 0, 0, 0] for _ in range(seats)]
    s.draft = []
    for key in (
        "order",
        "attacks_left",
        "revive_queue",
        "camp_queue",
        "winners",
        "bombard_queue",
        "palace_queue",
        "bellow_queue",
        "faction_queue",
    ):
        setattr(s, key, [])
    s.round, s.turn, s.active, s.maneuver_line, s.decisions = 1, 0, 0, -1, 0
    s.resume, s.draft_turn = 0, 0
    s.end_reason = ""
    s.factions = [""] * seats
    s.decks = [() for _ in range(seats)]
    s.first = 0
    return s


def new_state(config: DraconiaConfig, seed: int, cards: CardSet) -> tuple[DraconiaState, bool]:
    """A new game, and whether its hands are dealt (the caller then starts round 1: the
    rounds are the rules' business, so set-up never calls into them)."""
    s = blank_state(config, cards, Rng(seed))
    seats = config.players
    # Determine the First Player: randomly
    s.first = config.first_player if config.first_player is not None else s.rng.below(seats)
    if config.draft:
        if config.settlement_mode:
            # Settlement Draft: 3 random settlement cards dealt face down to each player
            pool = list(range(len(SETTLEMENT_IDS)))
            s.rng.shuffle(pool)
            s.deal = [pool[3 * p : 3 * p + 3] for p in range(seats)]
        start_draft(s)
        return s, False
    for seat in range(seats):
        if seat < len(config.decks) and config.decks[seat]:
            s.decks[seat] = ordered_deck(cards, config.decks[seat])
            s.factions[seat] = cards.units[s.decks[seat][0]].faction
        elif config.faction_for(seat) in FACTIONS:
            s.factions[seat] = config.faction_for(seat)
    s.faction_queue = [
        p for p in range(seats) if not s.decks[p] and config.faction_for(p) == "choose"
    ]
    if s.faction_queue:
        s.phase = FACTION
        return s, False
    return s, after_factions(s, None)


def after_factions(s: DraconiaState, ev: list[Event] | None) -> bool:
    """Random factions for seats still without one, then settlements, then hands;
    True when the hands are dealt (the caller starts the round)."""
    for seat in range(s.seats):
        if not s.decks[seat]:
            if not s.factions[seat]:
                free = [f for f in FACTIONS if f not in s.factions]
                s.factions[seat] = s.rng.choice(free)
            s.decks[seat] = s.cards.decks[s.factions[seat]]
    if not s.config.settlement_mode:
        deal_hands(s)
        return True
    choosing = []
    for seat in range(s.seats):
        wanted = _fixed_settlement(s, seat)
        if wanted == "choose":
            choosing.append(seat)
        else:
            take_settlement(s, seat, settlement_cards.settlement_index(wanted))
    if choosing:
        s.phase = SETTLEMENT
        s.commit.open(choosing)
        return False
    deal_hands(s)
    return True


def _fixed_settlement(s: DraconiaState, seat: int) -> str:
    wanted = s.config.settlement_for(seat)
    if wanted == "random":
        return SETTLEMENT_IDS[s.rng.choice(settlement_options(s, seat))]
    return wanted


def settlement_options(s: DraconiaState, seat: int) -> list[int]:
    """Draft: the 3 dealt cards; otherwise the 2 settlements of the seat's faction."""
    if s.config.draft:
        return sorted(s.deal[seat])
    return settlement_cards.of_faction(s.factions[seat], s.config.data_dir)


def take_settlement(s: DraconiaState, seat: int, index: int) -> None:
    record = settlement_cards.load_settlements(s.config.data_dir)[index]
    s.settlement[seat] = index
    s.health[seat] = record.health  # the shield defines the starting health
    s.stokens[seat] = 1 if index == settlement_cards.WHITE_TOOTH_GORGE else record.tokens


def reveal_settlements(s: DraconiaState, ev: list[Event] | None) -> None:
    """Settlement choices are made simultaneously, then revealed together; then the hands
    are dealt (the caller starts the round)."""
    for seat, buf in enumerate(s.commit.reveal()):
        for act in buf:
            take_settlement(s, seat, act - acts.SETTLE)
            if ev is not None:
                ev.append(
                    {
                        "type": "settlement",
                        "seat": seat,
                        "settlement": SETTLEMENT_IDS[act - acts.SETTLE],
                    }
                )
    deal_hands(s)


def deal_hands(s: DraconiaState) -> None:
    """Draw Setup Hand: leader and 2 champions, then 4 of the 14 shuffled basics."""
    for seat in range(s.seats):
        s.draw[seat] = list(range(3, DECK_SIZE))
        s.rng.shuffle(s.draw[seat])
        s.hand[seat] = [0, 1, 2]
        for _ in range(HAND_START):
            s.hand[seat].append(s.draw[seat].pop())
