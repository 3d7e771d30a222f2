"""The web client's static card catalogue: names and printed numbers of the built-in cards.

The table reads each match's own catalogue from ``GET /api/matches/{id}/catalogue``
(``wartable.server.catalogue``, from each game's ``reference.py``); `static/data/catalogue.json` is the same for the built-in
data, written by `python tests/web/catalogue.py` for pages that have no match (the test in
`test_web_catalogue.py` fails when it is stale).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from wartable.server.catalogue import GAMES, catalogue_for

OUT = Path(__file__).resolve().parents[2] / "src/wartable/server/static/data/catalogue.json"


def build() -> dict[str, Any]:
    return {game: catalogue_for(game, {}) for game in sorted(GAMES) if catalogue_for(game, {})}


def text() -> str:
    return json.dumps(build(), indent=1, sort_keys=True) + "\n"


if __name__ == "__main__":
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(text())
    sys.stdout.write(f"wrote {OUT}\n")
