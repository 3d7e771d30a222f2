"""The web client opens its live WebSocket with no token in any URL: it authenticates by the
first message, and the server pushes views on it (a refused socket is closed by the server,
and the page falls back to polling)."""

from __future__ import annotations

import json

from playwright.sync_api import Page, WebSocket
from tests.web.webplay import Server, board, wait_board, wait_until

TWO_HUMANS = [{"kind": "human"}, {"kind": "human"}]


def _watch(page: Page) -> tuple[list[str], list[str], list[WebSocket]]:
    """Every URL the page asks for, every message its sockets send, the sockets."""
    urls: list[str] = []
    sent: list[str] = []
    sockets: list[WebSocket] = []

    def socket(ws: WebSocket) -> None:
        urls.append(ws.url)
        sockets.append(ws)
        ws.on("framesent", lambda payload: sent.append(str(payload)))

    page.on("request", lambda r: urls.append(r.url))
    page.on("websocket", socket)
    return urls, sent, sockets


def _pushed_views(ws: WebSocket) -> list[int]:
    versions: list[int] = []

    def frame(payload: str | bytes) -> None:
        msg = json.loads(payload)
        if msg.get("type") == "view":
            versions.append(int(msg["version"]))

    ws.on("framereceived", frame)
    return versions


def test_a_seat_goes_live_with_its_token_in_no_url(server: Server, page: Page) -> None:
    m = server.create("skirm", {}, TWO_HUMANS)
    mid, mine, theirs = m["id"], m["seats"][0]["token"], m["seats"][1]["token"]
    urls, sent, sockets = _watch(page)
    page.goto(server.invite(mid, mine))
    before = int(wait_board(page)["version"])
    page.wait_for_timeout(300)
    assert sockets, "the page opened no WebSocket"
    pushed = _pushed_views(sockets[0])
    # the other seat moves: the push reaches this page over the socket
    view = server.view(mid, theirs)
    act = {"action": view["legal"][0]["notation"], "version": view["version"]}
    server.call("POST", f"/api/matches/{mid}/actions", act, token=theirs)
    wait_until(
        page,
        f"() => Number(document.querySelector('#board').dataset.version) > {before}",
        timeout=10_000,
    )
    page.wait_for_timeout(200)
    assert any(v > before for v in pushed), pushed
    assert not sockets[0].is_closed(), "the server closed the socket: its auth was refused"
    assert board(page)["seat"] == "0"
    assert any(u.startswith("ws://") and u.endswith(f"/api/matches/{mid}/ws") for u in urls)
    assert not [u for u in urls if mine in u or "token=" in u.split("#")[0]], urls
    assert any('"auth"' in s and mine in s for s in sent), sent


def test_a_spectator_goes_live_without_a_token(server: Server, page: Page) -> None:
    m = server.create("skirm", {}, TWO_HUMANS)
    urls, sent, sockets = _watch(page)
    page.goto(f"{server.base}/#/m/{m['id']}")
    wait_board(page)
    page.wait_for_timeout(500)
    assert sockets and not sockets[0].is_closed()
    assert any('"auth"' in s and '"token":null' in s.replace(" ", "") for s in sent), sent
    assert not [u for u in urls if "token=" in u.split("#")[0]], urls
