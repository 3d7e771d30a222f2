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
    seats = [{"kind": "human"}, {"kind": "bot", "agent": "random"}]
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
