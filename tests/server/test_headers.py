"""Browser headers: what the table's pages may load, framing, sniffing, and no caching of
anything a token unlocks; ``/docs`` off by default and, when asked for, free of third-party
scripts (seat tokens live in the page's localStorage on the same origin)."""

from __future__ import annotations

from collections.abc import Iterator
from html.parser import HTMLParser

import httpx
import pytest
from fastapi.testclient import TestClient
from tests.server.conftest import make_client
from tests.server.support import bearer, running_server

HUMANS = [{"kind": "human"}, {"kind": "human"}]
CSP_DIRECTIVES = {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "connect-src": ["'self'"],
    "frame-ancestors": ["'none'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
}


@pytest.fixture
def app_client(sqlite_url: str) -> Iterator[TestClient]:
    with make_client(sqlite_url, http_rate_per_second=0, rate_per_second=0) as c:
        yield c


def csp(headers: httpx.Headers) -> dict[str, list[str]]:
    policy = headers.get("content-security-policy", "")
    parts = (d.split() for d in policy.split(";") if d.strip())
    return {p[0]: p[1:] for p in parts}


def assert_browser_headers(r: httpx.Response) -> None:
    where = f"{r.request.method} {r.request.url.path} ({r.status_code})"
    policy = csp(r.headers)
    for directive, sources in CSP_DIRECTIVES.items():
        assert policy.get(directive) == sources, (where, directive, policy)
    assert "'unsafe-inline'" not in r.headers["content-security-policy"], where
    assert r.headers.get("x-content-type-options") == "nosniff", where
    assert r.headers.get("referrer-policy") == "no-referrer", where
    assert r.headers.get("x-frame-options") == "DENY", where


def test_every_answer_carries_the_browser_headers(app_client: TestClient) -> None:
    c = app_client
    answers = [
        c.get("/"),
        c.get("/static/app.js"),
        c.get("/static/style.css"),
        c.get("/static/data/catalogue.json"),
        c.get("/api/games"),
        c.get("/api/matches"),
        c.get("/api/matches/nosuchmatch"),  # an error
        c.post("/api/matches", json={"game": "skirm", "seats": HUMANS, "name": "x" * 20_000}),
        c.get("/openapi.json"),
    ]
    assert [r.status_code for r in answers] == [200, 200, 200, 200, 200, 200, 404, 413, 200]
    for r in answers:
        assert_browser_headers(r)
    assert "<script" in answers[0].text  # the page really is the table


def test_whatever_a_token_unlocks_is_never_cached(app_client: TestClient) -> None:
    """A seat's view holds its hidden hand; create, join and rematch answers hold tokens."""
    c = app_client
    created = c.post(
        "/api/matches", json={"game": "skirm", "seats": [{"kind": "human"}, {"kind": "human"}]}
    )
    mid = created.json()["id"]
    token = created.json()["seats"][0]["token"]
    answers = {
        "create": created,
        "view": c.get(f"/api/matches/{mid}", headers=bearer(token)),
        "spectator view": c.get(f"/api/matches/{mid}"),
        "replay before the end": c.get(f"/api/matches/{mid}/replay", headers=bearer(token)),
        "lobby": c.get("/api/matches"),
        "refused token": c.get(f"/api/matches/{mid}", headers=bearer("forged")),
    }
    assert [r.status_code for r in answers.values()] == [200, 200, 200, 200, 200, 401]
    hand = answers["view"].json()["observation"]
    assert hand and answers["view"].json()["seat"] == 0  # a seat's own view, hidden hand
    for name, r in answers.items():
        assert r.headers.get("cache-control") == "no-store", (name, r.headers)


def test_join_answers_are_not_cached(app_client: TestClient) -> None:
    c = app_client
    seats = [{"kind": "human"}, {"kind": "human", "open": True}]  # seat 1: anyone may join
    created = c.post("/api/matches", json={"game": "skirm", "seats": seats})
    mid = created.json()["id"]
    joined = c.post(f"/api/matches/{mid}/join", json={"seat": 1})
    assert joined.status_code == 200, joined.text
    assert "token" in joined.json()
    assert joined.headers.get("cache-control") == "no-store"


class _Sources(HTMLParser):
    """Every script, stylesheet, image and frame a page would load."""

    def __init__(self) -> None:
        super().__init__()
        self.loads: list[str] = []
        self.scripts = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "script":
            self.scripts += 1
        for name in ("src", "href"):
            if found.get(name) and tag in ("script", "link", "img", "iframe", "embed", "object"):
                self.loads.append(str(found[name]))


def test_the_api_page_is_off_by_default(app_client: TestClient) -> None:
    """FastAPI's pages pull Swagger and ReDoc from a CDN into this origin: not served."""
    assert app_client.get("/docs").status_code == 404
    assert app_client.get("/redoc").status_code == 404
    assert app_client.get("/docs/oauth2-redirect").status_code == 404
    paths = app_client.get("/openapi.json").json()["paths"]
    assert "/api/matches/{match_id}/actions" in paths


def test_the_api_page_when_asked_loads_nothing_from_elsewhere(sqlite_url: str) -> None:
    """``wartable serve --api-docs``: a plain page of the routes, no script, no other origin."""
    with running_server(sqlite_url, "--api-docs") as server:
        r = httpx.get(server.base + "/docs", timeout=10)
        plain = httpx.get(server.base + "/redoc", timeout=10)
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    assert plain.status_code == 404
    assert_browser_headers(r)
    page = _Sources()
    page.feed(r.text)
    assert page.scripts == 0
    assert page.loads, "the page's stylesheet was not found by the parser"
    for source in page.loads:
        assert not source.startswith(("http:", "https:", "//")), source
    assert "https://" not in r.text and "http://" not in r.text
    for path in ("/api/matches", "/api/matches/{match_id}/actions", "/openapi.json"):
        assert path in r.text
