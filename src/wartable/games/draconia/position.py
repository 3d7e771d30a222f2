"""Draconia's position JSON: writing it, and reading it back as untrusted input.

Decks are stored as unit identities (``decks.unit_ref``: ``"faction/Unit Name"``, with
``#k`` when a faction prints several cards under that name), so a reloaded position holds
the very same cards and plays on exactly like the original.

Bounds (docs/formats/position.md, "Bounds"), all from the rulebook or the loaded data:
seats 0..players-1; deck positions 0..16 and each in exactly one zone once dealt; 3 field
slots; status-slot tokens 0..1 supply / 0..2 fortify; ``round`` 1..rounds; health 0 up to
the starting health (of the config or any settlement) plus what the heals could add
(each round at most one Revive per card and one Camp Phase heal per 2 tokens of the box);
supply 0..token pool (unlimited pool: 17 units x 3 Supply icons x rounds); settlement
tokens 0..the most any settlement starts with; queues of existing seats; unit ids in the
draft within the card set; commitment buffers of at most 3 action ids per seat.
"""

from __future__ import annotations

from typing import Any, Final

from wartable.core.errors import PositionError
from wartable.core.rng import Rng
from wartable.core.untrusted import Fields, distinct, require

from . import actions as acts
from .cards import DECK_SIZE, FACTIONS, SETTLEMENT_IDS, CardSet
from .config import DraconiaConfig
from .decks import resolve, unit_ref
from .settlements import BLESSINGS, NONE, load_settlements
from .state import (
    BELLOW,
    BOMBARD,
    CAMP_RETRIEVE,
    CAMP_SPEND,
    DEPLOY,
    DRAFT_BASIC,
    DRAFT_CHAMPION,
    DRAFT_LEADER,
    EMPTY,
    FACTION,
    OVER,
    PALACE,
    PHASE_NAMES,
    REVIVE,
    SETTLEMENT,
    DraconiaState,
)

MAX_RNG: Final = (1 << 64) - 1
MAX_DECISIONS: Final = 10**9
DRAFT_PILES: Final = 6  # leader, champion and basic piles, discard, center row, out of the game


def state_to_json(s: DraconiaState) -> dict[str, Any]:
    data = s.to_json()
    data["decks"] = [[unit_ref(s.cards, u) for u in deck] for deck in s.decks]
    data["settlement"] = [SETTLEMENT_IDS[i] if i != NONE else "" for i in s.settlement]
    return data


def _limits(config: DraconiaConfig) -> dict[str, int]:
    records = load_settlements(config.data_dir)
    start = max([config.starting_health, *(r.health for r in records)])
    pool = config.token_pool
    return {
        "health": start + config.rounds * (DECK_SIZE + max(pool, 24) // 2),
        "supply": pool if pool else DECK_SIZE * 3 * config.rounds,
        "stokens": max(r.tokens for r in records),
        "marks": config.rounds * DECK_SIZE,
    }


def state_from_json(config: DraconiaConfig, data: dict[str, Any], cards: CardSet) -> DraconiaState:
    """Untrusted position state -> ``DraconiaState``; ``PositionError`` names the field."""
    n = config.players
    seat = n - 1
    lim = _limits(config)
    f = Fields(data)
    s = DraconiaState.__new__(DraconiaState)
    s.config, s.cards = config, cards
    s.rng = Rng(f.integer("rng", 0, MAX_RNG))
    s.round = f.integer("round", 1, config.rounds)
    s.phase = PHASE_NAMES.index(f.choice("phase", PHASE_NAMES))
    s.first = f.integer("first", 0, seat)
    s.turn = f.integer("turn", 0, n)
    s.active = f.integer("active", 0, seat)
    s.maneuver_line = f.integer("maneuver_line", -1, 2)
    s.decisions = f.integer("decisions", 0, MAX_DECISIONS)
    s.end_reason = f.text("end_reason", 200)
    s.resume = f.integer("resume", 0, 1)
    s.draft_turn = f.integer("draft_turn", 0, seat)
    # per seat
    s.health = f.ints("health", 0, lim["health"], length=n)
    s.supply = f.ints("supply", 0, lim["supply"], length=n)
    s.factions = f.strs("factions", ("", *FACTIONS), length=n)
    named = [x for x in s.factions if x]
    require(distinct(named), "factions", "two seats cannot play the same faction")
    s.alive = f.bools("alive", n)
    settlements = f.strs("settlement", ("", *SETTLEMENT_IDS), length=n)
    require(distinct([x for x in settlements if x]), "settlement", "a settlement is held once")
    s.settlement = [SETTLEMENT_IDS.index(x) if x else NONE for x in settlements]
    s.stokens = f.ints("stokens", 0, lim["stokens"], length=n)
    s.glimmer_round = f.ints("glimmer_round", 0, config.rounds, length=n)
    # queues
    s.faction_queue = f.ints("faction_queue", 0, seat, max_len=n)
    s.order = f.ints("order", 0, seat, max_len=n)
    s.attacks_left = f.ints("attacks_left", 0, 2, max_len=3)
    s.revive_queue = f.ints("revive_queue", 0, seat, max_len=n * DECK_SIZE)
    s.camp_queue = f.ints("camp_queue", 0, seat, max_len=n)
    s.winners = f.ints("winners", 0, seat, max_len=n)
    s.bombard_queue = f.ints("bombard_queue", 0, seat, max_len=n * DECK_SIZE * 3)
    s.palace_queue = f.ints("palace_queue", 0, seat, max_len=n)
    s.bellow_queue = f.ints("bellow_queue", 0, seat * 100 + DECK_SIZE - 1, max_len=n * DECK_SIZE)
    for key in ("faction_queue", "order", "attacks_left", "camp_queue", "winners"):
        require(distinct(getattr(s, key)), key, "an entry appears twice")
    for i, code in enumerate(s.bellow_queue):
        require(code % 100 < DECK_SIZE, f"bellow_queue[{i}]", "seat * 100 + deck position")
    # zones
    s.decks = _decks(f, cards, n)
    for key in ("hand", "draw", "camp", "grave"):
        setattr(s, key, f.int_lists(key, 0, DECK_SIZE - 1, count=n, max_len=DECK_SIZE))
    s.field = f.int_lists("field", EMPTY, DECK_SIZE - 1, count=n, length=3)
    s.face_up = f.bool_lists("face_up", n, 3)
    s.slot_supply = f.int_lists("slot_supply", 0, 1, count=n, length=3)
    s.slot_fortify = f.int_lists("slot_fortify", 0, 2, count=n, length=3)
    s.marks = f.int_lists("marks", 0, lim["marks"], count=n, length=12)
    s.bless = f.int_lists("bless", -1, max(config.rounds + 1, len(BLESSINGS)), count=n, length=4)
    for p, (line, kind, rnd, shown) in enumerate(s.bless):
        require(line <= 2 and 0 <= kind < len(BLESSINGS), f"bless[{p}]", "line -1..2, kind 0..2")
        require(0 <= rnd <= config.rounds + 1 and shown in (0, 1), f"bless[{p}]", "bad round/flag")
    s.deal = f.int_lists("deal", 0, len(SETTLEMENT_IDS) - 1, count=n, max_len=3)
    units = len(cards.units) - 1
    s.draft = f.int_lists("draft", 0, units, max_len=units + 1)
    require(len(s.draft) in (0, DRAFT_PILES), "draft", f"no piles or {DRAFT_PILES} piles")
    s.picks = f.int_lists("picks", 0, units, count=n, max_len=DECK_SIZE)
    s.commit = f.commitments("commit", n, acts.NUM_ACTIONS, max_len=3)
    f.done()
    _check_zones(s)
    _check_phase(s)
    _check_commit(s)
    if s.draft:
        _check_draft(s)
    return s


def _decks(f: Fields, cards: CardSet, n: int) -> list[tuple[int, ...]]:
    raw = f.check_list(f.raw("decks"), "decks", n)
    decks: list[tuple[int, ...]] = []
    for p, deck in enumerate(raw):
        refs = f.check_list(deck, f"decks[{p}]", max_len=DECK_SIZE)
        require(len(refs) in (0, DECK_SIZE), f"decks[{p}]", f"no cards or {DECK_SIZE} cards")
        uids = []
        for i, ref in enumerate(refs):
            try:
                uids.append(resolve(cards, ref, exact=True))
            except KeyError as err:
                raise PositionError(f"state.decks[{p}][{i}]: {err.args[0]}") from None
        decks.append(tuple(uids))
    return decks


def _check_zones(s: DraconiaState) -> None:
    for p in range(s.seats):
        size = len(s.decks[p])
        field = [c for c in s.field[p] if c != EMPTY]
        zones = s.hand[p] + s.draw[p] + s.camp[p] + s.grave[p] + field
        require(distinct(zones), f"hand[{p}]", "a card is in two places")
        require(all(c < size for c in zones), f"hand[{p}]", "a deck position beyond the deck")
        for line in range(3):
            if s.field[p][line] == EMPTY:
                require(not s.face_up[p][line], f"face_up[{p}][{line}]", "an empty slot")


def _check_phase(s: DraconiaState) -> None:
    """The queue or commitment that names who acts must exist in its phase."""
    ph = s.phase
    queues = {
        FACTION: "faction_queue",
        REVIVE: "revive_queue",
        BOMBARD: "bombard_queue",
        PALACE: "palace_queue",
        BELLOW: "bellow_queue",
        CAMP_RETRIEVE: "camp_queue",
        CAMP_SPEND: "camp_queue",
    }
    if ph in queues:
        require(bool(getattr(s, queues[ph])), queues[ph], f"empty in phase {PHASE_NAMES[ph]}")
    if ph in (DEPLOY, SETTLEMENT):
        require(not s.commit.all_done, "commit", f"nobody to decide in phase {PHASE_NAMES[ph]}")
    if ph == OVER:
        require(bool(s.winners) or bool(s.end_reason), "winners", "a finished game says why")
        return
    dealt = ph not in (FACTION, SETTLEMENT, DRAFT_LEADER, DRAFT_CHAMPION, DRAFT_BASIC)
    if dealt:
        for p in range(s.seats):
            require(len(s.decks[p]) == DECK_SIZE, f"decks[{p}]", "every seat has its deck")
            require(bool(s.factions[p]), f"factions[{p}]", "every seat has its faction")
        require(s.alive[s.active], "active", "the seat to act is out of the game")
    else:  # set-up: nothing is dealt yet
        for p in range(s.seats):
            dealt_cards = s.hand[p] + s.draw[p] + s.camp[p] + s.grave[p]
            empty = not dealt_cards and all(c == EMPTY for c in s.field[p])
            require(empty, f"hand[{p}]", f"no card is dealt in phase {PHASE_NAMES[ph]}")


def _check_commit(s: DraconiaState) -> None:
    """Simultaneous decisions (Deploy Phase, settlement choice) hold only what they can."""
    from .setup import settlement_options

    c = s.commit
    for p in range(s.seats):
        buf, where = c.buffers[p], f"commit.buffers[{p}]"
        if s.phase == DEPLOY:
            require(
                all(acts.DEPLOY <= a < acts.RETRIEVE for a in buf), where, "deploy actions only"
            )
            placed = [divmod(a - acts.DEPLOY, DECK_SIZE) for a in buf]
            lines, cards = [x[0] for x in placed], [x[1] for x in placed]
            require(distinct(lines) and distinct(cards), where, "a line or card twice")
            require(all(x in s.hand[p] for x in cards), where, "a card not in hand")
            require(all(s.field[p][x] == EMPTY for x in lines), where, "an occupied line")
            full = min(3, len(s.hand[p]))
            if c.done[p]:
                require(len(buf) in (0, full), where, f"a finished deploy places {full} units")
            else:
                require(len(buf) < full, where, "an unfinished deploy")
        elif s.phase == SETTLEMENT:
            options = settlement_options(s, p) if s.factions[p] or s.config.draft else []
            require(all(a - acts.SETTLE in options for a in buf), where, "not a settlement choice")
            require(len(buf) == (1 if c.done[p] and buf else 0), where, "one choice when done")
        else:
            require(not buf and c.done[p], where, "no simultaneous decision is open")


def _check_draft(s: DraconiaState) -> None:
    """Draft Variant: each pile holds its class, picks stay within 1 leader, 2 champions and
    14 basic units, and the stage in play matches what every seat has drafted."""
    from .draft import NEEDED, ROW_SIZE

    def cls(uid: int) -> str:
        u = s.cards.units[uid]
        return "basic" if u.is_basic else str(u.unit_class)

    stage_class = {DRAFT_LEADER: "leader", DRAFT_CHAMPION: "champion", DRAFT_BASIC: "basic"}
    for pile, want in ((0, "leader"), (1, "champion"), (2, "basic"), (3, "basic")):
        require(all(cls(u) == want for u in s.draft[pile]), f"draft[{pile}]", f"{want}s only")
    needs = {"leader": 1, "champion": 2, "basic": 14}
    for p in range(s.seats):
        held = [cls(u) for u in s.picks[p]]
        for kind, most in needs.items():
            require(held.count(kind) <= most, f"picks[{p}]", f"at most {most} {kind} units")
    if s.phase in stage_class:
        kind = stage_class[s.phase]
        row = s.draft[4]
        require(0 < len(row) <= ROW_SIZE[s.phase], "draft[4]", "the center row of this stage")
        require(all(cls(u) == kind for u in row), "draft[4]", f"{kind}s only in this stage")
        order = list(stage_class.values())
        for p in range(s.seats):
            held = [cls(u) for u in s.picks[p]]
            for earlier in order[: order.index(kind)]:
                require(held.count(earlier) == needs[earlier], f"picks[{p}]", "an earlier stage")
            for later in order[order.index(kind) + 1 :]:
                require(held.count(later) == 0, f"picks[{p}]", "a later stage")
        mine = [cls(u) for u in s.picks[s.draft_turn]].count(kind)
        require(mine < NEEDED[s.phase], "draft_turn", "that seat has drafted this stage")
    else:
        for p in range(s.seats):
            require(len(s.picks[p]) in (0, DECK_SIZE), f"picks[{p}]", "a whole drafted deck")
            if s.picks[p] and s.decks[p]:
                same = sorted(s.picks[p]) == sorted(s.decks[p])
                require(same, f"decks[{p}]", "the deck is the drafted cards")
