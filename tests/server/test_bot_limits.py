"""Bots under a hostile stranger: what a web-seated bot may cost, the fair queue in front of
the worker processes, the wall-clock guard, and workers that end with the server."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from tests.server.conftest import make_client
from tests.server.support import ServerProcess, bearer
from typer.testing import CliRunner

from wartable.cli.main import app as cli_app
from wartable.games import get_game
from wartable.server.bot_pool import BotPool

HOSTILE = [  # (spec, what the refusal must name)
    ("ismcts:seconds=inf", "seconds=inf"),
    ("ismcts:seconds=1e9", "seconds=1000000000.0"),
    ("ismcts:seconds=nan", "seconds=nan"),
    ("hard:seconds=100000", "seconds=100000"),
    ("ismcts:iterations=1000000000000", "limit of 40000"),  # skirm's ``hard`` budget
    ("easy:iterations=40001", "limit of 40000"),
    ("ismcts:iterations=1e30", "iterations"),
    ("ismcts:iterations=-5", "iterations"),
    ("ismcts:c=inf", "c=inf"),
    ("ismcts:bias=nan", "bias=nan"),
    ("expectimax:budget=100000000", "budget=100000000"),
    ("expectimax:worlds=1e9", "worlds"),
    ("expectimax:max_splits=50", "limit of 2"),
    ("heuristic:samples=100000000", "limit of 32"),
    ("heuristic:samples=-1", "samples=-1"),
    ("greedy:samples=9", "limit of 8"),
]


def _post(client: TestClient | httpx.Client, agent: str, game: str = "skirm") -> httpx.Response:
    seats = [{"kind": "human"}, {"kind": "bot", "agent": agent}]
    return client.post("/api/matches", json={"game": game, "seats": seats})


def _stored_matches(client: TestClient) -> int:
    service = client.app.state.service  # type: ignore[attr-defined]
    return len(service.matches)


def test_unbounded_bot_specs_are_refused_naming_the_parameter(sqlite_url: str) -> None:
    with make_client(sqlite_url, http_rate_per_second=0) as client:
        for spec, named in HOSTILE:
            r = _post(client, spec)
            assert r.status_code == 422, (spec, r.text)
            assert named in r.json()["error"], (spec, r.text)
        assert _stored_matches(client) == 0, "a refused match was created anyway"


def test_named_levels_and_bounded_specs_are_accepted(sqlite_url: str) -> None:
    accepted = [
        "easy",
        "normal",
        "hard",
        "ismcts:level=hard",
        "ismcts:iterations=40000",
        "ismcts:iterations=100,rollout=heuristic,bias=1",
        "expectimax:worlds=8,budget=5000",
        "heuristic:samples=4",
        "greedy",
    ]
    with make_client(sqlite_url, http_rate_per_second=0, bot_timeout=1.0) as client:
        for spec in accepted:
            r = _post(client, spec)
            assert r.status_code == 200, (spec, r.text)
        # the cap follows the game: graxia's ``hard`` level is 570 iterations
        assert _post(client, "hard", "graxia").status_code == 200
        r = _post(client, "ismcts:iterations=571", "graxia")
        assert r.status_code == 422 and "limit of 570" in r.json()["error"], r.text


def test_the_operator_sets_the_caps(sqlite_url: str) -> None:
    with make_client(
        sqlite_url, http_rate_per_second=0, bot_max_iterations=3000, bot_max_seconds=1.5
    ) as client:
        assert _post(client, "ismcts:seconds=1.5,iterations=100").status_code == 200
        r = _post(client, "ismcts:seconds=2")
        assert r.status_code == 422 and "limit of 1.5 s" in r.json()["error"], r.text
        assert _post(client, "ismcts:iterations=3000").status_code == 200
        r = _post(client, "ismcts:iterations=3001")
        assert r.status_code == 422 and "limit of 3000" in r.json()["error"], r.text
        # skirm's ``easy`` is 2,000 iterations, ``normal`` 10,000: above this operator's cap
        assert _post(client, "easy").status_code == 200
        r = _post(client, "normal")
        assert r.status_code == 422 and "10000" in r.json()["error"], r.text


@pytest.mark.parametrize(
    ("flag", "value"),
    [
        ("--bot-max-iterations", "-1"),
        ("--bot-max-seconds", "-1"),
        ("--bot-max-seconds", "nan"),
        ("--bot-max-seconds", "inf"),
        ("--bot-timeout", "0"),
        ("--bot-timeout", "inf"),
    ],
)
def test_bad_bot_limits_are_refused_before_the_server_starts(flag: str, value: str) -> None:
    result = CliRunner().invoke(cli_app, ["serve", "--db", "sqlite:///:memory:", flag, value])
    assert result.exit_code == 2, result.output
    assert flag in result.output


# ----- the pool: fair between matches, a guard on each decision -------------------------


def _decision(spec: str, seed: int = 1) -> tuple[Any, ...]:
    """``choose_action``'s arguments for the first decision of a Skirm match with a choice
    (the forced moves before it played)."""
    game = get_game("skirm")
    state = game.new_state(game.make_config({}), seed)
    while len(legal := game.legal_actions(state, seat := game.to_act(state)[0])) == 1:
        game.apply(state, seat, legal[0])
    return ("skirm", {}, spec, game.observe(state, seat), legal, seat, seed)


def test_the_pool_serves_matches_in_turn_not_in_arrival_order() -> None:
    """Four decisions of match A queued before one of match B: B's is the second answered,
    not the fifth (a first-come queue would make B wait for A's whole backlog)."""
    done: list[str] = []

    async def run() -> None:
        pool = BotPool(size=1, timeout=120)

        async def ask(match_id: str, n: int) -> None:
            action = await pool.decide(
                match_id, f"{match_id}{n}", _decision("ismcts:iterations=50")
            )
            assert action is not None
            done.append(f"{match_id}{n}")

        try:
            tasks = [asyncio.create_task(ask("A", n)) for n in range(4)]
            await asyncio.sleep(0)  # A's four are queued first
            tasks.append(asyncio.create_task(ask("B", 0)))
            await asyncio.gather(*tasks)
        finally:
            await pool.close()

    asyncio.run(run())
    assert done[:2] == ["A0", "B0"], done
    assert sorted(done) == ["A0", "A1", "A2", "A3", "B0"]


def test_the_pool_serves_the_match_that_thought_less_first() -> None:
    """Match H has just had a long decision; while G's is in flight, H queues one more
    and then C (which never thought) queues one: C's is answered before H's."""
    done: list[str] = []

    async def run() -> None:
        pool = BotPool(size=1, timeout=120)

        async def ask(match_id: str, spec: str) -> None:
            assert await pool.decide(match_id, match_id, _decision(spec)) is not None
            done.append(match_id)

        try:
            await ask("H", "ismcts:iterations=3000")
            g = asyncio.create_task(ask("G", "ismcts:iterations=20"))
            while not pool.busy:
                await asyncio.sleep(0.001)
            h = asyncio.create_task(ask("H", "ismcts:iterations=20"))
            await asyncio.sleep(0)
            c = asyncio.create_task(ask("C", "ismcts:iterations=20"))
            await asyncio.gather(g, h, c)
        finally:
            await pool.close()

    asyncio.run(run())
    assert done == ["H", "G", "C", "H"], done


def test_one_match_has_one_decision_in_flight_at_most() -> None:
    """Three decisions of one match and two workers allowed: the second worker is never
    started, so one match cannot hold every worker."""

    async def run() -> set[int]:
        pool = BotPool(size=2, timeout=120)
        pids: set[int] = set()

        async def ask(n: int) -> None:
            assert await pool.decide("A", f"A{n}", _decision("ismcts:iterations=50")) is not None
            pids.update(pool.pids)

        try:
            await asyncio.gather(*(ask(n) for n in range(3)))
            pids.update(pool.pids)
        finally:
            await pool.close()
        return pids

    assert len(asyncio.run(run())) == 1


def _alive(pid: int) -> bool:
    """The process exists and is not a zombie (dead, waiting to be reaped)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rpartition(")")[2].split()[0] != "Z"


def test_a_decision_past_the_guard_kills_its_worker_and_answers_none(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """40,000 iterations (about 2 s) against a 0.3 s guard: the worker is killed, the
    answer is None (the bot moves at random), one warning; the next decision gets a
    fresh worker."""
    caplog.set_level(logging.WARNING, logger="wartable.server.bots")

    async def run() -> tuple[int | None, int | None, list[int], list[int]]:
        pool = BotPool(size=1, timeout=0.3)
        try:
            slow_task = asyncio.create_task(
                pool.decide("A", "slow", _decision("ismcts:iterations=40000"))
            )
            while not pool.busy:
                await asyncio.sleep(0.01)
            first = list(pool.busy)
            slow = await slow_task
            quick = await pool.decide("A", "quick", _decision("ismcts:iterations=20"))
            return slow, quick, first, pool.pids
        finally:
            await pool.close()

    slow, quick, first, later = asyncio.run(run())
    assert slow is None and quick is not None
    assert not _alive(first[0]), "the worker past the guard still runs"
    assert later and later[0] != first[0]
    warnings = [r for r in caplog.records if "thought for more than 0.3 s" in r.getMessage()]
    assert len(warnings) == 1, [r.getMessage() for r in caplog.records]


# ----- on a running table -----------------------------------------------------------------


def _bot_moves(client: TestClient, mid: str, seat: int) -> int:
    """Actions stored for ``seat`` (the server's own record: views hide others' moves)."""
    match = client.app.state.service.matches[mid]  # type: ignore[attr-defined]
    return sum(1 for act in list(match.log) if act.seat == seat)


def _play_until(
    client: TestClient, mid: str, token: str, bot_seat: int, moves: int, deadline: float
) -> None:
    """The person plays the first legal action whenever it is their turn, until the bot
    has made ``moves`` moves or the match ended."""
    while time.monotonic() < deadline:
        v = client.get(f"/api/matches/{mid}", headers=bearer(token)).json()
        if v["outcome"] is not None or _bot_moves(client, mid, bot_seat) >= moves:
            return
        if v["legal"]:
            client.post(
                f"/api/matches/{mid}/actions",
                json={"action": v["legal"][0]["notation"], "version": v["version"]},
                headers=bearer(token),
            )
        else:
            time.sleep(0.02)
    raise AssertionError(f"the bot of match {mid} made fewer than {moves} moves in time")


def test_two_heavy_matches_do_not_starve_a_cheap_search_bot(sqlite_url: str) -> None:
    """One worker; two bot-against-bot matches at the operator's cap think all the time;
    a person's match against a cheap search bot still gets its bot's moves."""
    with make_client(
        sqlite_url, http_rate_per_second=0, bot_workers=1, bot_max_iterations=4000
    ) as client:
        heavy = {"kind": "bot", "agent": "ismcts:iterations=4000"}
        for _ in range(2):
            r = client.post("/api/matches", json={"game": "skirm", "seats": [heavy, heavy]})
            assert r.status_code == 200, r.text
        assert _post(client, "ismcts:seconds=inf").status_code == 422
        r = _post(client, "ismcts:iterations=30")
        assert r.status_code == 200, r.text
        body = r.json()
        token = next(s["token"] for s in body["seats"] if s["seat"] == 0)
        _play_until(client, body["id"], token, 1, 3, time.monotonic() + 180)


def test_a_bot_past_the_guard_moves_at_random_and_the_match_goes_on(
    sqlite_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    """A bot with a single legal action does not search, so a deal may give it nothing to
    think about before the duel ends: new matches are dealt until the guard has fired, and
    the bot must then still move."""
    caplog.set_level(logging.WARNING, logger="wartable.server.bots")

    def guard_fired() -> bool:
        return any("thought for more than 0.2 s" in r.getMessage() for r in caplog.records)

    deadline = time.monotonic() + 180
    with make_client(sqlite_url, http_rate_per_second=0, bot_timeout=0.2) as client:
        while not guard_fired():
            r = _post(client, "hard")  # 40,000 iterations: far more than 0.2 s
            assert r.status_code == 200, r.text
            body = r.json()
            token = next(s["token"] for s in body["seats"] if s["seat"] == 0)
            mid = body["id"]
            moves = 0
            while not guard_fired():  # until the guard fires or this match ends
                moves += 1
                _play_until(client, mid, token, 1, moves, deadline)
                if client.get(f"/api/matches/{mid}", headers=bearer(token)).json()["outcome"]:
                    break
        # the guard fired in match ``mid``: its bot still moves (at random) after it
        if client.get(f"/api/matches/{mid}", headers=bearer(token)).json()["outcome"] is None:
            _play_until(client, mid, token, 1, _bot_moves(client, mid, 1) + 1, deadline)


def test_a_resumed_bot_over_the_limits_moves_at_random(
    sqlite_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    """A match stored under looser limits (an older server, or before the operator lowered
    them) is resumed without ``create``'s check: its bot still may not think without bound.
    100,000,000 iterations would take about an hour, so the bot moves only if it is held
    to the limits."""
    caplog.set_level(logging.WARNING, logger="wartable.server.bots")
    with make_client(sqlite_url, http_rate_per_second=0, bot_max_iterations=10**8) as first:
        r = _post(first, "ismcts:iterations=100000000")
        assert r.status_code == 200, r.text
        body = r.json()
        mid = body["id"]
        token = next(s["token"] for s in body["seats"] if s["seat"] == 0)
        while True:  # the person plays until the bot must act, then the server stops
            v = first.get(f"/api/matches/{mid}", headers=bearer(token)).json()
            if 1 in v["to_act"]:
                break
            first.post(
                f"/api/matches/{mid}/actions",
                json={"action": v["legal"][0]["notation"], "version": v["version"]},
                headers=bearer(token),
            )
    with make_client(sqlite_url, http_rate_per_second=0, bot_timeout=3600) as second:
        _play_until(second, mid, token, 1, 2, time.monotonic() + 120)
    assert any(
        "moves at random" in r.getMessage() and "limit of 40000" in r.getMessage()
        for r in caplog.records
    )


# ----- workers end with the server -----------------------------------------------------------


def _children(pid: int) -> dict[int, int]:
    """Every process's parent, from /proc."""
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            parents[int(entry)] = int(stat.rpartition(")")[2].split()[1])
    return parents


def _descendants(pid: int) -> set[int]:
    parents = _children(pid)
    found: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def test_bot_workers_end_when_the_server_is_killed(tmp_path: Path) -> None:
    """``kill -9`` of ``wartable serve`` while its search bots think: no worker survives."""
    server = ServerProcess(
        f"sqlite:///{tmp_path / 'table.db'}", "--bot-max-seconds", "1", "--bot-workers", "2"
    ).start()
    try:
        assert server.proc is not None
        with httpx.Client(base_url=server.base, timeout=30) as client:
            r = _post(client, "ismcts:seconds=2")
            assert r.status_code == 422 and "limit of 1 s" in r.json()["error"], r.text
            for _ in range(2):
                seats = [
                    {"kind": "bot", "agent": "ismcts:seconds=0.5"},
                    {"kind": "bot", "agent": "hard"},
                ]
                r = client.post("/api/matches", json={"game": "skirm", "seats": seats})
                assert r.status_code == 200, r.text
        workers: set[int] = set()
        deadline = time.monotonic() + 60
        while len(workers) < 2 and time.monotonic() < deadline:
            workers = {p for p in _descendants(server.proc.pid) if _alive(p)}
            time.sleep(0.1)
        assert len(workers) >= 2, f"the search bots' workers never started: {workers}"
    finally:
        server.kill()  # SIGKILL: no shutdown code runs
    deadline = time.monotonic() + 15
    while any(_alive(p) for p in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    survivors = [p for p in workers if _alive(p)]
    for pid in survivors:  # do not leave them spinning on a shared machine
        os.kill(pid, signal.SIGKILL)
    assert not survivors, f"bot workers outlived the killed server: {survivors}"
