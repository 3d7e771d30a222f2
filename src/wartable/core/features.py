"""Feature layouts: how a game's observation dict fills a fixed-length vector of floats.

A game that wants its own observation encoding for learning agents declares it in
``wartable.games.<id>.encode`` as a :class:`FeatureLayout`: named segments (name,
width, meaning) and a ``fill`` that writes one observation into them. The layout is
pure Python and knows only the observation, so it lives beside the game whose
``observe`` it reads; ``wartable.envs.encoders`` turns it into numpy vectors (and
appends the generic encoding of any observation key the layout does not cover).
``features(obs)`` gives the same values as a plain list, without numpy.

The layout is built once per (game, config) and its ``size`` never changes
afterwards, so a policy network can be sized from it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple, Protocol


class Segment(NamedTuple):
    name: str
    width: int
    doc: str


class Buffer(Protocol):
    """Where a :class:`Writer` writes: a list of floats or a numpy vector."""

    def __getitem__(self, index: int, /) -> Any: ...

    def __setitem__(self, index: int, value: float, /) -> None: ...


def squash(value: float, scale: float) -> float:
    """A count in [0, 1): ``v / (v + scale)`` (0 for none, 0.5 at ``scale``; never
    clipped, so a larger count is always told apart). Negative values give 0."""
    v = max(0.0, float(value))
    return v / (v + scale)


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


class Writer:
    """Writes values into the named segments of one output vector."""

    __slots__ = ("offsets", "out")

    def __init__(self, out: Buffer, offsets: dict[str, tuple[int, int]]) -> None:
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

    def counts(self, name: str, values: Iterable[float], scale: float) -> None:
        """Counts in order, each squashed into [0, 1) (``squash``)."""
        start, width = self.offsets[name]
        for i, v in enumerate(values):
            if i >= width:
                break
            self.out[start + i] = squash(v, scale)

    def onehot(self, name: str, index: int) -> None:
        """A 1 at ``index``; an index outside the segment (e.g. -1 for none) writes nothing."""
        start, width = self.offsets[name]
        if 0 <= index < width:
            self.out[start + index] = 1.0

    def multihot(self, name: str, indices: Iterable[int], value: float = 1.0) -> None:
        start, width = self.offsets[name]
        for i in indices:
            if 0 <= i < width:
                self.out[start + i] = self.out[start + i] + value


class FeatureLayout:
    """A fixed layout of named segments; subclasses implement ``fill``.

    ``covered`` names the observation keys the layout reads or deliberately
    leaves out (a constant config, a decision counter): top-level keys, and
    ``"list.key"`` for a key of the dicts inside a top-level list. Every other
    key is "the rest" (``rest``), which the RL adapters encode generically, so a
    key a game adds later is still seen by a policy.
    """

    name = "features"
    covered: tuple[str, ...] = ()

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

    def fill(self, obs: dict[str, Any], w: Writer) -> None:
        raise NotImplementedError

    def features(self, obs: dict[str, Any]) -> list[float]:
        """The observation's values as a plain list of ``size`` floats."""
        out = [0.0] * self.size
        self.fill(obs, Writer(out, self.offsets))
        return out

    def describe(self) -> list[Segment]:
        return list(self.segments)

    def rest(self, obs: dict[str, Any]) -> dict[str, Any]:
        """The part of ``obs`` this layout does not cover."""
        top = {c for c in self.covered if "." not in c}
        nested: dict[str, set[str]] = {}
        for c in self.covered:
            if "." in c:
                head, _, key = c.partition(".")
                nested.setdefault(head, set()).add(key)
        out: dict[str, Any] = {}
        for key, value in obs.items():
            if key in nested and isinstance(value, list):
                keep = [
                    {k: v for k, v in item.items() if k not in nested[key]}
                    if isinstance(item, dict)
                    else item
                    for item in value
                ]
                if any(item for item in keep):
                    out[key] = keep
            elif key not in top:
                out[key] = value
        return out
