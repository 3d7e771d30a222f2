"""A bot worker process: ``python -m wartable.server.bot_worker PARENT_PID``.

It reads decisions from stdin (a 4-byte big-endian length, then a pickled tuple of
``choose_action``'s arguments) and answers each with one JSON line on stdout:
``{"action": N}`` or ``{"error": "..."}``. It never outlives the server: on Linux the
kernel kills it when its parent dies (``PR_SET_PDEATHSIG``), a watchdog thread also
ends it when its parent pid changes (the server died, it was reparented), and the end
of stdin (the server closed the pipe or died) ends it too.
"""

from __future__ import annotations

import ctypes
import json
import os
import pickle
import signal
import struct
import sys
import threading
import time
from typing import Any, BinaryIO

from wartable.agents.specs import make_agent
from wartable.core.errors import WartableError
from wartable.core.rng import Rng
from wartable.games import get_game

PR_SET_PDEATHSIG = 1  # <linux/prctl.h>
WATCHDOG_SECONDS = 0.5
HEADER = struct.Struct(">I")


def choose_action(
    game_id: str,
    config: dict[str, Any],
    spec: str,
    observation: dict[str, Any] | None,
    legal: list[int],
    seat: int,
    rng_seed: int,
) -> int:
    """One bot decision; runs anywhere (the loop, a thread, a worker process)."""
    game = get_game(game_id)
    game.make_config(config)
    agent = make_agent(spec, game_id)
    action = agent.act(game, observation, legal, seat, Rng(rng_seed))
    if action not in legal:
        raise WartableError(f"bot {spec!r} chose an illegal action {action}")
    return int(action)


def die_with_parent(parent_pid: int) -> None:
    """End this process as soon as ``parent_pid`` is no longer its parent."""
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):
            pass  # the watchdog below still ends us
    if os.getppid() != parent_pid:  # the parent died before prctl took effect
        os._exit(1)

    def watch() -> None:
        while os.getppid() == parent_pid:
            time.sleep(WATCHDOG_SECONDS)
        os._exit(1)

    threading.Thread(target=watch, name="parent-watchdog", daemon=True).start()


def read_request(stream: BinaryIO) -> tuple[Any, ...] | None:
    header = stream.read(HEADER.size)
    if len(header) < HEADER.size:
        return None  # end of input: the server is gone or closed the pipe
    (size,) = HEADER.unpack(header)
    body = stream.read(size)
    if len(body) < size:
        return None
    request = pickle.loads(body)  # written by our own parent process only
    assert isinstance(request, tuple)
    return request


def encode_request(args: tuple[Any, ...]) -> bytes:
    body = pickle.dumps(args, protocol=pickle.HIGHEST_PROTOCOL)
    return HEADER.pack(len(body)) + body


def serve(stdin: BinaryIO, stdout: BinaryIO) -> None:
    stdout.write(b'{"ready": true}\n')  # imported: the server starts its clock from here on
    stdout.flush()
    while (request := read_request(stdin)) is not None:
        try:
            reply: dict[str, Any] = {"action": choose_action(*request)}
        except Exception as err:  # the server falls back to a random move and logs it
            reply = {"error": f"{type(err).__name__}: {err}"}
        stdout.write(json.dumps(reply).encode() + b"\n")
        stdout.flush()


def main() -> None:
    die_with_parent(int(sys.argv[1]))
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C on the server's terminal: it stops us
    replies = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)  # anything an agent prints goes to stderr, never into the replies
    sys.stdout = sys.stderr
    serve(sys.stdin.buffer, replies)


if __name__ == "__main__":
    main()
