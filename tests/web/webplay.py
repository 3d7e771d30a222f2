"""Driving the web table: the HTTP API for set-up and checks, and a person who clicks.

The person only ever clicks elements carrying ``data-action`` (the DESIGN.md contract)
and reads the board root's ``data-version`` / ``data-outcome``.
"""

from __future__ import annotations

import json
import random
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playwright.sync_api import JSHandle, Page

BOARD = "#board"
# a move the person can make: any visible element with data-action on the board
CLICKABLE = "#board [data-action]:visible"
# the words of visible card names that the browser broke across two lines ("Necromanc-er")
BROKEN_WORDS = """() => [...document.querySelectorAll('#board .card .name')]
  .filter(e => e.offsetParent !== null)
  .flatMap(e => [...e.childNodes].filter(t => t.nodeType === Node.TEXT_NODE).flatMap(t =>
    [...t.data.matchAll(/\\S+/g)].filter(m => {
      const r = document.createRange(); r.setStart(t, m.index); r.setEnd(t, m.index + m[0].length);
      return new Set([...r.getClientRects()].map(x => Math.round(x.top))).size > 1; })
    .map(m => m[0])))"""


@dataclass
class Server:
    base: str

    def call(self, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.base + path, data=data, headers=headers, method=method)
        with urllib.request.urlopen(req, timeout=30) as res:
            return json.load(res)

    def create(
        self, game: str, config: dict[str, Any], seats: list[dict[str, Any]]
    ) -> dict[str, Any]:
        return dict(
            self.call("POST", "/api/matches", {"game": game, "config": config, "seats": seats})
        )

    def view(self, match: str, token: str | None = None) -> dict[str, Any]:
        return dict(self.call("GET", f"/api/matches/{match}", token=token))

    def invite(self, match: str, token: str) -> str:
        """The invite link the server hands out (``/?match=ID#token=T``)."""
        return f"{self.base}/?match={match}#token={token}"


def board(page: Page) -> dict[str, str]:
    return dict(page.eval_on_selector(BOARD, "b => Object.assign({}, b.dataset)"))


def wait_board(page: Page) -> dict[str, str]:
    page.wait_for_selector(BOARD, timeout=20_000)
    return board(page)


# Playwright polls a condition on every animation frame by default: the page then draws 60
# frames a second while a test waits, and Chromium's CPU was most of the browser tests' time
POLL_MS = 40


def wait_until(page: Page, expression: str, **options: Any) -> JSHandle:
    """``page.wait_for_function`` polling every ``POLL_MS`` instead of every frame."""
    options.setdefault("polling", POLL_MS)
    return page.wait_for_function(expression, **options)


TURN_OR_END = """() => { const b = document.querySelector('#board');
                   if (!b) return false;
                   if (b.dataset.outcome !== undefined) return true;
                   return [...document.querySelectorAll('#board.my-turn [data-action]')]
                          .some(e => e.offsetParent !== null); }"""


STALL_FACTS = """async () => {
  const b = document.querySelector('#board');
  const m = location.hash.match(/^#\\/m\\/([^?]+)(?:\\?(.*))?$/);
  const out = { url: location.href, board: b ? Object.assign({}, b.dataset) : null,
                status: (document.querySelector('.status') || {}).innerText || null };
  if (m) {
    const token = new URLSearchParams(m[2] || '').get('token');
    const res = await fetch(`/api/matches/${m[1]}`, token ? { headers: { Authorization: `Bearer ${token}` } } : {});
    const v = await res.json();
    out.server = { version: v.version, to_act: v.to_act, outcome: v.outcome, legal: (v.legal || []).length };
  }
  return out;
}"""


def wait_turn_or_end(page: Page, timeout: float = 30_000) -> bool:
    """Wait until the person may act (True) or the game is over (False). A table that shows
    neither for ``timeout`` fails the test with what the page shows and what the server holds."""
    try:
        wait_until(page, TURN_OR_END, timeout=timeout)
    except Exception:
        facts = page.evaluate(STALL_FACTS)
        raise AssertionError(
            f"the table shows neither the person's turn nor the end: {facts}"
        ) from None
    return "outcome" not in board(page)


class GameEnded(Exception):
    """The game ended while a click was being tried (a redraw raced the click)."""


def click_one(page: Page, rng: random.Random, prefer: str | None = None) -> str:
    """Click one visible data-action element (one starting with ``prefer`` if any) and wait
    until the server has taken it (the board's version moves on). Raises ``GameEnded`` when
    the board shows an outcome and nothing to click."""
    for _attempt in range(5):
        loc = page.locator(CLICKABLE)
        notations = [n for n in loc.evaluate_all("els => els.map(e => e.dataset.action)") if n]
        if not notations and "outcome" in board(page):
            raise GameEnded(board(page)["outcome"])
        if not notations:  # a slow machine may still be drawing the turn: wait for a move
            try:
                loc.first.wait_for(state="visible", timeout=5_000)
            except Exception:
                pass
            continue
        if prefer:
            chosen = [n for n in notations if n.startswith(prefer)] or notations
        else:
            chosen = notations
        action = rng.choice(sorted(set(chosen)))
        version = board(page).get("version", "")
        target = page.locator(f"{BOARD} [data-action={json.dumps(action)}]:visible").first
        try:
            target.click(timeout=3000)
        except Exception:
            continue
        try:
            wait_until(
                page,
                """v => { const b = document.querySelector('#board');
                          return b && (b.dataset.version !== v || b.dataset.outcome !== undefined); }""",
                arg=version,
                timeout=15_000,
            )
        except Exception:
            continue
        return action
    raise AssertionError(f"nothing to click on the board: {board(page)}")


def play_to_end(
    page: Page,
    rng: random.Random,
    max_clicks: int,
    shot: Path | None = None,
    shot_at: int = 6,
    prefer: str | None = None,
    stop_after: int | None = None,
) -> list[str]:
    """Click legal moves (those starting with ``prefer`` when there are some) until the game
    is over, or ``stop_after`` clicks if given; screenshot the table after ``shot_at`` clicks."""
    clicked: list[str] = []
    while len(clicked) != stop_after and wait_turn_or_end(page):
        assert len(clicked) < max_clicks, f"no end after {max_clicks} clicks: {clicked[-10:]}"
        try:
            clicked.append(click_one(page, rng, prefer))
        except GameEnded:  # the last click was taken while the table was redrawing
            break
        if shot is not None and len(clicked) == shot_at:
            page.wait_for_timeout(150)
            page.screenshot(path=str(shot), full_page=True)
    return clicked


def no_horizontal_scroll(page: Page) -> bool:
    width = page.evaluate("() => document.documentElement.scrollWidth")
    inner = page.evaluate("() => window.innerWidth")
    return bool(width <= inner)
