"""Observation encoders: a game's observation dict -> a fixed-length float32 vector.

An encoder is built once per (game, config) and its ``size`` never changes
afterwards, so a policy network can be sized from it. ``describe()`` lists the
named segments of the vector (name, width, meaning); ``docs/research.md``
shows them per game. A game's own layout (``wartable.core.features``, declared in
``wartable.games.<id>.encode``) is pure Python; :class:`FeatureEncoder` is the
numpy side of it.
"""

from __future__ import annotations

from typing import Any, Protocol

import numpy as np

from wartable.core.features import FeatureLayout, Segment, Writer


class Encoder(Protocol):
    """What every encoder offers (per-game ones and the generic fallback)."""

    name: str
    size: int

    def encode(self, obs: dict[str, Any]) -> np.ndarray: ...

    def describe(self) -> list[Segment]: ...


class FeatureEncoder:
    """A game's feature layout writing into a float32 vector."""

    def __init__(self, layout: FeatureLayout) -> None:
        self.layout = layout
        self.name = layout.name
        self.size = layout.size

    def encode(self, obs: dict[str, Any]) -> np.ndarray:
        out = np.zeros(self.size, dtype=np.float32)
        self.layout.fill(obs, Writer(out, self.layout.offsets))
        return out

    def describe(self) -> list[Segment]:
        return self.layout.describe()

    def rest(self, obs: dict[str, Any]) -> dict[str, Any]:
        """The part of ``obs`` the layout does not cover."""
        return self.layout.rest(obs)


class CombinedEncoder:
    """A game's own encoder followed by the generic encoding of the rest."""

    def __init__(self, main: FeatureEncoder, rest: Encoder) -> None:
        self.main = main
        self.rest = rest
        self.name = main.name
        self.size = main.size + rest.size

    def encode(self, obs: dict[str, Any]) -> np.ndarray:
        rest = self.rest.encode(self.main.rest(obs))
        return np.concatenate([self.main.encode(obs), rest])

    def describe(self) -> list[Segment]:
        tail = [Segment(f"rest: {s.name}", s.width, s.doc) for s in self.rest.describe()]
        return self.main.describe() + tail
