"""The random bot: a uniform choice among legal actions, from its own seeded generator."""

from __future__ import annotations

from typing import Any

from wartable.core.rng import Rng


class RandomAgent:
    name = "random"
    needs_observation = False

    def act(
        self, game: Any, observation: dict[str, Any] | None, legal: list[int], seat: int, rng: Rng
    ) -> int:
        return legal[rng.below(len(legal))]
