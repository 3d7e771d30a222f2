"""Research interfaces over the ``Game`` protocol (need the ``rl`` extra).

- ``wartable.envs.pettingzoo.env(game, **config)``: PettingZoo AEC environments.
- ``gym.make("wartable/<game>-v0", ...)``: Gymnasium single-agent environments
  (registered when this package is imported).
- ``wartable.envs.openspiel.register()``: registers ``wartable_<game>`` pyspiel games.
- ``wartable.envs.encoders``: observation dict -> fixed-length vector, per game.

None of them knows a rule: a game registered later works through the same
adapters (with the generic encoder until it gets its own).
"""

from __future__ import annotations

from .gymnasium import register as register_gymnasium

GYM_IDS = register_gymnasium()

__all__ = ["GYM_IDS", "register_gymnasium"]
