"""The table's promises beyond playing: simultaneous decisions between two browsers, seats that
survive a reload, spectators who see nothing hidden, phone width, the replay viewer."""

from __future__ import annotations

import random
import re
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page
from tests.web.webplay import (
    Server,
    board,
    click_one,
    no_horizontal_scroll,
    wait_board,
    wait_turn_or_end,
    wait_until,
)

from wartable.games import get_game

HEURISTIC = {"kind": "bot", "agent": "heuristic"}


def _my_units(page: Page) -> set[str]:
    return set(
        page.locator(".player.mine .lines [data-card]").evaluate_all(
            "els => els.map(e => e.dataset.card)"
        )
    )


def test_draconia_two_browsers_deploy_simultaneously(
    server: Server, browser: Browser, shots: Path
) -> None:
    """Set Up / Deploy (rulebook "Deploy"): both players place 3 units face down at once; neither
    sees the other's choice, and the one who finished first is told it waits for the other."""
    m = server.create("draconia", {"first_player": 0}, [{"kind": "human"}, {"kind": "human"}])
    pages = []
    for seat in (0, 1):
        ctx = browser.new_context(viewport={"width": 1100, "height": 900})
        pg = ctx.new_page()
        pg.goto(server.invite(m["id"], m["seats"][seat]["token"]))
        assert wait_board(pg)["seat"] == str(seat)
        pages.append(pg)
    a, b = pages
    rng = random.Random(5)
    for _ in range(3):
        assert click_one(a, rng, prefer="deploy").startswith("deploy")
    placed = _my_units(a)
    assert len(placed) == 3, placed
    wait_until(
        a, "() => /waiting for the others/i.test(document.querySelector('.status').innerText)"
    )
    wait_until(b, "() => document.querySelector('#board').dataset.version === '3'")
    assert "Your move" in b.inner_text(".status")
    # B sees that A is ready, not what A placed
    hand_b = set(b.locator(".hand [data-card]").evaluate_all("els => els.map(e => e.dataset.card)"))
    text_b = b.inner_text("#board")
    assert "ready" in text_b
    assert not {u for u in placed - hand_b if u in text_b}, "B's page shows A's hidden units"
    b.screenshot(path=str(shots / "draconia-simultaneous.png"), full_page=True)
    for _ in range(3):
        assert click_one(b, rng, prefer="deploy").startswith("deploy")
    for pg in pages:
        wait_until(pg, "() => !/Deploy/.test(document.querySelector('.status .phase').innerText)")
    # both play on, each from its own browser, for 20 moves (a whole random game is minutes:
    # games to the end are played in test_web_play.py)
    clicks = spins = 0
    while "outcome" not in board(a) and clicks < 20:
        spins += 1
        assert spins < 2_000, f"neither browser was given a move: {board(a)} {board(b)}"
        progressed = False
        for pg in pages:
            if pg.locator("#board.my-turn").count() and "outcome" not in board(pg):
                click_one(pg, rng)
                clicks += 1
                progressed = True
        if not progressed:
            a.wait_for_timeout(50)
    # both browsers come to the same version of the same game (either may have moved last)
    for _ in range(150):
        if board(a)["version"] == board(b)["version"]:
            break
        a.wait_for_timeout(100)
    assert board(a)["version"] == board(b)["version"], (board(a), board(b))
    assert board(a).get("outcome") == board(b).get("outcome")
    for pg in pages:
        pg.context.close()


def test_reload_resumes_the_seat_and_the_lobby_lists_it(server: Server, page: Page) -> None:
    m = server.create("weapons", {"players": 3}, [{"kind": "human"}, HEURISTIC, HEURISTIC])
    page.goto(server.invite(m["id"], m["seats"][0]["token"]))
    wait_board(page)
    rng = random.Random(6)
    for _ in range(2):
        if wait_turn_or_end(page):
            click_one(page, rng, prefer="play ")
    before = board(page)
    page.reload()
    after = wait_board(page)
    assert after["seat"] == "0" and int(after["version"]) >= int(before["version"])
    assert page.locator(".badge").first.inner_text() == "Seat 1"
    # the lobby keeps the seat in this browser: resume it from there
    page.goto(server.base + "/")
    page.click(f'[data-resume="{m["id"]}"]')
    resumed = wait_board(page)
    assert resumed["seat"] == "0"
    # the resumed seat plays on (whole Weapons games are played in test_web_play.py and
    # test_web_weapons.py)
    for _ in range(3):
        if wait_turn_or_end(page):
            click_one(page, rng, prefer="play ")
    assert int(board(page)["version"]) > int(resumed["version"]) or "outcome" in board(page)


def _names(
    game: Any, config: Any, obs: dict[str, Any], seat: int | None, cat: dict[str, Any]
) -> tuple[set[str], set[str]]:
    """(units a seat sees in its hand and face down, units anyone sees face up) in a Draconia observation."""
    private: set[str] = set()
    public: set[str] = set()
    for p, pl in enumerate(obs["players"]):

        def unit(pos: int, pl: dict[str, Any] = pl) -> str:
            return str(cat["units"][pl["deck"][pos]]["name"])

        for pos in pl["camp"] + pl["grave"]:
            public.add(unit(pos))
        for line, pos in enumerate(pl["field"]):
            if pos >= 0:
                (public if pl["face_up"][line] else private).add(unit(pos))
        if p == seat and pl["hand"]:
            private |= {unit(pos) for pos in pl["hand"]}
    return private, public


def test_spectator_sees_no_hidden_card(server: Server, page: Page, shots: Path) -> None:
    """Hands and face-down units (Set Up, "Revealing Units") never reach a spectator's page."""
    import json

    cat = json.loads(
        (Path(__file__).parents[2] / "src/wartable/server/static/data/catalogue.json").read_text()
    )["draconia"]
    m = server.create("draconia", {}, [{"kind": "human"}, HEURISTIC])
    token = m["seats"][0]["token"]
    rng = random.Random(7)

    def act_once() -> None:
        v = server.view(m["id"], token)
        if v["legal"]:
            server.call(
                "POST",
                f"/api/matches/{m['id']}/actions",
                {"action": rng.choice(v["legal"])["notation"], "version": v["version"]},
                token,
            )

    # play through the first deploy so both sides hold hands and face-down units
    # stop where only the person is to act, so the bot cannot move the game on (and reveal
    # units) between reading the page's version and its text
    for _ in range(200):
        v = server.view(m["id"], token)
        settled = v["to_act"] == [0]
        if (settled and v["observation"]["phase"] == "main" and v["version"] >= 6) or v["outcome"]:
            break
        act_once()
    page.goto(f"{server.base}/#/m/{m['id']}")
    spec = wait_board(page)
    assert spec["seat"] == "spectator"
    for _ in range(50):  # the text of one version: read it between two equal version stamps
        version = int(page.get_attribute("#board", "data-version") or -1)
        text = page.inner_text("body")
        if int(page.get_attribute("#board", "data-version") or -2) == version:
            break
        page.wait_for_timeout(100)
    assert version == server.view(m["id"], token)["version"], "the page shows the current view"
    assert page.locator("#board .card.back").count() > 0, "hidden units are drawn as card backs"
    page.screenshot(path=str(shots / "draconia-spectator.png"), full_page=True)
    # finish the match so the seed is out, then rebuild the position the spectator saw (a
    # random person can make a long game: the cap is a runaway guard, not a length; while the
    # bot is to act there is nothing to do but wait for it)
    for _ in range(20_000):
        v = server.view(m["id"], token)
        if v["outcome"]:
            break
        if not v["legal"]:
            time.sleep(0.01)
            continue
        act_once()
    assert server.view(m["id"], token)["outcome"], "the match should have ended"
    log = server.call("GET", f"/api/matches/{m['id']}/replay")["replay"]
    game = get_game("draconia")
    config = game.make_config(log["config"])
    state = game.new_state(config, log["seed"])
    # public: every unit the spectator's view ever showed face up (the log may name a unit
    # that was revealed, then went back to a hand: Scorching Sands' Maneuver, Persistent)
    _, public = _names(game, config, game.observe(state, None), None, cat)
    for seat, notation in log["actions"][:version]:
        game.apply(state, seat, notation)
        public |= _names(game, config, game.observe(state, None), None, cat)[1]
    hidden: set[str] = set()
    for seat in (0, 1):
        private, _ = _names(game, config, game.observe(state, seat), seat, cat)
        hidden |= private
    secret = hidden - public
    assert secret, "the position should hold hidden units"
    leaked = sorted(n for n in secret if re.search(rf"\b{re.escape(n)}\b", text))
    assert not leaked, f"the spectator's page names hidden units: {leaked}"


def test_phone_width_has_no_horizontal_scroll(
    server: Server, browser: Browser, shots: Path
) -> None:
    ctx = browser.new_context(
        viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True
    )
    pg = ctx.new_page()
    pg.goto(server.base + "/")
    pg.wait_for_selector(".game-tab")
    assert no_horizontal_scroll(pg)
    pg.screenshot(path=str(shots / "phone-lobby.png"), full_page=True)
    rng = random.Random(8)
    tables: list[tuple[str, dict[str, Any], int]] = [
        ("draconia", {}, 2),
        ("invasion", {"players": 2, "mode": "two_player"}, 2),
        ("skirm", {}, 2),
        ("weapons", {"players": 4}, 4),
        ("graxia", {}, 2),
    ]
    for game, config, players in tables:
        seats = [{"kind": "human"}] + [HEURISTIC] * (players - 1)
        m = server.create(game, config, seats)
        pg.goto(server.invite(m["id"], m["seats"][0]["token"]))
        wait_board(pg)
        for _ in range(4):
            if wait_turn_or_end(pg):
                click_one(pg, rng)
        pg.wait_for_timeout(100)
        assert no_horizontal_scroll(pg), f"{game} scrolls sideways at 360 px"
        # whose turn and the phase stay in sight at the bottom of the page
        pg.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
        top = pg.evaluate("() => document.querySelector('.status').getBoundingClientRect().top")
        assert 0 <= top < 5, f"{game}: the status bar scrolled away ({top})"
        pg.evaluate("() => window.scrollTo(0, 0)")
        pg.screenshot(path=str(shots / f"phone-{game}.png"), full_page=True)
    ctx.close()


def test_replay_viewer_steps_through_a_finished_match(server: Server, page: Page) -> None:
    m = server.create("skirm", {}, [HEURISTIC, {"kind": "bot", "agent": "random"}])
    for _ in range(100):
        if server.view(m["id"])["outcome"]:
            break
        page.wait_for_timeout(50)
    page.goto(f"{server.base}/#/r/{m['id']}")
    page.wait_for_selector(".replay-moves li")
    steps = len(server.call("GET", f"/api/matches/{m['id']}/replay")["replay"]["actions"])
    assert page.locator(".replay-moves li").count() == steps
    assert f"move {steps} / {steps}" in page.inner_text(".step-count")
    page.click('[data-step="prev"]')
    wait_until(
        page,
        f"() => document.querySelector('.step-count').innerText.startsWith('move {steps - 1} ')",
    )
    page.keyboard.press("Home")
    wait_until(page, "() => document.querySelector('.step-count').innerText.startsWith('move 0 ')")
    # the board itself steps: each step draws the table the server rebuilt after N moves
    page.wait_for_selector('#board[data-version="0"]')
    assert "does not step through replays" not in page.inner_text("#board")
    start = page.inner_text("#board")
    page.keyboard.press("End")
    page.wait_for_selector(f'#board[data-version="{steps}"]')
    assert page.get_attribute("#board", "data-outcome"), "the last step shows the outcome"
    assert page.inner_text("#board") != start, "the board changes between the first and last step"


def test_lobby_lists_an_open_table_and_a_stranger_joins_it(
    server: Server, browser: Browser
) -> None:
    m = server.create("skirm", {}, [{"kind": "human"}, {"kind": "human", "open": True}])
    host = browser.new_context().new_page()
    host.goto(server.invite(m["id"], m["seats"][0]["token"]))
    assert wait_board(host)["seat"] == "0"
    guest = browser.new_context().new_page()
    guest.goto(server.base + "/")
    guest.click(f'[data-join="{m["id"]}"]')
    assert wait_board(guest)["seat"] == "1"
    # both reveal a card at once (Duel Sequence: "simultaneously reveal 1 Skirm card")
    rng = random.Random(10)
    click_one(host, rng, prefer="reveal")
    click_one(guest, rng, prefer="reveal")
    for pg in (host, guest):
        wait_until(pg, "() => !/Choose a card/.test(document.querySelector('.status').innerText)")
        pg.context.close()
