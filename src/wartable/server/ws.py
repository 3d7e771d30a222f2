"""The WebSocket of one seat (or spectator) at one match.

The first message authenticates: ``{"type": "auth", "token": T}`` for a seat,
``{"type": "auth"}`` (or ``"token": null``) for a spectator. The token never
rides in the URL (URLs end up in access logs): a ``?token=`` query is refused,
and a socket that says nothing within ``settings.ws_auth_timeout`` seconds is
closed. Then the current view, and a new view after every change. Client
messages (JSON objects, at most ``max_message_bytes``, rate limited per
connection):

- ``{"type": "action", "action": NOTATION_OR_ID, "version": N, "ref": any}`` ->
  ``{"type": "ack", "version": N+1, "ref": ...}`` once stored, or
  ``{"type": "error", "status": 4xx, "error": "...", "ref": ...}``;
- ``{"type": "view"}`` -> the current view; ``{"type": "ping"}`` -> ``{"type": "pong"}``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError
from starlette.websockets import WebSocket, WebSocketDisconnect

from wartable.core.errors import WartableError

from .errors import ApiError, Forbidden, Unauthorized
from .hub import Subscriber
from .ratelimit import TokenBucket
from .service import MatchService
from .settings import Settings
from .validation import WsMessage

POLICY_VIOLATION = 1008
AUTH_FIRST = 'send {"type": "auth", "token": T} as the first message (no token: a spectator)'
TOO_BIG = 1009
MAX_REFUSALS = 50  # a client that keeps flooding after being told is disconnected


def _error(status: int, message: str, ref: Any = None, **extra: Any) -> dict[str, Any]:
    return {"type": "error", "status": status, "error": message, "ref": ref, **extra}


class AuthMessage(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["auth"]
    token: str | None = Field(None, max_length=200)


def _json(text: str) -> Any:
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise ApiError("the message is not valid JSON") from None


def _first_error(err: ValidationError) -> str:
    first = err.errors()[0]
    where = ".".join(str(p) for p in first["loc"]) or "(message)"
    return f"{where}: {first['msg']}"


async def _receive_token(ws: WebSocket, timeout: float) -> str | None:
    """The token of the first message (None: a spectator); ``ApiError`` if it is no auth."""
    try:
        message = await asyncio.wait_for(ws.receive(), timeout)
    except TimeoutError:
        raise Unauthorized(f"no authentication within {timeout:g} s: {AUTH_FIRST}") from None
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    if text is None:
        raise ApiError(AUTH_FIRST)
    data = _json(text)
    if not isinstance(data, dict) or data.get("type") != "auth":
        raise Unauthorized(AUTH_FIRST)
    try:
        return AuthMessage.model_validate(data).token
    except ValidationError as err:
        raise ApiError(f"{_first_error(err)}; {AUTH_FIRST}") from None


def _parse(text: str) -> WsMessage:
    data = _json(text)
    try:
        return WsMessage.model_validate(data)
    except ValidationError as err:
        raise ApiError(_first_error(err)) from None


async def serve_socket(
    service: MatchService, settings: Settings, ws: WebSocket, match_id: str
) -> None:
    await ws.accept()
    try:
        if "token" in ws.query_params:  # an old client: refused, so the habit does not live on
            raise ApiError(f"a token in the URL is refused (URLs end up in logs): {AUTH_FIRST}")
        token = await _receive_token(ws, settings.ws_auth_timeout)
        match = await service.get(match_id)
        seat = await service.authenticate(match, token)
    except ApiError as err:
        with contextlib.suppress(Exception):
            await ws.send_json(_error(err.status, str(err)))
            await ws.close(POLICY_VIOLATION)
        return
    except (WebSocketDisconnect, RuntimeError):
        return
    sub = Subscriber(ws, match_id, seat)
    service.hub.add(sub)
    pump = asyncio.create_task(sub.pump())
    bucket = TokenBucket(settings.rate_per_second, settings.rate_burst)
    refusals = 0
    try:
        service.hub.push_view(sub, match)
        while not sub.closed:
            receive = asyncio.create_task(ws.receive())
            done, _ = await asyncio.wait({receive, pump}, return_when=asyncio.FIRST_COMPLETED)
            if receive not in done:  # the pump ended (client gone or too slow)
                receive.cancel()
                break
            message = receive.result()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            if text is None:
                sub.send(_error(400, "send JSON text messages"))
                continue
            if len(text.encode("utf-8", "surrogatepass")) > settings.max_message_bytes:
                sub.send(_error(413, f"message larger than {settings.max_message_bytes} bytes"))
                sub.close()
                with contextlib.suppress(Exception):
                    await pump
                await ws.close(TOO_BIG)
                return
            if not bucket.allow():
                refusals += 1
                sub.send(_error(429, "too many messages; slow down"))
                if refusals > MAX_REFUSALS:
                    break
                continue
            await _handle(service, sub, text)
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        service.hub.remove(sub)
        sub.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(pump, 1.0)
        with contextlib.suppress(Exception):
            await ws.close()


async def _handle(service: MatchService, sub: Subscriber, text: str) -> None:
    ref: Any = None
    try:
        msg = _parse(text)
        ref = msg.ref
        match = await service.get(sub.match_id)
        if msg.type == "ping":
            sub.send({"type": "pong", "ref": ref})
        elif msg.type == "view":
            service.hub.push_view(sub, match)
        else:
            if sub.seat is None:
                raise Forbidden("spectators cannot act: authenticate with your seat's token")
            if msg.action is None or msg.version is None:
                raise ApiError("an action message needs 'action' and 'version'")
            version = await service.act(sub.match_id, sub.seat, msg.action, msg.version)
            sub.send({"type": "ack", "version": version, "ref": ref})
    except ApiError as err:
        sub.send(_error(err.status, str(err), ref, **err.extra))
    except WartableError as err:
        sub.send(_error(422, str(err), ref))
