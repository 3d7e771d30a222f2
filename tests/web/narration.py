"""Engine events of Skirm and Weapons, and their log sentences as the browser words them.

Events come from real games played by the engine (random legal moves); the sentences from
the game's view module, imported in the page (``event(e, ctx)``) with a small context.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Page

from wartable.games import get_game

SRC = Path(__file__).resolve().parents[2] / "src/wartable/games"
NAMES = ["Alice", "Bram", "Cleo", "Dov"]
CARD_NUMBER = re.compile(r"#\d|\b15(1[7-9]|2[0-8])\b")
RAW = re.compile(r"\b[A-Z]{3,}\b|_|undefined|NaN|\[object|\bnull\b|\(kind|Choice \(")
BAD_PLURAL = re.compile(
    r"\b1 (cards|dice|points|matching dice)\b|\b([02-9]|1\d) (card|die|point)\b"
)


def kinds_in_source(game: str) -> set[str]:
    """Every event kind the engine's source can emit (``event("kind", ...)``)."""
    text = "".join(p.read_text() for p in (SRC / game).glob("*.py"))
    return set(re.findall(r"event\(\s*\"(\w+)\"", text))


def play(game_id: str, config: dict[str, Any], seed: int) -> tuple[list[dict[str, Any]], Any]:
    """The events of one random game (all of them, whoever may see them) and its end state."""
    game = get_game(game_id)
    cfg = game.make_config(config)
    state = game.new_state(cfg, seed)
    rng = random.Random(seed)
    events: list[dict[str, Any]] = []
    for _ in range(2000):
        if game.is_terminal(state):
            break
        seat = game.to_act(state)[0]
        events.extend(game.apply(state, seat, rng.choice(game.legal_actions(state, seat))))
    return events, state


SENTENCES = """async ([module, game, items, names]) => {
  const view = (await import(module)).default;
  const { youGrammar } = await import('/static/ui.js');
  const cat = (await (await fetch('/static/data/catalogue.json')).json())[game] || {};
  // the table shell words "You" as it does in the log (youGrammar)
  return items.map(([e, obs, seat]) => {
    const text = view.event(e, { cat, obs, seat, seatName: (s) => (s === seat ? 'You' : names[s]) });
    return text === undefined ? null : youGrammar(text);
  });
}"""


def sentences(
    page: Page, game: str, items: list[tuple[dict[str, Any], dict[str, Any], int | None]]
) -> list[str]:
    """The log sentence of each (event, observation, seat) as ``games/<game>.js`` words it."""
    return list(page.evaluate(SENTENCES, [f"/static/games/{game}.js", game, items, NAMES]))
