"""Draconis Invasion at the web table, played by a person against bots: a confirmation before an
attack that cannot win, the attack's damage counted as the engine counts it (Cursed Fury and the
rest), #card-detail and #battle, the hand near the invaders at 360 px with nothing clipped, and
a log sentence for every event the engine emits."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from playwright.sync_api import Page
from tests.games.invasion.invasion_support import blank, do, give_hand, set_row
from tests.web.weblog import engine_event_kinds, log_problems, sentences
from tests.web.webplay import (
    BROKEN_WORDS,
    Server,
    board,
    click_one,
    wait_board,
    wait_turn_or_end,
    wait_until,
)

from wartable.games.invasion import GAME
from wartable.games.invasion.effects import attack_damage

BOT = {"kind": "bot", "agent": "random"}
SRC = Path(__file__).resolve().parents[2] / "src/wartable/games/invasion"
CLIPPED = """() => [...document.querySelectorAll('#board .card')]
  .filter(c => c.offsetParent !== null)
  .flatMap(c => [...c.querySelectorAll('.name, .nums span')])
  .filter(e => e.scrollWidth > e.clientWidth + 1 || e.getBoundingClientRect().right > e.closest('.card').getBoundingClientRect().right + 1)
  .map(e => e.closest('.card').dataset.card + ': ' + e.textContent)"""


def open_match(server: Server, page: Page) -> None:
    m = server.create("invasion", {}, [{"kind": "human"}, BOT, BOT])
    page.goto(server.invite(m["id"], m["seats"][0]["token"]))
    wait_board(page)


def my_main_step(page: Page) -> None:
    """Wait for the person's turn at the main step (where invaders can be named)."""
    for _ in range(40):
        assert wait_turn_or_end(page)
        if page.locator("#board .invaders .slot.actionable").count():
            return
        close_detail(page)
        click_one(page, random.Random(1), "no forward")
    raise AssertionError("the person never reached a main step")


def close_detail(page: Page) -> None:
    if page.locator("#card-detail").is_visible():
        page.keyboard.press("Escape")


def test_a_doomed_attack_asks_first(server: Server, page: Page, shots: Path) -> None:
    """At the first main step no defender is played: a click on an invader takes no move but
    opens a confirmation naming the damage and the health; "Attack anyway" attacks, and #battle
    shows the damage against the health and that the attack failed."""
    open_match(server, page)
    my_main_step(page)
    assert page.evaluate(BROKEN_WORDS) == []  # Necromancer, Shapeshifting: whole at 1280 px
    page.screenshot(path=str(shots / "invasion-board-1280.png"), full_page=True)
    doomed = page.locator("#board .invaders .slot.doomed").first
    version = board(page)["version"]
    assert doomed.get_attribute("data-action") is None
    doomed.click()
    dialog = page.locator("#board .inv-confirm:visible")
    dialog.wait_for(state="visible")
    assert "0 damage" in dialog.inner_text() and "health" in dialog.inner_text()
    page.wait_for_timeout(300)
    assert board(page)["version"] == version, "the first click took a move"
    page.screenshot(path=str(shots / "invasion-confirm-1280.png"))
    go = dialog.locator("[data-action]")
    assert go.inner_text() == "Attack anyway" and go.get_attribute(
        "data-action", timeout=1000
    ).startswith("target ")
    go.click()
    wait_until(page, "v => document.querySelector('#board').dataset.version !== v", arg=version)
    wait_until(
        page, "() => (document.querySelector('#log') || {}).innerText.includes('the attack fails')"
    )
    battle = page.locator("#battle")
    if battle.is_visible():  # until the next move replaces it
        page.screenshot(path=str(shots / "invasion-battle-1280.png"))


def test_card_detail_and_battle_while_attacking(server: Server, page: Page, shots: Path) -> None:
    """A hand card's whole text in #card-detail (no move taken); after a Defender is sent into
    battle #battle lists it with its damage and the running total."""
    open_match(server, page)
    my_main_step(page)
    guard = page.locator('#board .hand [data-card="Imperial Guard"]').first
    version = board(page)["version"]
    guard.focus()
    detail = page.locator("#card-detail")
    detail.wait_for(state="visible")
    text = detail.inner_text()
    assert "Attack damage" in text and "Attack cost" in text and "Cost to buy" in text, text
    assert board(page)["version"] == version
    page.screenshot(path=str(shots / "invasion-card-detail-1280.png"))
    page.keyboard.press("Escape")
    defend = page.locator(
        '#board [data-action="defend guard"]:visible, #board .tray [data-action="defend guard"]'
    )
    if not defend.count():  # the hand card offers several moves: choose in the tray
        guard.click()
    page.locator('[data-action="defend guard"]:visible').first.click()
    wait_until(page, "v => document.querySelector('#board').dataset.version !== v", arg=version)
    battle = page.locator("#battle")
    battle.wait_for(state="visible")
    assert "Imperial Guard" in battle.inner_text() and "= 5 damage" in battle.inner_text()
    assert "⚔5" in page.locator("#board .attack-total").inner_text().replace("\n", "")
    page.locator("#battle").screenshot(path=str(shots / "invasion-battle-building-1280.png"))


def _obs_after(
    setup: list[str], hand: list[str], row: dict[int, str] | None = None
) -> tuple[dict[str, Any], int, list[int]]:
    s = blank(stage="4")
    for slot, key in (row or {}).items():
        set_row(s, slot, key)
    give_hand(s, 0, *hand)
    do(s, 0, *setup)
    return GAME.observe(s, 0), attack_damage(s), list(s.targets)


def test_running_damage_is_the_engines(server: Server, page: Page) -> None:
    """The damage the table shows is the damage the engine will use: Cursed Fury's +10 with an
    Imperial Guard is 15, not the Guard's 5; Enchantment, Shaman and Dragon Slayer too."""
    open_match(server, page)
    cases = [
        _obs_after(["play fury", "defend guard"], ["fury", "guard"]),
        _obs_after(["play enchant", "defend guard"], ["enchant", "guard", "wealth"]),
        _obs_after(
            ["defeat", "defend shaman"],
            ["shaman", "fortune", "fortune", "fortune", "guard", "terror"],
        ),
    ]
    got = page.evaluate(
        """async (cases) => {
          const m = await import('/static/games/invasion-text.js');
          const cat = (await (await fetch('/static/data/catalogue.json')).json()).invasion;
          return cases.map(([obs, , targets]) => m.totalOf(m.damageTerms({ obs, cat }, targets)));
        }""",
        cases,
    )
    assert got == [c[1] for c in cases] and got[0] == 15, got


def test_hand_near_the_invaders_and_nothing_clipped_at_360(
    server: Server, page: Page, shots: Path
) -> None:
    """At 360 px the hand starts within 600 px of the invaders' bottom, and no card's name or
    number is cut."""
    page.set_viewport_size({"width": 360, "height": 780})
    open_match(server, page)
    my_main_step(page)
    gap = page.evaluate(
        """() => document.querySelector('#board .hand').getBoundingClientRect().top
                 - document.querySelector('#board .invaders').getBoundingClientRect().bottom"""
    )
    assert gap <= 600, gap
    assert page.evaluate(CLIPPED) == []
    # a "×N" badge on a stack sits above the card's name (a long name fills the top line)
    badges = page.evaluate(
        """() => [...document.querySelectorAll('#board .card .count-badge')].map(b => {
             const r = b.getBoundingClientRect(), n = b.closest('.card').querySelector('.name');
             return [n.textContent, r.bottom > n.getBoundingClientRect().top + 1]; })"""
    )
    assert badges, "the first hand always holds a stack"
    assert [name for name, overlaps in badges if overlaps] == []
    page.screenshot(path=str(shots / "invasion-board-360.png"), full_page=True)


# kinds of the set-up (before the first move) and of cards random games seldom play, as emitted
SAMPLES: list[dict[str, Any]] = [
    {"type": "start_roll", "seats": [0, 1, 2], "rolls": [5, 3, 5]},
    {"type": "threat_roll", "seat": 2, "roll": 4},
    {"type": "golem_avoids", "seat": 1},
    {"type": "arcanist", "seat": 0, "discard": True},
    {"type": "arcanist", "seat": 1, "discard": False},
    {"type": "terror_to_deck", "seat": 0, "count": 1},
    {"type": "terror_roll", "seat": 0, "roll": 6},
    {"type": "recover", "seat": 0, "card": "werebear"},
    {"type": "gain_failed", "seat": 1, "card": "treasure", "reason": "pile empty"},
]


def _events() -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """Events seen by seat 0 in random games of several stages and modes, then the samples."""
    out = []
    configs: list[dict[str, Any]] = [
        {"battle_stage": "1"}, {"battle_stage": "3", "players": 4}, {"battle_stage": "4"},
        {"battle_stage": "6", "mode": "team", "players": 4}, {"battle_stage": "5"},
        {"battle_stage": "2"}, {"battle_stage": "10"}, {"mode": "solo", "players": 1},
    ]  # fmt: skip
    for seed, config in enumerate(configs):
        s = GAME.new_state(GAME.make_config(config), seed)
        rng = random.Random(seed)
        mine = []
        for _ in range(3000):
            if GAME.is_terminal(s):
                break
            seat = GAME.to_act(s)[0]
            for e in GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat))):
                if "to" not in e or 0 in e["to"]:
                    mine.append(e)
        obs = GAME.observe(s, 0)
        out += [(e, obs) for e in mine]
    return out + [(e, obs) for e in SAMPLES]


def test_every_event_kind_has_a_sentence(server: Server, page: Page) -> None:
    """Every kind of event the engine emits reads as a sentence: no card number, no raw kind,
    no field dump, no "You takes"."""
    open_match(server, page)
    items = _events()
    missing = engine_event_kinds(SRC) - {e["type"] for e, _ in items}
    assert not missing, f"no event of these kinds to read: {missing}"
    out = sentences(page, "invasion", items, seat=0)
    problems = log_problems(items, out)
    assert problems == [], "\n".join(problems[:20])


def test_a_single_terror_card_reads_as_a_card(server: Server, page: Page) -> None:
    """'You gain a Terror card', not 'You gain Terror' (the Terror Count is a different thing);
    other cards keep their names."""
    open_match(server, page)
    obs = GAME.observe(GAME.new_state(GAME.make_config({}), 0), 0)
    items: list[tuple[dict[str, Any], dict[str, Any]]] = [
        ({"type": "gain", "seat": 0, "card": "terror", "where": "discard"}, obs),
        ({"type": "discard", "seat": 1, "card": "terror"}, obs),
        ({"type": "gain", "seat": 0, "card": "wealth", "where": "discard"}, obs),
    ]
    out = sentences(page, "invasion", items, seat=0)
    assert out[0] == "You gain a Terror card"
    assert out[1] is not None and out[1].endswith("discards a Terror card")
    assert out[2] == "You gain Wealth"


def test_an_attack_with_nothing_says_so(server: Server, page: Page) -> None:
    """An attack made with no Defender card says 'with no Defender card', not 'with' and an
    empty list; one with a Defender lists it."""
    open_match(server, page)
    out = page.evaluate(
        """async () => { const m = await import('/static/games/invasion-text.js');
           const cat = (await (await fetch('/static/data/catalogue.json')).json()).invasion;
           const guard = cat.cards.find((c) => c.type === 'defender');
           const ctx = (defenders, damage) => ({ cat, obs: { play: [] }, seat: 0,
             seatName: (s) => (s === 0 ? 'You' : 'Bram'),
             lastEvents: [{ type: 'attack', seat: 0, targets: [cat.invaders[0].key], defenders,
                            damage, health: 10, defeated: false, terms: [['defenders', damage]] }] });
           const att = (el) => el.querySelector('.battle-side.att .battle-terms').textContent;
           return [att(m.battle(ctx([], 0))), att(m.battle(ctx([guard.key], guard.attack))),
                   guard.name]; }"""
    )
    nothing, one, guard = out
    assert nothing == "no Defender card"
    assert one.startswith(guard) and "no Defender card" not in one
