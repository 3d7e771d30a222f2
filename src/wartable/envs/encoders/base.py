"""Observation encoders: a game's observation dict -> a fixed-length float32 vector.

An encoder is built once per (game, config) and its ``size`` never changes
afterwards, so a policy network can be sized from it. ``describe()`` lists the
named segments of the vector (name, width, meaning); ``docs/research.md``
shows them per game.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple, Protocol

import numpy as np


class Segment(NamedTuple):
    name: str
    width: int
    doc: str


class Encoder(Protocol):
    """What every encoder offers (per-game ones and the generic fallback)."""

    name: str
    size: int

    def encode(self, obs: dict[str, Any]) -> np.ndarray: ...

    def describe(self) -> list[Segment]: ...


class Writer:
    """Writes values into the named segments of one output vector."""

    __slots__ = ("offsets", "out")

    def __init__(self, out: np.ndarray, offsets: dict[str, tuple[int, int]]) -> None:
        self.out = out
        self.offsets = offsets

    def scalar(self, name: str, value: float, scale: float = 1.0) -> None:
        start, _ = self.offsets[name]
        self.out[start] = float(value) / scale

    def vector(self, name: str, values: Iterable[float], scale: float = 1.0) -> None:
        """Values in order, truncated to the segment width (missing ones stay 0)."""
        start, width = self.offsets[name]
        for i, v in enumerate(values):
            if i >= width:
                break
            self.out[start + i] = float(v) / scale

    def onehot(self, name: str, index: int) -> None:
        """A 1 at ``index``; an index outside the segment (e.g. -1 for none) writes nothing."""
        start, width = self.offsets[name]
        if 0 <= index < width:
            self.out[start + index] = 1.0

    def multihot(self, name: str, indices: Iterable[int], value: float = 1.0) -> None:
        start, width = self.offsets[name]
        for i in indices:
            if 0 <= i < width:
                self.out[start + i] += value


class FeatureEncoder:
    """A fixed layout of named segments; subclasses implement ``fill``."""

    name = "features"

    def __init__(self, segments: Sequence[Segment]) -> None:
        self.segments = list(segments)
        self.offsets: dict[str, tuple[int, int]] = {}
        at = 0
        for seg in self.segments:
            if seg.name in self.offsets:
                raise ValueError(f"duplicate segment {seg.name!r}")
            self.offsets[seg.name] = (at, seg.width)
            at += seg.width
        self.size = at

    def encode(self, obs: dict[str, Any]) -> np.ndarray:
        out = np.zeros(self.size, dtype=np.float32)
        self.fill(obs, Writer(out, self.offsets))
        return out

    def fill(self, obs: dict[str, Any], w: Writer) -> None:
        raise NotImplementedError

    def describe(self) -> list[Segment]:
        return list(self.segments)


def rotate(values: Sequence[Any], seat: int) -> list[Any]:
    """Per-seat values reordered so index 0 is ``seat`` (then the seats after it)."""
    n = len(values)
    if n == 0 or seat is None or seat < 0:
        return list(values)
    return [values[(seat + i) % n] for i in range(n)]


def rel_seat(target: int, seat: int, players: int) -> int:
    """``target`` relative to ``seat`` (0 = me); -1 stays -1 (no one)."""
    if target is None or target < 0 or seat is None or seat < 0:
        return -1
    return (target - seat) % players
