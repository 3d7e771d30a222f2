"""``wartable serve --data GAME=DIR``: the operator's own data (a set tuned by ``wartable tune``,
or their own cards) plays every new match of that game, and no player can name a path."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from tests.server.conftest import make_client
from typer.testing import CliRunner

from wartable.cli.main import app
from wartable.games.draconia import config as draconia_config

BUILT_IN = Path(draconia_config.__file__).parent / "data"


def _own_draconia(tmp_path: Path) -> Path:
    """The built-in Draconia data with one change a player could see: King Edric's defense."""
    own = tmp_path / "own-draconia"
    own.mkdir()
    for name in ("units.toml", "settlements.toml"):
        (own / name).write_text((BUILT_IN / name).read_text())
    units = (own / "units.toml").read_text()
    edric = units.index('name = "King Edric"')
    block_end = units.index("[[unit]]", edric)
    block = re.sub(r"defense = \d+", "defense = 6", units[edric:block_end], count=1)
    (own / "units.toml").write_text(units[:edric] + block + units[block_end:])
    return own


@pytest.fixture
def own(tmp_path: Path) -> Path:
    return _own_draconia(tmp_path)


@pytest.fixture
def client(tmp_path: Path, own: Path) -> Iterator[TestClient]:
    with make_client(
        f"sqlite:///{tmp_path / 't.db'}",
        http_rate_per_second=0,
        max_open_per_address=0,
        data_dirs=(("draconia", str(own)),),
    ) as c:
        yield c


def _create(client: TestClient, game: str) -> tuple[str, str]:
    """A new match of ``game`` (a person and a bot): its id and the person's token."""
    body = {"game": game, "seats": [{"kind": "human"}, {"kind": "bot"}], "config": {}}
    r = client.post("/api/matches", json=body)
    assert r.status_code == 200, r.text
    return str(r.json()["id"]), str(r.json()["seats"][0]["token"])


def _view(client: TestClient, match_id: str, token: str) -> dict[str, object]:
    r = client.get(f"/api/matches/{match_id}", headers={"Authorization": f"Bearer {token}"})
    assert r.status_code == 200, r.text
    return dict(r.json())


def _edric_defense(client: TestClient, match_id: str) -> int:
    units = client.get(f"/api/matches/{match_id}/catalogue").json()["units"]
    return int(next(u for u in units if u["name"] == "King Edric")["defense"])


def test_a_match_plays_the_operators_data_and_its_replay_names_no_path(
    client: TestClient, own: Path
) -> None:
    match_id, token = _create(client, "draconia")
    assert _edric_defense(client, match_id) == 6  # the own file's value (built-in: 3)
    view = _view(client, match_id, token)
    assert view["own_data"] is True
    replay = client.get(
        f"/api/matches/{match_id}/replay", headers={"Authorization": f"Bearer {token}"}
    )
    assert replay.status_code == 200, replay.text
    assert replay.json()["own_data"] is True and "data_dir" not in replay.json()["config"]
    assert str(own) not in replay.text


def test_other_games_and_a_server_without_data_play_the_built_in_cards(
    client: TestClient, tmp_path: Path
) -> None:
    assert _view(client, *_create(client, "skirm"))["own_data"] is False
    with make_client(f"sqlite:///{tmp_path / 'plain.db'}", http_rate_per_second=0) as plain:
        assert _edric_defense(plain, _create(plain, "draconia")[0]) == 3


def test_a_player_still_cannot_name_a_path(client: TestClient, own: Path) -> None:
    body = {
        "game": "draconia",
        "seats": [{"kind": "human"}, {"kind": "bot"}],
        "config": {"data_dir": str(own)},
    }
    r = client.post("/api/matches", json=body)
    assert r.status_code == 422 and "local data" in r.text


@pytest.mark.parametrize(
    ("value", "says"),
    [
        ("draconia", "expected GAME=DIR"),
        ("nogame=/tmp", "unknown game"),
        ("weapons=/tmp", "no data directory setting"),
        ("draconia=/nonexistent/dir", "no directory"),
        ("draconia=BROKEN", "not valid TOML"),
    ],
)
def test_serve_refuses_bad_data_before_starting(tmp_path: Path, value: str, says: str) -> None:
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "units.toml").write_text("garbage = [")
    db = tmp_path / "never.db"
    result = CliRunner().invoke(
        app,
        ["serve", "--db", f"sqlite:///{db}", "--data", value.replace("BROKEN", str(broken))],
    )
    assert result.exit_code != 0
    assert says in result.output
    assert not db.exists()  # refused before the server (and its database) started
