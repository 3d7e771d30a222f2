"""The HTTP API (``/api``), the WebSocket route and the static client, as one FastAPI app.

The contract is DESIGN.md's "The web table"; docs/server.md shows it with
examples. Every error is ``{"error": "..."}`` with a 4xx status and changes
nothing. Invite links look like ``/?match=ID#token=TOKEN``: the token sits in
the fragment, which browsers never send to a server (so it stays out of logs).
"""

from __future__ import annotations

import gc
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import Depends, FastAPI, Header, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from wartable.agents.specs import available_agents
from wartable.core.errors import WartableError
from wartable.games import available_games
from wartable.games.info import describe_game

from .api_docs import add_docs_page
from .catalogue import catalogue_for
from .connections import WebSocketCap
from .errors import ApiError, BadRequest, RateLimited, Unauthorized, safe_text
from .headers import SecurityHeaders
from .last_resort import LastResort
from .limits import BodySizeLimit
from .live import LiveMatch
from .ratelimit import Buckets
from .service import MatchService
from .settings import Settings
from .validation import ActionRequest, ChatRequest, CreateMatch, JoinRequest
from .ws import serve_socket

STATIC = Path(__file__).parent / "static"
log = logging.getLogger("wartable.server")


def _game_info(gid: str) -> dict[str, Any]:
    """What ``wartable games --json`` prints for the game."""
    return describe_game(gid, available_agents(gid))


def bearer(authorization: Annotated[str | None, Header()] = None) -> str | None:
    """The token of ``Authorization: Bearer TOKEN`` (None: a spectator)."""
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Unauthorized("expected 'Authorization: Bearer TOKEN'")
    return token.strip()


def _validation_message(err: RequestValidationError) -> tuple[int, str]:
    first = err.errors()[0] if err.errors() else {}
    if first.get("type") == "json_invalid":
        return 400, "the body is not valid JSON"
    where = ".".join(str(p) for p in first.get("loc", ()) if p != "body") or "(body)"
    # a validator's message already says what is wrong (and often where)
    message = str(first.get("msg", "invalid")).removeprefix("Value error, ")
    return 422, safe_text(message if message.startswith(f"{where}.") else f"{where}: {message}")


def create_app(settings: Settings) -> FastAPI:
    service = MatchService(settings)
    games_cache: list[dict[str, Any]] = []

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await service.start()
        # the libraries, the games and the matches loaded so far live as long as the process:
        # keep them out of the collector's full passes (which otherwise pause the loop)
        gc.collect()
        gc.freeze()
        listener = None
        if service.storage.is_postgres:
            from .notify import Listener

            listener = Listener(settings.database_url, service)
            listener.start()
        try:
            yield
        finally:
            if listener is not None:
                listener.stop()
            await service.close()

    app = FastAPI(
        title="wartable web table",
        description="Play wartable's games together: matches, seats, actions, pushes.",
        lifespan=lifespan,
        docs_url=None,  # FastAPI's pages load scripts from a CDN: see api_docs.py
        redoc_url=None,
    )
    app.state.service = service
    app.add_middleware(LastResort)  # innermost: a bug answers 500 JSON, one log line
    app.add_middleware(BodySizeLimit, max_bytes=settings.max_message_bytes)
    app.add_middleware(SecurityHeaders)  # outermost: on every answer, 413s included
    app.add_middleware(WebSocketCap, per_address=settings.max_websockets_per_address)
    http_buckets = Buckets(settings.http_rate_per_second, settings.http_rate_burst)

    @app.exception_handler(ApiError)
    async def _api_error(_r: Request, err: ApiError) -> JSONResponse:
        return JSONResponse(err.body(), status_code=err.status)

    @app.exception_handler(WartableError)
    async def _engine_error(_r: Request, err: WartableError) -> JSONResponse:
        return JSONResponse({"error": safe_text(str(err))}, status_code=422)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_r: Request, err: RequestValidationError) -> JSONResponse:
        status, message = _validation_message(err)
        return JSONResponse({"error": message}, status_code=status)

    @app.exception_handler(StarletteHTTPException)
    async def _http(_r: Request, err: StarletteHTTPException) -> JSONResponse:
        return JSONResponse({"error": safe_text(str(err.detail))}, status_code=err.status_code)

    def limited(request: Request) -> None:
        host = request.client.host if request.client else "?"
        if not http_buckets.allow(host):
            raise RateLimited("too many requests; slow down")

    async def seat_of(match: LiveMatch, token: str | None) -> int | None:
        return await service.authenticate(match, token)

    @app.get("/api/games")
    async def games() -> list[dict[str, Any]]:
        """The games, their seats, modes, agents and config fields (``wartable games --json``)."""
        if not games_cache:
            games_cache.extend(_game_info(g) for g in available_games())
        return games_cache

    @app.post("/api/matches", dependencies=[Depends(limited)])
    async def create_match(req: CreateMatch, request: Request) -> dict[str, Any]:
        """A new match: each seat a person (a secret token each; ``open``: anyone may join it
        from the lobby) or a bot (an agent spec)."""
        match, tokens = await service.create(req, request.client.host if request.client else "?")
        base = settings.public_url.rstrip("/")
        return {
            "id": match.id,
            "seats": [
                {
                    "seat": s,
                    "token": t,
                    "url": f"{base}/?match={match.id}#token={t}",
                    "open": match.seats[s].open,
                }
                for s, t in sorted(tokens.items())
            ],
        }

    @app.get("/api/matches")
    async def lobby(
        state: Literal["open", "running", "finished"] = "open",
        game: Annotated[str | None, Query(max_length=32)] = None,
        offset: Annotated[int, Query(ge=0, le=1_000_000)] = 0,
        limit: Annotated[int, Query(ge=1)] = 100,
    ) -> list[dict[str, Any]]:
        """One page of matches, newest first: ``open`` ones have a seat anyone may join
        (``free_seats``); ``limit`` is capped at 100."""
        return await service.lobby(state, game, offset, limit)

    @app.post("/api/matches/{match_id}/join", dependencies=[Depends(limited)])
    async def join(match_id: str, req: JoinRequest | None = None) -> dict[str, Any]:
        seat, token = await service.join(
            match_id, req.seat if req else None, req.name if req else None
        )
        base = settings.public_url.rstrip("/")
        return {"seat": seat, "token": token, "url": f"{base}/?match={match_id}#token={token}"}

    @app.get("/api/matches/{match_id}")
    async def view(
        match_id: str,
        token: Annotated[str | None, Depends(bearer)],
        since: int | None = None,
    ) -> dict[str, Any]:
        """What the token's seat (or a spectator, without one) may know, nothing more."""
        match = await service.get(match_id)
        seat = await seat_of(match, token)
        return match.view(seat, since)

    @app.post("/api/matches/{match_id}/actions", dependencies=[Depends(limited)])
    async def act(
        match_id: str, req: ActionRequest, token: Annotated[str | None, Depends(bearer)]
    ) -> dict[str, Any]:
        """Take an action as the token's seat; ``{version}`` once it is stored."""
        match = await service.get(match_id)
        seat = await seat_of(match, token)
        if seat is None:
            raise Unauthorized("spectators cannot act: send your seat's token")
        version = await service.act(match_id, seat, req.action, req.version)
        return {"version": version}

    @app.post("/api/matches/{match_id}/chat", dependencies=[Depends(limited)])
    async def post_chat(
        match_id: str, req: ChatRequest, token: Annotated[str | None, Depends(bearer)]
    ) -> dict[str, Any]:
        """Say something at the table as the token's seat: ``{id, at}`` once stored; pushed
        to every seat and spectator as ``{"type": "chat", "message": ...}``."""
        match = await service.get(match_id)
        seat = await seat_of(match, token)
        if seat is None:
            raise Unauthorized("spectators read the chat but cannot post: send your seat's token")
        message = await service.post_chat(match, seat, req.text)
        return {"id": message["id"], "at": message["at"]}

    @app.get("/api/matches/{match_id}/chat")
    async def chat_list(
        match_id: str, after: Annotated[int, Query(ge=0, le=2**62)] = 0
    ) -> list[dict[str, Any]]:
        """The match's messages with an id above ``after``, oldest first, at most 200 (public:
        spectators read them too)."""
        match = await service.get(match_id)
        return await service.chat_page(match, after)

    @app.get("/api/matches/{match_id}/catalogue")
    async def catalogue(match_id: str) -> dict[str, Any]:
        """The match's card catalogue: every card, unit and map it may name, in words (public)."""
        match = await service.get(match_id)
        return catalogue_for(match.game.id, match.config_json)

    @app.get("/api/matches/{match_id}/replay", dependencies=[Depends(limited)])  # replays cost work
    async def replay(
        match_id: str,
        token: Annotated[str | None, Depends(bearer)],
        step: Annotated[int | None, Query(ge=0, le=1_000_000)] = None,
    ) -> dict[str, Any]:
        """After the end, the full replay (``?step=N``: the table after N actions, for the
        replay viewer); before it, only what the caller's seat may see."""
        match = await service.get(match_id)
        if step is not None:
            return match.replay_step(step)
        seat = await seat_of(match, token)
        return match.replay(seat)

    @app.post("/api/matches/{match_id}/rematch", dependencies=[Depends(limited)])
    async def rematch(
        match_id: str, token: Annotated[str | None, Depends(bearer)]
    ) -> dict[str, Any]:
        """The same game again (one rematch per match): your seat's token in it."""
        match = await service.get(match_id)
        seat = await seat_of(match, token)
        if seat is None:
            raise Unauthorized("only a seat of the match can ask for a rematch")
        new_id, new_token = await service.rematch(match_id, seat)
        base = settings.public_url.rstrip("/")
        return {
            "id": new_id,
            "seat": seat,
            "token": new_token,
            "url": f"{base}/?match={new_id}#token={new_token}",
        }

    @app.websocket("/api/matches/{match_id}/ws")
    async def socket(ws: WebSocket, match_id: str) -> None:
        """The token comes in the first message, never in the URL (see ws.py)."""
        await serve_socket(service, settings, ws, match_id)

    if settings.api_docs:
        add_docs_page(app)

    @app.get("/", include_in_schema=False)
    async def index() -> Response:
        page = STATIC / "index.html"
        if page.is_file():
            return FileResponse(page)
        return JSONResponse({"error": "no web client installed; see /openapi.json"}, 404)

    if STATIC.is_dir():
        app.mount("/static", StaticFiles(directory=STATIC), name="static")
    else:

        @app.get("/static/{path:path}", include_in_schema=False)
        async def no_static(path: str) -> Response:
            raise BadRequest("no web client installed")

    return app
