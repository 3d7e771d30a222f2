"""axe-core over every page of the web table: the lobby, each game's table (and a Graxia solo
scenario) and the replay viewer have no serious or critical accessibility violation."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page
from tests.web.webplay import Server, play_to_end, wait_board

BOT = {"kind": "bot", "agent": "random"}
TABLES: dict[str, tuple[str, dict[str, Any], list[dict[str, Any]]]] = {
    "draconia": ("draconia", {}, [{"kind": "human"}, BOT]),
    "graxia": ("graxia", {}, [{"kind": "human"}, BOT]),
    "graxia-solo": ("graxia", {"scenario": "solo-3"}, [{"kind": "human"}]),
    "invasion": ("invasion", {"players": 2, "mode": "two_player"}, [{"kind": "human"}, BOT]),
    "skirm": ("skirm", {}, [{"kind": "human"}, BOT]),
    "weapons": ("weapons", {"players": 2}, [{"kind": "human"}, BOT]),
}
BAD = {"serious", "critical"}


def violations(page: Page, where: str) -> list[str]:
    """The serious and critical violations on the page, each with the elements it names and
    whose part they are in: the game's board (its view module) or the shell around it."""
    found = Axe().run(page).response["violations"]
    out = []
    for v in found:
        if v.get("impact") not in BAD:
            continue
        for node in v["nodes"]:
            target = " ".join(str(t) for t in node["target"])
            part = page.evaluate(
                """sel => { const e = document.querySelector(sel);
                           if (e && e.closest('#board')) return 'board';
                           if (e && e.closest('#card-detail')) return 'detail';
                           if (e && e.closest('#help .help-body')) return 'help';
                           return 'shell'; }""",
                str(node["target"][-1]),
            )
            whose = {
                "board": f"the {where} game view (#board)",
                "detail": f"the {where} game view's cardDetail (#card-detail)",
                "help": f"the {where} game view's help (#help)",
                "shell": "the shell",
            }[part]
            why = str(node.get("failureSummary") or "").splitlines()[-1:]
            out.append(
                f"{v['id']} ({v['impact']}) in {whose}: {target} {node['html'][:90]}: "
                f"{v['help']}; {' '.join(why).strip()}"
            )
    return out


def test_the_lobby_has_no_serious_violation(server: Server, page: Page) -> None:
    page.goto(server.base + "/")
    page.locator("#create").wait_for()
    found = violations(page, "lobby")
    assert not found, "\n".join(found)


@pytest.mark.parametrize("table", sorted(TABLES))
def test_each_game_table_has_no_serious_violation(server: Server, page: Page, table: str) -> None:
    """The table at its first view with the card detail open (a card focused), then with the
    rules (#help) open over it."""
    game, config, seats = TABLES[table]
    m = server.create(game, config, seats)
    page.goto(server.invite(m["id"], m["seats"][0]["token"]))
    wait_board(page)
    card = page.locator("#board [data-card]:visible")
    if card.count():
        card.first.evaluate(
            "e => (e.tabIndex >= 0 ? e : e.closest('[tabindex], button, a[href]')).focus()"
        )
    found = violations(page, table)
    # and with the rules open over the table (the dialog is the game's help())
    page.get_by_role("button", name=re.compile("help", re.I)).click()
    page.locator("#help").wait_for(state="visible")
    found += [f"with #help open: {v}" for v in violations(page, table)]
    assert not found, "\n".join(found)


def test_the_replay_viewer_has_no_serious_violation(server: Server, page: Page) -> None:
    m = server.create("skirm", {}, [BOT, BOT])
    for _ in range(100):
        if server.view(m["id"]).get("outcome"):
            break
        page.wait_for_timeout(100)
    page.goto(f"{server.base}/#/r/{m['id']}")
    page.locator("[data-step]").first.wait_for()
    wait_board(page)
    found = violations(page, "skirm replay")
    assert not found, "\n".join(found)


def test_the_end_of_a_game_has_no_serious_violation(server: Server, page: Page) -> None:
    """A Skirm duel played to the end: the end panel (result, scores, rematch) and the
    battle panel of the last duel."""
    m = server.create("skirm", {}, [{"kind": "human"}, BOT])
    page.goto(server.invite(m["id"], m["seats"][0]["token"]))
    wait_board(page)
    play_to_end(page, random.Random(3), max_clicks=60)
    page.locator(".end-panel").wait_for()
    found = violations(page, "skirm end")
    assert not found, "\n".join(found)
