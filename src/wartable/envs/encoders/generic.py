"""The generic fallback encoder: flatten any JSON observation into a fixed-length vector.

The layout comes from a *structural pass*: ``playouts`` random games of the
configuration (fixed seeds, so the layout is the same in every process) are
observed from every seat at every decision, and the shapes seen are merged
into a schema:

- a number or a bool is one slot (its raw value; ``true`` = 1);
- a string is a one-hot over the strings seen at that place, plus one
  "other" slot for a string never seen in the pass;
- a list is one slot for its length, then ``max_len`` item blocks, where
  ``max_len`` is the longest list seen there (capped at ``MAX_LIST``);
  longer lists are truncated;
- a dict is its keys' blocks in sorted key order (keys never seen are
  dropped);
- a place that was sometimes ``null`` (e.g. another seat's hidden hand)
  gets one leading "present" slot.

Numbers are not rescaled. Any game registered later works with this encoder
with no adapter change; a game-specific module in this package is better.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from wartable.core.game import Game
from wartable.core.rng import Rng

from .base import Segment

MAX_LIST = 64
PLAYOUTS = 6
MAX_OBSERVATIONS = 6000


class _Node:
    __slots__ = ("item", "keys", "kinds", "max_len", "vocab")

    def __init__(self) -> None:
        self.kinds: set[str] = set()
        self.vocab: set[str] = set()
        self.keys: dict[str, _Node] = {}
        self.item: _Node | None = None
        self.max_len = 0

    def add(self, value: Any) -> None:
        if value is None:
            self.kinds.add("null")
        elif isinstance(value, bool | int | float):
            self.kinds.add("num")
        elif isinstance(value, str):
            self.kinds.add("str")
            self.vocab.add(value)
        elif isinstance(value, list | tuple):
            self.kinds.add("list")
            self.max_len = min(MAX_LIST, max(self.max_len, len(value)))
            if self.item is None:
                self.item = _Node()
            for v in value[:MAX_LIST]:
                self.item.add(v)
        elif isinstance(value, dict):
            self.kinds.add("dict")
            for k, v in value.items():
                self.keys.setdefault(str(k), _Node()).add(v)
        else:
            raise TypeError(f"observation value of type {type(value).__name__} is not JSON-like")


class _Compiled:
    """A schema node with its width and the order of its parts."""

    __slots__ = ("item", "keys", "nullable", "num", "slots", "vocab", "width")

    width: int

    def __init__(self, node: _Node) -> None:
        self.nullable = "null" in node.kinds
        self.num = "num" in node.kinds
        self.vocab = {s: i for i, s in enumerate(sorted(node.vocab))} if "str" in node.kinds else {}
        self.slots = node.max_len if "list" in node.kinds else -1
        self.item = _Compiled(node.item) if node.item is not None and self.slots > 0 else None
        self.keys = [(k, _Compiled(n)) for k, n in sorted(node.keys.items())]
        width = int(self.nullable) + int(self.num)
        if "str" in node.kinds:
            width += len(self.vocab) + 1
        if self.slots >= 0:
            width += 1 + (self.slots * self.item.width if self.item else 0)
        width += sum(c.width for _, c in self.keys)
        self.width = width

    def write(self, value: Any, out: np.ndarray, at: int) -> None:
        if self.nullable:
            if value is None:
                return
            out[at] = 1.0
            at += 1
        if self.num:
            if isinstance(value, bool | int | float):
                out[at] = float(value)
            at += 1
        if self.vocab:
            if isinstance(value, str):
                out[at + self.vocab.get(value, len(self.vocab))] = 1.0
            at += len(self.vocab) + 1
        if self.slots >= 0:
            if isinstance(value, list | tuple):
                out[at] = float(len(value))
                if self.item is not None:
                    w = self.item.width
                    for i, v in enumerate(value[: self.slots]):
                        self.item.write(v, out, at + 1 + i * w)
            at += 1 + (self.slots * self.item.width if self.item else 0)
        if self.keys:
            for k, child in self.keys:
                if isinstance(value, dict) and k in value:
                    child.write(value[k], out, at)
                at += child.width

    def describe(self, path: str, out: list[Segment]) -> None:
        if self.nullable:
            out.append(Segment(f"{path}?", 1, "1 if present (not null)"))
        if self.num:
            out.append(Segment(path, 1, "raw number (bool: 0/1)"))
        if self.vocab:
            names = ", ".join(self.vocab)
            out.append(Segment(path, len(self.vocab) + 1, f"one-hot of {names}, other"))
        if self.slots >= 0:
            out.append(Segment(f"len({path})", 1, "list length"))
            if self.item is not None and self.slots:
                out.append(
                    Segment(f"{path}[0..{self.slots - 1}]", self.slots * self.item.width, "items")
                )
        for k, child in self.keys:
            child.describe(f"{path}.{k}" if path else k, out)


Transform = Callable[[dict[str, Any]], dict[str, Any]]


def structural_pass(
    game: Game[Any, Any],
    config: Any,
    playouts: int = PLAYOUTS,
    seed: int = 0,
    transform: Transform | None = None,
) -> _Node:
    """Observe random games of ``config`` from every seat and merge the shapes seen."""
    root = _Node()
    seen = 0
    for g in range(playouts):
        state = game.new_state(config, seed + g)
        rng = Rng(seed * 7919 + g)
        seats = game.num_players(state)
        while True:
            if seen < MAX_OBSERVATIONS:
                for s in range(seats):
                    obs = game.observe(state, s)
                    root.add(transform(obs) if transform else obs)
                    seen += 1
            if game.is_terminal(state):
                break
            seat = game.to_act(state)[0]
            legal = game.legal_actions(state, seat)
            game.apply_fast(state, seat, legal[rng.below(len(legal))], None)
    return root


class GenericEncoder:
    """Flattens the observation dict with a layout from ``structural_pass``."""

    name = "generic"

    def __init__(
        self,
        game: Game[Any, Any],
        config: Any,
        playouts: int = PLAYOUTS,
        transform: Transform | None = None,
    ) -> None:
        self.schema = _Compiled(structural_pass(game, config, playouts, transform=transform))
        self.size = self.schema.width

    def encode(self, obs: dict[str, Any]) -> np.ndarray:
        out = np.zeros(self.size, dtype=np.float32)
        self.schema.write(obs, out, 0)
        return out

    def describe(self) -> list[Segment]:
        out: list[Segment] = []
        self.schema.describe("", out)
        return out


def build(game: Game[Any, Any], config: Any) -> GenericEncoder:
    return GenericEncoder(game, config)
