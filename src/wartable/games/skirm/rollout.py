"""The Skirm rollout bot: flat Monte Carlo over each ability decision.

For every legal choice the bot samples ``samples`` states consistent with its
observation (``game.determinize``: the opponent's concealed CLOAK dice and any
unseen cards are drawn, never read from the true state), applies the choice
and finishes the duel with uniformly random play. The choice with the most
wins is taken; the greedy bot's own choice breaks ties (a small bonus). Every
choice is scored on the same sampled states and dice (common random numbers),
so the comparison between choices is not drowned in dice noise.

Card choice (a hand of several cards) and the Quick Variant use the greedy
bot's rules (``agents.HeuristicAgent``).
"""

from __future__ import annotations

from typing import Any

from wartable.core.rng import Rng

from . import abilities
from .bots import HeuristicAgent
from .state import OVER, SkirmState


def random_finish(s: SkirmState, seat: int, rng: Rng) -> float:
    """Play ``s`` to the end with uniformly random choices; 1.0 if ``seat`` wins."""
    while s.phase != OVER:
        legal = abilities.legal(s)
        a = legal[0] if len(legal) == 1 else legal[rng.below(len(legal))]
        abilities.apply(s, a, None)
    return 1.0 if s.winner == seat else 0.0


class RolloutAgent:
    name = "heuristic"
    needs_observation = True

    def __init__(self, samples: int = 32) -> None:
        self.samples = samples
        self.greedy = HeuristicAgent()

    def act(
        self, game: Any, observation: dict[str, Any] | None, legal: list[int], seat: int, rng: Rng
    ) -> int:
        assert observation is not None
        if observation["phase"] != "ability" or len(legal) == 1:
            return self.greedy.act(game, observation, legal, seat, rng)
        return self._choose_ability(game, observation, legal, seat, rng)

    def _choose_ability(
        self, game: Any, observation: dict[str, Any], legal: list[int], seat: int, rng: Rng
    ) -> int:
        sampled: list[tuple[SkirmState, int]] = []
        for _ in range(self.samples):
            r = rng.fork()
            sampled.append((game.determinize(observation, r), r.next64()))
        prior = self.greedy.act(game, observation, legal, seat, rng)
        best, best_v = prior, float("-inf")
        for a in legal:
            v = 0.5 if a == prior else 0.0
            for s, seed in sampled:
                t = s.copy()
                abilities.apply(t, a, None)
                v += random_finish(t, seat, Rng(seed))
            if v > best_v:
                best, best_v = a, v
        return best
