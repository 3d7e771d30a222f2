"""The lobby in a real browser: option pickers that send the config they show, options hidden
where they do not apply, help a tap opens, the form and invite links kept on Back, invite links
brought into view on a phone, running matches to watch, and the rows of "Your seats"."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page
from tests.web.webplay import Server, wait_board, wait_until


def _posted(page: Page) -> dict[str, Any]:
    """Click Start and return the body the lobby POSTed to /api/matches."""
    with page.expect_request(
        lambda r: r.url.endswith("/api/matches") and r.method == "POST"
    ) as req:
        page.click("#create")
    return dict(json.loads(req.value.post_data or "{}"))


def _pick(page: Page, selector: str, value: Any) -> None:
    page.select_option(selector, json.dumps(value))


def test_draconia_pickers_send_the_factions_and_settlements_they_show(
    server: Server, page: Page
) -> None:
    page.goto(server.base + "/")
    page.click('[data-game-id="draconia"]')
    # a faction is picked by name, its ability explained beneath it
    assert "Amazania (Poison)" in page.inner_text("#cfg-factions")
    _pick(page, '[data-pick="factions-0"]', "amazania")
    assert "eliminated anyway" in page.inner_text('[data-field="factions"]')
    _pick(page, '[data-pick="factions-1"]', "choose")
    # settlements mean something only in Settlement Mode
    assert page.locator('[data-field="settlements"]').count() == 0
    page.click("details.more summary")
    page.check("#cfg-settlement_mode")
    # the form is drawn again with the settlements (More options stays open)
    if not page.is_visible("#cfg-settlement_mode"):
        page.click("details.more summary")
    # seat 1 plays Amazania: only Amazania's settlements are offered to it
    offered = page.eval_on_selector_all(
        '[data-pick="settlements-0"] option', "os => os.map(o => JSON.parse(o.value))"
    )
    assert offered[:2] == ["choose", "random"] and len(offered) == 4
    _pick(page, '[data-pick="settlements-0"]', offered[2])
    body = _posted(page)
    assert body["game"] == "draconia"
    assert body["config"]["factions"] == ["amazania", "choose"]
    assert body["config"]["settlement_mode"] is True
    assert body["config"]["settlements"] == [offered[2], "choose"]
    assert wait_board(page)["game"] == "draconia"  # the server took it: one person, at the table


def test_graxia_scenarios_by_title_and_options_that_apply(server: Server, page: Page) -> None:
    page.goto(server.base + "/")
    page.click('[data-game-id="graxia"]')
    titles = page.eval_on_selector_all("#cfg-scenario option", "os => os.map(o => o.textContent)")
    assert "Scenario 1: A Tale of Two Cities (2 players)" in titles
    assert "Solo 2: Talon and Ebon (1 player)" in titles
    assert not any(t.startswith(("2p-", "Solo-", "2P")) for t in titles)
    assert "2 players" in page.inner_text('[data-scenario-about="2p-1"]')
    assert page.locator('[data-field="flist_setup"]').count() == 0
    _pick(page, "#cfg-scenario", "2p-5")
    assert page.locator('[data-field="flist_setup"]').count() == 1
    _pick(page, "#cfg-scenario", "solo-2")
    about = page.inner_text('[data-scenario-about="solo-2"]')
    assert "1 player" in about and "Talon and Ebon" in about
    # a solo scenario has one seat and no guardian picker for seat 2
    assert page.locator('[data-field="guardians"]').count() == 0
    assert page.locator("[data-seat-kind]").count() == 1
    body = _posted(page)
    assert body["config"] == {"scenario": "solo-2"}
    assert len(body["seats"]) == 1


def test_invasion_solo_difficulty_only_in_solo_and_help_opens_on_a_tap(
    server: Server, page: Page
) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(server.base + "/")
    page.click('[data-game-id="invasion"]')
    assert page.locator('[data-field="solo_difficulty"]').count() == 0
    _pick(page, "#cfg-mode", "solo")
    assert page.locator('[data-field="solo_difficulty"]').count() == 1
    help_text = page.locator('[data-field="solo_difficulty"] .field-help p')
    assert not help_text.is_visible()
    page.click('[data-field="solo_difficulty"] .field-help summary')
    assert help_text.is_visible() and "Glory" in help_text.inner_text()
    _pick(page, "#cfg-solo_difficulty", "expert")
    body = _posted(page)
    assert body["config"] == {"mode": "solo", "players": 1, "solo_difficulty": "expert"}


def test_weapons_groups_and_skirm_seats_counted_from_one(server: Server, page: Page) -> None:
    page.goto(server.base + "/")
    page.click('[data-game-id="weapons"]')
    page.uncheck('[data-group="swords"]')
    page.check('[data-group="daggers"]')
    # the trump is one of the groups in play: swords left, so the trump moved on
    trumps = page.eval_on_selector_all(
        "#cfg-trump option", "os => os.map(o => JSON.parse(o.value))"
    )
    assert trumps == ["axes", "bows", "maces", "daggers"]
    _pick(page, "#cfg-trump", "daggers")
    body = _posted(page)
    assert body["config"]["groups"] == ["axes", "bows", "maces", "daggers"]
    assert body["config"]["trump"] == "daggers"
    assert wait_board(page)["game"] == "weapons"
    page.goto(server.base + "/")
    page.click('[data-game-id="skirm"]')
    page.click("details.more summary")
    seats = page.eval_on_selector_all(
        "#cfg-sentient_seat option", "os => os.map(o => o.textContent)"
    )
    assert seats == ["Seat 1", "Seat 2"]


def test_back_keeps_the_lobby_and_its_invite_links_and_a_phone_sees_them(
    server: Server, browser: Browser
) -> None:
    ctx = browser.new_context(viewport={"width": 360, "height": 740})
    page = ctx.new_page()
    page.goto(server.base + "/")
    page.click('[data-game-id="skirm"]')
    page.select_option('[data-seat-kind="1"]', "human")
    page.fill("#match-name", "Friday duel")
    page.click("#create")
    page.wait_for_selector("#created")
    # the links are where the person looks: on screen, the first one focused
    box = page.locator("#created").bounding_box()
    assert box is not None and 0 <= box["y"] < 740
    assert page.evaluate("document.activeElement.closest('#created') !== null")
    links = page.eval_on_selector_all("#created a", "as => as.map(a => a.href)")
    page.click('[data-open-seat="0"]')
    assert wait_board(page)["seat"] == "0"
    page.click("a.logo")
    page.wait_for_selector("#created")
    assert page.get_attribute('[data-game-id="skirm"]', "aria-pressed") == "true"
    assert page.eval_on_selector_all("#created a", "as => as.map(a => a.href)") == links
    assert page.input_value("#match-name") == "Friday duel"
    assert page.locator('[data-seat-kind="1"]').input_value() == "human"
    ctx.close()


def test_a_running_match_is_watched_from_the_lobby(server: Server, page: Page) -> None:
    made = server.create("skirm", {}, [{"kind": "human"}, {"kind": "human", "open": True}])
    server.call("POST", f"/api/matches/{made['id']}/join", {"seat": 1})
    page.goto(server.base + "/")
    page.click('[data-list-state="running"]')
    page.click(f'[data-watch="{made["id"]}"]')
    assert wait_board(page)["seat"] == "spectator"


def test_your_seats_show_opponents_and_whose_move(server: Server, page: Page) -> None:
    page.goto(server.base + "/")
    page.fill("#my-name", "Alice")
    page.press("#my-name", "Tab")
    page.click('[data-game-id="skirm"]')
    page.select_option('[data-seat-kind="1"]', "human")
    page.click("#create")
    page.wait_for_selector("#created")
    row = page.locator("[data-my-seat]").first
    wait_until(
        page,
        "() => !document.querySelector('[data-my-seat] .seat-summary').textContent.includes('…')",
    )
    text = row.inner_text()
    assert "Skirm vs Player 2" in text
    assert "Your move" in text or "Waiting for" in text


def test_lobby_screenshots(server: Server, browser: Browser, shots: Path) -> None:
    for width in (1280, 360):
        ctx = browser.new_context(viewport={"width": width, "height": 900 if width > 400 else 740})
        page = ctx.new_page()
        page.goto(server.base + "/")
        page.fill("#my-name", "Alice")
        page.press("#my-name", "Tab")
        page.click('[data-game-id="graxia"]')
        page.wait_for_selector("[data-scenario-about]")
        page.screenshot(path=str(shots / f"lobby-graxia-{width}.png"), full_page=True)
        page.click('[data-game-id="draconia"]')
        page.screenshot(path=str(shots / f"lobby-draconia-{width}.png"), full_page=True)
        ctx.close()
