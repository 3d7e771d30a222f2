"""The web log's sentences, run in the browser: a game view's ``event(e, ctx)`` over real engine
events, and the checks every sentence must pass (no card number, no raw kind, no field dump)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Page

# how the engines emit events: emit(ev, "kind", ...), event("kind", ...), {"type": "kind", ...}
_KIND = re.compile(r'(?:emit\(\s*ev,\s*|event\(\s*|"type":\s*)"([a-z_]+)"')


def engine_event_kinds(src: Path) -> set[str]:
    """Every event kind a game's engine source can emit."""
    kinds: set[str] = set()
    for path in src.glob("*.py"):
        if path.name in ("narrate.py", "render.py"):
            continue
        kinds.update(_KIND.findall(path.read_text()))
    return kinds


_RUN = """async ([game, items, seat]) => {
  const mod = (await import(`/static/games/${game}.js`)).default;
  const { youGrammar } = await import('/static/ui.js');
  const cat = (await (await fetch('/static/data/catalogue.json')).json())[game];
  const seatName = (s) => (s === seat ? 'You' : `Bot ${s + 1}`);
  return items.map(([e, obs]) => {
    const ctx = { cat, seat, obs, seatName, legal: [], lastEvents: [] };
    try {
      const t = mod.event(e, ctx);
      return t === undefined || t === null ? null : youGrammar(String(t));
    } catch (err) {
      return 'THREW ' + err.message;
    }
  });
}"""


def sentences(
    page: Page, game: str, items: list[tuple[dict[str, Any], dict[str, Any]]], seat: int
) -> list[str | None]:
    """The log sentence of each (event, the seat's observation) as the table would show it."""
    return list(page.evaluate(_RUN, [game, items, seat]))


_BAD = [
    (re.compile(r"#\d"), "a card number"),
    (re.compile(r"\b(undefined|null|NaN)\b|\[object"), "a missing value"),
    (re.compile(r"\bseat \d", re.I), "a raw seat number"),
    (re.compile(r"[{}\[\]]|\w=\w|\w+_\w+"), "a field dump or raw key"),
    (re.compile(r"\bChoice \(|\(kind "), "a raw kind"),
    (re.compile(r"\bYou (has|is|was|\w+[^s]s)\b"), "third-person grammar after You"),
    (re.compile(r"\b1 (cards|units|tokens|actions|Arrows|supply tokens)\b"), "a plural after 1"),
    (re.compile(r"\bunknown\b"), "an unknown line or value"),
    (re.compile(r"[a-z,] Your\b"), "a capital Your inside a sentence"),
]


def log_problems(
    items: list[tuple[dict[str, Any], dict[str, Any]]], out: list[str | None]
) -> list[str]:
    """What is wrong with each sentence, with the event that made it."""
    problems = []
    for (e, _obs), text in zip(items, out, strict=True):
        if not text:
            problems.append(f"no sentence for {e}")
            continue
        if text.startswith("THREW"):
            problems.append(f"{text} on {e}")
            continue
        for pattern, what in _BAD:
            if pattern.search(text):
                problems.append(f"{what}: {text!r} from {e}")
    return problems
