"""The web table's connections under attack: slow requests, floods from one address, and
running out of file descriptors. Each test starts a real ``wartable serve`` on loopback."""

from __future__ import annotations

import contextlib
import json
import logging
import os
import resource
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest
from tests.server.support import ROOT, create_match, free_port
from typer.testing import CliRunner
from websockets.exceptions import InvalidStatus
from websockets.sync.client import ClientConnection, connect

from wartable.cli.main import app as cli_app
from wartable.server.connections import QuietAcceptErrors, connection_cap

# every socket of these tests goes to this address
LOOPBACK = "127.0.0.1"


class Server:
    """``wartable serve`` in a subprocess, its log in a file (a pipe nobody reads would block
    the server once it filled), optionally with a lowered open-files limit."""

    def __init__(self, tmp: Path, *flags: str, nofile: tuple[int, int] | None = None) -> None:
        self.port = free_port()
        self.base = f"http://{LOOPBACK}:{self.port}"
        self.log = tmp / "server.log"
        limits = nofile

        def lower_limit() -> None:
            if limits is not None:
                resource.setrlimit(resource.RLIMIT_NOFILE, limits)

        cmd = [sys.executable, "-m", "wartable.cli.main", "serve", "--port", str(self.port)]
        with self.log.open("wb") as log:
            self.proc = subprocess.Popen(
                [*cmd, "--db", f"sqlite:///{tmp / 'table.db'}", "--http-rate", "0", *flags],
                cwd=ROOT,
                env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
                stdout=subprocess.DEVNULL,
                stderr=log,
                preexec_fn=lower_limit,
            )
        self._wait_ready()

    def _wait_ready(self) -> None:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            assert self.proc.poll() is None, self.log.read_text()[-2000:]
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{self.base}/api/matches", timeout=1).status_code == 200:
                    return
            time.sleep(0.05)
        raise AssertionError("the server did not start in 30 s")

    def connect(self) -> socket.socket:
        return socket.create_connection((LOOPBACK, self.port), timeout=5)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)


@contextlib.contextmanager
def serving(tmp: Path, *flags: str, nofile: tuple[int, int] | None = None) -> Iterator[Server]:
    server = Server(tmp, *flags, nofile=nofile)
    try:
        yield server
    finally:
        server.stop()


def closed_by_server(sock: socket.socket) -> bool:
    """True once the server has closed ``sock`` (EOF or reset); False while it is open."""
    sock.setblocking(False)
    try:
        while True:
            data = sock.recv(65536)
            if not data:
                return True
    except BlockingIOError:
        return False
    except ConnectionError:
        return True


def wait_until(condition: Callable[[], bool], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.1)
    return condition()


def all_closed(socks: list[socket.socket]) -> Callable[[], bool]:
    return lambda: all(closed_by_server(s) for s in socks)


def read_response(sock: socket.socket) -> bytes:
    """One whole HTTP response: its head, then as many body bytes as Content-Length says
    (the head and the body may come in separate packets)."""
    sock.settimeout(5)
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            return data
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = 0
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value.strip())
    while len(body) < length:
        chunk = sock.recv(65536)
        if not chunk:
            break
        body += chunk
    return head + b"\r\n\r\n" + body


def first_bytes(sock: socket.socket, wait: float = 5.0) -> bytes:
    """What the server sent before closing (waiting at most ``wait`` s for each chunk)."""
    sock.settimeout(wait)
    data = b""
    with contextlib.suppress(ConnectionError, TimeoutError):
        while chunk := sock.recv(4096):
            data += chunk
    return data


def test_requests_sent_slowly_are_closed_after_the_request_timeout(tmp_path: Path) -> None:
    with serving(tmp_path, "--request-timeout", "0.5") as server:
        half_line = [server.connect() for _ in range(20)]
        for s in half_line:
            s.sendall(b"GET /api/matches HT")
        half_headers = [server.connect() for _ in range(20)]
        for s in half_headers:
            s.sendall(b"GET /api/matches HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        silent = [server.connect() for _ in range(20)]
        slow_body = [server.connect() for _ in range(20)]
        body = json.dumps({"game": "draconia", "config": {}, "seats": []}).encode()
        for s in slow_body:
            s.sendall(
                b"POST /api/matches HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                b"Content-Length: %d\r\n\r\n%s" % (len(body), body[:5])
            )
        socks = half_line + half_headers + silent + slow_body
        try:
            # the bound is generous (a loaded machine); the server's deadline is 0.5 s
            assert wait_until(all_closed(socks), 20), "slow connections still open"
            # a prompt request is served as before
            assert httpx.get(f"{server.base}/api/matches", timeout=5).status_code == 200
        finally:
            for s in socks:
                s.close()


def test_a_kept_alive_connection_is_closed_when_its_next_request_dawdles(
    tmp_path: Path,
) -> None:
    with serving(tmp_path, "--request-timeout", "0.5") as server, server.connect() as sock:
        for _ in range(3):  # complete requests on one connection are answered
            sock.sendall(b"GET /api/matches HTTP/1.1\r\nHost: x\r\n\r\n")
            assert read_response(sock).startswith(b"HTTP/1.1 200")
        # a byte at a time keeps uvicorn's keep-alive timer from ever firing
        deadline = time.monotonic() + 20
        closed = False
        while time.monotonic() < deadline and not closed:
            with contextlib.suppress(OSError):
                sock.sendall(b"G")
            time.sleep(0.1)
            closed = closed_by_server(sock)
        assert closed, "a request trickling in byte by byte kept its connection"


def test_connections_beyond_the_cap_of_an_address_are_answered_429(tmp_path: Path) -> None:
    cap = 5
    with serving(tmp_path, "--max-connections-per-address", str(cap)) as server:
        held = [server.connect() for _ in range(cap)]
        try:
            with server.connect() as extra:
                answer = first_bytes(extra)
            assert answer.startswith(b"HTTP/1.1 429"), answer
            assert b"too many connections from your address" in answer
            held.pop().close()

            def served() -> bool:
                with contextlib.suppress(httpx.HTTPError):
                    return httpx.get(f"{server.base}/api/matches", timeout=5).status_code == 200
                return False

            assert wait_until(served, 10), "a freed place was not given to a new connection"
        finally:
            for s in held:
                s.close()


@contextlib.contextmanager
def _spectate(server: Server, match_id: str) -> Iterator[ClientConnection]:
    url = f"ws://{LOOPBACK}:{server.port}/api/matches/{match_id}/ws"
    with connect(url, open_timeout=10) as ws:
        ws.send(json.dumps({"type": "auth"}))
        assert json.loads(ws.recv(timeout=10))["type"] == "view"
        yield ws


def test_websockets_beyond_the_cap_of_an_address_are_refused_with_429(tmp_path: Path) -> None:
    cap = 4
    with serving(tmp_path, "--max-websockets-per-address", str(cap)) as server:
        client = httpx.Client(base_url=server.base, timeout=10)
        mid, _ = create_match(client, "draconia", [{"kind": "human"}, {"kind": "human"}])
        with contextlib.ExitStack() as stack:
            sockets = [stack.enter_context(_spectate(server, mid)) for _ in range(cap)]
            with pytest.raises(InvalidStatus) as refused, _spectate(server, mid):
                pass
            assert refused.value.response.status_code == 429
            assert b"WebSockets per address" in refused.value.response.body
            # plain HTTP from the same address is not affected by the WebSocket cap
            assert client.get("/api/matches").status_code == 200
            sockets[0].close()

            def accepted() -> bool:
                try:
                    stack.enter_context(_spectate(server, mid))
                except InvalidStatus:
                    return False
                return True

            assert wait_until(accepted, 10), "a closed WebSocket's place was not freed"
            for _ in range(20):  # refusals are answers, not errors: the log stays quiet
                with pytest.raises(InvalidStatus), _spectate(server, mid):
                    pass
        assert "handshake" not in server.log.read_text(), server.log.read_text()[:2000]


def test_out_of_file_descriptors_the_server_stays_alive_quiet_and_serves_again(
    tmp_path: Path,
) -> None:
    limit = 256
    flags = ("--max-connections-per-address", "0", "--request-timeout", "120")
    with serving(tmp_path, *flags, nofile=(limit, limit)) as server:
        idle: list[socket.socket] = []
        try:
            for _ in range(limit + 150):  # connects succeed: the kernel queues them
                idle.append(server.connect())
            # past its cap the server answers at once instead of hanging: 503
            with server.connect() as fresh:
                # the server first works through the hundreds queued before it: on a loaded
                # machine that takes seconds, so wait long (what is checked is the answer)
                answer = first_bytes(fresh, wait=60.0)
            assert answer.startswith(b"HTTP/1.1 503"), answer
            for s in idle[:150]:
                s.close()
            del idle[:150]

            def served() -> bool:
                with contextlib.suppress(httpx.HTTPError):
                    return httpx.get(f"{server.base}/api/matches", timeout=5).status_code == 200
                return False

            assert wait_until(served, 20), "no service after idle connections were closed"
            assert server.proc.poll() is None
        finally:
            for s in idle:
                s.close()
        log = server.log.read_text(errors="replace")
        assert log.count("Traceback") == 0, log[:3000]
        assert len(log.splitlines()) < 60, log[:3000]


def test_the_soft_open_files_limit_is_raised_to_the_hard_one(tmp_path: Path) -> None:
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    if hard != resource.RLIM_INFINITY:
        hard = min(hard, 4096)
    else:
        hard = 4096
    with serving(tmp_path, nofile=(256, hard)) as server:
        limits = Path(f"/proc/{server.proc.pid}/limits").read_text()
        line = next(x for x in limits.splitlines() if x.startswith("Max open files"))
        assert line.split()[3] == str(hard), line


def test_repeated_out_of_descriptor_errors_log_one_line_a_second() -> None:
    logger = logging.getLogger("test.quiet_accept")
    seen: list[logging.LogRecord] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            seen.append(record)

    logger.addHandler(Keep())
    logger.propagate = False
    logger.addFilter(QuietAcceptErrors(interval=3600))
    for _ in range(1000):
        try:
            raise OSError(24, "Too many open files")
        except OSError:
            logger.exception("socket.accept() out of system resource")
    logger.warning("something else")
    assert [r.getMessage().split(":")[0] for r in seen] == [
        "socket.accept() out of system resource",
        "something else",
    ]
    assert seen[0].exc_info is None  # no traceback


def test_the_connection_cap_stays_below_the_open_files_limit() -> None:
    assert connection_cap(4096, 256) == 256 - 64
    assert connection_cap(4096, 1024) == 1024 - 128
    assert connection_cap(100, 1024) == 100
    assert connection_cap(0, 65536) == 65536 - 8192


@pytest.mark.parametrize(
    "flag", ["--max-connections", "--max-connections-per-address", "--request-timeout"]
)
def test_negative_limits_are_refused_with_a_clear_error(flag: str) -> None:
    result = CliRunner().invoke(cli_app, ["serve", "--db", "sqlite:///:memory:", flag, "-1"])
    assert result.exit_code == 2
    assert flag in result.output
