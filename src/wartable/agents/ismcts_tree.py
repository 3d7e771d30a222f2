"""Single-observer information-set MCTS (SO-ISMCTS): the tree and one search.

One tree per decision, rooted at the observer's information set. Every
iteration draws a fresh determinization from the observation
(``game.determinize``), re-seeds its chance generator, and walks the tree
by action ids: a node's children are the actions of the seat acting there,
so the same node is shared by every determinization that reaches it
("open loop": chance outcomes and hidden cards are not part of the key).

Selection is UCT with *availability counts* (Cowling, Powley and Whitehouse
2012): an action's exploration term uses how often it was legal when its
parent was visited, not the parent's visit count, because the legal set
changes with the determinization. One node is expanded per iteration, then
the game is played out by the rollout policy (uniform random by default).

Simultaneous (commit-then-reveal) decisions: when ``to_act`` names several
seats, a *block* starts. Inside it each seat walks its own chain of nodes
keyed only by its own actions in the block, so a seat's statistics never
depend on what another seat committed (decoupled UCT). When every seat of
the block has left ``to_act`` (all finished, the game revealed the buffers),
the walk continues at the public node keyed by the joint commitments.

Guided search (``bias > 0``, Chaslot et al. 2008's progressive bias): at every
tree decision the game's heuristic bot is asked what it would play there, on
this iteration's determinization and from the acting seat's own view; that
action is expanded first and gets ``bias / (n + 1)`` on top of its UCT value,
so the search leans on the heuristic until its own statistics outweigh it.

Rewards come from ``game.outcome``: a sole winner scores 1, each of k seats
sharing a victory scores 1/k, every other seat 0 (no winner: all 0); with
``reward="graded"`` that counts half and the seat's share of all points the other half. Every
seat is scored, and each edge is credited with the reward of the seat that
chose it, so any number of players works.
"""

from __future__ import annotations

import math
import time
from typing import Any, Final

from wartable.core.game import Game, Outcome
from wartable.core.rng import Rng

MAX_PLAYOUT: Final = 1_000_000
CLOCKS: Final = {"wall": time.perf_counter, "cpu": time.process_time}
JointKey = tuple[tuple[int, ...], ...]


class Node:
    """A decision point; ``n``/``w``/``avail`` are the stats of the edge leading here."""

    __slots__ = ("after", "avail", "chains", "children", "n", "w")

    def __init__(self) -> None:
        self.children: dict[int, Node] = {}
        self.n = 0
        self.w = 0.0
        self.avail = 0
        # simultaneous decisions starting here: each seat's own chain, and the
        # public node after the reveal, keyed by every seat's commitments
        self.chains: dict[int, Node] | None = None
        self.after: dict[JointKey, Node] | None = None


class RolloutPolicy:
    """Plays a determinized state to the end. The base class is uniform random."""

    def play(self, game: Game[Any, Any], state: Any, rng: Rng) -> None:
        to_act, legal_actions, apply = game.to_act, game.legal_actions, game.apply_fast
        steps = 0
        acting = to_act(state)
        while acting:
            seat = acting[0]
            legal = legal_actions(state, seat)
            n = len(legal)
            apply(state, seat, legal[rng.below(n)] if n > 1 else legal[0], None)
            steps += 1
            if steps > MAX_PLAYOUT:
                raise RuntimeError(f"{game.id}: playout does not end")
            acting = to_act(state)


class AgentRollout(RolloutPolicy):
    """Plays out with an agent per seat (a game's heuristic bot), fed each seat's
    observation of the *determinized* state; ``choose`` is also the search's guide.

    Every play-out and every guide call gets fresh bots: a bot may remember its own
    plan within a game (Invasion's attack plan spans several decisions), and a
    play-out is a game it joins midway, so nothing may carry over from another
    iteration's world."""

    def __init__(self, factory: Any) -> None:
        self.factory = factory

    def choose(
        self,
        game: Game[Any, Any],
        state: Any,
        seat: int,
        legal: list[int],
        rng: Rng,
        agent: Any = None,
    ) -> int:
        if agent is None:
            agent = self.factory()
        if not agent.needs_observation:
            obs = None
        elif getattr(agent, "wants_view", False):  # a cheap view of the same facts
            obs = game.seat_view(state, seat)
        else:
            obs = game.observe(state, seat)
        action: int = agent.act(game, obs, legal, seat, rng)
        return action

    def play(self, game: Game[Any, Any], state: Any, rng: Rng) -> None:
        agents: dict[int, Any] = {}  # this play-out's bot for each seat
        steps = 0
        acting = game.to_act(state)
        while acting:
            seat = acting[0]
            legal = game.legal_actions(state, seat)
            if len(legal) == 1:
                action = legal[0]
            else:
                agent = agents.get(seat)
                if agent is None:
                    agent = agents[seat] = self.factory()
                action = self.choose(game, state, seat, legal, rng, agent)
            game.apply_fast(state, seat, action, None)
            steps += 1
            if steps > MAX_PLAYOUT:
                raise RuntimeError(f"{game.id}: playout does not end")
            acting = game.to_act(state)


def rewards_from_outcome(out: Outcome) -> list[float]:
    """1 for a sole win, 1/k for each of k seats sharing victory, 0 otherwise."""
    scores = [0.0] * len(out.scores)
    if out.winners:
        share = 1.0 / len(out.winners)
        for w in out.winners:
            scores[w] = share
    return scores


def rewards_with_score_share(out: Outcome) -> list[float]:
    """Half the victory share, half the seat's share of all points (scores shifted so
    none is negative): a graded reward that tells a close loss from a rout."""
    win = rewards_from_outcome(out)
    low = min(0.0, *out.scores) if out.scores else 0.0
    points = [s - low for s in out.scores]
    total = sum(points)
    n = len(points)
    return [
        0.5 * w + 0.5 * (p / total if total > 0 else 1.0 / n)
        for w, p in zip(win, points, strict=True)
    ]


REWARDS: Final = {"victory": rewards_from_outcome, "graded": rewards_with_score_share}


class Search:
    """One ISMCTS search from ``observer``'s observation."""

    def __init__(
        self,
        game: Game[Any, Any],
        observation: dict[str, Any],
        observer: int,
        rng: Rng,
        exploration: float,
        policy: RolloutPolicy,
        guide: AgentRollout | None = None,
        bias: float = 0.0,
        reward: str = "victory",
    ) -> None:
        self.game = game
        self.observation = observation
        self.observer = observer
        self.rng = rng
        self.c = exploration
        self.policy = policy
        self.guide = guide if bias > 0 else None
        self.bias = bias
        self.reward = REWARDS[reward]
        self.root = Node()
        self.iterations = 0

    def run(
        self,
        iterations: int | None,
        seconds: float | None,
        clock: str = "wall",
        decided_among: list[int] | None = None,
    ) -> None:
        """Iterate until the iteration budget or the time budget is spent: wall-clock
        seconds, or with ``clock="cpu"`` this process's CPU seconds (one core's work,
        whatever else the machine runs).

        With an iteration budget and ``decided_among`` (the actions ``best_action`` will
        choose from), stop as soon as the choice is decided: when the most visited of
        those actions leads the next by more visits than the iterations left, no budget
        spent after can change ``best_action``'s answer (an iteration adds one visit to
        one root action), so the move is the full budget's, in less time."""
        now = CLOCKS[clock]
        limit = iterations if iterations is not None else math.inf
        deadline = now() + seconds if seconds is not None else math.inf
        check_clock = seconds is not None
        check_decided = decided_among is not None and iterations is not None
        while self.iterations < limit:
            if check_clock and now() >= deadline and self.iterations > 0:
                break
            if check_decided and self.decided(decided_among or [], limit - self.iterations):
                break
            state = self.game.determinize(self.observation, self.rng)
            state.rng = Rng(self.rng.next64())  # fresh chance for this iteration
            self.iterate(state)
            self.iterations += 1

    def decided(self, actions: list[int], left: float) -> bool:
        """True when the most visited of ``actions`` leads every other by more than
        ``left`` visits (so it stays the most visited whatever ``left`` iterations do)."""
        children = self.decision_node().children
        first = second = 0
        for a in actions:
            ch = children.get(a)
            n = ch.n if ch is not None else 0
            if n > first:
                first, second = n, first
            elif n > second:
                second = n
        return first - second > left

    def decision_node(self) -> Node:
        """The node holding the observer's choices at the root."""
        chains = self.root.chains
        if chains is not None and self.observer in chains:
            return chains[self.observer]
        return self.root

    def best_action(self, legal: list[int]) -> int:
        """The most visited root action (ties: higher mean reward, then lower id)."""
        children = self.decision_node().children
        best, key = legal[0], (-1, -1.0)
        for a in legal:
            ch = children.get(a)
            if ch is None:
                continue
            k = (ch.n, ch.w / ch.n if ch.n else 0.0)
            if k > key:
                best, key = a, k
        return best

    def root_stats(self) -> dict[int, tuple[int, float]]:
        """Visits and mean reward per root action (for display and tests)."""
        return {
            a: (ch.n, ch.w / ch.n if ch.n else 0.0)
            for a, ch in sorted(self.decision_node().children.items())
        }

    # ----- one iteration -------------------------------------------------
    def iterate(self, state: Any) -> None:
        game, rng, c, observer = self.game, self.rng, self.c, self.observer
        guide, bias = self.guide, self.bias
        to_act, legal_actions, apply = game.to_act, game.legal_actions, game.apply_fast
        log = math.log
        path: list[tuple[Node, int]] = []
        node = self.root
        block: Node | None = None  # the public node where a simultaneous block began
        chain: dict[int, Node] = {}
        seqs: dict[int, list[int]] = {}
        remaining: set[int] = set()
        last = -1  # the seat that acted last inside the block
        acting = to_act(state)
        while acting:
            if block is not None:
                if last not in acting:  # that seat finished its commitment
                    remaining.discard(last)
                if not remaining:  # every seat finished: the buffers are revealed
                    key = tuple(tuple(seqs[q]) for q in sorted(seqs))
                    if block.after is None:
                        block.after = {}
                    nxt = block.after.get(key)
                    if nxt is None:
                        nxt = block.after[key] = Node()
                    node, block = nxt, None
            if block is None and len(acting) > 1:
                if node.chains is None:
                    node.chains = {}
                chains = node.chains
                block, remaining = node, set(acting)
                chain, seqs = {}, {}
                for q in acting:
                    ch = chains.get(q)
                    if ch is None:
                        ch = chains[q] = Node()
                    chain[q] = ch
                    seqs[q] = []
            if block is not None:
                seat = observer if observer in acting else acting[0]
                if seat not in chain:  # a seat that joined mid-block: its own chain
                    chain[seat] = Node()
                    seqs[seat] = []
                    remaining.add(seat)
                here = chain[seat]
            else:
                seat = acting[0]
                here = node
            legal = legal_actions(state, seat)
            children = here.children
            expanded = False
            if len(legal) == 1:
                action = legal[0]
                child = children.get(action)
                if child is None:
                    child = children[action] = Node()
            else:
                # the guide's choice here, on this determinization (progressive bias)
                hint = guide.choose(game, state, seat, legal, rng) if guide is not None else -1
                untried: list[int] = []
                for a in legal:
                    ch = children.get(a)
                    if ch is None:
                        untried.append(a)
                    else:
                        ch.avail += 1
                if untried:
                    if hint in untried:  # the guide's choice is tried first
                        action = hint
                    elif len(untried) > 1:
                        action = untried[rng.below(len(untried))]
                    else:
                        action = untried[0]
                    child = children[action] = Node()
                    child.avail = 1
                    expanded = True
                else:
                    action, child, best = legal[0], children[legal[0]], -1.0
                    for a in legal:
                        ch = children[a]
                        if ch.n == 0:
                            action, child = a, ch
                            break
                        v = ch.w / ch.n + c * math.sqrt(log(ch.avail) / ch.n)
                        if a == hint:
                            v += bias / (ch.n + 1)
                        if v > best:
                            action, child, best = a, ch, v
                path.append((child, seat))
            apply(state, seat, action, None)
            if block is not None:
                seqs[seat].append(action)
                chain[seat] = child
                last = seat
            else:
                node = child
            if expanded:
                self.policy.play(game, state, rng)
                break
            acting = to_act(state)
        reward = self.reward(game.outcome(state))
        for child, seat in path:
            child.n += 1
            child.w += reward[seat]
