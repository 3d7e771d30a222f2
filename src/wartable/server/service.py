"""The match service: creates, loads, authorises and advances matches.

Every change follows one path: check the action on a copy of the state (the
engine's validated ``apply``), store it in one transaction whose primary key
``(match, index)`` refuses a second writer, and only then adopt it in memory,
push the new views and wake the bots. Nothing changes when any step refuses.
Database calls run in worker threads (one for SQLite, a pool for PostgreSQL)
so the event loop keeps serving while a transaction commits.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from sqlalchemy.exc import DBAPIError

from wartable.agents.specs import make_agent
from wartable.core.errors import WartableError
from wartable.core.untrusted import load_config
from wartable.games import get_game

from .bot_limits import BotLimits, check_bot_spec
from .bots import BotRunner
from .chat import ChatLimiter, list_messages, recent_messages, store_message
from .clock import config_with_clock, record_time_out, start_clock, take_clock
from .committer import Committer
from .dberrors import unavailable
from .errors import (
    Conflict,
    Forbidden,
    NotFound,
    RateLimited,
    StaleVersionError,
    Unauthorized,
    Unprocessable,
)
from .hub import Hub
from .live import LiveMatch, display_name, free_seats, lobby_entry
from .settings import Settings
from .storage import MatchRow, SeatRow, StaleVersion, Storage
from .tokens import MAX_TOKEN_LENGTH, hash_token, new_match_id, new_token, same_hash
from .validation import CreateMatch, check_config, valid_match_id

log = logging.getLogger("wartable.server")

T = TypeVar("T")
CHECKPOINT_SECONDS = 2.0
LOBBY_PAGE_MAX = 100
CLOCK_TICK = 0.2  # seconds between looks at the clocks


class MatchService:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.instance = secrets.token_hex(8)  # tells this process's notifications apart
        self.storage = Storage(settings.database_url, self.instance, settings.sqlite_sync)
        self.hub = Hub()
        self.matches: dict[str, LiveMatch] = {}
        threads = 8 if self.storage.is_postgres else 1
        self._db = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="db")
        self.bot_limits = BotLimits(settings.bot_max_iterations, settings.bot_max_seconds)
        self.bots = BotRunner(
            settings.bot_workers,
            settings.bot_delay,
            self._bot_act,
            settings.bot_timeout,
            self.bot_limits,
        )
        self.committer = Committer(self.storage, self.db)
        self._load_lock = asyncio.Lock()
        self._background: list[asyncio.Task[None]] = []
        self._read_only_logged: dict[str, float] = {}  # when each cause was last logged
        self.chat_limiter = ChatLimiter(settings.chat_burst, settings.chat_window)

    async def db(self, fn: Callable[..., T], *args: Any) -> T:
        try:
            return await asyncio.get_running_loop().run_in_executor(self._db, fn, *args)
        except DBAPIError as err:  # a read-only database: 503, not a 500 with a traceback
            refused = unavailable(err, self._read_only_logged)
            if refused is None:
                raise
            raise refused from None

    # ----- life cycle ----------------------------------------------------
    async def start(self) -> None:
        await self.db(self.storage.migrate)
        self.committer.start()
        ids = await self.db(self.storage.match_ids)
        for match_id in ids:
            try:
                await self.get(match_id)
            except WartableError as err:
                log.error("match %s not resumed: %s", match_id, err)
        for match in self.matches.values():
            self.bots.poke(match)
        if self.settings.seat_timeout > 0:
            self._background.append(asyncio.create_task(self._timeouts()))
        self._background.append(asyncio.create_task(self._clocks()))
        if not self.storage.is_postgres:
            self._background.append(asyncio.create_task(self._checkpoints()))
        self._background.append(asyncio.create_task(self._upkeep()))

    async def close(self) -> None:
        for task in self._background:
            task.cancel()
        await self.bots.close()
        await self.committer.close()
        self.hub.close_all()
        self._db.shutdown(wait=True)
        self.storage.close()

    # ----- loading -------------------------------------------------------
    async def get(self, match_id: str) -> LiveMatch:
        """The match (replayed from the database on first use)."""
        match = self.matches.get(match_id)
        if match is not None:
            match.touched = time.monotonic()
            return match
        if not valid_match_id(match_id):  # before the database: PostgreSQL refuses a NUL
            raise NotFound("no such match")
        async with self._load_lock:
            match = self.matches.get(match_id)
            if match is None:
                row = await self.db(self.storage.load_match, match_id)
                if row is None:
                    raise NotFound(f"no match {match_id!r}")
                match = LiveMatch(row)
                self.matches[match_id] = match
        return match

    async def refresh(self, payload: str) -> None:
        """Catch up with changes another server process stored (PostgreSQL notifications)."""
        match_id, _, origin = payload.partition(" ")
        if origin == self.instance:
            return
        match = self.matches.get(match_id)
        if match is None:
            return
        async with match.lock:
            await self._catch_up(match)
        await self._forward_chat(match)

    async def _forward_chat(self, match: LiveMatch) -> None:
        """Push the messages another process stored to this process's sockets."""
        if not self.hub.subscribers.get(match.id):
            return
        async with match.chat_lock:
            since = match.chat.start()
            for message in await self.db(recent_messages, self.storage, match.id, since):
                if match.chat.fresh(message):
                    self.hub.push_chat(match.id, message)

    async def _catch_up(self, match: LiveMatch) -> None:
        row = await self.db(self.storage.load_match, match.id, match.version)
        if row is None:
            return
        before = (match.version, match.status, match.rematch_id, [s.claimed for s in match.seats])
        for act in row.actions:
            if act.idx == match.version:
                match.replay_row(act)
        for mine, stored in zip(match.seats, row.seats, strict=True):
            mine.token_hash = stored.token_hash  # tokens change under the match lock only
            mine.claimed = mine.claimed or stored.claimed  # a claim may not be stored yet
            mine.name = stored.name
        match.time_outs.update(row.time_outs)
        if match.clock is not None and row.clock is not None:
            match.clock.row.started_at = row.clock.started_at
        if row.status != "playing" and not match.ended:
            match.status, match.reason = row.status, row.reason
        match.rematch_id = row.rematch_id
        after = (match.version, match.status, match.rematch_id, [s.claimed for s in match.seats])
        if after != before:
            self._changed(match)
            if match.rematch_id and before[2] is None:
                self.hub.notify(match.id, {"type": "rematch", "id": match.rematch_id})

    def _changed(self, match: LiveMatch) -> None:
        self.hub.broadcast(match)
        self.bots.poke(match)

    # ----- creating and joining -----------------------------------------
    async def create(
        self, req: CreateMatch, creator: str | None = None
    ) -> tuple[LiveMatch, dict[int, str]]:
        """A new match and a token for each person's seat. ``creator``: the client address,
        held to ``max_open_per_address`` matches still playing (None: a rematch, not counted)."""
        open_count = sum(1 for m in self.matches.values() if not m.ended)
        if open_count >= self.settings.max_open_matches:
            raise Conflict("the table is full: too many open matches, try again later")
        cap = self.settings.max_open_per_address
        if creator is not None and cap > 0:
            if await self.db(self.storage.count_playing_by, creator) >= cap:
                raise RateLimited(
                    f"your address already has {cap} matches in play: finish one (or wait "
                    "for an unplayed one to expire) before starting another"
                )
        game = get_game(req.game)
        game_config, clock = take_clock(req.config)
        config = check_config(game, game_config)
        own_data = self.settings.data_dir_for(game.id)
        if own_data is not None:  # the operator's data (checked at start-up), never a player's
            config = load_config(game, {**game_config, "data_dir": own_data}, allow_local_data=True)
        config_json = config.model_dump(mode="json")
        seed = secrets.randbits(63)
        players = game.num_players(game.new_state(config, 0))
        if len(req.seats) != players:
            raise Unprocessable(
                f"{game.id} with this config has {players} seats, got {len(req.seats)}"
            )
        tokens: dict[int, str] = {}
        seat_rows: list[SeatRow] = []
        for i, seat in enumerate(req.seats):
            if seat.kind == "bot":
                if seat.open:
                    raise Unprocessable(f"seats[{i}]: only a person's seat can be open")
                if seat.name is not None:
                    raise Unprocessable(f"seats[{i}]: a bot is named by its level, not 'name'")
                spec = seat.agent or "random"
                if spec.split(":", 1)[0] == "human":
                    raise Unprocessable(f"seats[{i}]: 'human' is a seat kind, not a bot")
                make_agent(spec, game.id)  # refuses unknown agents and parameters
                check_bot_spec(spec, game.id, players, self.bot_limits)  # and what they cost
                seat_rows.append(SeatRow(i, "bot", spec, None, True))
            else:
                tokens[i] = new_token()
                digest = hash_token(tokens[i])
                seat_rows.append(SeatRow(i, "human", None, digest, False, seat.open, seat.name))
        row = MatchRow(
            id=new_match_id(),
            game=game.id,
            config=config_json,
            seed=seed,
            name=req.name,
            status="playing",
            seats=seat_rows,
            created_at=time.time(),
            creator=creator,
            clock=clock,
        )
        await self.db(self.storage.create_match, row)
        match = LiveMatch(row)
        self.matches[match.id] = match
        self.bots.poke(match)
        return match, tokens

    async def authenticate(self, match: LiveMatch, token: str | None) -> int | None:
        """The seat a token authorises in this match (None without a token: a spectator)."""
        if token is None:
            return None
        if not token or len(token) > MAX_TOKEN_LENGTH:
            raise Unauthorized("invalid token")
        digest = hash_token(token)
        for seat in match.seats:
            if seat.kind == "human" and same_hash(seat.token_hash, digest):
                if not seat.claimed:  # the invite link was opened: the seat is taken
                    seat.claimed = True
                    await self.db(self.storage.mark_claimed, match.id, seat.seat)
                    await self._start_clock(match)
                return seat.seat
        raise Unauthorized("this token does not hold a seat at this match")

    async def _start_clock(self, match: LiveMatch) -> None:
        """Start the match's clock once every person's seat is taken (stored: the first
        decision's time counts from then, across restarts)."""
        clock = match.clock
        if clock is None or clock.row.started_at is not None:
            return
        if all(s.claimed for s in match.seats if s.kind == "human"):
            clock.row.started_at = await self.db(start_clock, self.storage, match.id, time.time())
            self.hub.broadcast(match)

    async def join(
        self, match_id: str, seat: int | None, name: str | None = None
    ) -> tuple[int, str]:
        """A seat its creator opened to anyone, not taken yet (never one reserved for the
        holder of its token: the creator's own seats, invite links, rematch seats)."""
        match = await self.get(match_id)
        async with match.lock:
            if match.ended:
                raise Conflict("the match is over")
            free = free_seats(match.seats)
            if seat is None:
                if not free:
                    raise Conflict("no free seat at this match")
                seat = free[0]
            elif seat not in free:
                if 0 <= seat < match.num_seats and match.seats[seat].kind == "human":
                    if not match.seats[seat].claimed and not match.seats[seat].open:
                        raise Conflict(f"seat {seat} is reserved for the holder of its link")
                raise Conflict(f"seat {seat} is not free")
            token = new_token()
            digest = hash_token(token)
            if not await self.db(self.storage.claim_free_seat, match.id, seat, digest, name):
                raise Conflict(f"seat {seat} was taken meanwhile")
            info = match.seats[seat]
            info.token_hash, info.claimed, info.name = digest, True, name
            self.hub.broadcast(match)
            await self._start_clock(match)
        return seat, token

    async def lobby(
        self, state: str = "open", game: str | None = None, offset: int = 0, limit: int = 100
    ) -> list[dict[str, Any]]:
        """One page of matches, newest first, read from the database (so every process lists
        the same, and nothing is loaded into memory): ``open`` ones have a seat to join."""
        if game is not None:
            get_game(game)  # an unknown game is an error, not an empty page
        limit = max(1, min(limit, LOBBY_PAGE_MAX))
        page = await self.db(self.storage.lobby_page, state, game, max(0, offset), limit)
        entries = []
        for row, version in page:
            entry = lobby_entry(row, version)
            try:  # whose turn and the result come from the match (replayed if not in memory)
                match = await self.get(row.id)
            except WartableError as err:
                log.error("match %s not listed in full: %s", row.id, err)
            else:
                entry["to_act"] = [] if match.ended else list(match.to_act)
                entry["outcome"] = match.outcome()
                entry["seats"] = match.seat_info()
            entries.append(entry)
        return entries

    # ----- acting --------------------------------------------------------
    async def _bot_act(self, match_id: str, seat: int, action: int, version: int) -> int:
        return await self.act(match_id, seat, action, version, by_bot=True)

    async def act(
        self, match_id: str, seat: int, action: int | str, version: int, by_bot: bool = False
    ) -> int:
        """Store one action and return the new version; raises and changes nothing on refusal.
        ``by_bot``: a bot's move (a person's seat that ran out of time is played by one only)."""
        match = await self.get(match_id)
        async with match.lock:
            if self.storage.is_postgres and version > match.version:
                await self._catch_up(match)  # another process moved the match on
            if not by_bot and match.stand_in(seat) is not None:
                raise Forbidden(
                    f"seat {seat} ran out of time: the {match.stand_in(seat)} bot plays it now"
                )
            prepared = match.prepare(seat, action, version)
            prepared.row.at = time.time()  # stored as is: the clock charges the same figure
            status = "finished" if match.game.is_terminal(prepared.state) else None
            try:
                await self.committer.append(match.id, prepared.row, status)
            except StaleVersion:
                await self._catch_up(match)
                raise StaleVersionError(
                    f"stale version {version}: the match is at version {match.version}",
                    version=match.version,
                ) from None
            match.commit(prepared)
            self._changed(match)
            return match.version

    async def rematch(self, match_id: str, seat: int) -> tuple[str, str]:
        """The rematch of an ended match (created by the first seat to ask) and a token for ``seat``."""
        match = await self.get(match_id)
        if not match.ended:
            raise Conflict("the match is not over")
        if match.seats[seat].kind != "human":
            raise Forbidden("bots do not ask for rematches")
        async with match.lock:
            if match.rematch_id is None:
                req = CreateMatch.model_validate(
                    {
                        "game": match.game.id,
                        "config": config_with_clock(
                            match.public_config, match.clock.row if match.clock else None
                        ),
                        "name": match.name,
                        "seats": [
                            {
                                "kind": s.kind,
                                **({"agent": s.agent} if s.agent else {}),
                                **({"name": s.name} if s.name else {}),
                            }
                            for s in match.seats
                        ],
                    }
                )
                new, _tokens = await self.create(req)  # seats reserved: each for its old token
                if await self.db(self.storage.set_rematch, match.id, new.id):
                    match.rematch_id = new.id
                else:  # another process recorded one first
                    await self._catch_up(match)
                self.hub.notify(match.id, {"type": "rematch", "id": match.rematch_id})
            rematch_id = match.rematch_id
        assert rematch_id is not None
        new_match = await self.get(rematch_id)
        token = new_token()
        async with new_match.lock:
            await self.db(self.storage.set_seat_token, rematch_id, seat, hash_token(token), True)
            info = new_match.seats[seat]
            info.token_hash, info.claimed = hash_token(token), True
            await self._start_clock(new_match)
        return rematch_id, token

    async def _checkpoints(self) -> None:
        """SQLite's write-ahead log is folded into the database file here, off the commit path."""
        loop = asyncio.get_running_loop()
        with ThreadPoolExecutor(max_workers=1, thread_name_prefix="checkpoint") as pool:
            while True:
                await asyncio.sleep(CHECKPOINT_SECONDS)
                try:
                    await loop.run_in_executor(pool, self.storage.checkpoint)
                except Exception as err:  # busy or failing disk: the log just grows until next time
                    log.warning("checkpoint failed: %s", err)

    # ----- timeouts ------------------------------------------------------
    async def _timeouts(self) -> None:
        limit = self.settings.seat_timeout
        while True:
            await asyncio.sleep(min(1.0, limit / 4))
            now = time.monotonic()
            for match in list(self.matches.values()):
                if match.ended:
                    continue
                late = [
                    s
                    for s, since in match.pending_since.items()
                    if match.seats[s].kind == "human" and now - since > limit
                ]
                if late:
                    await self._time_out(match, late[0])

    async def _time_out(self, match: LiveMatch, seat: int) -> None:
        async with match.lock:
            if match.ended:
                return
            reason = f"seat {seat} did not act within {self.settings.seat_timeout:g} s"
            if await self.db(record_time_out, self.storage, match.id, seat, "lost", reason):
                match.status, match.reason = "timed_out", reason
                match.time_outs[seat] = "lost"  # the outcome names who lost
                self._changed(match)
            else:
                await self._catch_up(match)

    # ----- clocks --------------------------------------------------------
    async def _clocks(self) -> None:
        """Look at every clock a few times a second; a seat out of time loses or is handed
        to a bot (the match's ``on_timeout``)."""
        while True:
            await asyncio.sleep(CLOCK_TICK)
            try:
                for match in [m for m in self.matches.values() if m.clock and not m.ended]:
                    late = match.out_of_time(time.time())
                    if late:
                        await self.clock_out(match, late[0])
            except Exception:  # a database hiccup: try again next round
                log.exception("clock check failed")

    async def clock_out(self, match: LiveMatch, seat: int) -> None:
        async with match.lock:
            if match.clock is None or seat not in match.out_of_time(time.time()):
                return  # it acted meanwhile
            mode = "bot" if match.clock.row.on_timeout == "bot" else "lost"
            name = display_name(match.seats[seat])
            reason = f"seat {seat} ({name}) ran out of time"
            if await self.db(record_time_out, self.storage, match.id, seat, mode, reason):
                match.time_outs[seat] = mode
                if mode == "lost":
                    match.status, match.reason = "timed_out", reason
                self._changed(match)
            else:
                await self._catch_up(match)

    # ----- chat ----------------------------------------------------------
    async def post_chat(self, match: LiveMatch, seat: int, text: str) -> dict[str, Any]:
        """Store a seat's message and push it to everyone at the table."""
        if not self.chat_limiter.allow(match.id, seat):
            wait = self.chat_limiter.retry_after(match.id, seat)
            raise RateLimited(
                f"too many chat messages: at most {self.settings.chat_burst} per "
                f"{self.settings.chat_window:g} s; try again in {wait:.0f} s"
            )
        name = display_name(match.seats[seat])
        async with match.chat_lock:  # pushed once (see ``_forward_chat``)
            message = await self.db(store_message, self.storage, match.id, seat, name, text)
            if match.chat.fresh(message):
                self.hub.push_chat(match.id, message)
        return message

    async def chat_page(self, match: LiveMatch, after: int) -> list[dict[str, Any]]:
        return await self.db(list_messages, self.storage, match.id, after)

    # ----- expiry and eviction -------------------------------------------
    async def _upkeep(self) -> None:
        spans = (self.settings.expire_open, self.settings.ended_grace)
        period = min([5.0, *(t / 4 for t in spans if t > 0)])
        while True:
            await asyncio.sleep(max(0.05, period))
            try:
                await self.expire_idle()
                self.evict_ended()
            except Exception:  # a database hiccup: try again next round
                log.exception("upkeep failed")

    async def expire_idle(self) -> list[str]:
        """End, as "expired", the matches nobody is playing (``LiveMatch.idle_and_unplayed``)
        for ``expire_open`` seconds, and drop them from memory; their ids."""
        limit = self.settings.expire_open
        if limit <= 0:
            return []
        now = time.time()
        expired = []
        for match in [m for m in self.matches.values() if m.idle_and_unplayed(now, limit)]:
            async with match.lock:
                if not match.idle_and_unplayed(time.time(), limit):
                    continue  # a seat was taken or an action stored meanwhile
                reason = f"nobody played it for {limit:g} s"
                if await self.db(self.storage.end_match, match.id, "expired", reason):
                    match.status, match.reason = "expired", reason
                    self._changed(match)
                    expired.append(match.id)
                else:
                    await self._catch_up(match)
            if match.ended and self.matches.get(match.id) is match:
                del self.matches[match.id]
        return expired

    def evict_ended(self) -> list[str]:
        """Drop ended matches from memory once unused for ``ended_grace`` seconds, and the
        least recently used ones beyond ``max_ended_in_memory``: ``get`` reloads them from
        the database on demand (an ended match never changes but for its rematch link, which
        is stored before it is set)."""
        now = time.monotonic()
        ended = sorted(
            (m for m in self.matches.values() if m.ended and not m.lock.locked()),
            key=lambda m: m.touched,
        )
        excess = len(ended) - self.settings.max_ended_in_memory
        dropped = []
        for i, match in enumerate(ended):
            if i < excess or now - match.touched > self.settings.ended_grace:
                del self.matches[match.id]
                dropped.append(match.id)
        return dropped
