"""The last resort: an unexpected exception answers 500 ``{"error": "internal error"}``.

Every input the server knows to be bad is refused earlier with a 4xx naming the
problem; this catches what is left (a bug), so a client never sees a traceback
page and the operator gets one log line naming the request and where it failed.
"""

from __future__ import annotations

import json
import logging
import traceback

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .errors import safe_text

log = logging.getLogger("wartable.server")
BODY = json.dumps({"error": "internal error"}).encode()


class LastResort:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def tracking_send(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, receive, tracking_send)
        except Exception as err:
            log.error("internal error on %s %s: %s", scope["method"], scope["path"], describe(err))
            if started:  # half an answer went out: the server closes the connection
                raise
            await send(
                {
                    "type": "http.response.start",
                    "status": 500,
                    "headers": [
                        (b"content-type", b"application/json"),
                        (b"content-length", str(len(BODY)).encode()),
                    ],
                }
            )
            await send({"type": "http.response.body", "body": BODY})


def describe(err: BaseException) -> str:
    """One line: the exception, its message and the innermost frame that raised it."""
    frames = traceback.extract_tb(err.__traceback__)
    where = f" at {frames[-1].filename}:{frames[-1].lineno}" if frames else ""
    return safe_text(f"{type(err).__name__}: {err}{where}")
