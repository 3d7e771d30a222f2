"""The table under races of the live view: answers that arrive out of order, clicks ahead of
the server's answer. Driven in Chromium with the network answers held and released by hand."""

from __future__ import annotations

import json
import random
from typing import Any

from playwright.sync_api import Page, Route
from tests.web.webplay import Server, board, click_one, wait_board, wait_turn_or_end, wait_until

HEURISTIC = {"kind": "bot", "agent": "heuristic"}

# a Table of its own on the page, whose fetches wait until the test answers them
START_TABLE = """async () => {
  const { Table } = await import('/static/table.js');
  const { loadCatalogue } = await import('/static/views.js');
  const root = document.createElement('div');
  document.body.replaceChildren(root);
  const t = new Table(root, { id: 'M', seat: 0, token: 'T', game: 'invasion' });
  t.catalogue = await loadCatalogue();
  t.live = { refresh() {} };
  window.__pending = [];
  window.fetch = (url) => new Promise((ok) => window.__pending.push({ url: String(url), ok }));
  window.__table = t;
}"""

ANSWER = """([i, view]) => window.__pending[i].ok(new Response(JSON.stringify(view),
    { status: 200, headers: { 'Content-Type': 'application/json' } }))"""


def _person_to_act(server: Server, match: str, token: str, at_least: int) -> dict[str, Any]:
    """Play the person's moves through the API until the person is to act at a version of
    ``at_least`` or more (the bot has moved in between)."""
    rng = random.Random(11)
    for _ in range(400):
        v = server.view(match, token)
        if v["to_act"] == [0] and v["version"] >= at_least:
            return v
        if v["to_act"] == [0]:
            action = rng.choice(v["legal"])["notation"]
            server.call(
                "POST",
                f"/api/matches/{match}/actions",
                {"action": action, "version": v["version"]},
                token,
            )
        else:
            import time

            time.sleep(0.05)
    raise AssertionError("the person never came to act")


def test_an_older_view_answered_last_does_not_replace_a_newer_one(
    server: Server, page: Page
) -> None:
    """Two views reach a fresh table (the WebSocket's and the HTTP one), each fetches the
    events it missed, and the answers come back in the other order while the game's view
    module is still loading. The table must end on the newer view (the person's turn), not
    on the older one (the bot's turn), where nothing more would ever be pushed: the person
    would wait for a move the server is waiting for from them."""
    m = server.create(
        "invasion", {"players": 2, "mode": "two_player"}, [{"kind": "human"}, HEURISTIC]
    )
    token = m["seats"][0]["token"]
    new = _person_to_act(server, m["id"], token, at_least=3)
    old = {**new, "version": new["version"] - 1, "to_act": [1], "legal": [], "events": []}

    held: list[Route] = []
    page.route("**/static/games/invasion.js", lambda route: held.append(route))
    page.goto(server.base + "/#/none")
    page.wait_for_selector(".game-tab")
    page.evaluate(START_TABLE)
    # the older view, then the newer one: each asks for the events it has not seen
    page.evaluate("v => { window.__table.onView(v); }", old)
    page.evaluate("v => { window.__table.onView(v); }", new)
    wait_until(page, "() => window.__pending.length === 2")
    urls = page.evaluate("() => window.__pending.map(p => p.url)")
    assert all("since=" in u for u in urls), urls
    # the newer answer first, the older one last; both wait for the view module
    page.evaluate(ANSWER, [1, new])
    page.evaluate(ANSWER, [0, old])
    page.wait_for_timeout(100)
    assert len(held) == 1, "the view module is still loading"
    held[0].continue_()
    b = wait_board(page)
    page.wait_for_timeout(200)
    b = board(page)
    assert b["version"] == str(new["version"]), f"the table went back to {b} after {new['version']}"
    assert page.locator("#board.my-turn [data-action]").count() > 0


def test_a_click_on_the_next_position_is_taken_before_the_last_answer_arrives(
    server: Server, page: Page
) -> None:
    """The server pushes the position after a move before it answers the move's request: a
    click on that next position is a new move, sent at once (it used to be dropped while the
    first answer was on its way, and the person had to click again)."""
    m = server.create(
        "invasion", {"players": 2, "mode": "two_player"}, [{"kind": "human"}, HEURISTIC]
    )
    token = m["seats"][0]["token"]
    _person_to_act(server, m["id"], token, at_least=0)
    page.goto(server.invite(m["id"], token))
    wait_board(page)
    assert wait_turn_or_end(page)
    posts: list[Route] = []

    def hold_actions(route: Route) -> None:
        if route.request.method == "POST":
            posts.append(route)
        else:
            route.continue_()

    page.route("**/api/matches/*/actions", hold_actions)
    first_version = int(board(page)["version"])
    page.locator("#board [data-action]:visible").first.click()
    page.wait_for_timeout(300)
    assert len(posts) == 1
    # the move is stored: the server pushes the next position while its answer is held
    response = posts[0].fetch()
    wait_until(
        page, "v => Number(document.querySelector('#board').dataset.version) > v", arg=first_version
    )
    if not wait_turn_or_end(page):
        posts[0].fulfill(response=response)
        return  # the game ended with that move: nothing more to click
    page.locator("#board [data-action]:visible").first.click()
    page.wait_for_timeout(300)
    assert len(posts) == 2, "the click on the next position was dropped"
    body = json.loads(posts[1].request.post_data or "{}")
    assert body["version"] > first_version
    posts[0].fulfill(response=response)
    posts[1].continue_()


def test_a_failed_first_fetch_does_not_cut_the_table_off(server: Server, page: Page) -> None:
    """The table's first HTTP view fails (a server busy or restarting answers 503) while its
    WebSocket works: the table opens from the socket's view and keeps receiving the bot's
    moves. It used to give up on the first failure before any view, closing its live
    connection; a view already on its way then drew the board over the error, and that
    board was never updated again."""
    m = server.create(
        "invasion", {"players": 2, "mode": "two_player"}, [{"kind": "human"}, HEURISTIC]
    )
    token = m["seats"][0]["token"]
    _person_to_act(server, m["id"], token, at_least=0)
    failed: list[str] = []

    def fail_first(route: Route) -> None:
        if not failed and "since=" not in route.request.url:
            failed.append(route.request.url)
            route.fulfill(status=503, json={"error": "busy"})
        else:
            route.continue_()

    page.route(f"**/api/matches/{m['id']}*", fail_first)
    page.goto(server.invite(m["id"], token))
    wait_board(page)
    assert failed, "the first view request was answered by the test"
    rng = random.Random(12)
    for _ in range(10):  # through the bot's turns: each reaches the page
        if not wait_turn_or_end(page):
            break
        click_one(page, rng)
    assert int(board(page)["version"]) > 10  # ten of the person's moves and the bot's between
