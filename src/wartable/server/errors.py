"""Errors the server sends back: each has an HTTP status and a one-line reason."""

from __future__ import annotations

from typing import Any

from wartable.core.errors import WartableError


class ApiError(WartableError):
    status: int = 400

    def __init__(self, message: str, **extra: Any) -> None:
        super().__init__(message)
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
