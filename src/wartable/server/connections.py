"""Connection limits of ``wartable serve``: slow requests, caps per address and in all.

uvicorn's h11 protocol has no timeout for a request that arrives slowly (its keep-alive
timeout starts only after a first response, and any byte cancels it), no cap per client
address, and asyncio logs one traceback per failed ``accept`` (thousands a second once
file descriptors run out). Here:

- ``guarded_protocols``: uvicorn's h11 and WebSocket protocols with a ``ConnectionGuard``.
  A connection whose request (headers and body) is not complete ``request_timeout``
  seconds after it opened or after its previous response is closed; a connection beyond
  the cap of its address is answered 429, beyond the server's cap 503, and closed at once,
  so an idle flood cannot use up the file descriptors;
- ``WebSocketCap``: an ASGI middleware refusing a WebSocket handshake with HTTP 429 when
  its address already holds ``per_address`` sockets;
- ``raise_fd_limit`` and ``connection_cap``: the soft ``RLIMIT_NOFILE`` raised to the
  hard one, and the server's cap kept below it (descriptors left for the database,
  the bot workers and files);
- ``QuietAcceptErrors``: a logging filter letting through at most one "out of file
  descriptors" record a second, without its traceback.
"""

from __future__ import annotations

import asyncio
import errno
import json
import logging
import time
from collections import defaultdict
from typing import Any

import h11
from starlette.types import ASGIApp, Receive, Scope, Send
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

# descriptors kept free of connections: the database, the bot workers' pipes, static files
MIN_FD_RESERVE = 64
OUT_OF_FDS = (errno.EMFILE, errno.ENFILE)


def raise_fd_limit() -> int:
    """Raise the soft limit of open files to the hard one; the soft limit now in force."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or hard > soft:
        target = hard if hard != resource.RLIM_INFINITY else max(soft, 1 << 20)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):
            pass  # e.g. above the kernel's nr_open: keep what we have
    return int(soft)


def connection_cap(configured: int, fd_limit: int) -> int:
    """The server's cap on open connections: the configured one, below the descriptor limit."""
    reserve = max(MIN_FD_RESERVE, fd_limit // 8)
    room = max(1, fd_limit - reserve)
    return room if configured <= 0 else min(configured, room)


def _host(transport: asyncio.BaseTransport) -> str:
    peer = transport.get_extra_info("peername")
    if isinstance(peer, tuple) and peer:
        return str(peer[0])
    return "?"  # a Unix socket: all its clients count as one address


class ConnectionGuard:
    """The open connections of one server process, by client address."""

    def __init__(self, max_connections: int, per_address: int, request_timeout: float) -> None:
        self.max_connections = max_connections
        self.per_address = per_address  # 0: no cap
        self.request_timeout = request_timeout  # 0: none
        self.by_host: dict[str, set[asyncio.BaseTransport]] = defaultdict(set)
        self.total = 0
        self.refused = 0

    def admit(self, transport: asyncio.BaseTransport) -> int:
        """0 when the connection may stay (it is then counted), else the HTTP status to close
        it with: 503 when the server is full, 429 when its address is."""
        host = _host(transport)
        held = self.by_host[host]
        for gone in [t for t in held if t.is_closing()]:  # lost without a connection_lost
            self._drop(host, gone)
        if self.total >= self.max_connections:
            status = 503
        elif self.per_address and len(held) >= self.per_address:
            status = 429
        else:
            held.add(transport)
            self.total += 1
            return 0
        if not held:
            del self.by_host[host]
        self.refused += 1
        return status

    def release(self, transport: asyncio.BaseTransport) -> None:
        self._drop(_host(transport), transport)

    def _drop(self, host: str, transport: asyncio.BaseTransport) -> None:
        held = self.by_host.get(host)
        if held is not None and transport in held:
            held.discard(transport)
            self.total -= 1
            if not held:
                del self.by_host[host]


def _refusal(status: int) -> bytes:
    reason, message = {
        429: ("Too Many Requests", "too many connections from your address"),
        503: ("Service Unavailable", "the server is full; try again shortly"),
    }[status]
    body = json.dumps({"error": message}).encode()
    head = (
        f"HTTP/1.1 {status} {reason}\r\ncontent-type: application/json\r\n"
        f"content-length: {len(body)}\r\nconnection: close\r\nretry-after: 5\r\n\r\n"
    )
    return head.encode() + body


def guarded_protocols(
    guard: ConnectionGuard,
) -> tuple[type[H11Protocol], type[WebSocketsSansIOProtocol]]:
    """uvicorn's HTTP and WebSocket protocol classes, bound to ``guard``."""

    class GuardedWebSockets(WebSocketsSansIOProtocol):
        # an upgraded connection stays counted until its socket closes
        def connection_lost(self, exc: Exception | None) -> None:
            guard.release(self.transport)
            super().connection_lost(exc)

        async def send(self, message: Any) -> None:
            await super().send(message)
            if message["type"] == "websocket.http.response.body" and not message.get(
                "more_body", False
            ):
                # the handshake is answered (a refusal): without this uvicorn logs an error,
                # "returned without completing handshake", for every refused socket
                self.handshake_complete = True

    class GuardedH11(H11Protocol):
        deadline: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            status = guard.admit(transport)
            if status:
                transport.write(_refusal(status))
                transport.close()
                return
            self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            guard.release(self.transport)
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            if not self._arriving():  # the whole request is in: the app's turn
                self._disarm()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing() and self._arriving():
                self._arm()  # the next request on this connection gets the same time

        def handle_websocket_upgrade(self, event: h11.Request) -> None:
            self._disarm()
            super().handle_websocket_upgrade(event)

        def _arm(self) -> None:
            self._disarm()
            if guard.request_timeout > 0:
                self.deadline = self.loop.call_later(guard.request_timeout, self._too_slow)

        def _disarm(self) -> None:
            if self.deadline is not None:
                self.deadline.cancel()
                self.deadline = None

        def _too_slow(self) -> None:
            self.deadline = None
            # a request still arriving (or none begun): close; the app, if it was reading
            # the body, receives http.disconnect
            if not self.transport.is_closing() and self._arriving():
                self.transport.close()

        def _arriving(self) -> bool:
            """No request yet, or one whose headers or body are still on their way."""
            return self.conn.their_state in (h11.IDLE, h11.SEND_BODY)

    return GuardedH11, GuardedWebSockets


class WebSocketCap:
    """Refuses a WebSocket handshake with HTTP 429 when its client address already holds
    ``per_address`` open sockets (0: no cap). Counts live sockets of this process."""

    def __init__(self, app: ASGIApp, per_address: int) -> None:
        self.app = app
        self.per_address = per_address
        self.open: dict[str, int] = defaultdict(int)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "websocket" or self.per_address <= 0:
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        host = str(client[0]) if client else "?"
        if self.open[host] >= self.per_address:
            await self._refuse(scope, send)
            return
        self.open[host] += 1
        try:
            await self.app(scope, receive, send)
        finally:
            self.open[host] -= 1
            if self.open[host] <= 0:
                del self.open[host]

    async def _refuse(self, scope: Scope, send: Send) -> None:
        message = f"at most {self.per_address} WebSockets per address"
        if "websocket.http.response" not in scope.get("extensions", {}):
            await send({"type": "websocket.close", "code": 1013, "reason": message})
            return
        body = json.dumps({"error": message}).encode()
        await send(
            {
                "type": "websocket.http.response.start",
                "status": 429,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                    (b"retry-after", b"5"),
                ],
            }
        )
        await send({"type": "websocket.http.response.body", "body": body})


class QuietAcceptErrors(logging.Filter):
    """At most one record a ``interval`` seconds about running out of file descriptors,
    without its traceback, saying how many were dropped since the last one."""

    def __init__(self, interval: float = 1.0) -> None:
        super().__init__()
        self.interval = interval
        self.last = float("-inf")
        self.dropped = 0

    def filter(self, record: logging.LogRecord) -> bool:
        if not _about_fds(record):
            return True
        now = time.monotonic()
        if now - self.last < self.interval:
            self.dropped += 1
            return False
        self.last = now
        first_line = record.getMessage().splitlines()[0] if record.getMessage() else ""
        record.msg = f"{first_line}: out of file descriptors ({self.dropped} similar dropped)"
        record.args = None
        record.exc_info = None
        record.exc_text = None
        self.dropped = 0
        return True


def _about_fds(record: logging.LogRecord) -> bool:
    exc: Any = record.exc_info[1] if record.exc_info else None
    if isinstance(exc, OSError) and exc.errno in OUT_OF_FDS:
        return True
    return "Too many open files" in str(record.msg)


def quiet_accept_errors(interval: float = 1.0) -> QuietAcceptErrors:
    """Install the filter on the loggers that report failed accepts (asyncio, uvicorn)."""
    quiet = QuietAcceptErrors(interval)
    for name in ("asyncio", "uvicorn.error"):
        logging.getLogger(name).addFilter(quiet)
    return quiet
