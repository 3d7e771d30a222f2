"""The client's card catalogue is written from the built-in data and must not go stale."""

from __future__ import annotations

import json

from tests.web.catalogue import OUT, build, text


def test_catalogue_is_current() -> None:
    """`python tests/web/catalogue.py` rewrites it; this fails when the data moved on without it."""
    assert OUT.read_text() == text(), (
        "stale: run `python tests/web/catalogue.py` and commit the file"
    )


def test_catalogue_names_every_card_the_observations_refer_to() -> None:
    data = json.loads(OUT.read_text())
    assert data == build()
    assert len(data["draconia"]["units"]) == 102  # Components: 102 unit cards
    assert len(data["skirm"]["cards"]) == 12  # Setup: cards 1517-1528
    assert [c["name"] for c in data["invasion"]["cards"]][:3] == ["Wealth", "Treasure", "Fortune"]
    assert len(data["invasion"]["invaders"]) == 12
