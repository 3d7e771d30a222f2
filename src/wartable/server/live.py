"""One match in memory: (game, config, seed, action log) replayed through the engine.

The server knows no rule: everything here goes through the ``Game`` protocol
(``new_state``, ``to_act``, ``legal_actions``, the validated ``apply``,
``observe``, ``outcome``, notation and ``state_to_json``). ``view`` is the only
way a seat's (or a spectator's) picture of the match is built, and it goes
through ``observe`` and ``visible_events``.

Versions: the version of a match is the number of actions stored. An action
names the version its sender saw. It is accepted when that version is current,
or, during a simultaneous decision (several seats to act at once), when the
sender's seat has been waiting to act ever since that version and has not acted
in between: only other seats' commitments happened meanwhile, so both land in
any order. Anything else is stale.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from typing import Any

from wartable.agents.specs import available_agents, parse_agent_spec
from wartable.core.errors import WartableError
from wartable.core.events import Event, visible_events
from wartable.core.game import Game
from wartable.core.replay import FORMAT
from wartable.games import get_game

from .chat import Forwarded
from .clock import Clock
from .errors import Conflict, Forbidden, StaleVersionError, Unprocessable
from .storage import ActionRow, MatchRow, SeatRow

NOBODY = -1  # visible_events(events, NOBODY): the public events only (None would mean all)
ENDED = ("finished", "timed_out", "expired")


class CorruptMatch(WartableError):
    """A stored log that no longer replays (never expected; reported, not served)."""


@dataclass
class Prepared:
    """An action checked against a copy of the state, not yet stored."""

    row: ActionRow
    state: Any
    events: list[Event]


class LiveMatch:
    def __init__(self, row: MatchRow) -> None:
        self.id = row.id
        self.game: Game[Any, Any] = get_game(row.game)
        self.config = self.game.make_config(row.config)
        self.config_json: dict[str, Any] = row.config
        # what players see: the operator's data directory is the server's business (a match
        # on it says so with ``own_data``; a rematch takes the server's data again)
        self.public_config = {k: v for k, v in row.config.items() if k != "data_dir"}
        self.own_data = row.config.get("data_dir") is not None
        self.seed = row.seed
        self.name = row.name
        self.status = row.status
        self.reason = row.reason
        self.rematch_id = row.rematch_id
        self.created_at = row.created_at
        self.creator = row.creator
        self.seats: list[SeatRow] = list(row.seats)
        # wall clock of the last action stored (creation before any): what expiry measures
        self.last_activity = row.created_at or time.time()
        self.human_acted = False  # has a person ever acted here (else it may expire)
        self.touched = time.monotonic()  # last use, for evicting ended matches (LRU)
        self.state = self.game.new_state(self.config, self.seed)
        self.log: list[ActionRow] = []
        self.events: list[list[Event]] = []
        self.to_act_log: list[tuple[int, ...]] = []  # to_act before each action
        self.to_act: tuple[int, ...] = tuple(self.game.to_act(self.state))
        self.pending_since: dict[int, float] = dict.fromkeys(self.to_act, time.monotonic())
        # the same on the wall clock, from the stored action times: what the clock measures
        self.pending_wall: dict[int, float] = dict.fromkeys(self.to_act, self.last_activity)
        self.time_outs: dict[int, str] = dict(row.time_outs)  # seat -> lost | bot
        self.clock = Clock(row.clock) if row.clock is not None else None
        self.lock = asyncio.Lock()
        self.chat_lock = asyncio.Lock()
        self.chat = Forwarded()  # chat messages pushed from this process
        for act in row.actions:
            self.replay_row(act)

    # ----- the log -------------------------------------------------------
    @property
    def version(self) -> int:
        return len(self.log)

    @property
    def num_seats(self) -> int:
        return len(self.seats)

    @property
    def ended(self) -> bool:
        return self.status in ENDED

    def replay_row(self, act: ActionRow) -> None:
        """Apply a stored action (from this database) with the validated ``apply``."""
        if act.idx != self.version:
            raise CorruptMatch(f"match {self.id}: action {act.idx} stored after {self.version}")
        try:
            events = self.game.apply(self.state, act.seat, act.action)
        except WartableError as err:
            raise CorruptMatch(
                f"match {self.id}: action {act.idx} does not replay: {err}"
            ) from None
        self._record(act, events)

    def _record(self, act: ActionRow, events: list[Event]) -> None:
        self.to_act_log.append(self.to_act)
        self.log.append(act)
        self.last_activity = max(self.last_activity, act.at or time.time())
        self.human_acted = self.human_acted or self.seats[act.seat].kind == "human"
        self.events.append(events)
        at = act.at or time.time()
        if self.clock is not None and act.seat not in self.time_outs:
            self.clock.charge(act.seat, self.pending_wall.get(act.seat), at)
        before, before_wall = self.pending_since, self.pending_wall
        self.to_act = tuple(self.game.to_act(self.state))
        now = time.monotonic()
        self.pending_since = {
            s: (before[s] if s in before and s != act.seat else now) for s in self.to_act
        }
        self.pending_wall = {
            s: (before_wall[s] if s in before_wall and s != act.seat else at) for s in self.to_act
        }
        if self.game.is_terminal(self.state) and self.status == "playing":
            self.status = "finished"

    def check_version(self, seat: int, version: int) -> None:
        current = self.version
        if version == current:
            return
        if 0 <= version < current:
            window = range(version, current)
            waiting = all(seat in self.to_act_log[i] for i in window) and seat in self.to_act
            if waiting and all(self.log[i].seat != seat for i in window):
                return  # a simultaneous decision: only other seats committed meanwhile
        raise StaleVersionError(
            f"stale version {version}: the match is at version {current}; "
            "fetch the view and decide again",
            version=current,
        )

    def prepare(self, seat: int, action: int | str, version: int) -> Prepared:
        """Check an action on a copy of the state; raises and changes nothing when refused."""
        self.check_version(seat, version)
        if self.ended:
            raise Conflict("the match is over", version=self.version)
        if seat not in self.to_act:
            waiting = ", ".join(str(s) for s in self.to_act)
            raise Forbidden(f"seat {seat} is not to act (waiting for seat {waiting})")
        try:
            action_id = (
                self.game.parse_action(action, self.config) if isinstance(action, str) else action
            )
            state = self.state.copy()
            events = self.game.apply(state, seat, action_id)
        except WartableError as err:
            raise Unprocessable(str(err), version=self.version) from None
        notation = self.game.action_to_str(action_id, self.config)
        return Prepared(ActionRow(self.version, seat, action_id, notation), state, events)

    def commit(self, prepared: Prepared) -> None:
        """Adopt a prepared action once it is stored."""
        self.state = prepared.state
        self._record(prepared.row, prepared.events)

    # ----- what a seat may see ------------------------------------------
    def seat_info(self) -> list[dict[str, Any]]:
        entries = seat_info(self.seats)
        for entry in entries:
            entry["stand_in"] = self.stand_in(entry["seat"])
        return entries

    # ----- the clock and who plays a seat --------------------------------
    def stand_in(self, seat: int) -> str | None:
        """The bot that plays a person's seat since it ran out of time (None: the person)."""
        if self.time_outs.get(seat) != "bot":
            return None
        return "heuristic" if "heuristic" in available_agents(self.game.id) else "random"

    def bot_spec(self, seat: int) -> str | None:
        """The agent spec that plays ``seat`` (None: a person does)."""
        info = self.seats[seat]
        if info.kind == "bot":
            return info.agent or "random"
        return self.stand_in(seat)

    def clock_running(self) -> dict[int, float]:
        """The seats whose clock runs now, each with when its decision started counting."""
        if self.clock is None or self.ended:
            return {}
        running = {}
        for seat in self.to_act:
            if self.seats[seat].kind == "human" and seat not in self.time_outs:
                start = self.clock.start_of(self.pending_wall.get(seat, self.last_activity))
                if start is not None:
                    running[seat] = start
        return running

    def out_of_time(self, now: float) -> list[int]:
        """The seats whose time ran out at ``now`` (wall clock)."""
        clock = self.clock
        if clock is None:
            return []
        return [s for s, start in self.clock_running().items() if clock.out_of_time(s, start, now)]

    def clock_view(self, now: float | None = None) -> dict[str, Any] | None:
        if self.clock is None:
            return None
        seats = [s.seat for s in self.seats]
        view = self.clock.view(self.clock_running(), seats, time.time() if now is None else now)
        for entry in view["seats"]:
            entry["timed_out"] = entry["seat"] in self.time_outs
        return view

    def idle_and_unplayed(self, now: float, limit: float) -> bool:
        """Nothing happened for ``limit`` seconds, and a person's seat was never taken or no
        person ever acted: nobody is playing it (the match may expire)."""
        if self.ended or now - self.last_activity <= limit:
            return False
        unclaimed = any(s.kind == "human" and not s.claimed for s in self.seats)
        return unclaimed or not self.human_acted

    def outcome(self) -> dict[str, Any] | None:
        if self.game.is_terminal(self.state):
            return dict(self.game.outcome(self.state).to_json())
        if self.status in ("timed_out", "expired"):
            losers = sorted(s for s, mode in self.time_outs.items() if mode == "lost")
            winners = [s.seat for s in self.seats if s.seat not in losers] if losers else []
            reason = self.reason or self.status
            return {"winners": winners, "losers": losers, "scores": [], "reason": reason}
        return None

    def legal(self, seat: int | None) -> list[dict[str, Any]]:
        if seat is None or self.ended or seat not in self.to_act or seat in self.time_outs:
            return []  # a seat out of time has no move of its own (its bot plays it)
        to_str = self.game.action_to_str
        return [
            {"id": a, "notation": to_str(a, self.config)}
            for a in self.game.legal_actions(self.state, seat)
        ]

    def seat_events(self, seat: int | None, since: int) -> list[Event]:
        who = NOBODY if seat is None else seat
        out: list[Event] = []
        for i in range(max(0, since), self.version):
            out.extend({**e, "index": i} for e in visible_events(self.events[i], who))
        return out

    def view(self, seat: int | None, since: int | None = None) -> dict[str, Any]:
        """``{version, to_act, observation, legal, events, outcome}`` for ``seat`` (None: spectator).

        ``events`` are those of the actions from version ``since`` on (default: the last one)."""
        start = self.version - 1 if since is None else since
        return {
            "match": self.id,
            "game": self.game.id,
            "name": self.name,
            "status": self.status,
            "seat": seat,
            "seats": self.seat_info(),
            "version": self.version,
            "to_act": [] if self.ended else list(self.to_act),
            "observation": self.game.observe(self.state, seat),
            "legal": self.legal(seat),
            "events": self.seat_events(seat, start),
            "outcome": self.outcome(),
            "rematch": self.rematch_id,
            "clock": self.clock_view(),
            "created_at": self.created_at,
            "own_data": self.own_data,
        }

    def replay(self, seat: int | None) -> dict[str, Any]:
        """After the end: ``replay``, a replay log ``wartable replay`` re-runs (seed included),
        and ``final``, the last position with every card shown.

        Before it: ``replay`` is null and ``actions`` holds only what ``seat`` may see: its
        own actions' notation and the events visible to it."""
        common = {
            "game": self.game.id,
            "status": self.status,
            "reason": self.reason,
            "seats": self.seat_info(),
            "version": self.version,
            "own_data": self.own_data,
        }
        if self.ended:
            outcome = self.game.outcome(self.state) if self.game.is_terminal(self.state) else None
            log = {
                "format": FORMAT,
                "game": self.game.id,
                "config": self.public_config,
                "seed": self.seed,
                "actions": [[a.seat, a.notation] for a in self.log],
                "outcome": outcome.to_json() if outcome else None,
            }
            return {
                **common,
                "complete": True,
                "replay": log,
                "final": self.game.state_to_json(self.state),
            }
        who = NOBODY if seat is None else seat
        return {
            **common,
            "complete": False,
            "replay": None,
            "seat": seat,
            "config": self.public_config,
            "actions": [
                {
                    "index": a.idx,
                    "seat": a.seat,
                    "notation": a.notation if a.seat == seat else None,
                    "events": visible_events(self.events[a.idx], who),
                }
                for a in self.log
            ],
        }

    def replay_step(self, step: int) -> dict[str, Any]:
        """After the end only: the table as a spectator saw it after ``step`` actions (clamped
        to the log), with that action and its events: what the replay viewer steps through.
        Before the end it would show other seats' moves, so it is refused."""
        if not self.ended:
            raise Forbidden("the replay opens when the match ends")
        step = max(0, min(step, self.version))
        state = self.game.new_state(self.config, self.seed)
        events: list[Event] = []
        for act in self.log[:step]:
            events = self.game.apply(state, act.seat, act.action)
        last = self.log[step - 1] if step else None
        over = self.game.is_terminal(state)
        return {
            "game": self.game.id,
            "step": step,
            "steps": self.version,
            "version": step,
            "observation": self.game.observe(state, None),
            "events": events,
            "action": [last.seat, last.notation] if last else None,
            "to_act": [] if over else list(self.game.to_act(state)),
            "seats": self.seat_info(),
            "outcome": self.game.outcome(state).to_json() if over else None,
        }


def display_name(seat: SeatRow) -> str:
    """A person's name or "Player N"; a bot's "Bot (LEVEL)" from its spec (its level, else
    its agent's name)."""
    if seat.kind == "human":
        return seat.name or f"Player {seat.seat + 1}"
    spec = seat.agent or "random"
    try:
        name, params = parse_agent_spec(spec)
    except WartableError:
        return "Bot"
    return f"Bot ({params.get('level', name)})"


def seat_info(seats: list[SeatRow]) -> list[dict[str, Any]]:
    """What anyone may know of the seats: who sits (a kind, a display name, a bot's agent),
    taken or not, open to strangers or reserved for an invite link."""
    return [
        {
            "seat": s.seat,
            "kind": s.kind,
            "name": display_name(s),
            "agent": s.agent,
            "claimed": s.claimed or s.kind == "bot",
            "open": s.open,
        }
        for s in seats
    ]


def free_seats(seats: list[SeatRow]) -> list[int]:
    """The seats a stranger may join: opened by the creator and not taken yet."""
    return [s.seat for s in seats if s.kind == "human" and s.open and not s.claimed]


def lobby_entry(row: MatchRow, version: int) -> dict[str, Any]:
    """A match as the lobby lists it (no game state)."""
    return {
        "id": row.id,
        "game": row.game,
        "name": row.name,
        "status": row.status,
        "version": version,
        "seats": seat_info(row.seats),
        "free_seats": free_seats(row.seats) if row.status == "playing" else [],
        "created_at": row.created_at,
        "to_act": [],  # the service fills these two from the match
        "outcome": None,
    }
