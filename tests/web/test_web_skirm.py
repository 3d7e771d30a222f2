"""Skirm at the web table: the log's words, the card detail, the final scoring sheet, phones.

skirm-dice-duel.txt: the Duel Sequence (full duel) and the Quick Variant, against a bot.
"""

from __future__ import annotations

import itertools
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
from tests.web.webplay import Server

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
