"""A person alone at a Guardians of Graxia solo scenario (§9.2), from the lobby, in a real
browser: one seat, and the Non-Player's turn shown step by step in the battle log."""

from __future__ import annotations

import random
from pathlib import Path

from playwright.sync_api import Page
from tests.web.webplay import Server, board, click_one, wait_board, wait_turn_or_end


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
    page.wait_for_function(
        "() => document.querySelector('.log').innerText.includes(\"The Non-Player's turn 1\")"
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
    page.wait_for_function(
        "v => document.querySelector('#board').dataset.version !== v", arg=version
    )
    page.wait_for_function(
        "() => /You choose Home Row [ABCD]/.test(document.querySelector('.log').innerText)"
    )
