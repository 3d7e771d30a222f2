"""Benchmark: Guardians of Graxia per scenario - random and heuristic games per CPU second,
and the state copy time (the targets: a copy under 20 µs, 50 random games/s in scenario 1,
60 heuristic games/s in scenario 2p-1 on one core, compiled). Every figure is printed,
never asserted. Rates are games per CPU second of this process (``time.process_time``):
the machine is shared, and wall time would measure the other processes too.

``python -m bench.bench_graxia`` prints every scenario's rates;
``python -m bench.bench_graxia rates 2p-1 2p-3`` only those scenarios' (a few seconds each);
``python -m bench.bench_graxia duel 200 2p-1`` plays the heuristic against the copying
reference (``CopyingHeuristicAgent``: every action tried on a copy of the state, what the
heuristic did before its incremental evaluation), each deal from both seats, and prints the
heuristic's score with its Wilson 95% interval and the two agents' CPU seconds per decision.
``python -m bench.bench_graxia logs 40 2p-1 2p-3 solo-1`` prints a hash of each heuristic
self-play game's action log, winners and reason (seeds 900 on; a solo scenario's Player is
the heuristic): run it at two commits and compare, the same games give the same hashes.
Solo scenarios take ``rates`` too (``rates solo-1 solo-6``).
``valgrind --tool=callgrind python -m bench.bench_graxia play 11 2p-1`` (and ``play 1``: the
difference over 10 is a game's instructions, which the machine's load does not move) plays
heuristic games and prints nothing.
``python -m bench.bench_graxia gaps 30 2p-1`` counts the actions the heuristic tries on a copy
per Command Phase decision, by kind, and how far below the decision's best effect-scored
action they score.
``python -m bench.bench_graxia copy 2p-1 solo-3`` times a fresh state's copy (best of 7 x
20,000).
``WARTABLE_ENGINE=python`` measures the pure-Python engine (``wartable._fast``).
"""

from __future__ import annotations

import hashlib
import json
import sys
import time
import timeit
from typing import Any

from wartable import _fast
from wartable.agents.random_agent import RandomAgent
from wartable.core.match import play_match
from wartable.core.stats import wilson_interval
from wartable.games.graxia import GAME, HeuristicAgent
from wartable.games.graxia import actions as acts
from wartable.games.graxia.bots import CopyingHeuristicAgent, _aims, _guardian_types, evaluate
from wartable.games.graxia.bots_duel import ranked
from wartable.games.graxia.bots_eval import Scorer
from wartable.games.graxia.state import COMMAND


def _seats(config: Any) -> int:
    """1 in a solo scenario (the Non-Player is the rules' own), else 2."""
    return GAME.num_players(GAME.new_state(config, 0))


def _rate(config: Any, make: Any, seconds: float) -> float:
    """Games per CPU second, at least ``seconds`` of CPU and two games."""
    games = 0
    seats = _seats(config)
    start = time.process_time()
    while True:
        play_match(GAME, config, 500 + games, [make() for _ in range(seats)])
        games += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds and games >= 2:
            return games / elapsed


def _copy_us(config: Any) -> float:
    record = play_match(GAME, config, 7, [RandomAgent() for _ in range(_seats(config))])
    state = GAME.new_state(config, 7)
    for seat, action in record.actions[: record.length // 2]:
        GAME.apply_fast(state, seat, action, None)
    timer = timeit.Timer(state.copy)
    number, _ = timer.autorange()
    return min(timer.repeat(repeat=5, number=number)) / number * 1e6


def copy_times(scenarios: tuple[str, ...]) -> dict[str, Any]:
    """The fresh state's copy, best of 7 timings of 20,000 copies, in µs per copy."""
    out: dict[str, Any] = {"engine": "compiled" if _fast.ACTIVE else "python"}
    for scenario in scenarios:
        state = GAME.new_state(GAME.make_config({"scenario": scenario}), 5)
        best = min(timeit.repeat(state.copy, number=20_000, repeat=7)) / 20_000
        out[scenario] = round(best * 1e6, 2)
    return out


def run(seconds: float = 1.0, scenarios: tuple[str, ...] = ()) -> dict[str, Any]:
    out: dict[str, Any] = {"engine": "compiled" if _fast.ACTIVE else "python"}
    for cfg in GAME.example_configs():
        if scenarios and cfg["scenario"] not in scenarios:
            continue
        config = GAME.make_config(cfg)
        play_match(GAME, config, 1, [RandomAgent() for _ in range(_seats(config))])  # warm-up
        out[cfg["scenario"]] = {
            "random_games_per_s": round(_rate(config, RandomAgent, seconds), 1),
            "heuristic_games_per_s": round(_rate(config, HeuristicAgent, seconds), 2),
            "copy_us": round(_copy_us(config), 1),
        }
    return out


class _Timed:
    """An agent's CPU seconds spent deciding."""

    def __init__(self, agent: Any) -> None:
        self.agent = agent
        self.name = agent.name
        self.needs_observation = agent.needs_observation
        self.wants_view = getattr(agent, "wants_view", False)  # the seat view, as it asks
        self.cpu = 0.0
        self.decisions = 0

    def act(self, game: Any, observation: Any, legal: list[int], seat: int, rng: Any) -> int:
        start = time.process_time()
        pick: int = self.agent.act(game, observation, legal, seat, rng)
        self.cpu += time.process_time() - start
        self.decisions += 1
        return pick


def duel(games: int = 200, scenario: str = "2p-1", seed: int = 1000) -> dict[str, Any]:
    """The heuristic against the copying reference, each deal played from both seats (game
    i: the heuristic on seat i % 2, seed ``seed + i // 2``); a tie counts half."""
    config = GAME.make_config({"scenario": scenario})
    new, old = _Timed(HeuristicAgent()), _Timed(CopyingHeuristicAgent())
    wins = losses = ties = same = 0
    first: list[tuple[int, int]] = []
    for i in range(games):
        seat = i % 2
        agents = [new, old] if seat == 0 else [old, new]
        record = play_match(GAME, config, seed + i // 2, agents)
        if seat == 0:
            first = record.actions
        else:  # the same deal with the seats swapped: the same game if both choose alike
            same += record.actions == first
        outcome = record.outcome
        winners = outcome.winners if outcome is not None else ()
        if winners == (seat,):
            wins += 1
        elif len(winners) != 1:
            ties += 1
        else:
            losses += 1
    score = wins + 0.5 * ties
    low, high = wilson_interval(score, games)
    return {
        "engine": "compiled" if _fast.ACTIVE else "python",
        "scenario": scenario,
        "games": games,
        "heuristic_wins": wins,
        "reference_wins": losses,
        "ties": ties,
        "heuristic_score": round(score / games, 4),
        # deals whose two games (seats swapped) have the same action log
        "identical_deals": f"{same}/{games // 2}",
        "wilson_95": [round(low, 4), round(high, 4)],
        "heuristic_cpu_ms_per_decision": round(1000 * new.cpu / max(1, new.decisions), 3),
        "reference_cpu_ms_per_decision": round(1000 * old.cpu / max(1, old.decisions), 3),
    }


def log_hashes(games: int, scenarios: tuple[str, ...]) -> dict[str, Any]:
    """Per scenario, a short hash of each heuristic self-play game's action log."""
    out: dict[str, Any] = {"engine": "compiled" if _fast.ACTIVE else "python"}
    for scenario in scenarios:
        config = GAME.make_config({"scenario": scenario})
        seats = _seats(config)
        hashes = []
        for i in range(games):
            record = play_match(GAME, config, 900 + i, [HeuristicAgent() for _ in range(seats)])
            result = [record.actions, list(record.outcome.winners), record.outcome.reason]
            hashes.append(hashlib.sha256(json.dumps(result).encode()).hexdigest()[:16])
        out[scenario] = hashes
    return out


KIND_NAMES = {
    acts.K_ATTACK: "attack",
    acts.K_SHOOT: "shoot",
    acts.K_ABILITY: "ability",
    acts.K_SPELL: "spell",
    acts.K_SPELL_AT: "spell at a target",
}


def copy_gaps(games: int, scenario: str) -> dict[str, Any]:
    """Per kind of action the heuristic tries on a copy (attack, shot, ability, spell):
    how many per Command Phase decision, and how far their scores fall below the best
    effect-scored action of the same decision (quantiles; heuristic self-play, seeds 500 on).
    The decisions are the heuristic's own: this only re-scores them."""
    config = GAME.make_config({"scenario": scenario})
    gaps: dict[int, list[float]] = {}
    decisions = 0

    class Probe:  # the heuristic, re-scoring its Command Phase decisions on the side
        name = "heuristic"
        needs_observation = True
        wants_view = True

        def __init__(self) -> None:
            self.agent = HeuristicAgent()

        def act(self, game: Any, observation: Any, legal: list[int], seat: int, rng: Any) -> int:
            nonlocal decisions
            if len(legal) > 1:
                s = game.determinize(observation, rng.copy())
                if s.phase == COMMAND and Scorer.usable(s):
                    decisions += 1
                    for kind, gap in _gaps(game, s, legal, seat):
                        gaps.setdefault(kind, []).append(gap)
            pick: int = self.agent.act(game, observation, legal, seat, rng)
            return pick

    for i in range(games):
        play_match(GAME, config, 500 + i, [Probe(), Probe()])
    out: dict[str, Any] = {
        "engine": "compiled" if _fast.ACTIVE else "python",
        "decisions": decisions,
    }
    for kind, values in sorted(gaps.items()):
        values.sort()
        at = [values[int(q * (len(values) - 1))] for q in (0.1, 0.5, 0.9, 0.99)]
        out[KIND_NAMES.get(kind, str(kind))] = {
            "per_decision": round(len(values) / max(1, decisions), 2),
            # score minus the best effect score: below zero, worse than that action
            "minus_best_p10_p50_p90_p99": [round(x, 1) for x in at],
            "share_above_best": round(sum(1 for x in values if x > 0) / len(values), 3),
        }
    return out


def _gaps(game: Any, s: Any, legal: list[int], seat: int) -> list[tuple[int, float]]:
    """(kind, score minus the best effect score) of each action tried on a copy, from the
    heuristic's own one-ply scores (``bots_duel.ranked``)."""
    lay = game.layout(s.config)
    obj, targets, pull, aggression = _aims(s, seat)
    base = evaluate(s, seat)
    scorer = Scorer(s, seat, base, obj, targets, pull, aggression, _guardian_types(s.cat))
    best = -1e18
    copied: list[tuple[int, float]] = []
    for score, a in ranked(game, s, legal, seat):
        kind, x, y = lay.decode(a)
        if a != acts.END and scorer.score(kind, x, y, a) is None:
            copied.append((kind, score))
        else:
            best = max(best, score)
    return [(kind, score - best) for kind, score in copied]


if __name__ == "__main__":
    args = sys.argv[1:]
    if args[:1] == ["logs"]:
        result = log_hashes(int(args[1]), tuple(args[2:]))
    elif args[:1] == ["duel"]:
        count = int(args[1]) if len(args) > 1 else 200
        result = duel(count, args[2] if len(args) > 2 else "2p-1")
    elif args[:1] == ["play"]:  # games only, nothing printed: for callgrind's counts
        config = GAME.make_config({"scenario": args[2] if len(args) > 2 else "2p-1"})
        for i in range(int(args[1])):
            play_match(GAME, config, 500 + i, [HeuristicAgent(), HeuristicAgent()])
        sys.exit(0)
    elif args[:1] == ["gaps"]:
        result = copy_gaps(int(args[1]), args[2] if len(args) > 2 else "2p-1")
    elif args[:1] == ["copy"]:
        result = copy_times(tuple(args[1:]))
    elif args[:1] == ["rates"]:
        result = run(3.0, tuple(args[1:]))
    else:
        result = run()
    print(json.dumps(result, indent=1))
