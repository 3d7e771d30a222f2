"""Every kind of event Graxia's engine emits reads as a sentence in the browser's log: no card
number, no raw kind, no field dump, no coordinates alone where a unit is meant."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Page
from tests.web.weblog import log_problems, sentences
from tests.web.webplay import Server, wait_board

from wartable.games import get_game

SRC = Path(__file__).resolve().parents[2] / "src/wartable/games/graxia"
GAME = get_game("graxia")
_KIND = re.compile(r'emit\(\s*events,\s*"([a-z_]+)"')


def engine_kinds() -> set[str]:
    return {k for p in SRC.glob("*.py") for k in _KIND.findall(p.read_text())}


def _play(
    scenario: str, seed: int, steps: int = 600
) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    cfg = GAME.make_config({"scenario": scenario})
    s = GAME.new_state(cfg, seed)
    rng = random.Random(seed)
    out: list[tuple[dict[str, Any], dict[str, Any]]] = []
    for _ in range(steps):
        if GAME.is_terminal(s):
            break
        seat = GAME.to_act(s)[0]
        legal = GAME.legal_actions(s, seat)
        attacks = [a for a in legal if GAME.action_to_str(a, cfg).startswith(("attack", "shoot"))]
        events = GAME.apply(s, seat, rng.choice(attacks or legal))
        obs = GAME.observe(s, 0)
        out += [(e, obs) for e in events if "to" not in e or 0 in e["to"]]
    return out


def test_every_graxia_event_kind_has_a_sentence(server: Server, page: Page) -> None:
    m = server.create("graxia", {"scenario": "2p-1"}, [{"kind": "human"}, {"kind": "human"}])
    page.goto(server.invite(m["id"], m["seats"][0]["token"]))
    wait_board(page)
    items: list[tuple[dict[str, Any], dict[str, Any]]] = []
    for scenario, seed in (
        ("2p-1", 1),
        ("2p-3", 2),
        ("2p-6", 3),
        ("solo-1", 4),
        ("solo-2", 5),
        ("solo-3", 6),
        ("solo-6", 7),
    ):
        items += _play(scenario, seed)
    seen = {e["type"] for e, _ in items}
    obs = items[0][1]
    # kinds random games rarely reach, with the fields their emit sites give
    samples = [
        {"type": "reflect", "frm": "1,2", "dest": "2,2"},
        {"type": "supporter_turned", "cell": "1,2"},
        {"type": "switch", "a": "1,2", "b": "2,2"},
        {"type": "banner_passed", "frm": "1,2", "dest": "2,2"},
        {"type": "banner_dropped", "cell": "1,2"},
        {"type": "banner_picked_up", "cell": "1,2", "seat": 1},
        {"type": "card_effect", "seat": 1, "kind": "steal_mana"},
        {"type": "choice", "seat": 0, "kind": "atonement"},
        {"type": "recovered", "seat": 0, "card": "Bewitch"},
        {"type": "retreat_blocked", "cell": "1,2", "unit": "Mammoth"},
        {"type": "healed", "cell": "1,2", "amount": 4, "unit": "Mammoth"},
        {"type": "portal_removed", "seat": 1, "cell": "1,2"},
        {"type": "home_row_ability", "seat": 0, "ability": "Mend"},
        {"type": "vp_spent", "seat": 0, "points": 5, "mana": 10},
        {"type": "warlord_killed", "unit": "Sype"},
        {"type": "settlement_captured", "cell": "1,2", "cards": 5},
        {"type": "card_lost", "card": "Bewitch"},
        {"type": "land_type_taken", "terrain": "rough_lands"},
        {"type": "solo_result", "won": True},
        {"type": "unit_discarded", "unit": "Mammoth", "cell": "1,2"},
        {"type": "npc_card_fizzles", "spell": "Bewitch"},
    ]
    items += [(e, obs) for e in samples if e["type"] not in seen]
    missing = engine_kinds() - {e["type"] for e, _ in items}
    assert not missing, f"no event of these kinds to read: {missing}"
    out = sentences(page, "graxia", items, seat=0)
    problems = log_problems(items, out)
    for (e, _), text in zip(items, out, strict=True):
        if text and re.search(r"\b[Tt]he unit at -?\d", text) and e.get("unit"):
            problems.append(f"coordinates where the unit is named: {text!r} from {e}")
        if text and re.search(r"\bkind\b|recover spell|Choice", text):
            problems.append(f"a raw kind: {text!r} from {e}")
    assert problems == [], "\n".join(problems[:25])


def test_the_card_you_drew_is_named_as_yours(server: Server, page: Page) -> None:
    """The private 'drawn' event reads 'You drew Warbringers' to the seat that drew it."""
    m = server.create("graxia", {"scenario": "2p-1"}, [{"kind": "human"}, {"kind": "human"}])
    page.goto(server.invite(m["id"], m["seats"][0]["token"]))
    wait_board(page)
    obs = GAME.observe(GAME.new_state(GAME.make_config({"scenario": "2p-1"}), 0), 0)
    drawn = {"type": "drawn", "to": [0], "card": "Warbringers"}
    assert sentences(page, "graxia", [(drawn, obs)], seat=0) == ["You drew Warbringers"]
