"""The table works under its Content-Security-Policy: in Chromium, the lobby, every game's
board and a game played to the end over the WebSocket report no policy violation."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page
from tests.web.webplay import Server, board, click_one, play_to_end, wait_board

HEURISTIC = {"kind": "bot", "agent": "heuristic"}
# every violation the page sees, whatever the console prints
RECORD_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  const where = `${e.sourceFile}:${e.lineNumber}`;
  window.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${where}`);
});
"""


@pytest.fixture
def watched(page: Page) -> Iterator[tuple[Page, list[str]]]:
    """The page, and the console's messages about the Content Security Policy."""
    console: list[str] = []
    page.add_init_script(RECORD_VIOLATIONS)
    page.on(
        "console",
        lambda msg: console.append(msg.text) if "Content Security Policy" in msg.text else None,
    )
    yield page, console


def violations(page: Page, console: list[str]) -> list[str]:
    return [*page.evaluate("() => window.__cspViolations"), *console]


def test_the_table_reports_no_csp_violation(
    server: Server, watched: tuple[Page, list[str]]
) -> None:
    page, console = watched
    response = page.goto(server.base + "/")
    assert response is not None
    assert "script-src 'self'" in response.headers["content-security-policy"]
    page.wait_for_selector('[data-game-id="skirm"]')
    page.click('[data-game-id="skirm"]')  # the lobby's create form, seat colours set by JS
    assert violations(page, console) == []
    configs = {
        "skirm": {},
        "draconia": {},
        "invasion": {"mode": "two_player", "players": 2},
        "graxia": {},
    }
    for game, config in configs.items():
        m = server.create(game, config, [{"kind": "human"}, HEURISTIC])
        page.goto(server.invite(m["id"], m["seats"][0]["token"]))
        assert wait_board(page)["game"] == game
        assert violations(page, console) == [], game
    m = server.create("weapons", {"players": 2}, [{"kind": "human"}, HEURISTIC])
    page.goto(server.invite(m["id"], m["seats"][0]["token"]))
    wait_board(page)
    click_one(page, random.Random(7), prefer="play ")  # the bot answers through the WebSocket
    play_to_end(page, random.Random(7), max_clicks=200, prefer="play ")
    assert board(page)["outcome"] in {"0", "1", "draw"}
    assert violations(page, console) == []
