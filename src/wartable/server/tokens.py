"""Seat tokens: random secrets (256 bits) handed out once and stored only as SHA-256 hashes."""

from __future__ import annotations

import hashlib
import secrets

TOKEN_BYTES = 32  # 256 bits of randomness (the contract asks for 128 or more)
MAX_TOKEN_LENGTH = 128


def new_token() -> str:
    """A fresh seat token (URL-safe text)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def hash_token(token: str) -> str:
    """The hex SHA-256 of a token: what the database keeps."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def same_hash(a: str | None, b: str | None) -> bool:
    """Constant-time comparison of two stored hashes (``None`` never matches)."""
    if a is None or b is None:
        return False
    return secrets.compare_digest(a, b)


def new_match_id() -> str:
    """A short public identifier for a match (not a secret: tokens authorise, ids only name)."""
    return secrets.token_urlsafe(9)
