"""Seeds that stay secret: one-way derivation and fresh entropy.

A match has two kinds of randomness. The *match seed* drives the game itself (shuffles,
dice: ``game.new_state(config, seed)``); the *agent seed* drives the agents' own generators
(``agent_rngs``). An agent sees its generator's outputs, so nothing about the match seed
may be recoverable from them: SplitMix64 (``rng.Rng``) is invertible, and a generator
seeded by a SplitMix step of the match seed would hand the deal to any agent that inverts
it. Every derivation here is therefore a cryptographic hash (BLAKE2b, 64-bit output,
domain-separated by a label), which nobody can run backwards.

- ``derive_seed(master, *parts)``: a 64-bit seed from a master seed and labels. The
  simulation lab derives each game's agent seed from its master seed this way.
- ``fresh_seed()``: 64 bits from the operating system (``secrets``), for interactive play
  and the environments when no seed is given.

A deterministic derivation is only as secret as its input: a seed that a person typed
(``--seed 7``) is public to anyone who tries small numbers (``tests/test_seed_secrecy.py``
finds it from a seat's generator). Reproducible runs (the lab, tests) accept that; tables
between strangers (the web table, ``wartable play`` without ``--seed``) draw fresh seeds.
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Final

SEED_BITS: Final = 64


def derive_seed(master: int, *parts: int | str) -> int:
    """A 64-bit seed from ``master`` and ``parts`` by BLAKE2b (one-way, label-separated)."""
    h = hashlib.blake2b(digest_size=SEED_BITS // 8, person=b"wartable-seed")
    for item in (master, *parts):
        text = f"{type(item).__name__}:{item}".encode()
        h.update(len(text).to_bytes(4, "little"))
        h.update(text)
    return int.from_bytes(h.digest(), "little")


def fresh_seed() -> int:
    """A 64-bit seed from the operating system's entropy (unpredictable, unrepeatable)."""
    return secrets.randbits(SEED_BITS)
