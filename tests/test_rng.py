"""The match's generator: SplitMix64, bounded draws and shuffles (docs/architecture.md)."""

from __future__ import annotations

import pytest

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


_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def _unxorshift(z: int, k: int) -> int:
    x = z
    for _ in range(64 // k + 1):
        x = z ^ (x >> k)
    return x & _MASK


def _state_before_output(target: int) -> int:
    """The generator state whose next ``next64`` returns ``target`` (SplitMix64 inverted)."""
    z = _unxorshift(target, 31)
    z = (z * pow(0x94D049BB133111EB, -1, 1 << 64)) & _MASK
    z = _unxorshift(z, 27)
    z = (z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64)) & _MASK
    z = _unxorshift(z, 30)
    return (z - _GAMMA) & _MASK


def test_limb_shuffle_equals_the_reference_including_rejections() -> None:
    """The compiled build's shuffle (``splitmix_limbs``) draws exactly what ``below`` draws;
    here it runs interpreted, ``tests/test_compiled_engine.py`` runs it compiled."""
    from wartable.core.splitmix_limbs import shuffle_in_limbs

    for n in range(0, 70):
        for seed in (0, 1, n * 7919, 2**63, 2**64 - 1):
            ref = Rng(seed)
            xs, ys = list(range(n)), list(range(n))
            _reference_shuffle(ref, xs)
            assert shuffle_in_limbs(seed, ys) == ref.state and xs == ys, (n, seed)
    # a state whose first draw ``below(3)`` must reject (2**64 - 1 is past its last full
    # block of 3): both forms draw again for the same position
    state = _state_before_output(_MASK)
    assert Rng(state).next64() == _MASK
    ref = Rng(state)
    xs, ys = list(range(3)), list(range(3))
    _reference_shuffle(ref, xs)
    assert ref.state == (state + 3 * _GAMMA) & _MASK  # three draws for two positions
    assert shuffle_in_limbs(state, ys) == ref.state and xs == ys


def test_limb_below_equals_the_reference_including_rejections() -> None:
    """The compiled build's bounded draw (``below_in_limbs``) gives the value ``below`` gives
    and advances the state by the same number of draws; interpreted here, compiled in
    ``tests/test_compiled_engine.py`` (every game's dice and choices go through it)."""
    from wartable.core.splitmix_limbs import LIMB_BOUND, below_in_limbs

    bounds = [*range(1, 300), 1000, 4096, 65_537, 1_000_003, LIMB_BOUND - 1, LIMB_BOUND]
    for n in bounds:
        for seed in (0, 1, n * 7919, 2**63, 2**64 - 1):
            ref = Rng(seed)
            state = seed
            for _ in range(5):
                packed = below_in_limbs(state, n)
                assert packed & (LIMB_BOUND - 1) == ref.below(n), (n, seed)
                state = (state + (packed >> 22) * _GAMMA) & _MASK
                assert state == ref.state, (n, seed)
    # the first output is 2**64 - 1, past the last full block of 3: one rejection, two draws
    state = _state_before_output(_MASK)
    ref = Rng(state)
    value = ref.below(3)
    assert ref.state == (state + 2 * _GAMMA) & _MASK
    assert below_in_limbs(state, 3) == value + (2 << 22)


# SplitMix64's reference outputs for seed 1234567: Vigna's splitmix64.c (the 3-line
# ``next()``), compiled with gcc and run, printed these five numbers.
SPLITMIX64_SEED = 1234567
SPLITMIX64_REFERENCE = [
    6457827717110365317,
    3203168211198807973,
    9817491932198370423,
    4593380528125082431,
    16408922859458223821,
]


def _splitmix64_written_from_the_paper(seed: int, count: int) -> list[int]:
    """SplitMix64 (Steele, Lea, Flood 2014; Vigna's C version) as a separate transcription,
    sharing no code with ``Rng``: a second witness for the published numbers."""
    out, x = [], seed
    for _ in range(count):
        x = (x + 0x9E3779B97F4A7C15) % 2**64
        z = x
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) % 2**64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) % 2**64
        out.append(z ^ (z >> 31))
    return out


def test_rng_matches_splitmix64_published_outputs() -> None:
    """Known answer: ``Rng`` is SplitMix64 and not a look-alike, so a seed means the same
    deal in any other SplitMix64 implementation (and a change to a constant fails here)."""
    assert _splitmix64_written_from_the_paper(SPLITMIX64_SEED, 5) == SPLITMIX64_REFERENCE
    rng = Rng(SPLITMIX64_SEED)
    assert [rng.next64() for _ in range(5)] == SPLITMIX64_REFERENCE
    batched = Rng(SPLITMIX64_SEED)._next_draws(5)  # the batched path draws the same numbers
    assert batched == SPLITMIX64_REFERENCE


def test_limb_next64_equals_the_published_outputs() -> None:
    """The compiled build's ``next64`` (``next_in_limbs``) gives the published outputs and
    the state the big-integer form reaches, here interpreted (compiled: ``Rng.next64``
    itself, ``tests/test_compiled_engine.py``), across the top of the state's range."""
    from wartable.core.splitmix_limbs import next_in_limbs

    state = SPLITMIX64_SEED
    for expected in SPLITMIX64_REFERENCE:
        state, out = next_in_limbs(state)
        assert out == expected
    for seed in (0, 1, 2**44 - 1, 2**63, 2**64 - 1, _state_before_output(_MASK)):
        ref = Rng(seed)
        value = ref._next_big()
        assert next_in_limbs(seed) == (ref.state, value), seed


def test_many_bounded_draws_at_once_equal_one_at_a_time() -> None:
    """``Rng.belows`` (a bot's tie-breaks in one call) gives the values and the state that
    as many ``below`` calls give; ``belows_in_limbs`` is its compiled form, checked here
    interpreted and through a forced rejection (compiled, the Graxia heuristic draws its
    tie-breaks with it: ``tests/test_compiled_engine.py`` plays its games in both engines)."""
    from wartable.core.splitmix_limbs import belows_in_limbs

    for n in (1, 2, 3, 7, 100, 4096, 1_000_003):
        for seed in (0, 1, n * 7919, 2**63, 2**64 - 1):
            for count in (0, 1, 5, 40):
                ref, many = Rng(seed), Rng(seed)
                expected = [ref.below(n) for _ in range(count)]
                assert many.belows(n, count) == expected and many.state == ref.state
                out: list[int] = []
                assert belows_in_limbs(seed, n, count, out) == ref.state and out == expected
    state = _state_before_output(_MASK)  # the first output rejects below(3): a second draw
    ref = Rng(state)
    expected = [ref.below(3), ref.below(3)]
    out = []
    assert belows_in_limbs(state, 3, 2, out) == (state + 3 * _GAMMA) & _MASK == ref.state
    assert out == expected
    with pytest.raises(ValueError):
        Rng(1).belows(0, 3)
