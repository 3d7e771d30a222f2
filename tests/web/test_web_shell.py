"""The table shell around every game's board: the rules in #help, the match in #briefing, a card's
whole text in #card-detail, a log that holds the whole game and follows it, the replay's buttons."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Route
from tests.web.webplay import Server, board, wait_board, wait_turn_or_end, wait_until

BOT = {"kind": "bot", "agent": "random"}

# each game's match against a bot, and section names its rulebook prints (the Weapons
# fragment has no headings: the names of the parts of play it describes)
GAMES: dict[str, tuple[dict[str, object], list[str]]] = {
    "draconia": (
        {},
        ["Round Sequence", "Performing an Attack", "Revealing Units", "End of the Game"],
    ),
    "graxia": ({}, ["Sequence of Play", "Command Phase", "Victory Determination", "Battle"]),
    "invasion": (
        {"players": 2, "mode": "two_player"},
        ["Turn Overview", "Terror and Events", "Winning", "Battle Stages"],
    ),
    "skirm": ({}, ["Setup", "Duel Sequence", "Additional Scoring"]),
    "weapons": ({"players": 2}, ["Skirmish", "Final Battle"]),
}

FIRST_MOVE = "#board [data-action]:visible"


def open_table(server: Server, page: Page, game: str) -> dict[str, object]:
    config = GAMES[game][0]
    m = server.create(game, config, [{"kind": "human"}, BOT])
    page.goto(server.invite(m["id"], m["seats"][0]["token"]))
    wait_board(page)
    return m


def first_move(page: Page) -> bool:
    """Take the first legal move the board offers; False once the game is over. A click that
    lands while a pushed view redraws the board is lost (mouse down and up on different
    elements): then it is clicked again."""
    if not wait_turn_or_end(page):
        return False
    version = board(page)["version"]
    for _attempt in range(5):
        try:
            page.locator(FIRST_MOVE).first.click(timeout=3000)
            wait_until(
                page,
                """v => { const b = document.querySelector('#board');
                          return b && (b.dataset.version !== v || b.dataset.outcome !== undefined); }""",
                arg=version,
                timeout=4000,
            )
            return True
        except Exception:
            if board(page)["version"] != version or not wait_turn_or_end(page):
                return True
    raise AssertionError(f"no click on the first move took it: {board(page)}")


def last_log_entry_in_sight(page: Page) -> bool:
    return bool(
        page.evaluate(
            """() => { const log = document.querySelector('#log');
                       const last = log && log.lastElementChild;
                       if (!last) return false;
                       const a = log.getBoundingClientRect(), b = last.getBoundingClientRect();
                       return b.bottom <= a.bottom + 1 && b.top >= a.top - 1; }"""
        )
    )


@pytest.mark.parametrize("game", sorted(GAMES))
def test_help_names_the_rulebook_sections(server: Server, page: Page, game: str) -> None:
    """The header's Help button opens the rules summary under the rulebook's section names;
    Escape closes it."""
    open_table(server, page, game)
    page.get_by_role("button", name=re.compile("help", re.I)).click()
    dialog = page.locator("#help")
    dialog.wait_for(state="visible")
    rules = dialog.inner_text().lower()
    sections = GAMES[game][1]
    assert any(s.lower() in rules for s in sections), f"{game}: #help names none of {sections}"
    page.keyboard.press("Escape")
    dialog.wait_for(state="hidden")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_briefing_is_open_and_stays_as_left(server: Server, page: Page, game: str) -> None:
    """#briefing says what the match is, open at the first view; folded, it stays folded
    across moves."""
    open_table(server, page, game)
    briefing = page.locator("#briefing")
    assert briefing.evaluate("d => d.open"), "the briefing is closed at the first view"
    body = briefing.locator(".briefing-body").inner_text().strip()
    assert len(body) > 10, f"{game}: the briefing says nothing: {body!r}"
    briefing.locator("summary").click()
    first_move(page)
    assert not page.locator("#briefing").evaluate("d => d.open"), "a move reopened the briefing"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_card_detail_and_a_log_that_follows(server: Server, page: Page, game: str) -> None:
    """A focused card shows its text in #card-detail without being played (Escape closes it),
    and the log shows its newest sentence after every move."""
    open_table(server, page, game)
    for _ in range(12):  # some boards show their first card after a move or two
        if page.locator("#board [data-card]:visible").count() or not first_move(page):
            break
    card = page.locator("#board [data-card]:visible").first
    name = card.get_attribute("data-card")
    assert name, f"{game}: no card or unit with data-card on the board"
    assert page.locator("#card-detail").is_hidden()
    version = board(page)["version"]
    # the card itself, or the control it sits in (a focusable inside a control is not allowed)
    card.evaluate("e => (e.tabIndex >= 0 ? e : e.closest('[tabindex], button, a[href]')).focus()")
    detail = page.locator("#card-detail")
    detail.wait_for(state="visible")
    assert name.lower() in detail.inner_text().lower()
    assert board(page)["version"] == version, "focusing a card took an action"
    page.keyboard.press("Escape")
    detail.wait_for(state="hidden")
    for _ in range(3):
        if not first_move(page):
            break
        wait_until(page, "() => document.querySelectorAll('#log li').length > 0")
        assert last_log_entry_in_sight(page), f"{game}: the newest log entry is scrolled away"


def test_the_log_keeps_the_whole_game_and_offers_the_newest(server: Server, page: Page) -> None:
    """A long Draconia game against a bot: the log holds every entry from the first on (more
    than 80), follows the newest, and once the person scrolls up to read, stays there and
    offers a "Newest" button that brings the newest entry back."""
    open_table(server, page, "draconia")
    wait_until(page, "() => document.querySelectorAll('#log li').length > 0")
    first = page.locator("#log li").first.inner_text()
    for _ in range(150):
        if page.locator("#log li").count() > 90 or not first_move(page):
            break
    entries = page.locator("#log li")
    assert entries.count() > 80, f"the log holds {entries.count()} entries"
    assert entries.first.inner_text() == first, "the log lost its first entry"
    assert last_log_entry_in_sight(page)
    page.locator("#log").evaluate("l => { l.scrollTop = 0; }")
    page.locator(".newest").wait_for(state="visible")
    moved = first_move(page)
    if moved:  # the person reading older entries is not pulled down by a move
        assert page.locator("#log").evaluate("l => l.scrollTop") == 0
    page.locator(".newest").click()
    wait_until(page, "() => document.querySelector('.newest').hidden")
    assert last_log_entry_in_sight(page)


def test_a_card_that_is_a_move_still_plays(server: Server, page: Page) -> None:
    """Clicking a Skirm card in hand (a data-action that is a data-card) plays it and shows its
    text."""
    open_table(server, page, "skirm")
    card = page.locator("#board [data-card][data-action]:visible").first
    name = card.get_attribute("data-card")
    assert name
    version = board(page)["version"]
    card.click()
    wait_until(page, "v => document.querySelector('#board').dataset.version !== v", arg=version)
    assert name.lower() in page.locator("#card-detail").inner_text().lower()


def test_all_legal_moves_stays_as_left(server: Server, page: Page) -> None:
    """ "All legal moves", opened by the person, stays open across moves; closed again, it
    stays closed."""
    open_table(server, page, "draconia")
    wait_turn_or_end(page)
    page.locator(".all-moves summary").click()
    for want_open in (True, False):
        for _ in range(2):
            assert first_move(page), "the game ended early"
            wait_turn_or_end(page)
            assert page.locator(".all-moves").evaluate("d => d.open") == want_open
        page.locator(".all-moves summary").click()


def test_replay_buttons_have_labels_and_step(server: Server, page: Page) -> None:
    """The replay viewer's first / previous / next / last buttons say what they do in words,
    have accessible names, and step through the match; its Help opens the rules."""
    m = server.create("skirm", {}, [BOT, BOT])
    for _ in range(100):
        if server.view(m["id"]).get("outcome"):
            break
        page.wait_for_timeout(100)
    page.goto(f"{server.base}/#/r/{m['id']}")
    page.locator("[data-step]").first.wait_for()
    names = {"first": "First", "prev": "Previous", "next": "Next", "last": "Last"}
    for step, word in names.items():
        button = page.locator(f'[data-step="{step}"]')
        assert word in button.inner_text()
        assert page.get_by_role("button", name=re.compile(word)).count() >= 1
    end = board(page)["version"]
    page.locator('[data-step="prev"]').click()
    wait_until(page, "v => document.querySelector('#board').dataset.version !== v", arg=end)
    assert int(board(page)["version"]) == int(end) - 1
    page.locator('[data-step="first"]').click()
    wait_until(page, "() => document.querySelector('#board').dataset.version === '0'")
    # the rules are at hand in the replay too
    page.get_by_role("button", name=re.compile("help", re.I)).click()
    page.locator("#help").wait_for(state="visible")
    assert "duel sequence" in page.locator("#help").inner_text().lower()


@pytest.mark.parametrize("width", [1280, 360])
def test_shell_screenshots(server: Server, browser: Browser, shots: Path, width: int) -> None:
    """The lobby, a table with #help open, a table with #card-detail open and the replay viewer,
    at laptop and phone width (build/screenshots/shell-<what>-<width>.png)."""
    ctx = browser.new_context(
        viewport={"width": width, "height": 900 if width > 400 else 740},
        is_mobile=width < 400,
        has_touch=width < 400,
    )
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + "/")
    page.locator("#create").wait_for()
    page.screenshot(path=str(shots / f"shell-lobby-{width}.png"))

    open_table(server, page, "draconia")
    first_move(page)
    page.get_by_role("button", name=re.compile("help", re.I)).click()
    page.locator("#help").wait_for(state="visible")
    page.screenshot(path=str(shots / f"shell-help-{width}.png"))
    page.keyboard.press("Escape")

    card = page.locator("#board [data-card]:visible").first
    card.evaluate("e => (e.tabIndex >= 0 ? e : e.closest('[tabindex], button, a[href]')).focus()")
    page.locator("#card-detail").wait_for(state="visible")
    if width > 400:
        page.locator("#card-detail").scroll_into_view_if_needed()
    page.screenshot(path=str(shots / f"shell-card-detail-{width}.png"))

    m = server.create("draconia", {}, [BOT, BOT])
    for _ in range(300):
        if server.view(m["id"]).get("outcome"):
            break
        page.wait_for_timeout(100)
    page.goto(f"{server.base}/#/r/{m['id']}")
    page.locator("[data-step]").first.wait_for()
    wait_board(page)
    page.screenshot(path=str(shots / f"shell-replay-{width}.png"))
    ctx.close()
    assert not errors, errors
    for what in ("lobby", "help", "card-detail", "replay"):
        assert (shots / f"shell-{what}-{width}.png").stat().st_size > 5000


# Skirm's own view with the optional hooks set to what the test can check
HOOKED_SKIRM = """
import view from "/static/games/skirm.js?unhooked";
const para = (text) => { const p = document.createElement("p"); p.textContent = text; return p; };
export default {
  ...view,
  // shown while the test's switch is on (on at first); what each version got is recorded
  battle: (ctx) => {
    const show = window.showBattle !== false;
    (window.battleShown ??= {})[ctx.view.version] = show;
    return show ? para(`battle at ${ctx.view.version}`) : null;
  },
  lastMoves: (ctx) => {
    const b = document.querySelector("#board");
    b.dataset.lastEvents = JSON.stringify(ctx.lastEvents.map((e) => e.type));
  },
  scores: () => [{ seat: 0, text: "7 victory points" }, { seat: 1, text: "3 victory points" }],
};
"""


def test_the_shell_calls_battle_last_moves_and_scores(server: Server, page: Page) -> None:
    """A view's battle() shows #battle only while it returns a node; lastMoves() runs with the
    board in the page and the events since the seat's previous view; the end panel says what
    scores() says of each seat."""
    page.route(
        lambda url: url.endswith("/static/games/skirm.js"),
        lambda route: route.fulfill(status=200, content_type="text/javascript", body=HOOKED_SKIRM),
    )
    m = server.create("skirm", {}, [{"kind": "human"}, BOT])
    page.goto(server.invite(m["id"], m["seats"][0]["token"]))
    wait_board(page)
    seen = {True: 0, False: 0}
    events_seen = False
    while True:
        # one read of the page: a pushed view may redraw it between two reads
        version, shown, wanted, text, last = page.evaluate(
            """() => { const b = document.querySelector('#board');
                       const battle = document.querySelector('#battle');
                       const v = Number(b.dataset.version);
                       return [v, battle.checkVisibility(), window.battleShown?.[v] ?? null,
                               battle.innerText, b.dataset.lastEvents ?? null]; }"""
        )
        assert wanted is not None, f"battle() was not called for version {version}"
        assert shown == wanted, f"#battle shown={shown} at version {version}"
        if shown:
            assert text == f"battle at {version}"
        seen[shown] += 1
        assert last is not None, "lastMoves was not called with the board in the page"
        events_seen = events_seen or bool(json.loads(last))
        # the next views get the other answer (a switch, not the version's parity: a move and
        # the bot's reply can move the version by two between two reads)
        page.evaluate("on => { window.showBattle = on; }", not shown)
        if not first_move(page):
            break
    assert seen[True] and seen[False], seen
    assert events_seen, "lastMoves never had an event"
    scores = page.locator(".end-panel .score").all_inner_texts()
    assert scores == ["You: 7 victory points", "Bot 2 (random): 3 victory points"], scores


def test_a_game_stylesheet_is_linked_when_the_server_has_one(server: Server, page: Page) -> None:
    """games/<id>.css is linked when the view module loads; a game without one (the server
    answers 404) gets no link and its table still opens."""
    page.route(
        lambda url: url.endswith("/static/games/weapons.css"),
        lambda route: route.fulfill(status=404, body=""),
    )
    open_table(server, page, "skirm")
    rules = page.evaluate(
        """() => { const l = document.querySelector('link[data-game-css="skirm"]');
                   return l && l.sheet ? l.sheet.cssRules.length : -1; }"""
    )
    assert rules > 0, "skirm.css is not linked (or empty)"
    open_table(server, page, "weapons")
    assert page.locator('link[data-game-css="weapons"]').count() == 0


def test_a_long_press_shows_the_card_without_playing_it(server: Server, browser: Browser) -> None:
    """On a phone a tap on a card that is a move plays it without raising the card sheet over
    the board; a finger held on it for half a second shows the card and plays nothing."""
    ctx = browser.new_context(
        viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True
    )
    page = ctx.new_page()
    open_table(server, page, "skirm")
    card = page.locator("#board [data-card][data-action]:visible").first
    name = card.get_attribute("data-card")
    assert name
    card.scroll_into_view_if_needed()
    box = card.bounding_box()
    assert box
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    version = board(page)["version"]
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    page.wait_for_timeout(800)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    page.locator("#card-detail").wait_for(state="visible")
    assert name.lower() in page.locator("#card-detail").inner_text().lower()
    page.wait_for_timeout(500)
    assert board(page)["version"] == version, "the long press played the card"
    page.locator("#card-detail .close").click()
    page.locator("#card-detail").wait_for(state="hidden")
    card = page.locator("#board [data-card][data-action]:visible").first
    card.tap()
    wait_until(page, "v => document.querySelector('#board').dataset.version !== v", arg=version)
    assert page.locator("#card-detail").is_hidden(), "a tap that played a card raised the sheet"
    ctx.close()


# Draconia's own view without its cardDetail: the shell's generic rendering answers
PLAIN_DRACONIA = """
import view from "/static/games/draconia.js?plain";
export default { ...view, cardDetail: undefined };
"""


def test_the_card_detail_reads_the_match_catalogue(server: Server, page: Page) -> None:
    """ctx.cat is what GET /api/matches/{id}/catalogue answers (not the static copy), and a view
    without cardDetail gets every field of the catalogue entry in words."""

    def marked(route: Route) -> None:
        cat = route.fetch().json()
        for unit in cat["units"]:
            unit["origin"] = "this match's catalogue"
        route.fulfill(json=cat)

    page.route("**/api/matches/*/catalogue", marked)
    page.route(
        lambda url: url.endswith("/static/games/draconia.js"),
        lambda route: route.fulfill(
            status=200, content_type="text/javascript", body=PLAIN_DRACONIA
        ),
    )
    m = open_table(server, page, "draconia")
    card = page.locator("#board [data-card]:visible").first
    name = card.get_attribute("data-card")
    units = {u["name"]: u for u in server.call("GET", f"/api/matches/{m['id']}/catalogue")["units"]}
    assert name in units
    card.evaluate("e => (e.tabIndex >= 0 ? e : e.closest('[tabindex], button, a[href]')).focus()")
    detail = page.locator("#card-detail")
    detail.wait_for(state="visible")
    text = detail.inner_text()
    assert "Origin" in text and "this match's catalogue" in text, text
    assert (
        f"Attack\n{units[name]['attack']}" in text or f"Attack\t{units[name]['attack']}" in text
    ), text


@pytest.mark.parametrize("reduced", [False, True])
def test_move_animations_stop_under_reduced_motion(
    server: Server, page: Page, reduced: bool
) -> None:
    """The classes the game views put on moved or attacked things (flash, slide-in) animate,
    except for a person who asked for reduced motion."""
    page.emulate_media(reduced_motion="reduce" if reduced else "no-preference")
    open_table(server, page, "skirm")
    names = page.evaluate(
        """() => ['flash', 'slide-in'].map((c) => {
                 const e = document.createElement('div');
                 e.className = c;
                 document.querySelector('#board').appendChild(e);
                 const n = getComputedStyle(e).animationName;
                 e.remove();
                 return n; })"""
    )
    if reduced:
        assert names == ["none", "none"], names
    else:
        assert names == ["flash", "slide-in"], names


def test_the_ink_on_every_seat_colour_meets_aa(server: Server, page: Page) -> None:
    """inkOn picks, for each seat colour, a text colour with at least 4.5:1 contrast (WCAG AA),
    as the seat badges use it (white on four of the six seat colours was 2.2-4.1:1)."""
    page.goto(server.base + "/")
    ratios = page.evaluate(
        """async () => {
          const { SEAT_COLOURS, inkOn } = await import('/static/ui.js');
          const lum = (hex) => {
            const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
              .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
            return 0.2126 * r + 0.7152 * g + 0.0722 * b;
          };
          const ink = (c) => (inkOn(c) === '#fff' ? '#ffffff' : '#111111');
          return SEAT_COLOURS.map((c) => {
            const [a, b] = [lum(c), lum(ink(c))].sort((x, y) => y - x);
            return [c, (a + 0.05) / (b + 0.05)];
          });
        }"""
    )
    assert len(ratios) == 6
    low = [(c, round(r, 2)) for c, r in ratios if r < 4.5]
    assert not low, f"seat colours without AA ink: {low}"
