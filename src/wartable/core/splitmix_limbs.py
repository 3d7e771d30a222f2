"""SplitMix64 shuffles and bounded draws in machine-word arithmetic, for the compiled build.

CPython's integers are arbitrary precision, so the 64-bit arithmetic of SplitMix64 costs
a few allocations per operation; interpreted, ``Rng.shuffle``'s batched big-int form is
the fastest. Compiled with mypyc, ``i64`` locals are machine words: this form keeps every
value below 2**47 (so nothing can overflow, compiled or not) and shuffles about seven
times faster than the big-int form does; one bounded draw (``below_in_limbs``) about four
times. ``rng.py`` uses them only when this module is compiled; ``tests/test_rng.py`` checks
both forms give the same orders, values and states.
"""

from __future__ import annotations

from typing import Final, TypeVar

try:  # machine-word ints when compiled; mypy_extensions ships with mypy (the compiler)
    from mypy_extensions import i64
except ImportError:  # pragma: no cover - the interpreted engine does not need it
    i64 = int  # type: ignore[misc]

T = TypeVar("T")

_MASK: Final = (1 << 64) - 1
_GAMMA: Final = 0x9E3779B97F4A7C15
M22: Final = (1 << 22) - 1
M20: Final = (1 << 20) - 1
G0: Final = _GAMMA & M22
G1: Final = (_GAMMA >> 22) & M22
G2: Final = _GAMMA >> 44
C1: Final = 0xBF58476D1CE4E5B9
A0: Final = C1 & M22
A1: Final = (C1 >> 22) & M22
A2: Final = C1 >> 44
C2: Final = 0x94D049BB133111EB
B0: Final = C2 & M22
B1: Final = (C2 >> 22) & M22
B2: Final = C2 >> 44


def _draw(x0: i64, x1: i64, x2: i64) -> tuple[i64, i64, i64, i64, i64, i64]:
    """One SplitMix64 step on the state's limbs (22, 22 and 20 bits): the next state's limbs
    and the output's (every intermediate value stays below 2**47)."""
    t: i64 = x0 + G0
    x0 = t & M22
    t = x1 + G1 + (t >> 22)
    x1 = t & M22
    x2 = (x2 + G2 + (t >> 22)) & M20
    # z = x ^ (x >> 30)
    y: i64 = (x1 >> 8) + (x2 << 14)
    z0: i64 = x0 ^ (y & M22)
    z1: i64 = x1 ^ (y >> 22)
    z2: i64 = x2
    # z *= C1 (mod 2**64)
    p: i64 = z0 * A0
    r0: i64 = p & M22
    p = z0 * A1 + z1 * A0 + (p >> 22)
    r1: i64 = p & M22
    r2: i64 = (z0 * A2 + z1 * A1 + z2 * A0 + (p >> 22)) & M20
    # z ^= z >> 27
    y = (r1 >> 5) + (r2 << 17)
    z0 = r0 ^ (y & M22)
    z1 = r1 ^ (y >> 22)
    z2 = r2
    # z *= C2
    p = z0 * B0
    r0 = p & M22
    p = z0 * B1 + z1 * B0 + (p >> 22)
    r1 = p & M22
    r2 = (z0 * B2 + z1 * B1 + z2 * B0 + (p >> 22)) & M20
    # z ^= z >> 31
    y = (r1 >> 9) + (r2 << 13)
    return x0, x1, x2, r0 ^ (y & M22), r1 ^ (y >> 22), r2


def _bounded(z0: i64, z1: i64, z2: i64, n: i64) -> i64:
    """``below(n)``'s value from an output's limbs, or -1 where ``below`` rejects it."""
    if z2 == M20 and z1 == M22 and z0 >= (1 << 22) - (1 << 64) % n:
        return -1  # past the last full block of n: below(n) draws again
    p22: i64 = (1 << 22) % n
    return (z0 + z1 * p22 + z2 * (p22 * p22 % n)) % n


def shuffle_in_limbs(state: int, items: list[T]) -> int:
    """``Rng.shuffle`` from generator state ``state``; returns the state after it.

    The same draws and rejections as one ``below(i + 1)`` per position.
    """
    x0: i64 = state & M22
    x1: i64 = (state >> 22) & M22
    x2: i64 = state >> 44
    draws: i64 = 0
    i: i64 = len(items) - 1
    while i > 0:
        x0, x1, x2, z0, z1, z2 = _draw(x0, x1, x2)
        draws += 1
        j: i64 = _bounded(z0, z1, z2, i + 1)
        if j < 0:
            continue  # a rejection: draw again for the same position
        items[i], items[j] = items[j], items[i]
        i -= 1
    return (state + int(draws) * _GAMMA) & _MASK


LIMB_BOUND: Final = 1 << 22  # below_in_limbs takes bounds up to this


def next_in_limbs(state: int) -> tuple[int, int]:
    """``Rng.next64`` from generator state ``state``: the state after it and the output."""
    x0: i64 = state & M22
    x1: i64 = (state >> 22) & M22
    x2: i64 = state >> 44
    x0, x1, x2, z0, z1, z2 = _draw(x0, x1, x2)
    after = int(x0) | (int(x1) << 22) | (int(x2) << 44)
    return after, int(z0) | (int(z1) << 22) | (int(z2) << 44)


def below_in_limbs(state: int, n: int) -> int:
    """``Rng.below(n)`` for ``0 < n <= LIMB_BOUND`` from generator state ``state``: returns
    the value plus ``2**22`` times the number of draws taken (one but for a rejection)."""
    x0: i64 = state & M22
    x1: i64 = (state >> 22) & M22
    x2: i64 = state >> 44
    draws: i64 = 0
    while True:
        x0, x1, x2, z0, z1, z2 = _draw(x0, x1, x2)
        draws += 1
        j: i64 = _bounded(z0, z1, z2, n)
        if j >= 0:
            return int(j + (draws << 22))


def belows_in_limbs(state: int, n: int, count: int, out: list[int]) -> int:
    """``count`` draws of ``Rng.below(n)`` (``0 < n <= LIMB_BOUND``) appended to ``out``, in
    order; returns the state after them."""
    x0: i64 = state & M22
    x1: i64 = (state >> 22) & M22
    x2: i64 = state >> 44
    draws: i64 = 0
    left: i64 = count
    m: i64 = n
    # ``_bounded`` with its per-bound constants computed once (a bot's tie-breaks: hundreds
    # of draws of one bound)
    p22: i64 = (1 << 22) % m
    p44: i64 = p22 * p22 % m
    last: i64 = (1 << 22) - (1 << 64) % n
    while left > 0:
        x0, x1, x2, z0, z1, z2 = _draw(x0, x1, x2)
        draws += 1
        if z2 == M20 and z1 == M22 and z0 >= last:
            continue  # past the last full block of n: below(n) draws again
        out.append(int((z0 + z1 * p22 + z2 * p44) % m))
        left -= 1
    return (state + int(draws) * _GAMMA) & _MASK
