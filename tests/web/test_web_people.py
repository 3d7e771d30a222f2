"""People at the table in a real browser (two contexts, a spectator's third): names shown to
both seats, chat both ways and to a spectator with mute, clocks counting down and running out
(the seat loses, or a bot plays it), and screenshots of a table with chat and clocks."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, Page
from tests.web.webplay import Server, wait_board, wait_until

OUTCOME = (
    "() => document.querySelector('#board') && document.querySelector('#board').dataset.outcome"
)


def _person(browser: Browser, server: Server, name: str, width: int = 1280) -> Page:
    """A fresh browser whose lobby name is ``name``."""
    ctx: BrowserContext = browser.new_context(viewport={"width": width, "height": 900})
    page = ctx.new_page()
    page.goto(server.base + "/")
    page.fill("#my-name", name)
    page.press("#my-name", "Tab")
    return page


def _duel(browser: Browser, server: Server) -> tuple[Page, Page, str]:
    """Alice starts a Skirm duel with seat 2 open to anyone; Bob joins it from Tables."""
    alice = _person(browser, server, "Alice")
    alice.click('[data-game-id="skirm"]')
    alice.select_option('[data-seat-kind="1"]', "open")
    alice.click("#create")
    alice.click('[data-open-seat="0"]')
    wait_board(alice)
    match = alice.evaluate("location.hash").split("/")[2].split("?")[0]
    bob = _person(browser, server, "Bob")
    bob.click(f'[data-join="{match}"]')
    wait_board(bob)
    return alice, bob, match


def test_names_are_shown_to_both_seats_and_in_the_lobby(server: Server, browser: Browser) -> None:
    alice, bob, match = _duel(browser, server)
    wait_until(alice, "() => document.querySelector('#people')?.textContent.includes('Bob')")
    assert "You (Alice)" in alice.inner_text("#people")
    assert "Alice" in bob.inner_text('[data-person="0"]')
    assert "You (Bob)" in bob.inner_text('[data-person="1"]')
    assert [s["name"] for s in server.view(match)["seats"]] == ["Alice", "Bob"]
    bob.goto(server.base + "/")
    wait_until(
        bob, "() => document.querySelector('[data-my-seat]')?.textContent.includes('vs Alice')"
    )
    for pg in (alice, bob):
        pg.context.close()


def test_chat_both_ways_to_a_spectator_with_mute(server: Server, browser: Browser) -> None:
    alice, bob, match = _duel(browser, server)
    watcher = browser.new_context().new_page()
    watcher.goto(f"{server.base}/#/m/{match}")
    wait_board(watcher)
    assert watcher.locator("#chat-text").count() == 0  # spectators read only
    alice.fill("#chat-text", "Good luck!")
    alice.click("#chat-send")
    for pg in (bob, watcher):
        pg.wait_for_selector("#chat-list .chat-msg:has-text('Good luck!')")
    assert "Alice" in bob.inner_text("#chat-list")
    bob.fill("#chat-text", "You too")
    bob.press("#chat-text", "Enter")
    alice.wait_for_selector("#chat-list .chat-msg:has-text('You too')")
    watcher.wait_for_selector("#chat-list .chat-msg:has-text('You too')")
    # a message too long is refused: the error is shown and the text kept to mend
    bob.evaluate("document.querySelector('#chat-text').removeAttribute('maxlength')")
    bob.fill("#chat-text", "x" * 501)
    bob.click("#chat-send")
    bob.wait_for_selector(".chat-error:not(:empty)")
    assert bob.input_value("#chat-text") == "x" * 501
    # Alice mutes Bob: his messages leave her list (and stay hidden after a reload)
    alice.click('#chat-list [data-mute="name:Bob"]')
    assert alice.locator("#chat-list .chat-msg:has-text('You too')").count() == 0
    alice.reload()
    wait_board(alice)
    alice.wait_for_selector("#chat-list .chat-msg:has-text('Good luck!')")
    assert alice.locator("#chat-list .chat-msg:has-text('You too')").count() == 0
    alice.click('[data-unmute="name:Bob"]')
    assert alice.locator("#chat-list .chat-msg:has-text('You too')").count() == 1
    for pg in (alice, bob, watcher):
        pg.context.close()


def _clocked(server: Server, on_timeout: str) -> tuple[str, list[dict[str, object]]]:
    made = server.create(
        "skirm",
        {"clock": {"per_move": 3, "bank": None}, "on_timeout": on_timeout},
        [{"kind": "human", "name": "Alice"}, {"kind": "human", "name": "Bob"}],
    )
    return made["id"], made["seats"]


def test_a_clock_counts_down_and_the_seat_that_runs_out_loses(
    server: Server, browser: Browser
) -> None:
    match, seats = _clocked(server, "lose")
    pages = []
    for s in seats:
        pg = browser.new_context().new_page()
        pg.goto(f"{server.base}/#/m/{match}?seat={s['seat']}&token={s['token']}")
        wait_board(pg)
        pages.append(pg)
    alice = pages[0]
    running = alice.locator(".seat-clock.running").first
    first = running.inner_text()
    wait_until(
        alice,
        f"() => {{ const c = document.querySelector('.seat-clock.running'); return c && c.textContent !== {first!r}; }}",
    )
    for pg in pages:
        wait_until(pg, OUTCOME, timeout=20_000)
    outcome = server.view(match)["outcome"]
    assert server.view(match)["status"] == "timed_out" and outcome["losers"]
    loser = outcome["losers"][0]
    winner_name = ["Alice", "Bob"][1 - loser]
    assert pages[1 - loser].inner_text(".end-title") == "You win!"
    assert pages[loser].inner_text(".end-title") == f"{winner_name} wins"
    for pg in pages:
        pg.context.close()


def test_a_seat_out_of_time_is_played_by_a_bot_and_the_table_says_so(
    server: Server, browser: Browser
) -> None:
    match, seats = _clocked(server, "bot")
    pages = []
    for s in seats:  # the clock starts once both seats are taken
        pg = browser.new_context().new_page()
        pg.goto(f"{server.base}/#/m/{match}?seat={s['seat']}&token={s['token']}")
        wait_board(pg)
        pages.append(pg)
    pg = pages[0]
    pg.wait_for_selector(".person-bot", timeout=20_000)
    assert "plays" in pg.inner_text(".person-bot")
    assert any(s.get("stand_in") for s in server.view(match)["seats"])
    for pg in pages:
        pg.context.close()


def test_table_screenshots_with_chat_and_clocks(
    server: Server, browser: Browser, shots: Path
) -> None:
    made = server.create(
        "skirm",
        {"clock": {"per_move": 120, "bank": 600}, "on_timeout": "bot"},
        [{"kind": "human", "name": "Alice"}, {"kind": "human", "name": "Bob"}],
    )
    alice_token, bob_token = (s["token"] for s in made["seats"])
    server.call(
        "POST", f"/api/matches/{made['id']}/chat", {"text": "Ready when you are"}, bob_token
    )
    server.call("POST", f"/api/matches/{made['id']}/chat", {"text": "Let's duel!"}, alice_token)
    for width in (1280, 360):
        pg = browser.new_context(
            viewport={"width": width, "height": 900 if width > 400 else 740}
        ).new_page()
        pg.goto(f"{server.base}/#/m/{made['id']}?seat=0&token={alice_token}")
        wait_board(pg)
        pg.wait_for_selector("#chat-list .chat-msg:has-text('Ready')")
        pg.wait_for_selector(".seat-clock")
        pg.screenshot(path=str(shots / f"table-people-{width}.png"), full_page=True)
        pg.context.close()
