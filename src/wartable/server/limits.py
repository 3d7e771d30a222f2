"""An ASGI middleware refusing HTTP bodies larger than the limit (413), read or announced.

The body is read here, before the app sees the request, so that a stream without
Content-Length (chunked) is cut off at the limit: the answer is 413 with
``connection: close`` and the rest of the stream is never read. Bodies are small
(16 KiB by default), so holding one in memory costs nothing.
"""

from __future__ import annotations

import json

from starlette.types import ASGIApp, Message, Receive, Scope, Send


class BodySizeLimit:
    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                try:
                    announced = int(value)
                except ValueError:
                    announced = self.max_bytes + 1
                if announced > self.max_bytes:
                    await self._refuse(send)
                    return
        chunks: list[bytes] = []
        seen = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client left before the body ended
                return
            chunk = message.get("body", b"")
            seen += len(chunk)
            if seen > self.max_bytes:
                await self._refuse(send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        delivered = False

        async def replay() -> Message:
            nonlocal delivered
            if not delivered:
                delivered = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()  # after the body: only a disconnect can come

        await self.app(scope, replay, send)

    async def _refuse(self, send: Send) -> None:
        data = json.dumps({"error": f"the body is larger than {self.max_bytes} bytes"}).encode()
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(data)).encode()),
                    (b"connection", b"close"),  # the rest of the stream is not read
                ],
            }
        )
        await send({"type": "http.response.body", "body": data})
