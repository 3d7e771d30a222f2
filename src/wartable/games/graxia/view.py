"""What ``determinize`` reads of a seat's observation, without building the observation.

``observe`` (observe.py) makes a dict for anyone: the web table, logs, search. A bot that
only rebuilds a state from it (the heuristic) needs a few of its fields, and building the
dict (every list copied, the config dumped) and reading it back (the config validated
again) took more of a two-player heuristic game than the heuristic's own choices.
``SeatView.from_state`` holds the same facts: the public lists are the state's own (read
only: ``determinize`` copies them into the state it builds), the rest is made for the seat
(its sorted hand and pool, the counts, the other seat's spy hidden, the unseen cards) exactly
as ``observe`` makes them. ``SeatView.from_observation`` reads the dict into the same shape,
so ``determinize`` has one body for both. ``GraxiaGame.seat_view`` hands it to agents that
set ``wants_view`` (two-player games; a solo game's view is the dict, which the solo set-up
reads). ``tests/games/graxia/test_view.py`` checks that both give the same state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from wartable.core.commit import Commitments
from wartable.core.rng import Rng

from . import actions as acts
from .actions import Layout
from .catalog.tables import Catalog, Scenario
from .config import GraxiaConfig
from .observe import guardian_in_hand, hidden_pools, open_piles
from .setup import place_legal
from .solo_records import NpcProgress, SoloBook
from .state import B_SAC, OVER, PHASES, PILES, PLACE, GraxiaState
from .state_records import Battle, Track
from .variant import Variant


class SeatView:
    """One seat's observation, for ``determinize``: never write into its lists."""

    __slots__ = (
        "battle",
        "cat",
        "config",
        "ctrl",
        "current",
        "deck_sizes",
        "discards",
        "draws",
        "flags",
        "gone",
        "guardians",
        "hand",
        "hand_counts",
        "mana",
        "mine",
        "npc",
        "open_decks",
        "owner",
        "phase",
        "pool",
        "pool_sizes",
        "pools",
        "portal",
        "public_pool",
        "round_no",
        "sc",
        "sdeck",
        "seat",
        "solo",
        "support",
        "track",
        "udeck",
        "unit",
        "unseen_spells",
        "unseen_units",
        "vp",
        "waiting_for",
        "wounds",
    )

    seat: int | None  # None: a spectator's observation (from the dict only)
    config: GraxiaConfig | dict[str, Any]  # the dict's config is validated by the caller
    cat: Catalog | None  # the state's catalog and scenario (None: from the dict)
    sc: Scenario | None
    phase: int
    round_no: int
    current: int
    unit: list[int]
    owner: list[int]
    wounds: list[int]
    flags: list[int]
    ctrl: list[int]
    portal: list[int]
    mana: list[int]
    vp: list[int]
    hand: list[int]
    hand_counts: list[list[int]]
    deck_sizes: list[int]
    discards: list[list[int]]
    udeck: list[int]
    sdeck: list[int]
    pool: list[int]
    pool_sizes: list[int]
    public_pool: list[list[int] | None]
    guardians: list[int]
    draws: int
    waiting_for: list[int]
    mine: list[int]
    battle: Battle
    support: list[int]
    track: Track
    unseen_units: list[int]
    unseen_spells: list[int]
    pools: list[list[int]] | None  # solo: both set-up lists (public), and the rest below
    open_decks: list[list[int]]
    npc: NpcProgress
    solo: SoloBook
    gone: list[int]

    @staticmethod
    def from_state(s: GraxiaState, seat: int) -> SeatView:
        """What ``observe(s, seat)`` shows, the public lists shared with ``s``."""
        v = SeatView()
        cat = s.cat
        nu = len(cat.units)
        v.seat = seat
        v.config = s.config
        v.cat = cat
        v.sc = s.sc
        v.phase = s.phase
        v.round_no = s.round_no
        v.current = s.current
        v.unit, v.owner, v.wounds, v.flags = s.unit, s.owner, s.wounds, s.flags
        v.ctrl, v.portal, v.mana, v.vp = s.ctrl, s.portal, s.mana, s.vp
        v.hand = sorted(s.hands[seat])
        v.hand_counts = []
        for h in s.hands:  # a loop, not generators: cheaper compiled (every decision)
            units = 0
            for c in h:
                if c < nu:
                    units += 1
            v.hand_counts.append([units, len(h) - units])
        piles = PILES if s.sc.solo else PILES - 1  # two-player games: four piles
        v.deck_sizes = [len(d) for d in s.decks[:piles]]
        v.discards = s.discards[:piles]
        v.udeck, v.sdeck = s.udeck, s.sdeck
        v.pool = sorted(s.pool[seat])
        v.pool_sizes = [len(p) for p in s.pool]
        v.public_pool = [
            sorted(s.pool[p]) if s.sc.draft[p] == "assassination" else None for p in (0, 1)
        ]
        v.guardians = s.guard
        v.draws = s.draws
        v.waiting_for = list(s.commit.pending())
        v.mine = s.commit.buffers[seat]
        v.battle, v.support = s.bat, s.sup
        track = s.track
        if s.phase != OVER and track.spy(1 - seat) >= 0:
            track = track.copy()
            track.set_spy(1 - seat, -1)  # the other seat's spy is secret
        v.track = track
        v.unseen_units, v.unseen_spells = hidden_pools(s, seat)
        if s.sc.solo:
            v.pools = s.pool
            v.open_decks = [sorted(s.decks[i]) for i in open_piles(s)]
            v.npc, v.solo, v.gone = s.npc, s.solo, s.gone
        else:
            v.pools = None  # two-player games: the solo records stay blank (not copied)
            v.open_decks, v.npc, v.solo, v.gone = [], s.npc, s.solo, []
        return v

    def bare_state(self, config: GraxiaConfig, rng: Rng, variant: Variant) -> GraxiaState:
        """A state of ``config`` (this view's) to fill (``determinize`` sets every other field):
        not built blank, whose lists ``determinize`` would replace at once. A two-player
        view's solo records are the game's blank ones, shared as ``GraxiaState.copy`` shares
        them (two-player rules never write them)."""
        assert self.cat is not None and self.sc is not None  # a view of a state (from_state)
        s = GraxiaState(config, rng, self.cat, self.sc, variant, blank=False)
        s.decisions = 0
        s.hands = [[], []]
        s.decks = [[], [], [], [], []]
        s.pool = [[], []]
        s.npc, s.solo = self.npc, self.solo  # a solo view: determinize copies its own
        s.gone = [0] * self.sc.board.size
        return s

    @staticmethod
    def from_observation(obs: dict[str, Any]) -> SeatView:
        """The dict's fields (its lists: ``observe`` made them, they are not a state's)."""
        v = SeatView()
        v.seat = obs["seat"]
        v.config = obs["config"]
        v.cat = None
        v.sc = None
        v.phase = PHASES.index(obs["phase"])
        v.round_no = obs["round"]
        v.current = obs["current"]
        v.unit, v.owner, v.wounds, v.flags = obs["unit"], obs["owner"], obs["wounds"], obs["flags"]
        v.ctrl, v.portal, v.mana, v.vp = obs["control"], obs["portal"], obs["mana"], obs["vp"]
        v.hand = obs["hand"] or []
        v.hand_counts = obs["hand_counts"]
        v.deck_sizes = obs["deck_sizes"]
        v.discards = obs["discards"]
        v.udeck, v.sdeck = obs["udeck"], obs["sdeck"]
        v.pool = obs["pool"] or []
        v.pool_sizes = obs["pool_sizes"]
        v.public_pool = obs["public_pool"]
        v.guardians = obs["guardians"]
        v.draws = obs["draws"]
        v.waiting_for = obs["commit"]["waiting_for"]
        v.mine = obs["commit"].get("mine", [])
        v.battle, v.support = Battle.from_list(obs["battle"]), obs["support"]
        v.track = Track.from_list(obs["track"])
        v.unseen_units, v.unseen_spells = obs["unseen_units"], obs["unseen_spells"]
        if "npc" in obs:
            v.pools = obs["pools"]
            v.open_decks = obs.get("open_decks", [])
            v.npc, v.solo = NpcProgress.from_list(obs["npc"]), SoloBook.from_list(obs["solo"])
            v.gone = obs["gone"]
        else:
            v.pools = None
            v.open_decks, v.npc, v.solo, v.gone = [], NpcProgress([]), SoloBook([]), []
        return v


def determinize(
    v: SeatView,
    rng: Rng,
    empty: Callable[[Rng], GraxiaState],
    layout: Callable[[GraxiaState], Layout],
) -> GraxiaState:
    """A full state consistent with the view: the public fields copied, the unseen cards
    dealt at random into the hidden places. ``empty(rng)`` builds an empty state of the
    view's config; ``layout(state)`` its Layout."""
    s = empty(Rng(rng.next64()))
    seat = v.seat
    s.phase = v.phase
    s.round_no = v.round_no
    s.current = v.current
    s.unit = v.unit[:]
    s.owner = v.owner[:]
    s.wounds = v.wounds[:]
    s.flags = v.flags[:]
    s.ctrl = v.ctrl[:]
    s.portal = v.portal[:]
    s.mana = v.mana[:]
    s.vp = v.vp[:]
    s.discards = [d[:] for d in v.discards]
    s.discards += [[] for _ in range(PILES - len(s.discards))]
    if v.pools is not None:
        s.npc = v.npc.copy()
        s.solo = v.solo.copy()
        s.gone = v.gone[:]
        s.sc = s.variant.scenario_of(s)  # solo-3: the chosen Home Row
    s.udeck = v.udeck[:]
    s.sdeck = v.sdeck[:]
    s.guard = v.guardians[:]
    s.draws = v.draws
    s.bat = v.battle.copy()
    s.sup = v.support[:]
    s.track = v.track.copy()
    units = v.unseen_units[:]
    spells = v.unseen_spells[:]
    rng.shuffle(units)
    rng.shuffle(spells)
    counts = v.hand_counts
    for p in (0, 1):
        if p == seat:
            s.hands[p] = v.hand[:]
            s.pool[p] = v.pools[p][:] if v.pools is not None else v.pool[:]
            continue
        nu_, ns_ = counts[p]
        kept = [s.guard[p]] if guardian_in_hand(s, p) else []
        s.hands[p] = kept + _take(units, nu_ - len(kept)) + _take(spells, ns_)
        public = v.public_pool[p]
        if v.pools is not None:
            s.pool[p] = v.pools[p][:]
        elif public is not None:
            s.pool[p] = public[:]
        else:
            s.pool[p] = _take(units, v.pool_sizes[p])
    opened = dict(zip(open_piles(s), v.open_decks, strict=False))
    for d, size in enumerate(v.deck_sizes):
        if d in opened:
            s.decks[d] = opened[d][:]
            rng.shuffle(s.decks[d])
            continue
        src = units if d < 2 else spells
        s.decks[d] = _take(src, size)
    for p in (0, 1):  # the other seat's spy: one of its units on the map, if still secret
        if p != seat and s.track.spy(p) == -1 and s.sc.victory == "assassination":
            mine = sorted(
                {s.unit[c] for c in range(len(s.unit)) if s.owner[c] == p and s.unit[c] >= 0}
            )
            mine = [u for u in mine if not s.cat.units[u].is_guardian]
            if mine and s.phase > PLACE:
                s.track.set_spy(p, rng.choice(mine))
    s.commit = Commitments(2)
    for p in (0, 1):
        s.commit.done[p] = p not in v.waiting_for
    if seat is not None:
        s.commit.buffers[seat] = v.mine[:]
    lay = layout(s)
    for p in (0, 1):
        if p == seat or not s.commit.done[p]:
            continue
        if s.phase == B_SAC:
            s.commit.buffers[p] = [acts.BLUFF]
        elif s.phase == PLACE:
            _plan(s, lay, p, rng)
    return s


def _take(cards: list[int], count: int) -> list[int]:
    """What ``count`` pops of ``cards`` give, in their order (the last card first), taken off
    ``cards`` in one slice (an IndexError when it holds fewer, as a pop would raise)."""
    if count <= 0:
        return []
    if count > len(cards):
        raise IndexError("pop from empty list")
    out = cards[-count:]
    out.reverse()
    del cards[-count:]
    return out


def _plan(s: GraxiaState, lay: Layout, seat: int, rng: Rng) -> None:
    """A finished opponent's placement: some legal plan (its real one is hidden)."""
    lo, hi = lay.bounds[acts.K_UNPLACE], lay.bounds[acts.K_UNPLACE + 1]  # take-backs' ids
    for _ in range(200):
        legal = [a for a in place_legal(s, lay, seat) if not lo <= a < hi]
        if acts.END in legal or not legal:
            return
        s.commit.add(seat, rng.choice(legal))
