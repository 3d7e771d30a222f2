"""Errors the server sends back: each has an HTTP status and a one-line reason."""

from __future__ import annotations

import re
from typing import Any

from wartable.core.errors import WartableError

UNSHOWABLE = re.compile("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def safe_text(message: str) -> str:
    """``message`` on one line that always encodes: control characters, direction overrides
    and lone surrogates (which a message may echo from its input) written as escapes."""
    return UNSHOWABLE.sub(lambda m: ascii(m.group())[1:-1], message)


class ApiError(WartableError):
    status: int = 400

    def __init__(self, message: str, **extra: Any) -> None:
        super().__init__(safe_text(message))
        self.extra = extra

    def body(self) -> dict[str, Any]:
        return {"error": str(self), **self.extra}


class BadRequest(ApiError):
    status = 400


class Unauthorized(ApiError):
    status = 401


class Forbidden(ApiError):
    status = 403


class NotFound(ApiError):
    status = 404


class Conflict(ApiError):
    status = 409


class StaleVersionError(Conflict):
    """The action was sent for a version that is no longer current."""


class TooLarge(ApiError):
    status = 413


class Unprocessable(ApiError):
    """Well-formed but refused: an illegal action, an invalid config."""

    status = 422


class RateLimited(ApiError):
    status = 429
