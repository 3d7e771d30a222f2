"""The generic fallback encoder: flatten any JSON observation into a fixed-length vector.

The layout comes from a *structural pass*: ``playouts`` random games of the
configuration (fixed seeds, so the layout is the same in every process) are
observed from every seat at every decision, and the shapes seen are merged
into a schema:

- a number or a bool: one slot holding it when every value seen there lay in
  [0, 1] (flags, fractions); a one-hot over the values seen plus an "other"
  slot when they were at most ``ONE_HOT`` distinct integers (small counters,
  -1 for none, a seat); otherwise one slot ``(v - lo) / (hi - lo)`` with the
  lowest and highest values seen, clipped to [0, 1];
- a string: a one-hot over the strings seen at that place, plus one
  "other" slot for a string never seen in the pass;
- a list of integers whose length varies and whose items took more than
  ``ONE_HOT`` values (a hand, a deck, a discard pile of card ids): a *bag*,
  one slot for its length (``len / longest seen``, clipped), then a count
  per value ``lo .. hi`` seen (``count / the most copies seen``, clipped),
  plus an "other" slot: ids become multi-hot, never raw numbers;
- any other list: one slot for its length (``len / longest seen``,
  clipped), then ``max_len`` item blocks, where ``max_len`` is the longest
  list seen there (capped at ``MAX_LIST``); longer lists are truncated;
- a dict is its keys' blocks in sorted key order (keys never seen are
  dropped);
- a place that was sometimes ``null`` (e.g. another seat's hidden hand)
  gets one leading "present" slot.

So every value is in [0, 1]. Any game registered later works with this
encoder with no adapter change; a game's own layout (``wartable.games.<id>.encode``)
is better.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from wartable.core.features import Segment
from wartable.core.game import Game
from wartable.core.rng import Rng

MAX_LIST = 64
MAX_BAG = 512  # widest value range a bag's multi-hot may span
ONE_HOT = 16
PLAYOUTS = 6
MAX_OBSERVATIONS = 6000


class _Node:
    __slots__ = (
        "copies",
        "distinct",
        "hi",
        "ints",
        "item",
        "keys",
        "kinds",
        "lo",
        "max_len",
        "min_len",
        "vocab",
    )

    def __init__(self) -> None:
        self.kinds: set[str] = set()
        self.vocab: set[str] = set()
        self.keys: dict[str, _Node] = {}
        self.item: _Node | None = None
        self.max_len = 0
        self.min_len = 1 << 30
        self.lo = float("inf")
        self.hi = float("-inf")
        self.ints = True
        self.distinct: set[float] = set()  # at most ONE_HOT + 1 kept
        self.copies = 1  # most copies of one value in one list (for bags)

    def add(self, value: Any) -> None:
        if value is None:
            self.kinds.add("null")
        elif isinstance(value, bool | int | float):
            self.kinds.add("num")
            v = float(value)
            self.lo, self.hi = min(self.lo, v), max(self.hi, v)
            self.ints = self.ints and isinstance(value, int)
            if len(self.distinct) <= ONE_HOT:
                self.distinct.add(v)
        elif isinstance(value, str):
            self.kinds.add("str")
            self.vocab.add(value)
        elif isinstance(value, list | tuple):
            self.kinds.add("list")
            self.max_len = max(self.max_len, len(value))
            self.min_len = min(self.min_len, len(value))
            if self.item is None:
                self.item = _Node()
            for v in value:
                self.item.add(v)
            ints = [v for v in value if isinstance(v, int)]
            if ints:
                self.copies = max(self.copies, max(ints.count(v) for v in set(ints)))
        elif isinstance(value, dict):
            self.kinds.add("dict")
            for k, v in value.items():
                self.keys.setdefault(str(k), _Node()).add(v)
        else:
            raise TypeError(f"observation value of type {type(value).__name__} is not JSON-like")


class _Compiled:
    """A schema node with its width and the order of its parts."""

    __slots__ = (
        "bag",
        "copies",
        "hi",
        "item",
        "keys",
        "lo",
        "max_len",
        "nullable",
        "num",
        "onehot",
        "slots",
        "vocab",
        "width",
    )

    width: int

    def __init__(self, node: _Node) -> None:
        self.nullable = "null" in node.kinds
        self.num = "num" in node.kinds
        self.lo, self.hi = node.lo, node.hi
        self.onehot: dict[float, int] = {}
        if self.num and not (0.0 <= node.lo and node.hi <= 1.0):
            if node.ints and len(node.distinct) <= ONE_HOT:
                self.onehot = {v: i for i, v in enumerate(sorted(node.distinct))}
        self.vocab = {s: i for i, s in enumerate(sorted(node.vocab))} if "str" in node.kinds else {}
        is_list = "list" in node.kinds
        self.max_len = node.max_len if is_list else 0
        item = node.item
        self.bag = (
            is_list
            and item is not None
            and item.kinds == {"num"}
            and item.ints
            and len(item.distinct) > ONE_HOT
            and node.min_len != node.max_len
            and item.hi - item.lo < MAX_BAG
        )
        self.copies = node.copies
        if self.bag:
            assert item is not None
            self.lo, self.hi = item.lo, item.hi
            self.slots = int(item.hi - item.lo) + 2  # each value, then "other"
            self.item = None
        else:
            self.slots = min(MAX_LIST, node.max_len) if is_list else -1
            self.item = _Compiled(item) if item is not None and self.slots > 0 else None
        self.keys = [(k, _Compiled(n)) for k, n in sorted(node.keys.items())]
        width = int(self.nullable)
        if self.num:
            width += len(self.onehot) + 1 if self.onehot else 1
        if "str" in node.kinds:
            width += len(self.vocab) + 1
        if self.bag:
            width += 1 + self.slots
        elif self.slots >= 0:
            width += 1 + (self.slots * self.item.width if self.item else 0)
        width += sum(c.width for _, c in self.keys)
        self.width = width

    def _number(self, value: float) -> float:
        if 0.0 <= self.lo and self.hi <= 1.0:
            return min(1.0, max(0.0, value))
        span = self.hi - self.lo
        return min(1.0, max(0.0, (value - self.lo) / span)) if span > 0 else 0.0

    def write(self, value: Any, out: np.ndarray, at: int) -> None:
        if self.nullable:
            if value is None:
                return
            out[at] = 1.0
            at += 1
        if self.num:
            if self.onehot:
                if isinstance(value, bool | int | float):
                    out[at + self.onehot.get(float(value), len(self.onehot))] = 1.0
                at += len(self.onehot) + 1
            else:
                if isinstance(value, bool | int | float):
                    out[at] = self._number(float(value))
                at += 1
        if self.vocab:
            if isinstance(value, str):
                out[at + self.vocab.get(value, len(self.vocab))] = 1.0
            at += len(self.vocab) + 1
        if self.bag:
            if isinstance(value, list | tuple):
                out[at] = min(1.0, len(value) / max(1, self.max_len))
                step = 1.0 / self.copies
                other = at + self.slots
                for v in value:
                    if isinstance(v, int) and self.lo <= v <= self.hi:
                        slot = at + 1 + int(v - self.lo)
                    else:
                        slot = other
                    out[slot] = min(1.0, out[slot] + step)
            at += 1 + self.slots
        elif self.slots >= 0:
            if isinstance(value, list | tuple):
                out[at] = min(1.0, len(value) / max(1, self.max_len))
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
            if self.onehot:
                seen = ", ".join(f"{v:g}" for v in self.onehot)
                out.append(Segment(path, len(self.onehot) + 1, f"one-hot of {seen}, other"))
            elif 0.0 <= self.lo and self.hi <= 1.0:
                out.append(Segment(path, 1, "value in [0, 1] (bool: 0/1)"))
            else:
                out.append(Segment(path, 1, f"(v - {self.lo:g}) / {self.hi - self.lo:g}, clipped"))
        if self.vocab:
            names = ", ".join(self.vocab)
            out.append(Segment(path, len(self.vocab) + 1, f"one-hot of {names}, other"))
        if self.bag:
            out.append(Segment(f"len({path})", 1, f"list length / {self.max_len}"))
            out.append(
                Segment(
                    f"bag({path})",
                    self.slots,
                    f"count of each id {self.lo:g}..{self.hi:g} / {self.copies}, other",
                )
            )
        elif self.slots >= 0:
            out.append(Segment(f"len({path})", 1, f"list length / {max(1, self.max_len)}"))
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
