"""Running a match: agents by seat, seeded randomness, a replayable action log."""

from __future__ import annotations

import numbers
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .agent import Agent
from .errors import IllegalAction
from .game import Game, Outcome
from .rng import Rng
from .seeds import derive_seed


@dataclass
class MatchRecord:
    game: str
    config: dict[str, Any]
    seed: int
    actions: list[tuple[int, int]] = field(default_factory=list)
    outcome: Outcome | None = None
    metrics: dict[str, Any] = field(default_factory=dict)
    agent_seed: int | None = None  # the agents' seed (``agent_rngs``), known after the end

    @property
    def length(self) -> int:
        return len(self.actions)


def agent_rngs(agent_seed: int, seats: int) -> list[Rng]:
    """One generator per seat, from the agents' seed (never the match seed).

    Agents draw from their own generators so their choices never shift the deal. Each
    seat's generator is a one-way hash of ``agent_seed`` and the seat (``seeds.py``): a
    seat that inverts its SplitMix64 outputs recovers only its own generator's state, not
    ``agent_seed``, another seat's generator, or the match seed."""
    return [Rng(derive_seed(agent_seed, "agent", seat)) for seat in range(seats)]


def default_agent_seed(seed: int) -> int:
    """The agents' seed of a match given only its match seed: a one-way hash of it (the
    agents' outputs do not lead back to the seed). Callers that can should pass an
    independent agent seed instead (the simulation lab derives one per game from its
    master seed; interactive play draws fresh entropy)."""
    return derive_seed(seed, "agents")


def play_match(
    game: Game[Any, Any],
    config: Any,
    seed: int,
    agents: Sequence[Agent],
    max_decisions: int = 1_000_000,
    agent_seed: int | None = None,
) -> MatchRecord:
    """Play one game to the end with the fast path (agents choose from legal actions).

    ``agent_seed`` seeds the agents' generators (``agent_rngs``); by default it is
    ``default_agent_seed(seed)``, so the same arguments always give the same game.

    An agent's answer must be one of the ``legal`` ids it was offered, as an integer: a
    Python ``int`` or any other integral number type (a numpy integer: it is logged as
    ``int``); never a ``bool``, a float (even ``2.0``) or a string. Anything else raises
    ``IllegalAction`` naming the agent, the seat, the answer and the decision number (the
    decisions already played), before the state changes: ``apply_fast`` does not check,
    and would play on or crash on it."""
    config = game.make_config(config)
    state = game.new_state(config, seed)
    seats = game.num_players(state)
    if len(agents) != seats:
        raise ValueError(f"{game.id} needs {seats} agents, got {len(agents)}")
    if agent_seed is None:
        agent_seed = default_agent_seed(seed)
    rngs = agent_rngs(agent_seed, seats)
    record = MatchRecord(game.id, config.model_dump(mode="json"), seed, agent_seed=agent_seed)
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
            # typed ``object`` through ``Any``: compiled code would otherwise cast the answer
            # to ``int`` and raise its own TypeError before the check below
            chooser: Any = agent
            answer: object = chooser.act(game, obs, legal, seat, rngs[seat])
            if type(answer) is int and answer in legal:  # the usual case: one membership test
                action = answer
            else:
                action = _refuse_or_convert(game.id, agent, seat, answer, legal, len(log))
        game.apply_fast(state, seat, action, None)
        log.append((seat, action))
        if len(log) > max_decisions:
            raise RuntimeError(f"{game.id}: no end after {max_decisions} decisions")
    record.outcome = game.outcome(state)
    record.metrics = game.metrics(state)
    return record


def _refuse_or_convert(
    game_id: str, agent: Agent, seat: int, answer: object, legal: list[int], decision: int
) -> int:
    """A legal answer of another integral type (a numpy integer) as ``int``; otherwise
    ``IllegalAction`` naming who answered what, where."""
    name = getattr(agent, "name", type(agent).__name__)
    where = f"{game_id}: agent {name!r} at seat {seat}, decision {decision}"
    if isinstance(answer, bool) or not isinstance(answer, numbers.Integral):
        raise IllegalAction(
            f"{where}: returned {repr(answer)[:60]} ({type(answer).__name__}), "
            "not an integer action id"
        )
    action = int(answer)
    if action not in legal:
        shown = ", ".join(str(a) for a in legal[:20]) + (", ..." if len(legal) > 20 else "")
        raise IllegalAction(
            f"{where}: returned action {action}, which is not legal here "
            f"({len(legal)} legal: {shown})"
        )
    return action
