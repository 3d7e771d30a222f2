"""A person alone at a Guardians of Graxia solo scenario (§9.2), from the lobby, in a real
browser: one seat, and the Non-Player's turn shown step by step in the battle log."""

from __future__ import annotations

import random
from pathlib import Path

from playwright.sync_api import Page
from tests.web.webplay import Server, board, click_one, wait_board, wait_turn_or_end, wait_until


def test_graxia_solo_from_the_lobby_shows_the_non_players_turn(
    server: Server, page: Page, shots: Path
) -> None:
    page.goto(server.base + "/")
    page.click('[data-game-id="graxia"]')
    assert page.locator("[data-seat-kind]").count() == 2  # a two-player scenario by default
    page.select_option("#cfg-scenario", '"solo-2"')
    # §9.2: the Player alone; the Non-Player is no seat
    assert page.locator("[data-seat-kind]").count() == 1
    page.click("#create")
    b = wait_board(page)
    assert b["game"] == "graxia" and b["seat"] == "0"
    rng = random.Random(12)
    # set-up (starting units within 40 mana), then end the first round: the Non-Player moves
    for _ in range(12):
        if "The Non-Player's turn" in page.inner_text(".log"):
            break
        assert wait_turn_or_end(page)
        click_one(page, rng, prefer="end")
    wait_until(
        page, "() => document.querySelector('.log').innerText.includes(\"The Non-Player's turn 1\")"
    )
    log = page.inner_text(".log")
    assert " moves " in log  # its units march, one line each, by name
    assert "Player 2" not in log  # no second seat: the rules' side has its own name
    page.screenshot(path=str(shots / "graxia-solo.png"), full_page=True)
    assert "outcome" not in board(page) or board(page)["outcome"] in {"0", "draw"}


def test_graxia_solo_3_home_row_is_chosen_on_the_map(server: Server, page: Page) -> None:
    """§9.2 Solo Scenario 3: the person picks a Home Row by clicking one of its hexes."""
    m = server.create("graxia", {"scenario": "solo-3"}, [{"kind": "human"}])
    page.goto(server.invite(m["id"], m["seats"][0]["token"]))
    wait_board(page)
    rows = page.locator('svg.hexmap .hex[data-action^="target "]')
    assert rows.count() == 4  # one tile of each of the Home Rows A-D
    version = board(page)["version"]
    rows.first.click()
    wait_until(page, "v => document.querySelector('#board').dataset.version !== v", arg=version)
    wait_until(
        page, "() => /You choose Home Row [ABCD]/.test(document.querySelector('.log').innerText)"
    )


def test_solo_3_briefing_explains_the_home_rows_on_the_map(
    server: Server, page: Page, shots: Path
) -> None:
    """§9.2 Solo Scenario 3: the four Home Rows are lettered on the map and their benefits
    are in the briefing before the person chooses."""
    m = server.create("graxia", {"scenario": "solo-3"}, [{"kind": "human"}])
    page.goto(server.invite(m["id"], m["seats"][0]["token"]))
    wait_board(page)
    brief = page.inner_text("#briefing")
    assert "Home Row A" in brief and "half" in brief  # A: all cards for half cost
    assert "Home Row D" in brief and "Mend" in brief
    assert "before the end of turn 6" in brief
    letters = page.eval_on_selector_all(
        "svg.graxia-map .hex[data-home-row]", "els => [...new Set(els.map(e => e.dataset.homeRow))]"
    )
    assert sorted(letters) == ["A", "B", "C", "D"]
    page.screenshot(path=str(shots / "graxia-solo3-briefing-1280.png"), full_page=True)


def test_solo_1_warns_the_turn_before_tiles_leave(server: Server, page: Page, shots: Path) -> None:
    """§9.2 Solo Scenario 1: "three rows of tiles will be removed from the game, in sequence",
    one row at each odd turn by default (option solo1_removal): the Player's Home Row leaves
    at the start of turn 3; on turn 2 the briefing and the map warn which tiles go."""
    m = server.create("graxia", {"scenario": "solo-1"}, [{"kind": "human"}])
    page.goto(server.invite(m["id"], m["seats"][0]["token"]))
    wait_board(page)
    assert "a row of tiles leaves the game" in page.inner_text("#briefing")
    assert page.locator("svg.graxia-map .hex.leaving").count() == 0  # turn 1: not yet
    rng = random.Random(3)
    for _ in range(60):
        b = board(page)
        if "turn 2" in page.inner_text(".status") or "outcome" in b:
            break
        assert wait_turn_or_end(page)
        click_one(page, rng, prefer="end")
    page.wait_for_selector(".graxia-warning")
    assert "turn 3" in page.inner_text("#briefing")
    assert page.locator("svg.graxia-map .hex.leaving").count() == 4  # the Home Row
    page.set_viewport_size({"width": 360, "height": 780})
    page.screenshot(path=str(shots / "graxia-solo1-warning-360.png"), full_page=True)
