"""The Graxia two-player levels: a rollout search played forward by the heuristic.

A two-player scenario (§9.1) is short (2p-1: five Game Turns, often won sooner by holding
both cities for a full turn), so a Command Phase action can be judged by playing the game
on. For each Command Phase decision of its own round, ``DuelAgent``:

1. scores every legal action one ply deep as the heuristic does (``ranked``: its incremental
   evaluation, a copy for the rest, an attack's battle played out passing) and keeps the
   best ``width`` (the heuristic's own pick first);
2. draws ``worlds`` determinizations from its observation (``game.determinize``: the
   opponent's hand, its set-up commitments and every deck's order redrawn, as
   ``hidden.scramble`` does; it sees only what its seat may see), the same worlds for every
   candidate (common random numbers);
3. in each world applies the candidate and lets the heuristic play both seats on (the
   heuristic is the opponent model): through ``rounds`` rounds of the opponent, or with
   ``rounds=0`` to the end of the game, at most ``steps`` decisions;
4. scores the result with ``duel_value``: a finished game by its result, then the margin of
   victory points and tiles; an unfinished one by the heuristic's evaluation (material,
   objectives, victory points difference, threats) plus the scenario's victory terms (rounds
   holding both cities, rounds on the castle, the tiles March to Victory counts), and plays
   the candidate with the best mean.

Set-up, draws, battles and the relic window are the heuristic's. With ``worlds=0`` nothing
is searched: the agent plays the one-ply ranking, and with ``slip`` > 0 it then picks, with
that probability, one of the other ``width`` best actions at random (the ``easy`` level: a
player who sees the good moves but does not always take the best). Budgets are counts
(candidates, worlds, rounds, decisions per rollout), never time: the same seed gives the
same game.
"""

from __future__ import annotations

from typing import Any, Final

from wartable.core.errors import ConfigError
from wartable.core.rng import Rng

from . import actions as acts
from .actions import Layout
from .bots import HeuristicAgent, _aims, _finish_battle, _guardian_types, _portal_tiles, evaluate
from .bots_eval import Scorer
from .bots_trial import Trials
from .state import (
    B_ADVANCE,
    B_EXCH,
    B_RETREAT,
    B_SAC,
    BUY,
    COMMAND,
    DRAFT,
    DRAW,
    GUARD,
    OVER,
    PLACE,
    GraxiaState,
)

WIN: Final = 1e4  # above any evaluation of a game still going
MARCH_KINDS: Final = ("city", "castle", "village", "boulder_fields")
# the phases the heuristic plays greedily (``HeuristicAgent.act``)
GREEDY_PHASES: Final = (COMMAND, BUY, DRAW, B_RETREAT, B_ADVANCE, PLACE, GUARD, DRAFT)


def duel_value(s: GraxiaState, seat: int) -> float:
    """``seat``'s position in a two-player scenario: a win or a loss, else the heuristic's
    evaluation plus the scenario's own progress toward victory (§9.1)."""
    foe = 1 - seat
    if s.phase == OVER:  # the result, then the margin (a rollout's ending, averaged)
        w = s.track.winner
        result = 0.0 if w < 0 else (WIN if w == seat else -WIN)
        tiles = sum(1 for c in s.ctrl if c == seat) - sum(1 for c in s.ctrl if c == foe)
        return result + 25.0 * (s.vp[seat] - s.vp[foe]) + 2.0 * tiles
    score = evaluate(s, seat)
    v = s.sc.victory
    if v == "two_cities":  # both cities held through a full turn wins: rounds held so far
        score += 60.0 * (s.track.cities_held(seat) - s.track.cities_held(foe))
    elif v == "king_of_the_castle":  # three own rounds on the castle win
        score += 50.0 * (s.track.castle_held(seat) - s.track.castle_held(foe))
    elif v == "march_to_victory":  # eight of the counted tiles before turn 9 win
        kinds = s.sc.terrain
        held = [0, 0]
        for c, t in enumerate(kinds):
            if s.ctrl[c] >= 0 and t in MARCH_KINDS:
                held[s.ctrl[c]] += 1
        score += 12.0 * (held[seat] - held[foe]) + 4.0 * held[seat] * held[seat] / 8.0
    return score


def ranked(game: Any, s: GraxiaState, legal: list[int], seat: int) -> list[tuple[float, int]]:
    """Every legal action (but far portals and take-backs, which the heuristic never plays)
    with its one-ply score, as the heuristic's Command Phase scores it, best first."""
    lay: Layout = game.layout(s.config)
    base = evaluate(s, seat)
    out: list[tuple[float, int]] = []
    if acts.END in legal:
        out.append((base + (0.5 if s.phase == COMMAND else 0.0), acts.END))
    g = s.guardian_cell(seat)
    near = _portal_tiles(s, seat, g)
    cells = lay.cells
    portal_lo, portal_hi = lay.bounds[acts.K_PORTAL], lay.bounds[acts.K_PORTAL + 1]
    scorer: Scorer | None = None
    trials: Trials | None = None
    if Scorer.usable(s):
        aims = _aims(s, seat)
        obj, targets, pull, aggression = aims
        guardian = _guardian_types(s.cat)
        scorer = Scorer(s, seat, base, obj, targets, pull, aggression, guardian)
        trials = Trials(s, seat, evaluate, aims, guardian)
    for a in legal:
        if a == acts.END:
            continue
        if portal_lo <= a < portal_hi:
            kind, x, y = acts.K_PORTAL, (a - portal_lo) // cells, (a - portal_lo) % cells
            if x != y and not (near[x] and near[y]):
                continue
        else:
            kind, x, y = lay.decode(a)
            if kind == acts.K_UNPLACE:
                continue
        found = None if scorer is None else scorer.score(kind, x, y, a)
        if found is None and trials is not None:
            found = trials.score(kind, x, y)
        if found is None:
            t = s.copy()
            game.apply_fast(t, seat, a, None)
            if kind == acts.K_ATTACK:
                _finish_battle(game, t)
            found = evaluate(t, seat)
        out.append((found, a))
    out.sort(key=lambda pair: (-pair[0], pair[1]))
    return out


def rollout_policy(
    heuristic: HeuristicAgent, game: Any, t: GraxiaState, seat: int, legal: list[int], rng: Rng
) -> int:
    """The heuristic's choice on a world state (no determinization: the world is the
    rollout's truth), for either seat."""
    ph = t.phase
    if ph == B_EXCH:
        return heuristic._exchange(game, t, legal, seat)
    if ph == B_SAC:
        return heuristic._sacrifice(game, t, legal, seat)
    if ph in GREEDY_PHASES:
        return heuristic._greedy(game, t, legal, seat, rng)
    return legal[0]  # the relic window: the heuristic passes (its first offer)


def _whole(key: str, value: object, low: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        raise ConfigError(f"duel {key} must be a whole number >= {low}, got {value!r}")
    return value


class DuelAgent:
    """``duel`` (spec parameters: ``width`` candidate actions, ``worlds`` redrawn hidden
    states per candidate (0: no search), ``rounds`` opponent rounds played forward (0: to
    the end), ``steps`` decisions per rollout at most, ``slip`` the chance (0 to 1) of
    playing another of the ``width`` best instead of the best when not searching). The
    defaults are ``hard``'s."""

    name = "duel"
    needs_observation = True

    def __init__(
        self,
        width: int = 3,
        worlds: int = 2,
        steps: int = 800,
        slip: float = 0.0,
        rounds: int = 0,
    ) -> None:
        self.width = _whole("width", width, 1)
        self.rounds = _whole("rounds", rounds, 0)
        self.worlds = _whole("worlds", worlds, 0)
        self.steps = _whole("steps", steps, 1)
        if isinstance(slip, bool) or not isinstance(slip, int | float) or not 0 <= slip <= 1:
            raise ConfigError(f"duel slip is a chance from 0 to 1, got {slip!r}")
        self.slip = float(slip)
        self.heuristic = HeuristicAgent()

    def act(
        self, game: Any, observation: dict[str, Any] | None, legal: list[int], seat: int, rng: Rng
    ) -> int:
        assert observation is not None
        if len(legal) == 1:
            return legal[0]
        seed = rng.next64()
        s: GraxiaState = game.determinize(observation, Rng(seed))
        if s.sc.solo or s.phase != COMMAND or s.current != seat:
            return self.heuristic.act(game, observation, legal, seat, Rng(seed ^ 0x5EED))
        order = ranked(game, s, legal, seat)
        candidates = [a for _, a in order[: self.width]]
        if self.worlds == 0:
            pick = Rng(seed ^ 0x511)
            if len(candidates) > 1 and pick.below(1_000_000) < self.slip * 1_000_000:
                return candidates[1 + pick.below(len(candidates) - 1)]
            return candidates[0]
        if len(candidates) == 1:
            return candidates[0]
        return self._search(game, observation, candidates, seat, seed)

    def _search(
        self, game: Any, observation: dict[str, Any], candidates: list[int], seat: int, seed: int
    ) -> int:
        stream = Rng(seed ^ 0xB0B)
        world_seeds = [stream.next64() for _ in range(self.worlds)]
        worlds = [game.determinize(observation, Rng(w)) for w in world_seeds]
        best, best_score = candidates[0], -float("inf")
        for rank, a in enumerate(candidates):
            total = 0.0
            for w, base in zip(world_seeds, worlds, strict=True):
                t = base.copy()
                game.apply_fast(t, seat, a, None)
                stop = base.round_no + 2 * self.rounds if self.rounds else 1 << 30
                self._rollout(game, t, stop, Rng(w ^ 0xF00D))
                total += duel_value(t, seat)
            mean = total / len(worlds) + (1e-3 if rank == 0 else 0.0)  # ties: the heuristic's
            if mean > best_score:
                best, best_score = a, mean
        return best

    def _rollout(self, game: Any, t: GraxiaState, stop_round: int, rng: Rng) -> None:
        """The heuristic plays both seats until round ``stop_round`` begins (the searching
        seat's next round) or the game ends."""
        for _ in range(self.steps):
            if t.phase == OVER or t.round_no >= stop_round:
                return
            acting = game.to_act(t)
            if not acting:
                return
            who = acting[0]
            legal = game.legal_actions(t, who)
            a = (
                legal[0]
                if len(legal) == 1
                else rollout_policy(self.heuristic, game, t, who, legal, rng)
            )
            game.apply_fast(t, who, a, None)


# The difficulty levels of the two-player scenarios (docs/agents.md, "Graxia's levels"):
# a game agent called easy/normal/hard takes precedence over the generic ISMCTS levels.
# Solo scenarios: all three play as the heuristic does (``planner`` is the solo search).
class EasyAgent(DuelAgent):
    """``easy``: no search; the heuristic's one-ply ranking, but half of its Command Phase
    actions are one of its next five best instead of the best."""

    name = "easy"

    def __init__(
        self, width: int = 6, worlds: int = 0, steps: int = 1, slip: float = 0.5, rounds: int = 1
    ) -> None:
        super().__init__(width, worlds, steps, slip, rounds)


class NormalAgent(DuelAgent):
    """``normal``: no search; the heuristic's one-ply best (the heuristic's play)."""

    name = "normal"

    def __init__(
        self, width: int = 1, worlds: int = 0, steps: int = 1, slip: float = 0.0, rounds: int = 1
    ) -> None:
        super().__init__(width, worlds, steps, slip, rounds)


class HardAgent(DuelAgent):
    """``hard``: the search at its defaults: three candidates, two redrawn worlds, each
    played to the end of the game."""

    name = "hard"
