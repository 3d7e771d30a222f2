"""Browser headers on every HTTP answer: what the page may load, framing, sniffing, caching.

Seat tokens sit in the page's localStorage, so the page runs only the server's own
scripts (no inline script, no third-party origin), cannot be framed, and no /api
answer is stored by a browser or proxy cache (views hold a seat's hidden hand; create,
join and rematch answers hold tokens).
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",  # the client sets styles through element.style only
        "img-src 'self' data:",  # the favicon is a data: URL
        "connect-src 'self'",  # fetch and the WebSocket, to this origin only
        "frame-ancestors 'none'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
    ]
)
EVERY_ANSWER: list[tuple[bytes, bytes]] = [
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
]
NO_STORE = (b"cache-control", b"no-store")


class SecurityHeaders:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        private = scope["path"].startswith("/api/")

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [
                    (k, v)
                    for k, v in message.get("headers", [])
                    if not (private and k.lower() == b"cache-control")
                ]
                present = {k.lower() for k, _ in headers}
                headers += [(k, v) for k, v in EVERY_ANSWER if k not in present]
                if private:
                    headers.append(NO_STORE)
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, with_headers)
