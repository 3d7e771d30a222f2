"""The weapon game heuristic bot (a classic Durak strategy).

Attack with cheap cards (low values, never Swords unless the Final Battle
asks to empty the hand), defend with the cheapest card that beats the attack,
never concede while a defence exists, and against a face-down attack play the
card most likely to beat it (the attack's value is one already used).
"""

from __future__ import annotations

from typing import Any

from wartable.core.rng import Rng

from .cards import beats, deck_size, group_of, trump_index, value_of
from .config import WeaponsConfig


def cost(card: int, c: WeaponsConfig) -> int:
    """How much a card is worth keeping: Swords above everything, then by value."""
    return value_of(card, c) + (c.max_value if group_of(card, c) == trump_index(c) else 0)


class HeuristicAgent:
    name = "heuristic"
    needs_observation = True

    def act(
        self, game: Any, observation: dict[str, Any] | None, legal: list[int], seat: int, rng: Rng
    ) -> int:
        assert observation is not None
        o = observation
        c = WeaponsConfig.model_validate(o["config"])
        n = deck_size(c)
        cards = [a for a in legal if a < n]
        others = [a for a in legal if a >= n]
        if o["phase"] == "defend":
            if not cards:
                return others[0]
            if o["attacks"] and o["attacks"][-1] < 0:
                return self._blind(o, c, cards)
            return min(cards, key=lambda x: cost(x, c))
        if not cards:
            return others[0]
        final = o["deck_count"] == 0
        trump = trump_index(c)
        if o["phase"] == "attack" and not o["attacks"]:
            # lead with the value we hold most of (so follow-ups are possible), cheapest first
            hand = o["hand"]
            counts = {
                v: sum(1 for x in hand if value_of(x, c) == v) for v in range(1, c.max_value + 1)
            }
            return min(cards, key=lambda x: (cost(x, c) - 2 * counts[value_of(x, c)], x))
        cheap = [x for x in cards if group_of(x, c) != trump or final]
        if not cheap:
            return others[0]
        if not final:
            cheap = [x for x in cheap if value_of(x, c) <= c.max_value // 2 + 2] or (
                cheap if o["phase"] == "throw_in" else []
            )
            if not cheap:
                return others[0]
        return min(cheap, key=lambda x: cost(x, c))

    def _blind(self, o: dict[str, Any], c: WeaponsConfig, cards: list[int]) -> int:
        """Play the card that beats the most possible face-down attacks."""
        used = {value_of(x, c) for x in o["attacks"] if x >= 0} | {
            value_of(x, c) for x in o["defences"]
        }
        seen = set(o["hand"]) | set(o["discard"]) | set(o["defences"])
        seen |= {x for x in o["attacks"] if x >= 0}
        possible = [x for x in range(deck_size(c)) if x not in seen and value_of(x, c) in used] or [
            x for x in range(deck_size(c)) if x not in seen
        ]
        return max(cards, key=lambda d: (sum(1 for a in possible if beats(d, a, c)), -cost(d, c)))
