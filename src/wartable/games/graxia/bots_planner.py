"""The Graxia solo planner: a rollout search through the Non-Player's scripted round.

In a solo scenario (§9.2) the Non-Player's round is rules (``solo/npc.py``), deterministic given
the state's generator and the Player's choices, so the Player's actions can be judged by what
the Non-Player then does. For each decision the planner:

1. ranks the legal actions one ply deep as the heuristic does (a copy, the action, a battle
   played out passing, ``solo_value``) and keeps the best ``width`` (the heuristic's own pick
   always among them);
2. draws ``worlds`` determinizations from its observation (``game.determinize``: the hidden
   cards and every deck's order redrawn, as ``hidden.scramble`` does: it sees only what the
   Player may see), the same worlds for every candidate (common random numbers);
3. in each world applies the candidate and lets the heuristic play the Player on to the end
   of the next Non-Player round (Solo 2: the one after it, ``HORIZON``; the driver plays the
   Non-Player inside ``apply``), at most ``steps`` decisions a round;
4. scores the result with ``solo_value`` (the heuristic's evaluation plus each scenario's own
   victory terms) and plays the candidate with the best mean.

The victory terms pull toward what each scenario asks: Solo 1 the tiles of the objectives still
open and Sype, Solo 3 the Home Row tiles not held (``scenario_targets``; the distance counts the
Player's own portals, ``reach``), Solo 2 the Non-Player's units kept away from the settlements
the Player holds (``settlement_danger``), Solo 4-6 each side's share of its points target.
Candidates include portal pairs from near the Guardian or Home Row to a tile next to a target:
a portal is how a Solo 3 army crosses the map in time.

The set-up is searched the same way (Solo 3's Home Row: all four rows; starting units: the
best ``width`` by the heuristic's order), but deck building, which a one-round rollout cannot
judge, follows ``solo/bots.py``'s ``filler_deck`` (strong starting units, weak filler the
Non-Player draws), and Solo 5's spawns the heuristic's rule (furthest from the Player's
units). Battle exchanges, sacrifices and Solo 2's lost cards are the heuristic's. Outside
solo scenarios it is the heuristic. Budgets are counts, never time.
"""

from __future__ import annotations

from typing import Any, Final

from wartable.core.errors import ConfigError
from wartable.core.rng import Rng

from . import actions as acts
from .bots import HeuristicAgent, evaluate
from .choice_record import LOSE_CARD
from .solo import awards as solo_awards
from .solo import setup as solo_setup
from .state import (
    B_ADVANCE,
    B_EXCH,
    B_RETREAT,
    B_SAC,
    GUARD,
    OVER,
    GraxiaState,
)

BATTLE_PHASES: Final = (B_EXCH, B_SAC, B_RETREAT, B_ADVANCE)
WIN: Final = 1e6


PULL_CAP: Final = 8  # a target further than this is as far as any
PULL_OBJECTIVES: Final = 4.0  # Solo 1: per move between a target and the nearest unit
PULL_HOME_ROWS: Final = 6.0  # Solo 3: the same, times the urgency as turn 6 nears
BLOCKED_HOME_ROW: Final = 30.0  # Solo 3: a Non-Player unit standing on a Home Row tile
DANGER: Final = 12.0  # Solo 2: per step of a Non-Player unit toward a held settlement
SETTLEMENTS: Final = (solo_awards.CASTLE, solo_awards.CITY, solo_awards.VILLAGE)


def reach(s: GraxiaState, targets: list[int]) -> list[int]:
    """For each target tile: how many moves the nearest Player unit is from it (at most
    ``PULL_CAP``), through the Player's own portals where they shorten the way (a portal
    move is an extra move, §6 A: free)."""
    b = s.sc.board
    n = b.size
    dist = b.dist
    mine = [c for c in range(n) if s.unit[c] >= 0 and s.owner[c] == 0]
    gates = [c for c in range(n) if s.portal[c] == 0 and not s.gone[c]]
    out = []
    for t in targets:
        best = PULL_CAP
        for u in mine:
            d = dist[u * n + t]
            if len(gates) == 2:
                p, q = gates
                d = min(d, dist[u * n + p] + dist[q * n + t], dist[u * n + q] + dist[p * n + t])
            best = min(best, d)
        out.append(best)
    return out


def scenario_targets(s: GraxiaState) -> list[int]:
    """The tiles a scenario's victory asks the Player to reach: Solo 1 the tiles of the
    objectives still open that it does not hold, and Sype's tile (counted three times: the
    kill is required); Solo 3 the Home Row tiles it does not hold. Others: none."""
    n = solo_awards.scenario(s)
    if n == 1:
        todo = [
            c
            for k in range(len(solo_awards.OBJECTIVES))
            if not s.solo.objectives_lost >> k & 1
            for c in solo_awards.objective_cells(s, k)
            if s.ctrl[c] != 0
        ]
        if s.solo.sype_fate != 1:
            cat = s.cat
            sype = [
                c
                for c in range(s.sc.board.size)
                if s.unit[c] >= 0 and s.owner[c] == 1 and cat.units[s.unit[c]].name == "Sype"
            ]
            todo += sype * 3
        return todo
    if n == 3:
        return [c for row in s.sc.home_rows for c in row if s.ctrl[c] != 0]
    return []


def settlement_danger(s: GraxiaState) -> float:
    """Solo 2 ("Lose 6 or more Castles, Cities, or Villages"): for each Non-Player unit, 2
    if it stands next to a settlement the Player holds, 1 if two tiles away."""
    b = s.sc.board
    n = b.size
    dist = b.dist
    held = [c for c in range(n) if s.ctrl[c] == 0 and s.sc.terrain[c] in SETTLEMENTS]
    if not held:
        return 0.0
    out = 0.0
    for c in range(n):
        if s.unit[c] >= 0 and s.owner[c] == 1:
            out += max(0, 3 - min(dist[c * n + h] for h in held))
    return out


def solo_value(s: GraxiaState) -> float:
    """The Player's position in a solo scenario: the heuristic's evaluation (material,
    objectives, victory points, threats) plus the scenario's own victory terms."""
    if s.phase == OVER:
        w = s.track.winner
        return 0.0 if w < 0 else (WIN if w == 0 else -WIN)
    score = evaluate(s, 0)
    n = solo_awards.scenario(s)
    if n == 1:  # Sype killed and 3 of the 4 objectives met
        met, lost = solo_awards.objectives_state(s)
        score += 60.0 * met - 150.0 * lost + (250.0 if s.solo.sype_fate == 1 else 0.0)
        score -= PULL_OBJECTIVES * sum(reach(s, scenario_targets(s)))
    elif n == 2:  # six settlements lost loses; Talon and Ebon both eliminated wins
        lost = s.solo.settlements_lost
        score -= 30.0 * lost + 15.0 * lost * lost
        score += 200.0 * bin(s.solo.bosses_killed & 3).count("1")
        score -= DANGER * settlement_danger(s)
    elif n == 3:  # every Home Row tile held before turn 6 ends
        cells = [c for row in s.sc.home_rows for c in row]
        held = sum(1 for c in cells if s.ctrl[c] == 0)
        urgency = 1.0 + max(0, s.turn - 2) * 0.5
        score += 20.0 * urgency * held
        todo = scenario_targets(s)
        score -= PULL_HOME_ROWS * urgency * sum(reach(s, todo))
        score -= BLOCKED_HOME_ROW * sum(1 for c in todo if s.unit[c] >= 0 and s.owner[c] == 1)
    elif n in (4, 5, 6):  # the victory points race, each side's share of its target
        mine, theirs = solo_awards.targets(s)
        if mine and theirs:
            p, q = s.vp[0] / mine, s.vp[1] / theirs
            score += 800.0 * p - 800.0 * q * (1.0 + q)
    return score


def portal_near(s: GraxiaState, seat: int) -> list[bool]:
    """Per tile: within 2 of the seat's Guardian or on its Home Row (the portal tiles the
    heuristic weighs, ``bots._portal_tiles``)."""
    b = s.sc.board
    g = s.guardian_cell(seat)
    home = s.sc.home[seat]
    return [(g >= 0 and b.d(g, x) <= 2) or x in home for x in range(b.size)]


# Non-Player rounds a rollout plays through, per scenario (at most the ``rounds`` parameter):
# in Solo 2 a settlement falls a round after the move that let a Non-Player unit near it
# (Talon and Ebon arrive on its third turn); elsewhere one round shows what a move costs
HORIZON: Final = {"solo-2": 2}


class PlannerAgent:
    """``planner`` (spec parameters: ``width`` candidate actions, ``worlds`` redrawn hidden
    states per candidate, ``rounds`` Non-Player rounds looked ahead at most (the scenario's
    ``HORIZON``, else 1), ``steps`` decisions per rollout and round looked ahead at most;
    ``home``: Solo 3's Home Row as for ``heuristic``, else searched)."""

    name = "planner"
    needs_observation = True

    def __init__(
        self,
        width: int = 4,
        worlds: int = 3,
        rounds: int = 2,
        steps: int = 60,
        home: str | None = None,
    ) -> None:
        for key, value in (("width", width), ("worlds", worlds), ("rounds", rounds)):
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise ConfigError(f"planner {key} must be a whole number >= 1, got {value!r}")
        if not isinstance(steps, int) or isinstance(steps, bool) or steps < 1:
            raise ConfigError(f"planner steps must be a whole number >= 1, got {steps!r}")
        self.width, self.worlds, self.rounds, self.steps = width, worlds, rounds, steps
        self.heuristic = HeuristicAgent(home=home)
        self.home = self.heuristic.home

    def act(
        self, game: Any, observation: dict[str, Any] | None, legal: list[int], seat: int, rng: Rng
    ) -> int:
        assert observation is not None
        if len(legal) == 1:
            return legal[0]
        seed = rng.next64()  # the heuristic's stream and the worlds' are both forked from it
        s: GraxiaState = game.determinize(observation, Rng(seed))
        own = self.heuristic.act(game, observation, legal, seat, Rng(seed ^ 0x5EED))
        if not s.sc.solo or s.phase in BATTLE_PHASES or s.track.pend_kind == LOSE_CARD:
            return own
        if s.phase == GUARD and not s.track.pend_kind:
            step = s.solo.setup_step
            if step in (solo_setup.BUILD, solo_setup.HAND, solo_setup.SPAWN):
                # bots_solo: filler_deck, the hand's card scores, Solo 5's spawns furthest
                # from the Player (ten spawns, each a search over the whole first turn, were
                # most of a Solo 5 game's time)
                return own
            if step == solo_setup.HOME and self.home is not None:
                return own
            if step == solo_setup.HOME:
                return self._search(game, observation, list(legal), own, seat, seed)
        candidates = self._candidates(game, s, legal, own, seat)
        if len(candidates) == 1:
            return candidates[0]
        return self._search(game, observation, candidates, own, seat, seed)

    # ----- candidates -------------------------------------------------------------------
    def _candidates(
        self, game: Any, s: GraxiaState, legal: list[int], own: int, seat: int
    ) -> list[int]:
        """The heuristic's pick and the best others one ply deep, ``width`` in all."""
        if len(legal) <= self.width:
            return list(legal)
        lay = game.layout(s.config)
        near = portal_near(s, seat)
        size = s.sc.board.size
        dist = s.sc.board.dist
        goals = scenario_targets(s)
        toward = [any(dist[c * size + t] <= 1 for t in goals) for c in range(size)]
        scored: list[tuple[float, int]] = []
        for a in legal:
            if a == own:
                continue
            kind, x, y = lay.decode(a)
            if kind == acts.K_UNPLACE:
                continue
            # portal pairs (most of the legal actions): those the heuristic weighs, near
            # its Guardian or Home Row, and those from there to a tile next to a target
            if (
                kind == acts.K_PORTAL
                and x != y
                and not ((near[x] or near[y]) and ((near[x] and near[y]) or toward[x] or toward[y]))
            ):
                continue
            t = s.copy()
            game.apply_fast(t, seat, a, None)
            _finish_battle(game, t)
            scored.append((solo_value(t), -a))
        scored.sort(reverse=True)
        return [own] + [-a for _, a in scored[: self.width - 1]]

    # ----- search -----------------------------------------------------------------------
    def _search(
        self,
        game: Any,
        observation: dict[str, Any],
        candidates: list[int],
        own: int,
        seat: int,
        seed: int,
    ) -> int:
        stream = Rng(seed ^ 0xB0B)
        world_seeds = [stream.next64() for _ in range(self.worlds)]
        worlds = [game.determinize(observation, Rng(w)) for w in world_seeds]
        rounds = min(self.rounds, HORIZON.get(worlds[0].sc.id, 1))
        best, best_score = own, -float("inf")
        for a in candidates:
            total = 0.0
            for w, base in zip(world_seeds, worlds, strict=True):
                t = base.copy()
                game.apply_fast(t, seat, a, None)
                stop = base.turn + rounds
                self._rollout(game, t, stop, self.steps * rounds, seat, Rng(w ^ 0xF00D))
                total += solo_value(t)
            mean = total / len(worlds) + (1e-3 if a == own else 0.0)  # ties: the heuristic's
            if mean > best_score:
                best, best_score = a, mean
        return best

    def _rollout(
        self, game: Any, t: GraxiaState, stop_turn: int, steps: int, seat: int, rng: Rng
    ) -> None:
        """The heuristic plays the Player until Game Turn ``stop_turn`` begins (the
        Non-Player's round before it is over) or the game ends, ``steps`` decisions at most."""
        for _ in range(steps):
            if t.phase == OVER or (t.turn >= stop_turn and t.phase != GUARD):
                return
            acting = game.to_act(t)
            if not acting:
                return
            legal = game.legal_actions(t, acting[0])
            if len(legal) == 1:
                a = legal[0]
            else:
                a = self.heuristic.act(game, game.observe(t, acting[0]), legal, acting[0], rng)
            game.apply_fast(t, acting[0], a, None)


def _finish_battle(game: Any, s: GraxiaState) -> None:
    """A battle started by the action, played out with both sides passing and bluffing (the
    one-ply forecast, as the heuristic's)."""
    for _ in range(20):
        if s.phase not in BATTLE_PHASES:
            return
        acting = game.to_act(s)
        if not acting:
            return
        legal = game.legal_actions(s, acting[0])
        pick = next((a for a in (acts.PASS, acts.BLUFF, acts.ADVANCE) if a in legal), legal[0])
        game.apply_fast(s, acting[0], pick, None)
