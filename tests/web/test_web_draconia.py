"""Battle for Draconia at the web table, played by a person against a bot: a unit's whole text in
#card-detail, the terms of every attack in #battle, cards whose names and numbers fit at 360 px,
facing lines one above the other, and a log sentence for every event the engine emits."""

from __future__ import annotations

import itertools
import random
import re
from pathlib import Path

from playwright.sync_api import Page
from tests.web.weblog import engine_event_kinds, log_problems, sentences
from tests.web.webplay import Server, click_one, wait_board, wait_turn_or_end

from wartable.games.draconia import GAME

BOT = {"kind": "bot", "agent": "random"}
SRC = Path(__file__).resolve().parents[2] / "src/wartable/games/draconia"
# the facing lines, the battle and a card's text are what a newcomer must read
FIGHT = ("skirmish", "cautious", "attack", "arrow", "deploy", "reveal")

CLIPPED = """() => [...document.querySelectorAll('#board .card')]
  .filter(c => c.offsetParent !== null)
  .flatMap(c => [...c.querySelectorAll('.name, .nums span')])
  .filter(e => e.scrollWidth > e.clientWidth + 1 || e.getBoundingClientRect().right > e.closest('.card').getBoundingClientRect().right + 1)
  .map(e => e.closest('.card').dataset.card + ': ' + e.textContent)"""


def open_match(server: Server, page: Page, config: dict[str, object] | None = None) -> None:
    m = server.create("draconia", config or {}, [{"kind": "human"}, BOT])
    page.goto(server.invite(m["id"], m["seats"][0]["token"]))
    wait_board(page)


def close_detail(page: Page) -> None:
    """At 360 px the shell's #card-detail panel lies over the board once a card is tapped."""
    if page.locator("#card-detail").is_visible():
        page.keyboard.press("Escape")


BATTLE_TEXT = "() => { const b = document.querySelector('#battle'); return b && !b.hidden ? b.innerText : ''; }"


def play_until_battle(page: Page, rng: random.Random, shot: Path, clicks: int = 80) -> str:
    """Play attacking moves until #battle shows; its text (and a screenshot) as it was."""
    for _ in range(clicks):
        text = str(page.evaluate(BATTLE_TEXT))
        if text:
            page.screenshot(path=str(shot))
            return text
        if not wait_turn_or_end(page):
            break
        prefer = next(
            (p for p in FIGHT if page.locator(f'#board [data-action^="{p}"]:visible').count()),
            None,
        )
        close_detail(page)
        click_one(page, rng, prefer)
        page.wait_for_timeout(100)
    raise AssertionError("no battle shown after a game of attacks")


def test_card_detail_battle_and_screenshots(server: Server, page: Page, shots: Path) -> None:
    """A hand unit's abilities in words in #card-detail (no move taken); an attack's terms on
    both sides and its result in #battle; screenshots of both at 1280 and 360 px."""
    open_match(server, page)
    wait_turn_or_end(page)
    # the opponent's hand is a fan of card backs, each one showing, not one sliver
    lefts = page.eval_on_selector_all(
        ".hand-backs .card.back", "els => els.map(e => e.getBoundingClientRect().left)"
    )
    assert len(lefts) >= 2
    assert all(b - a >= 8 for a, b in itertools.pairwise(lefts)), lefts
    page.screenshot(path=str(shots / "draconia-board-1280.png"), full_page=True)
    unit = page.locator("#board .hand [data-card]").first
    name = unit.get_attribute("data-card")
    version = page.locator("#board").get_attribute("data-version")
    unit.focus()
    detail = page.locator("#card-detail")
    detail.wait_for(state="visible")
    text = detail.inner_text()
    assert name and name in text and "Attack" in text and "Defense" in text
    assert page.locator("#board").get_attribute("data-version") == version
    page.screenshot(path=str(shots / "draconia-card-detail-1280.png"))
    page.keyboard.press("Escape")
    battle = play_until_battle(page, random.Random(3), shots / "draconia-battle-1280.png")
    # "You attack" when the person's unit attacks, "Bot 2 (random) attacks" when the bot's does;
    # an ambush cancels the attack ("the attack is cancelled"), and so does an empty opposing
    # line ("... is cancelled: no opposing unit"): neither has values to show
    ambush = "Ambush!" in battle
    cancelled = "cancelled" in battle
    attack = not ambush and not cancelled and re.search(r"\battacks?\b", battle)
    assert attack or ambush or re.search(r"shoots?|cancelled", battle), battle
    if attack:  # an attack shows the printed values and the result
        assert "printed" in battle and re.search(r"defeated|Blocked", battle), battle
    if ambush:  # the ambush says what it did
        assert "face down" in battle and "loses health" in battle, battle
    page.set_viewport_size({"width": 360, "height": 780})
    page.wait_for_timeout(200)
    page.screenshot(path=str(shots / "draconia-board-360.png"), full_page=True)


def test_cards_fit_and_lines_face_each_other_at_360(server: Server, page: Page) -> None:
    """At 360 px no card's name or number is cut, and each of the opponent's lines stands over
    the line of yours it fights (the same column)."""
    page.set_viewport_size({"width": 360, "height": 780})
    open_match(server, page)
    wait_turn_or_end(page)
    rng = random.Random(5)
    for _ in range(14):  # deploy, then a few turns with units on both sides
        assert page.evaluate(CLIPPED) == []
        if not wait_turn_or_end(page):
            break
        close_detail(page)
        click_one(page, rng, "deploy")
    assert page.evaluate(CLIPPED) == []
    lefts = page.evaluate(
        """() => [...document.querySelectorAll('#board .player')].map(p =>
             [...p.querySelectorAll('.lines > .slot')].map(s => Math.round(s.getBoundingClientRect().left)))"""
    )
    assert len(lefts) == 2 and lefts[0] == lefts[1], lefts


# kinds random games seldom reach (a settlement's once-a-game power), as the engine emits them
SAMPLES = [
    {"type": "palace", "seat": 1},
    {"type": "bellow", "seat": 0, "card": 3},
    {"type": "crack", "seat": 1, "target_seat": 0, "line": 2},
    {"type": "burn", "seat": 1, "target_seat": 0, "line": 0, "left": 1},
    {"type": "glimmerspire", "seat": 0, "line": 1, "placed": 2},
    {"type": "pyramid", "seat": 1, "line": 0, "kind": "attack"},
    {"type": "blessing_placed", "seat": 1, "line": 2},
    {"type": "blessing_kind", "seat": 0, "kind": "ambush", "to": [0]},
    {"type": "blessing", "seat": 1, "line": 2, "kind": "defense"},
    {"type": "persistent", "seat": 0, "card": 5},
    {"type": "revive", "seat": 1, "healed": 1},
    {"type": "draw", "seat": 1, "count": 1},
    {"type": "faction", "seat": 1, "faction": "scorching_sands"},
]


def _events() -> list[tuple[dict, dict]]:  # type: ignore[type-arg]
    """Events of random games seen by seat 0 (with seat 0's observation of that game): plain,
    settlements, four players, a draft; then the samples."""
    out = []
    configs: list[dict[str, object]] = [
        {},
        {"settlement_mode": True},
        {"players": 4},
        {"draft": True},
    ]
    for seed in range(12):
        config = GAME.make_config(configs[seed % len(configs)])
        s = GAME.new_state(config, seed)
        rng = random.Random(seed)
        mine = []
        for _ in range(1500):
            if GAME.is_terminal(s):
                break
            seat = GAME.to_act(s)[0]
            for e in GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat))):
                if "to" not in e or 0 in e["to"]:
                    mine.append(e)
        obs = GAME.observe(s, 0)
        out += [(e, obs) for e in mine]
    obs = GAME.observe(GAME.new_state(GAME.make_config({}), 1), 0)
    return out + [(e, obs) for e in SAMPLES]


def test_every_event_kind_has_a_sentence(server: Server, page: Page) -> None:
    """Every kind of event the engine emits reads as a sentence: no card number, no raw kind,
    no field dump, no "You fortifies"."""
    open_match(server, page)
    items = _events()
    missing = engine_event_kinds(SRC) - {e["type"] for e, _ in items}
    assert not missing, f"no event of these kinds to read: {missing}"
    out = sentences(page, "draconia", items, seat=0)
    problems = log_problems(items, out)
    assert problems == [], "\n".join(problems[:20])
