"""The match's generator: SplitMix64, bounded draws and shuffles (docs/architecture.md)."""

from __future__ import annotations

from wartable.core.rng import Rng


def _reference_shuffle(rng: Rng, items: list[int]) -> None:
    """Fisher-Yates with one ``below`` per position, the definition ``Rng.shuffle`` keeps."""
    for i in range(len(items) - 1, 0, -1):
        j = rng.below(i + 1)
        items[i], items[j] = items[j], items[i]


def test_batched_draws_equal_next64_and_do_not_advance() -> None:
    for m in (1, 7, 8, 50, 130):
        rng = Rng(m * 104_729)
        before = rng.state
        draws = rng._next_draws(m)
        assert rng.state == before
        copy = Rng(before)
        assert draws == [copy.next64() for _ in range(m)]


def test_shuffle_is_fisher_yates_with_below_for_every_length() -> None:
    """Short lists draw one at a time, long ones all at once: both give the reference order
    and leave the generator where the reference leaves it."""
    for n in range(0, 140):
        for seed in (0, 1, n * 7919, 2**64 - 1):
            a, b = Rng(seed), Rng(seed)
            xs, ys = list(range(n)), list(range(n))
            a.shuffle(xs)
            _reference_shuffle(b, ys)
            assert xs == ys and a.state == b.state, (n, seed)


def test_shuffle_permutes() -> None:
    rng = Rng(3)
    xs = list(range(200))
    rng.shuffle(xs)
    assert sorted(xs) == list(range(200)) and xs != list(range(200))
