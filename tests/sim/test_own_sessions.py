"""``simulate --own-sessions``: local workers start in their own sessions (``os.setsid``),
so a kernel that shares CPU per session gives each its own share; the games are the same."""

from __future__ import annotations

import multiprocessing
import os

from wartable.sim import run_games
from wartable.sim.runner import _worker_init


def _session_after_init(own: bool) -> tuple[int, int, int]:
    _worker_init(own)
    return os.getpid(), os.getsid(0), os.getppid()


def test_worker_init_starts_a_new_session_only_when_asked() -> None:
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(1) as pool:
        pid, sid, _ = pool.apply(_session_after_init, (True,))
    assert sid == pid  # the worker leads its own session
    with ctx.Pool(1) as pool:
        pid, sid, _ = pool.apply(_session_after_init, (False,))
    assert sid == os.getsid(0) != pid  # the parent's session, as by default


def test_own_sessions_play_the_same_games() -> None:
    one = run_games("weapons", 12, ["random"], seed=3, workers=1, chunk_size=3)
    two = run_games("weapons", 12, ["random"], seed=3, workers=2, chunk_size=3, own_sessions=True)
    assert [r.winners for r in one.records] == [r.winners for r in two.records]
    assert [r.scores for r in one.records] == [r.scores for r in two.records]
    assert len(two.records) == 12
