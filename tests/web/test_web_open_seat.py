"""The lobby in a real browser: a seat started "open to anyone" is joined by a stranger from
Tables; a seat kept for its invite link offers no Join button."""

from __future__ import annotations

from playwright.sync_api import Browser
from tests.web.webplay import Server, wait_board


def test_a_seat_started_open_is_joined_by_a_stranger_and_a_reserved_one_is_not(
    server: Server, browser: Browser
) -> None:
    reserved = server.create("skirm", {}, [{"kind": "human"}, {"kind": "human"}])["id"]
    host = browser.new_context().new_page()
    host.goto(server.base + "/")
    host.click('[data-game-id="skirm"]')
    host.select_option('[data-seat-kind="1"]', "open")
    host.click("#create")
    host.wait_for_selector('[data-open-seat="0"]')
    entry = next(
        m
        for m in server.call("GET", "/api/matches?game=skirm")
        if [s["open"] for s in m["seats"]] == [False, True]
    )
    assert entry["free_seats"] == [1]
    host.click('[data-open-seat="0"]')
    assert wait_board(host)["seat"] == "0"
    guest = browser.new_context().new_page()
    guest.goto(server.base + "/")
    guest.wait_for_selector(f'[data-join="{entry["id"]}"]')
    assert guest.locator(f'[data-join="{reserved}"]').count() == 0
    guest.click(f'[data-join="{entry["id"]}"]')
    assert wait_board(guest)["seat"] == "1"
    assert server.view(entry["id"])["seats"][1]["claimed"] is True
    for pg in (host, guest):
        pg.context.close()
