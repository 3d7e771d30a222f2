"""Guardians of Graxia's table for a person who has read the rulebook: the set-up through the
pool then a hex, a take-back before the reveal, the face-down placements on the person's own
map, the briefing, a battle explained term by term, and screenshots at 1280 and 360 px."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Page
from tests.web.webplay import BROKEN_WORDS, Server, board, wait_board, wait_until

HEX = "(-?\\d+),(-?\\d+)"
# visible card parts (name, class, text, each value) that overflow their box or the card
CLIPPED = """() => [...document.querySelectorAll('#board .card')]
  .filter(c => c.offsetParent !== null)
  .flatMap(c => [...c.querySelectorAll('.name, .cls, .text, .nums span')])
  .filter(e => { const r = e.getBoundingClientRect(), c = e.closest('.card').getBoundingClientRect();
    return e.scrollWidth > e.clientWidth + 1 || r.right > c.right + 1 || r.bottom > c.bottom + 1; })
  .map(e => e.closest('.card').dataset.card + ': ' + e.textContent)"""


def _legal(view: dict[str, Any]) -> list[str]:
    return [a if isinstance(a, str) else a["notation"] for a in view.get("legal", [])]


def _act(server: Server, mid: str, token: str, action: str) -> None:
    v = server.view(mid, token)
    server.call(
        "POST",
        f"/api/matches/{mid}/actions",
        {"action": action, "version": v["version"]},
        token=token,
    )


def _wait_version_past(page: Page, version: str) -> None:
    wait_until(
        page,
        "v => { const b = document.querySelector('#board'); return b && b.dataset.version !== v; }",
        arg=version,
        timeout=15_000,
    )


def _top(page: Page) -> None:
    """Scrolled to the top before a full-page screenshot: the sticky status bar is then drawn in
    its place, not over the middle of the page where the last scroll left it."""
    page.evaluate("window.scrollTo(0, 0)")
    wait_until(page, "() => window.scrollY === 0")


def _dist(a: tuple[int, int], b: tuple[int, int]) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def _cell(text: str) -> tuple[int, int]:
    q, r = text.split(",")
    return int(q), int(r)


def _approach(server: Server, mid: str, token: str, seat: int, cells: list[list[int]]) -> str:
    """One decision for ``seat`` through the API: attack if it can, else move the unit that
    gets closest to an enemy, else draw / end / pass (drives a battle in a few turns)."""
    v = server.view(mid, token)
    legal = _legal(v)
    o = v["observation"]
    attacks = [n for n in legal if n.startswith("attack ")]
    pick = attacks[0] if attacks else None
    if pick is None:
        foes = [
            tuple(cells[i]) for i, u in enumerate(o["unit"]) if u >= 0 and o["owner"][i] == 1 - seat
        ]
        moves = [n for n in legal if n.startswith("move ")]
        if moves and foes:
            best = min(moves, key=lambda n: min(_dist(_cell(n.split()[2]), f) for f in foes))
            pick = best
    for simple in ("draw unit", "draw spell", "bluff", "pass", "advance", "end"):
        if pick is None and simple in legal:
            pick = simple
    if pick is None:
        pick = legal[0]
    server.call(
        "POST",
        f"/api/matches/{mid}/actions",
        {"action": pick, "version": v["version"]},
        token=token,
    )
    return pick


def _open(server: Server, page: Page) -> tuple[str, str, str]:
    m = server.create("graxia", {"scenario": "2p-1"}, [{"kind": "human"}, {"kind": "human"}])
    mid, mine, theirs = m["id"], m["seats"][0]["token"], m["seats"][1]["token"]
    page.goto(server.invite(mid, mine))
    wait_board(page)
    return mid, mine, theirs


def test_setup_pool_then_hex_take_back_reveal_and_a_battle(
    server: Server, page: Page, shots: Path
) -> None:
    mid, mine, theirs = _open(server, page)
    cells = server.call("GET", f"/api/matches/{mid}/catalogue")["scenarios"]["2p-1"]["cells"]
    page.wait_for_selector(".graxia-budget")
    assert "Mana left to spend: 30 of 30" in page.inner_text(".graxia-budget")
    assert page.locator("#briefing").count() == 1
    assert "Hold both cities" in page.inner_text("#briefing")
    # pick a unit from the pool (a card that is not the Guardian), then a highlighted hex
    pool = page.locator(".zone .card.unit.actionable:not(.guardian-card):not(.selected)")
    assert pool.count() >= 1
    first = pool.first
    name = first.get_attribute("data-card")
    pool_before = page.locator(f'.zone .card.unit:not(.guardian-card)[data-card="{name}"]').count()
    first.click()
    legal_hexes = page.locator("svg.graxia-map .hex.legal-hex")
    assert legal_hexes.count() >= 2  # the hexes of the person's side, highlighted
    target = legal_hexes.first
    where = target.get_attribute("data-hex")
    version = board(page)["version"]
    target.click()
    _wait_version_past(page, version)
    # drawn on the person's own map at once, face down; gone from the pool; budget lowered
    placed = page.locator(f'svg.graxia-map .hex[data-hex="{where}"]')
    assert placed.get_attribute("data-unit") == name
    assert placed.get_attribute("data-owner") == "0"
    assert (
        page.locator(f'.zone .card.unit:not(.guardian-card)[data-card="{name}"]').count()
        == pool_before - 1
    )
    assert "Mana left to spend: 30 of 30" not in page.inner_text(".graxia-budget")
    # the other seat sees nothing of it
    theirs_view = server.view(mid, theirs)
    assert theirs_view["observation"]["unit"][[f"{q},{r}" for q, r in cells].index(where)] == -1
    _top(page)
    page.screenshot(path=str(shots / "graxia-setup-1280.png"), full_page=True)
    # take it back before the reveal
    version = board(page)["version"]
    page.locator(f'svg.graxia-map .hex[data-action="unplace {where}"]').click()
    _wait_version_past(page, version)
    assert (
        page.locator(f'svg.graxia-map .hex[data-hex="{where}"]').get_attribute("data-unit") is None
    )
    assert "Mana left to spend: 30 of 30" in page.inner_text(".graxia-budget")
    # place the Guardian and units until End is offered, then end; the other seat too
    for _ in range(30):
        legal = _legal(server.view(mid, mine))
        if "end" in legal:
            break
        version = board(page)["version"]
        hexes = page.locator("svg.graxia-map .hex.legal-hex")
        if hexes.count() == 0:  # nothing selected: pick a card from the pool first
            page.locator(".zone .card.unit.actionable").first.click()
            continue
        hexes.first.click()
        _wait_version_past(page, version)
    _act(server, mid, mine, "end")
    for _ in range(30):
        legal = _legal(server.view(mid, theirs))
        if "end" in legal:
            break
        _act(server, mid, theirs, next(n for n in legal if n.startswith("place ")))
    _act(server, mid, theirs, "end")
    wait_until(page, "() => /turn face up/.test(document.querySelector('.log').innerText)")
    # play on through the API, approaching, until a battle: the browser shows #battle
    tokens = {0: mine, 1: theirs}
    for _ in range(400):
        v = server.view(mid, mine)
        if v.get("outcome"):
            break
        if v["observation"]["phase"] in ("battle", "sacrifice"):
            break
        seat = v["to_act"][0]
        _approach(server, mid, tokens[seat], seat, cells)
    page.wait_for_selector("#battle:not([hidden]) .graxia-battle", timeout=15_000)
    text = page.inner_text("#battle")
    assert "Attacker" in text and "Defender" in text
    assert "attack" in text and "matching defence" in text  # each term and its source
    # the last moves are marked by the hexes' own edges, not a rectangle round each hex
    marks = page.evaluate(
        """() => [...document.querySelectorAll('svg.graxia-map .hex.last-move')].map(g =>
             [getComputedStyle(g).outlineStyle, getComputedStyle(g.querySelector('.hex-shape')).strokeWidth])"""
    )
    assert marks and all(m == ["none", "4px"] for m in marks), marks
    _top(page)
    page.screenshot(path=str(shots / "graxia-battle-1280.png"), full_page=True)
    # the hand holds units and spells: each value labelled, nothing clipped at 1280 or 360
    hand = page.locator(".zone .hand .card")
    assert hand.count() >= 1
    stats = page.inner_text(".zone .hand .card.graxia-unit .graxia-stats")
    assert re.fullmatch(r"Atk \d+[pm]\s+HP \d+\s+Def \d+p \d+m", stats.strip()), stats
    assert page.evaluate(CLIPPED) == []
    assert page.evaluate(BROKEN_WORDS) == []
    page.set_viewport_size({"width": 360, "height": 780})
    wait_until(page, "() => document.documentElement.clientWidth <= 360")
    if page.locator("#card-detail").is_visible():  # the sheet a phone shows over the board
        page.get_by_role("button", name="Close the card detail").click()
    page.locator(".zone .hand").scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "graxia-hand-360.png"))
    assert page.evaluate(CLIPPED) == []
    page.set_viewport_size({"width": 1280, "height": 900})
    # resolve it: the result (wounds) is explained after the move that resolved it
    for _ in range(20):
        v = server.view(mid, mine)
        if v["observation"]["phase"] not in ("battle", "sacrifice"):
            break
        for seat in v["to_act"]:
            _act(
                server,
                mid,
                tokens[seat],
                "bluff" if "bluff" in _legal(server.view(mid, tokens[seat])) else "pass",
            )
    wait_until(
        page,
        "() => /takes \\d+ wound|Result:/.test(document.querySelector('#battle').innerText + document.querySelector('.log').innerText)",
    )
    assert "wound" in page.inner_text("#battle")
    log = page.inner_text(".log")
    assert "Battle!" in log and "The unit at" not in log


def test_card_detail_shows_a_spell_sacrifice_value_and_unit_abilities(
    server: Server, page: Page
) -> None:
    _open(server, page)
    page.wait_for_selector(".zone .card.unit[data-card]")
    cat = page.evaluate(
        "async () => (await (await fetch('/static/data/catalogue.json')).json()).graxia"
    )
    with_ability = next(u for u in cat["units"] if u["ability_text"])
    out = page.evaluate(
        """async ([u, s]) => { const m = (await import('/static/games/graxia.js')).default;
           const cat = (await (await fetch('/static/data/catalogue.json')).json()).graxia;
           const ctx = { cat, obs: {}, seat: 0, seatName: (x) => 'P' + x };
           return [m.cardDetail(u, ctx).innerText, m.cardDetail(s, ctx).innerText]; }""",
        [with_ability["name"], cat["spells"][0]["name"]],
    )
    unit_text, spell_text = out
    ab = with_ability["ability_text"][0]
    assert ab["name"] in unit_text and ab["text"] in unit_text
    assert f"Sacrifice value: {cat['spells'][0]['modifier']}" in spell_text
    assert cat["spells"][0]["text"] in spell_text
    # tapping a pool card shows its whole text in #card-detail, without acting
    card = page.locator(".zone .card.unit[data-card]").first
    name = card.get_attribute("data-card")
    card.focus()
    wait_until(
        page, "n => (document.querySelector('#card-detail')||{}).innerText?.includes(n)", arg=name
    )
    assert "Health" in page.inner_text("#card-detail")
    # scrolled down to the map, the sticky status bar does not cover the sticky card detail
    scrolled = page.evaluate(
        """() => { const main = document.querySelector('.table-main');
           window.scrollTo(0, main.getBoundingClientRect().top + window.scrollY + 200);
           const bar = document.querySelector('.status').getBoundingClientRect();
           const side = document.querySelector('.side').getBoundingClientRect();
           return { y: window.scrollY, main: main.getBoundingClientRect().top,
                    barBottom: bar.bottom, sideTop: side.top }; }"""
    )
    assert scrolled["main"] < -100, scrolled  # the page did scroll past the table's top
    assert scrolled["sideTop"] >= scrolled["barBottom"], scrolled


def test_setup_at_360_zooms_and_keeps_labels_readable(
    server: Server, page: Page, shots: Path
) -> None:
    page.set_viewport_size({"width": 360, "height": 780})
    _open(server, page)
    page.wait_for_selector("svg.graxia-map")
    sizes = page.evaluate(
        """() => [...document.querySelectorAll('svg.graxia-map .hex-coord')].slice(0, 5)
                 .map(t => t.getBoundingClientRect().height)"""
    )
    small = min(sizes)
    page.get_by_role("button", name="Zoom in").click()
    page.get_by_role("button", name="Zoom in").click()
    # each tile's mana label is painted after (over) every tile, so no neighbour hides part of it
    hidden = page.evaluate(
        """() => { const shapes = [...document.querySelectorAll('svg.graxia-map .hex-shape')];
           const last = shapes[shapes.length - 1];
           return [...document.querySelectorAll('svg.graxia-map .hex-mana')]
             .filter(t => t.compareDocumentPosition(last) & Node.DOCUMENT_POSITION_FOLLOWING)
             .map(t => t.textContent); }"""
    )
    assert page.locator("svg.graxia-map .hex-mana").count() > 10
    assert hidden == []
    zoomed = page.evaluate(
        "() => document.querySelector('svg.graxia-map .hex-coord').getBoundingClientRect().height"
    )
    assert zoomed > small * 1.5
    assert zoomed >= 11
    _top(page)
    page.screenshot(path=str(shots / "graxia-setup-360.png"), full_page=True)
    assert page.locator(".zone .card.unit").count() >= 4  # the set-up pool
    assert page.evaluate(CLIPPED) == []
    assert page.evaluate(BROKEN_WORDS) == []
    assert json.dumps(board(page))
