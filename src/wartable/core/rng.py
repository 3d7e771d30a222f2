"""Seeded, portable randomness owned by a match.

The generator is SplitMix64 written out in integer arithmetic, so the same seed
gives the same numbers on every platform and Python version (unlike
``random.Random``, whose derived methods have changed between versions). Its
whole state is one integer, so copying a game state copies its randomness
for free and positions can store it.
"""

from __future__ import annotations

import sys
from collections.abc import MutableSequence
from types import BuiltinFunctionType
from typing import Final, TypeVar

from .splitmix_limbs import (
    LIMB_BOUND,
    below_in_limbs,
    belows_in_limbs,
    next_in_limbs,
    shuffle_in_limbs,
)

T = TypeVar("T")

_MASK: Final = (1 << 64) - 1
_GAMMA: Final = 0x9E3779B97F4A7C15
_BATCH_MIN: Final = 8  # shorter shuffles draw one at a time (the batch's set-up costs more)
_LANES: Final[dict[int, tuple[int, int, int]]] = {}  # per list length: the lane constants
_LITTLE: Final = sys.byteorder == "little"
# a compiled build (mypyc, see bench/compiled_engine.py) shuffles and draws bounded integers
# in machine-word arithmetic
COMPILED_SHUFFLE: Final = isinstance(shuffle_in_limbs, BuiltinFunctionType)


class Rng:
    """SplitMix64 with unbiased bounded integers and Fisher-Yates shuffles."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def copy(self) -> Rng:
        clone = Rng.__new__(Rng)
        clone.state = self.state
        return clone

    def next64(self) -> int:
        if COMPILED_SHUFFLE:  # machine words (splitmix_limbs.py)
            self.state, out = next_in_limbs(self.state)
            return out
        return self._next_big()

    def _next_big(self) -> int:
        """``next64`` in big-integer arithmetic (the interpreted engine's form)."""
        self.state = (self.state + _GAMMA) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) by rejection (no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        if COMPILED_SHUFFLE and n <= LIMB_BOUND:  # machine words (splitmix_limbs.py)
            packed = below_in_limbs(self.state, n)
            self.state = (self.state + (packed >> 22) * _GAMMA) & _MASK
            return packed & (LIMB_BOUND - 1)
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def belows(self, n: int, count: int) -> list[int]:
        """``count`` draws of ``below(n)``, in order, and the state after them (one call for
        a bot's tie-breaks: compiled, the state stays in machine words between draws)."""
        if n <= 0:
            raise ValueError("belows() needs a positive bound")
        if COMPILED_SHUFFLE and n <= LIMB_BOUND:
            out: list[int] = []
            self.state = belows_in_limbs(self.state, n, count, out)
            return out
        return [self.below(n) for _ in range(count)]

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in [low, high], both ends included (a die: randint(1, 6))."""
        return low + self.below(high - low + 1)

    def choice(self, items: list[T] | tuple[T, ...]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, one ``below(i + 1)`` per position from the end.

        Lists of ``_BATCH_MIN`` or more take every draw at once (same result, about twice
        as fast; reshuffles are a hot path in card games): SplitMix64's k-th next output
        depends only on the state plus k times gamma, so all of them are computed as
        128-bit lanes of one big integer (each lane holds a 64-bit value and room for its
        products; the bits a shift pulls in from the next lane are masked off before each
        multiplication). In the compiled engine, lists go to ``shuffle_in_limbs`` instead
        (machine-word arithmetic; the same draws).
        """
        if COMPILED_SHUFFLE and type(items) is list:
            self.state = shuffle_in_limbs(self.state, items)
            return
        m = len(items) - 1
        draws = self._next_draws(m) if m >= _BATCH_MIN else None
        if draws is None:
            for i in range(m, 0, -1):
                j = self.below(i + 1)
                items[i], items[j] = items[j], items[i]
            return
        i = m
        for z in draws:
            j = z % (i + 1)
            items[i], items[j] = items[j], items[i]
            i -= 1
        self.state = (self.state + m * _GAMMA) & _MASK

    def _next_draws(self, m: int) -> list[int] | None:
        """The next ``m`` outputs of ``next64`` (the state is not advanced), or ``None``
        when ``below`` could reject one of them (a chance of about m / 2**64) or the
        platform is big-endian: then the caller draws one at a time."""
        if not _LITTLE:
            return None
        lanes = _LANES.get(m)
        if lanes is None:
            ones = sum(1 << (128 * k) for k in range(m))
            gammas = sum((((k + 1) * _GAMMA) & _MASK) << (128 * k) for k in range(m))
            lanes = _LANES[m] = (ones, gammas, ones * _MASK)
        ones, gammas, mask = lanes
        z = (self.state * ones + gammas) & mask
        z = (((z ^ (z >> 30)) & mask) * 0xBF58476D1CE4E5B9) & mask
        z = (((z ^ (z >> 27)) & mask) * 0x94D049BB133111EB) & mask
        z ^= z >> 31
        draws: list[int] = memoryview(z.to_bytes(16 * m, "little")).cast("Q")[::2].tolist()
        if max(draws) >= (1 << 64) - m - 1:  # below(n <= m + 1) might reject it
            return None
        return draws

    def fork(self) -> Rng:
        """An independent generator derived from this one (advances this one)."""
        return Rng(self.next64())
