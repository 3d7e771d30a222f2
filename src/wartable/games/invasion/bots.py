"""Bots for Draconis Invasion (placeholder, filled in below)."""

from __future__ import annotations

from typing import Any

from wartable.core.rng import Rng


class HeuristicAgent:
    name = "heuristic"
    needs_observation = True

    def act(
        self, game: Any, observation: dict[str, Any] | None, legal: list[int], seat: int, rng: Rng
    ) -> int:
        return legal[rng.below(len(legal))]
