"""A person plays every game in a real browser, clicking only `data-action` elements."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from playwright.sync_api import Page
from tests.web.webplay import (
    Server,
    board,
    click_one,
    play_to_end,
    wait_board,
    wait_until,
)

HEURISTIC = {"kind": "bot", "agent": "heuristic"}


def test_skirm_duel_from_the_lobby_to_the_end(server: Server, page: Page, shots: Path) -> None:
    """The lobby creates a Skirm duel against a bot; the person plays it to the end, then rematches."""
    page.goto(server.base + "/")
    page.click('[data-game-id="skirm"]')
    page.select_option('[data-seat-kind="1"]', "heuristic")
    page.click("#create")
    b = wait_board(page)
    assert b["game"] == "skirm" and b["seat"] == "0"
    # the keyboard alone takes a move: the card is focusable and Enter reveals it
    page.locator("#board .hand [data-action^='reveal']").first.focus()
    page.keyboard.press("Enter")
    wait_until(page, "() => document.querySelector('#board').dataset.version !== '0'")
    clicked = play_to_end(
        page, random.Random(1), max_clicks=60, shot=shots / "skirm.png", shot_at=1
    )
    moves = {"reveal", "pick", "opp", "set", "group", "reroll", "done", "keep", "gain", "stand"}
    assert all(n.split()[0] in moves for n in clicked)
    end = board(page)
    assert end["outcome"] in {"0", "1", "draw"}
    page.screenshot(path=str(shots / "skirm-end.png"), full_page=True)
    assert "Game over" in page.inner_text(".status")
    # rematch: a new match, the same seat, a fresh table
    first_match = page.url
    page.click("[data-rematch]")
    wait_until(
        page,
        "u => location.href !== u && document.querySelector('#board')"
        " && document.querySelector('#board').dataset.outcome === undefined",
        arg=first_match,
    )
    assert board(page)["game"] == "skirm" and board(page)["seat"] == "0"


def test_weapons_game_from_an_invite_link(server: Server, page: Page, shots: Path) -> None:
    m = server.create("weapons", {"players": 2}, [{"kind": "human"}, HEURISTIC])
    page.goto(server.invite(m["id"], m["seats"][0]["token"]))
    assert wait_board(page)["seat"] == "0"
    clicked = play_to_end(
        page,
        random.Random(2),
        max_clicks=200,
        shot=shots / "weapons.png",
        shot_at=3,
        prefer="play ",
    )
    assert any(n.startswith("play ") for n in clicked)
    assert board(page)["outcome"] in {"0", "1", "draw"}
    page.screenshot(path=str(shots / "weapons-end.png"), full_page=True)


@pytest.mark.parametrize("stop_after", [20, pytest.param(None, marks=pytest.mark.slow, id="end")])
def test_invasion_two_player_game_from_the_lobby(
    server: Server, page: Page, shots: Path, stop_after: int | None
) -> None:
    """Draconis Invasion, chapter 12's 2-player mode, against the heuristic bot: 20 clicks in
    `make test`, the whole game (about 60 clicks and 100 of the bot's moves, Chromium drawing
    each) in `make soak`."""
    page.goto(server.base + "/")
    page.click('[data-game-id="invasion"]')
    page.select_option("#cfg-mode", '"two_player"')
    page.select_option('[data-seat-kind="1"]', "heuristic")
    page.click("#create")
    b = wait_board(page)
    assert b["game"] == "invasion"
    clicked = play_to_end(
        page,
        random.Random(3),
        max_clicks=400,
        shot=shots / "invasion.png",
        shot_at=12,
        stop_after=stop_after,
    )
    assert int(board(page)["version"]) > len(clicked)  # the bot's moves reached the page
    if stop_after is not None and "outcome" not in board(page):
        assert len(clicked) == stop_after
        return
    assert len(clicked) > 5
    assert board(page)["outcome"] in {"0", "1", "draw"}
    page.screenshot(path=str(shots / "invasion-end.png"), full_page=True)


def test_draconia_game_against_a_bot(server: Server, page: Page, shots: Path) -> None:
    m = server.create("draconia", {}, [{"kind": "human"}, HEURISTIC])
    page.goto(server.invite(m["id"], m["seats"][0]["token"]))
    wait_board(page)
    # Set Up / Deploy: three units face down, clicked on the board (card pre-selected, then a line)
    for _ in range(3):
        assert click_one(page, random.Random(4), prefer="deploy").startswith("deploy")
    clicked = play_to_end(
        page, random.Random(4), max_clicks=300, shot=shots / "draconia.png", shot_at=4
    )
    assert clicked
    assert board(page)["outcome"] in {"0", "1", "draw"}
    page.screenshot(path=str(shots / "draconia-end.png"), full_page=True)


def test_graxia_game_on_the_hex_map(server: Server, page: Page, shots: Path) -> None:
    """Guardians of Graxia, two-player scenario 1, against the heuristic bot: units are
    placed, moved and attack by clicking hexes of the map."""
    m = server.create("graxia", {}, [{"kind": "human"}, HEURISTIC])
    page.goto(server.invite(m["id"], m["seats"][0]["token"]))
    wait_board(page)
    assert page.locator("svg.hexmap .hex").count() > 20
    assert page.locator('svg.hexmap .hex[data-action^="place "]').count() > 0
    clicked = play_to_end(
        page, random.Random(9), max_clicks=400, shot=shots / "graxia.png", shot_at=30
    )
    assert any(n.startswith(("place ", "move ", "attack ", "summon ")) for n in clicked)
    assert board(page)["outcome"] in {"0", "1", "draw"}
    page.screenshot(path=str(shots / "graxia-end.png"), full_page=True)
