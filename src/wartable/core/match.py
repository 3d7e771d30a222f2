"""Running a match: agents by seat, seeded randomness, a replayable action log."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .agent import Agent
from .game import Game, Outcome
from .rng import Rng


@dataclass
class MatchRecord:
    game: str
    config: dict[str, Any]
    seed: int
    actions: list[tuple[int, int]] = field(default_factory=list)
    outcome: Outcome | None = None
    metrics: dict[str, Any] = field(default_factory=dict)

    @property
    def length(self) -> int:
        return len(self.actions)


def agent_rngs(seed: int, seats: int) -> list[Rng]:
    """Agents draw from their own generators so their choices never shift the deal."""
    base = Rng(seed ^ 0xA5A5_5A5A_C3C3_3C3C)
    return [base.fork() for _ in range(seats)]


def play_match(
    game: Game[Any, Any],
    config: Any,
    seed: int,
    agents: Sequence[Agent],
    max_decisions: int = 1_000_000,
) -> MatchRecord:
    """Play one game to the end with the fast path (agents choose from legal actions)."""
    config = game.make_config(config)
    state = game.new_state(config, seed)
    seats = game.num_players(state)
    if len(agents) != seats:
        raise ValueError(f"{game.id} needs {seats} agents, got {len(agents)}")
    rngs = agent_rngs(seed, seats)
    record = MatchRecord(game.id, config.model_dump(mode="json"), seed)
    log = record.actions
    views = [bool(getattr(a, "wants_view", False)) for a in agents]  # see agent.py
    while not game.is_terminal(state):
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        if len(legal) == 1:  # a forced move: no need to ask (or build an observation)
            action = legal[0]
        else:
            agent = agents[seat]
            if not agent.needs_observation:
                obs = None
            elif views[seat]:
                obs = game.seat_view(state, seat)
            else:
                obs = game.observe(state, seat)
            action = agent.act(game, obs, legal, seat, rngs[seat])
        game.apply_fast(state, seat, action, None)
        log.append((seat, action))
        if len(log) > max_decisions:
            raise RuntimeError(f"{game.id}: no end after {max_decisions} decisions")
    record.outcome = game.outcome(state)
    record.metrics = game.metrics(state)
    return record
