"""The Skirm expectimax bot: exact-model search against a random opponent.

It plays every ability choice by ``search.DuelSearch`` (all of its own choices
searched to the end of the duel on sampled worlds, the opponent modelled as a
uniformly random duelist, dice as they fall). It is the strongest bot here
against the random bot and the slowest (about 0.5-1 s per duel); card choice and
the Quick Variant use the greedy rules (as in ``rollout.RolloutAgent``). It exists to measure how far good play
can go in this duel (docs/games/skirm.md, "Bots and measured figures").
"""

from __future__ import annotations

from typing import Any

from wartable.core.rng import Rng

from .rollout import RolloutAgent
from .search import DuelSearch


class ExpectimaxAgent(RolloutAgent):
    name = "expectimax"

    def __init__(
        self, worlds: int = 32, min_worlds: int = 8, max_splits: int = 2, budget: int = 20_000
    ) -> None:
        super().__init__()
        self.worlds = worlds
        self.min_worlds = min_worlds
        self.max_splits = max_splits
        self.budget = budget

    def _choose_ability(
        self, game: Any, observation: dict[str, Any], legal: list[int], seat: int, rng: Rng
    ) -> int:
        worlds = [game.determinize(observation, rng.fork()) for _ in range(self.worlds)]
        prior = self.greedy.act(game, observation, legal, seat, rng)
        search = DuelSearch(
            seat, self.worlds, self.min_worlds, self.max_splits, self.budget, rng.fork()
        )
        return search.choose(worlds, legal, prior)
