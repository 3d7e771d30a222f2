"""``GET /api/matches/{id}/catalogue``: the match's own cards, in words, for any visitor."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from tests.server.conftest import make_client


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with make_client(
        f"sqlite:///{tmp_path / 't.db'}", http_rate_per_second=0, max_open_per_address=0
    ) as c:
        yield c


def _match(client: TestClient, game: str, config: dict[str, object] | None = None) -> str:
    seats: list[dict[str, str]] = [{"kind": "human"}, {"kind": "bot", "agent": "random"}]
    if str((config or {}).get("scenario", "")).startswith("solo-"):
        seats = seats[:1]  # a solo scenario (§9.2) has the one Player seat
    body = {"game": game, "seats": seats, "config": config or {}}
    r = client.post("/api/matches", json=body)
    assert r.status_code == 200, r.text
    return str(r.json()["id"])


def test_a_draconia_match_names_its_102_units_with_their_text(client: TestClient) -> None:
    cat = client.get(f"/api/matches/{_match(client, 'draconia')}/catalogue").json()
    assert len(cat["units"]) == 102  # Components: 102 unit cards
    assert all(u["name"] and isinstance(u["text"], str) for u in cat["units"])


def test_a_graxia_match_gets_the_maps_of_its_scenarios(client: TestClient) -> None:
    match = _match(client, "graxia", {"scenario": "2p-1"})
    cat = client.get(f"/api/matches/{match}/catalogue").json()
    assert "2p-1" in cat["scenarios"]
    assert {"name", "cost", "health"} <= set(cat["units"][0])


def test_an_unknown_match_has_no_catalogue(client: TestClient) -> None:
    r = client.get("/api/matches/nosuchmatch/catalogue")
    assert r.status_code == 404
    assert "error" in r.json()


def test_a_graxia_catalogue_follows_the_match_s_solo_1_removal_reading(
    client: TestClient,
) -> None:
    """§9.2 Solo 1: "At the start of every odd turn ... three rows of tiles will be removed
    from the game, in sequence". A ``three_rows`` match's briefing shows three rows (12 tiles
    of this map) leaving at turns 3, 5 and 7; the default (``one_row``) one row at each odd
    turn to 19. Each match's catalogue is its own, whatever was asked for before."""
    one = _match(client, "graxia", {"scenario": "solo-1"})
    three = _match(client, "graxia", {"scenario": "solo-1", "solo1_removal": "three_rows"})
    for _ in range(2):  # asked twice, in turn: a cached catalogue never leaks to the other
        by_three = client.get(f"/api/matches/{three}/catalogue").json()["scenarios"]["solo-1"]
        by_one = client.get(f"/api/matches/{one}/catalogue").json()["scenarios"]["solo-1"]
        assert [r["turn"] for r in by_three["removals"]] == [3, 5, 7]
        assert [len(r["cells"]) for r in by_three["removals"]] == [12, 12, 12]
        assert by_three["turns"] == 7
        assert [r["turn"] for r in by_one["removals"]] == list(range(3, 20, 2))
        assert [len(r["cells"]) for r in by_one["removals"]] == [4] * 9
        assert by_one["turns"] == 19
        # the same 36 tiles leave in the same order; only the schedule differs
        assert [c for r in by_three["removals"] for c in r["cells"]] == [
            c for r in by_one["removals"] for c in r["cells"]
        ]


def test_a_graxia_catalogue_shows_the_match_s_turn_limit(client: TestClient) -> None:
    """Solo 5 prints no turn limit: the default plays to the turn-50 backstop; a match with
    ``solo_turn_limit: 15`` shows 15 turns."""
    plain = _match(client, "graxia", {"scenario": "solo-5"})
    limited = _match(client, "graxia", {"scenario": "solo-5", "solo_turn_limit": 15})
    turns = client.get(f"/api/matches/{limited}/catalogue").json()["scenarios"]["solo-5"]["turns"]
    assert turns == 15
    assert (
        client.get(f"/api/matches/{plain}/catalogue").json()["scenarios"]["solo-5"]["turns"] == 50
    )
