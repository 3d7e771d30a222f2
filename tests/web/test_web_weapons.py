"""The weapon card game at the web table: the log's words, card detail, the Skirmish panel.

weapon-skirmish-fragment.txt: First Attacker, Defender, three attacks, Concede, Satchel cards.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from playwright.sync_api import Page
from tests.web.narration import (
    BAD_PLURAL,
    CARD_NUMBER,
    NAMES,
    RAW,
    kinds_in_source,
    play,
    sentences,
)
from tests.web.webplay import Server, board, click_one, wait_board, wait_turn_or_end

HEURISTIC = {"kind": "bot", "agent": "heuristic"}
CLIPPED = """() => [...document.querySelectorAll('#board .card[data-card]')]
  .filter((c) => c.offsetParent !== null)
  .flatMap((c) => [...c.querySelectorAll('.name, .corner')])
  .filter((el) => el.scrollWidth > el.clientWidth)
  .map((el) => el.closest('[data-card]').dataset.card + ': ' + el.textContent)"""


def _events() -> list[tuple[dict[str, Any], dict[str, Any], int | None]]:
    out = []
    configs = [
        {"players": 3},
        {"players": 2, "satchel_cards": 0},
        {"players": 4, "starting_health": 1},
        {"players": 3, "satchel_when": "every_skirmish"},
    ]
    for k, config in enumerate(configs * 3):
        events, state = play("weapons", config, seed=k)
        obs = {"config": state.config.model_dump(mode="json")}
        out += [(e, obs, None) for e in events]
    return out


def test_every_weapons_event_has_a_sentence_naming_who_acted(server: Server, page: Page) -> None:
    """Each event kind the engine emits gets a sentence beginning with the seat that acted
    (every seat), naming cards as "7 of Axes", with right plurals and no raw field names."""
    items = _events()
    assert {e["type"] for e, _, _ in items} == kinds_in_source("weapons")
    page.goto(server.base + "/")
    said = sentences(page, "weapons", items)
    seats: set[int] = set()
    for (e, _, _), text in zip(items, said, strict=True):
        assert text, f"no sentence for {e}"
        assert not CARD_NUMBER.search(text) and not RAW.search(text.replace("(", "")), text
        assert not BAD_PLURAL.search(text), text
        if "seat" in e and e["type"] != "reveal":
            assert text.startswith(NAMES[e["seat"]]), (e, text)
            seats.add(e["seat"])
        if e["type"] == "reveal":
            assert text.startswith(f"{NAMES[e['seat']]}'s face-down attack"), text
        if e["type"] in ("attack", "defend") and e.get("card") is not None:
            assert " of " in text, text  # "7 of Axes", not "A7"
        if e["type"] == "skirmish":
            assert text.index(NAMES[e["first_attacker"]]) < text.index(NAMES[e["defender"]])
    assert seats == {0, 1, 2, 3}


def test_you_take_cards_into_your_hand(server: Server, page: Page) -> None:
    obs = {"config": {"groups": ["swords", "axes"], "max_value": 10, "trump": "swords"}}
    one = {"type": "collect", "seat": 1, "cards": [12]}
    hidden = {"type": "collect", "seat": 0, "cards": [12, 3], "face_down": 1}
    page.goto(server.base + "/")
    said = sentences(page, "weapons", [(one, obs, None), (hidden, obs, 0)])
    assert said == [
        "Bram takes the Skirmish's 1 card into their hand",
        "You take the Skirmish's 3 cards into your hand (1 card unseen)",
    ]


def test_weapons_game_shows_card_text_and_the_skirmish(
    server: Server, page: Page, shots: Path
) -> None:
    """Against a bot: focusing a hand card shows what it beats without playing it; while
    attacks are on the table #battle lists each attack, its defence and the result."""
    m = server.create("weapons", {"players": 2}, [{"kind": "human"}, HEURISTIC])
    page.goto(server.invite(m["id"], m["seats"][0]["token"]))
    wait_board(page)
    card = page.locator("#board .hand [data-card]").first
    card.wait_for()
    name = card.get_attribute("data-card")
    cat = server.call("GET", f"/api/matches/{m['id']}/catalogue")
    version = board(page)["version"]
    card.focus()
    page.locator("#card-detail").wait_for(state="visible")
    assert cat["cards"][name]["text"] in page.inner_text("#card-detail")
    assert board(page)["version"] == version
    assert "last player in the game" in page.inner_text("#briefing")
    rng = random.Random(6)
    seen_battle = False
    for clicks in range(200):
        if not wait_turn_or_end(page):
            break
        if page.locator("#battle").is_visible():
            text = page.inner_text("#battle")
            if "Attack 1" in text:
                seen_battle = True
                if clicks < 40:
                    page.screenshot(path=str(shots / "weapons-skirmish-1280.png"), full_page=True)
        click_one(page, rng, prefer="play ")
    assert seen_battle
    assert "outcome" in board(page)
    assert "health point" in page.inner_text(".end-panel .scores")
    for t in page.locator("#log li").all_inner_texts():
        assert not CARD_NUMBER.search(t) and not BAD_PLURAL.search(t), t
    page.screenshot(path=str(shots / "weapons-end-1280.png"), full_page=True)


def test_phone_width_weapon_cards_are_not_clipped(
    server: Server, browser: Any, shots: Path
) -> None:
    ctx = browser.new_context(viewport={"width": 360, "height": 780})
    page = ctx.new_page()
    try:
        m = server.create("weapons", {"players": 3}, [{"kind": "human"}, HEURISTIC, HEURISTIC])
        page.goto(server.invite(m["id"], m["seats"][0]["token"]))
        wait_board(page)
        page.locator("#board .hand [data-card]").first.wait_for()
        assert page.locator("#board .hand [data-card]").count() >= 6
        assert page.evaluate(CLIPPED) == []
        page.screenshot(path=str(shots / "weapons-hand-360.png"), full_page=True)
    finally:
        ctx.close()


def test_the_skirmish_is_over_panel_says_you_were_beaten(server: Server, page: Page) -> None:
    """The panel after a Skirmish: 'You were beaten ... into your hand', not 'You was'."""
    page.goto(server.base + "/")
    said = page.evaluate(
        """async () => { const m = await import('/static/games/weapons-panels.js');
           const obs = { attacks: [], config: { groups: ['swords', 'axes'], max_value: 10, trump: 'swords' } };
           const ctx = (seat) => ({ obs, seat, seatName: (s) => (s === seat ? 'You' : s === 0 ? 'Alda' : 'Bram'),
             lastEvents: [{ type: 'collect', seat: 0, cards: [12] }] });
           return [m.weaponsBattle(ctx(0)).innerText, m.weaponsBattle(ctx(1)).innerText]; }"""
    )
    assert "You were beaten and took 1 card into your hand." in said[0]
    assert "You was" not in said[0]
    assert "Alda was beaten and took 1 card into their hand." in said[1]
