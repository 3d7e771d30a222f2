"""Skirm at the web table: the log's words, the card detail, the final scoring sheet, phones.

skirm-dice-duel.txt: the Duel Sequence (full duel) and the Quick Variant, against a bot.
"""

from __future__ import annotations

import itertools
import random
import re
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
from tests.web.webplay import Server, board, click_one, wait_board, wait_turn_or_end, wait_until

from wartable.games.skirm.cards import load_cards

HEURISTIC = {"kind": "bot", "agent": "heuristic"}


def _skirm_events() -> list[tuple[dict[str, Any], dict[str, Any], int | None]]:
    """Every card against another, each on both seats, in both variants: (event, obs, seat)."""
    cs = load_cards(None)
    ids = [c.id for c in cs.cards]
    out = []
    for k, (a, b) in enumerate(itertools.permutations(ids, 2)):
        if k % 5 and a != ids[k % 12]:  # every card on each seat, a few pairs each
            continue
        variant = "quick" if k % 7 == 0 else "full"
        events, state = play("skirm", {"hands": [[a], [b]], "variant": variant}, seed=k)
        obs = {"card": list(state.card), "config": {"variant": variant}}
        out += [(e, obs, None) for e in events]
    return out


def _actor(e: dict[str, Any], obs: dict[str, Any]) -> tuple[int | None, int | None]:
    """(the seat whose name begins the sentence, a seat whose dice it must name as theirs),
    from the rules: an ability acts for its card's owner (Abilities), BLADE's group is
    rerolled by the opponent, who chose it; GAUNTLET steals, MANTLE gives."""
    cs = load_cards(None)
    ability = {s: cs.cards[cs.index_of(obs["card"][s])].ability for s in (0, 1)}
    owner = {ab: s for s, ab in ability.items()}
    kind = e["type"]
    if kind in ("committed", "ability", "set", "horn", "keep_old"):
        return e["seat"], None
    if kind == "swap":
        return e["seat"], 1 - e["seat"]
    if kind == "reroll":
        if not e.get("by") or e["by"] == "BLADE":
            return e["seat"], None
        acting = owner[e["by"]]
        return acting, (e["seat"] if acting != e["seat"] else None)
    if kind == "move":
        return (1 - e["frm"], e["frm"]) if e["by"] == "GAUNTLET" else (e["frm"], None)
    return None, None


def test_every_skirm_event_has_a_sentence_naming_the_right_duelist(
    server: Server, page: Page
) -> None:
    """Each event kind the engine emits gets a sentence with no card number, no raw
    ability word, right plurals, and the duelist who acted first in it (seat 0 and 1)."""
    items = _skirm_events()
    assert {e["type"] for e, _, _ in items} == kinds_in_source("skirm")
    page.goto(server.base + "/")
    said = sentences(page, "skirm", items)
    actors: dict[str, set[int]] = {}
    for (e, obs, _), text in zip(items, said, strict=True):
        assert text, f"no sentence for {e}"
        assert not CARD_NUMBER.search(text), text
        assert not RAW.search(text), text
        assert not BAD_PLURAL.search(text), text
        first, victim = _actor(e, obs)
        if first is not None:
            assert text.startswith(NAMES[first]), (e, text)
            actors.setdefault(e["type"], set()).add(first)
        if victim is not None:
            assert f"{NAMES[victim]}'s" in text, (e, text)
        if e["type"] == "score":
            assert NAMES[e["winner"]] in text.split(";")[-1], text
            if e["points"][0] == e["points"][1]:
                tie = "slower card" if obs["config"]["variant"] == "quick" else "first duelist"
                assert tie in text, text
        if e["type"] == "reveal":
            cs = load_cards(None)
            assert "plays" in text and NAMES[e["first"]] in text.split(";")[-1], text
            assert all(str(c) not in text for c in e["cards"])
            assert cs.cards[0].id not in (0,)  # the catalogue names the card instead
    for kind in ("reroll", "set", "ability", "swap"):
        assert actors.get(kind) == {0, 1}, (kind, actors.get(kind))


def test_you_read_your_own_moves(server: Server, page: Page) -> None:
    """A seat reads its own moves as "You ...", its dice as "your": the Dodecahedron of
    seat 1 rerolling seat 0's die is worded for seat 0 as Bram rerolling your die."""
    e = {"type": "reroll", "seat": 0, "dice": [1], "faces": [2], "by": "DODECAHEDRON"}
    obs = {"card": [1517, 1519], "config": {"variant": "full"}}
    swap = {"type": "swap", "seat": 1, "die": 4, "opp_die": 0, "by": "HELM"}
    helm = {"card": [1517, 1521], "config": {"variant": "full"}}
    quick = {"type": "reroll", "seat": 0, "faces": [0, 1, 2, 3, 4, 5]}
    page.goto(server.base + "/")
    said = sentences(page, "skirm", [(e, obs, 0), (e, obs, 1), (swap, helm, 0), (quick, obs, 0)])
    assert said[0] == "Bram rerolls your die 2 with Dodecahedron: wits"
    assert said[1] == "You reroll Alice's die 2 with Dodecahedron: wits"
    assert said[2] == "Bram exchanges their own die 5 for your die 1 with Helm"
    assert said[3] == "You reroll all your 6 dice: might, grace, wits, lore, guile, spirit"


CLIPPED = """() => [...document.querySelectorAll('#board .card[data-card]')]
  .filter((c) => c.offsetParent !== null)
  .flatMap((c) => [...c.querySelectorAll('.name, .speed .num')])
  .filter((el) => el.scrollWidth > el.clientWidth)
  .map((el) => el.closest('[data-card]').dataset.card + ': ' + el.textContent)"""


def _play_duel(page: Page, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(60):
        if not wait_turn_or_end(page):
            return
        click_one(page, rng)
    raise AssertionError("the duel did not end in 60 moves")


def _play_duel_by_keys(page: Page, seed: int) -> None:
    """A phone's moves by keyboard (focus, Enter): at 360 px the card-detail sheet that a
    focused card opens covers the hand, so a pointer click lands on the sheet."""
    rng = random.Random(seed)
    for _ in range(60):
        if not wait_turn_or_end(page):
            return
        version = board(page)["version"]
        targets = page.locator("#board [data-action]:visible")
        target = targets.nth(rng.randrange(targets.count()))
        target.focus()
        page.keyboard.press("Enter")
        wait_until(
            page,
            """v => { const b = document.querySelector('#board');
                      return b.dataset.version !== v || b.dataset.outcome !== undefined; }""",
            arg=version,
        )
    raise AssertionError("the duel did not end in 60 moves")


def _log(page: Page) -> list[str]:
    return list(page.locator("#log li").all_inner_texts())


def test_full_duel_shows_cards_scoring_and_the_log_in_words(
    server: Server, page: Page, shots: Path
) -> None:
    """A duel against a bot (Duel Sequence): focusing a hand card shows its whole text
    without revealing it; at the end #battle holds each skill type's totals for both
    duelists, the scoring cards' bonuses and who wins; the log names cards and actors."""
    m = server.create("skirm", {"hand_sizes": [3, 1]}, [{"kind": "human"}, HEURISTIC])
    page.goto(server.invite(m["id"], m["seats"][0]["token"]))
    wait_board(page)
    page.wait_for_selector("#board .hand [data-card]")
    first = page.locator("#board .hand [data-card]").first
    name = first.get_attribute("data-card")
    assert name and not any(ch.isdigit() for ch in name)  # a name, not "#1518"
    version = board(page)["version"]
    first.focus()
    detail = page.locator("#card-detail")
    detail.wait_for(state="visible")
    cat = server.call("GET", f"/api/matches/{m['id']}/catalogue")
    info = next(c for c in cat["cards"].values() if c["name"] == name)
    text = detail.inner_text()
    assert info["ability_text"] in text and info["scoring_text"] in text
    assert f"{info['speed']}" in text and all(s in text for s in info["skill_names"])
    assert board(page)["version"] == version  # focusing took no action
    assert page.locator("#briefing").is_visible()
    assert "Duel Sequence" in page.inner_text("#briefing")
    assert page.locator("#battle").is_hidden()
    page.screenshot(path=str(shots / "skirm-reveal-1280.png"), full_page=True)
    _play_duel(page, seed=3)
    battle = page.locator("#battle")
    battle.wait_for(state="visible")
    sheet = battle.inner_text()
    skills = cat["skills"]
    assert "Final scoring" in sheet and all(s in sheet for s in skills)
    view = server.view(m["id"], m["seats"][0]["token"])
    obs = view["observation"]
    for seat in (0, 1):
        played = cat["cards"][str(obs["card"][seat])]
        assert f"{played['name']}'s {played['scoring_name']}" in sheet
    assert f"You {obs['points'][0]}" in sheet
    log = _log(page)
    mine = cat["cards"][str(obs["card"][0])]["name"]
    theirs = cat["cards"][str(obs["card"][1])]["name"]
    reveal = next(t for t in log if t.startswith("Cards revealed"))
    assert f"You play {mine}" in reveal and f"Bot 2 (heuristic) plays {theirs}" in reveal
    assert any(
        t.startswith(f"You use {cat['cards'][str(obs['card'][0])]['ability_name']}") for t in log
    ) or mine in ("Horn",)
    for t in log:
        assert not CARD_NUMBER.search(t) and not RAW.search(t) and not BAD_PLURAL.search(t), t
    scores = page.locator(".end-panel .scores").inner_text()
    assert f"{obs['points'][0]} point" in scores and "skill type" in scores
    page.screenshot(path=str(shots / "skirm-end-1280.png"), full_page=True)


def test_quick_variant_duel_explains_the_matching_dice(
    server: Server, page: Page, shots: Path
) -> None:
    """Quick Variant against a bot: the briefing says how it is won, the end's #battle counts
    each duelist's dice matching their card and says who breaks a tie (the slower card)."""
    m = server.create("skirm", {"variant": "quick"}, [{"kind": "human"}, HEURISTIC])
    page.goto(server.invite(m["id"], m["seats"][0]["token"]))
    wait_board(page)
    assert "slower card wins a tie" in page.inner_text("#briefing")
    _play_duel(page, seed=4)
    battle = page.locator("#battle")
    battle.wait_for(state="visible")
    text = battle.inner_text()
    obs = server.view(m["id"], m["seats"][0]["token"])["observation"]
    assert "Quick Variant" in text and f"= {obs['points'][0]} matching" in text
    if obs["points"][0] == obs["points"][1]:
        assert "slower card" in text
    assert "first duelist" not in page.inner_text(".end-panel")
    # one line per duelist, in agreement: "1 die matches the card", "2 dice match the card"
    lines = page.inner_text(".end-panel .scores").splitlines()
    counts = [re.search(r"(\d+) (die matches|dice match) the card", line) for line in lines]
    assert len(counts) == 2 and all(counts), lines
    for found in counts:
        assert found is not None and (found[1] == "1") == (found[2] == "die matches"), lines
    page.screenshot(path=str(shots / "skirm-quick-end-1280.png"), full_page=True)


def test_phone_width_cards_are_not_clipped(server: Server, browser: Any, shots: Path) -> None:
    """At 360 px every visible card's name and speed fit their box, in the hand and in play."""
    ctx = browser.new_context(viewport={"width": 360, "height": 780})
    page = ctx.new_page()
    try:
        m = server.create("skirm", {"hand_sizes": [4, 1]}, [{"kind": "human"}, HEURISTIC])
        page.goto(server.invite(m["id"], m["seats"][0]["token"]))
        wait_board(page)
        page.wait_for_selector("#board .hand [data-card]")
        assert page.locator("#board .hand [data-card]").count() == 4
        assert page.evaluate(CLIPPED) == []
        page.screenshot(path=str(shots / "skirm-reveal-360.png"), full_page=True)
        _play_duel_by_keys(page, seed=5)
        page.locator("#battle").wait_for(state="visible")
        assert page.evaluate(CLIPPED) == []
        page.screenshot(path=str(shots / "skirm-end-360.png"), full_page=True)
    finally:
        ctx.close()
