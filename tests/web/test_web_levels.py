"""The levels' Elo beside the bot choice: the data file is current, and the real lobby shows it
only for a table like the one the round robin was played at.

The shipped file rates a game only once every pairing of its round robin has
``MIN_GAMES`` games, so the browser tests serve the lobby a levels file built the same way
(``tournament_levels.build``) from a small real round robin played here."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page
from tests.web.webplay import Server

from wartable.sim.tournament import run_tournament
from wartable.sim.tournament_levels import OUT, build, text


def test_levels_file_is_current() -> None:
    """`python -m wartable.sim.tournament_levels` rewrites it from docs/tournaments/levels/;
    this fails when a log moved on without it."""
    assert OUT.read_text() == text(), (
        "stale: run `python -m wartable.sim.tournament_levels` and commit the file"
    )


@pytest.fixture(scope="module")
def levels(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A levels file from a real Draconia round robin of easy and the heuristic (the guided
    levels cost minutes a game here: normal's and hard's absence checks that an unrated
    level shows no Elo)."""
    logs = tmp_path_factory.mktemp("levels")
    run_tournament("draconia", ["easy", "heuristic"], 2, seed=5, log_path=logs / "draconia.jsonl")
    data = build(logs, min_games=2)
    assert set(data) == {"draconia"}
    return data


def _serve(page: Page, data: dict[str, Any]) -> None:
    page.route(
        "**/static/data/levels.json",
        lambda route: route.fulfill(content_type="application/json", body=json.dumps(data)),
    )


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"\u2212{-n}" if n < 0 else "0"


def _measured_two_player_game(data: dict[str, Any]) -> tuple[str, str]:
    """A game whose round robin ran at the lobby's default table (config {}, 2 seats), and
    its strongest level that has played."""
    for gid, entry in sorted(data.items()):
        level = next((a for a in ("hard", "normal", "easy") if a in entry["agents"]), None)
        if entry["players"] == 2 and not entry["config"] and level:
            return gid, level
    raise AssertionError("no round robin at a default 2-player table")


def test_the_bot_picker_shows_each_levels_elo(
    server: Server, page: Page, levels: dict[str, Any]
) -> None:
    data = levels
    gid, level = _measured_two_player_game(data)
    _serve(page, data)
    page.goto(server.base + "/")
    page.click(f'[data-game-id="{gid}"]')
    options = page.eval_on_selector_all(
        '[data-seat-kind="1"] option', "os => os.map(o => [o.value, o.textContent])"
    )
    shown = dict(options)
    rated = data[gid]["agents"]
    for agent, label in shown.items():
        if agent in rated:
            assert label.endswith(f"· Elo {_signed(rated[agent]['elo'])}"), (agent, label)
        else:  # not in the round robin (or not played yet): no rating is made up
            assert "Elo" not in label, (agent, label)
    assert "Elo" not in shown["random"]
    page.select_option('[data-seat-kind="1"]', level)
    r = rated[level]
    note = page.inner_text(f'[data-level-elo="{level}"]')
    assert f"Elo {_signed(r['elo'])} (95%: {_signed(r['low'])} to {_signed(r['high'])})" in note
    assert f"from {r['games']} game{'' if r['games'] == 1 else 's'} against" in note
    # a person in the seat: no rating under it
    page.select_option('[data-seat-kind="1"]', "human")
    assert page.locator("[data-level-elo]").count() == 0


def test_no_elo_where_no_round_robin_was_played(
    server: Server, page: Page, levels: dict[str, Any]
) -> None:
    data = levels
    _serve(page, data)
    page.goto(server.base + "/")
    unmeasured = [g for g in ("skirm", "weapons", "invasion", "graxia") if g not in data]
    for gid in unmeasured:
        page.click(f'[data-game-id="{gid}"]')
        texts = page.eval_on_selector_all(
            "[data-seat-kind] option", "os => os.map(o => o.textContent)"
        )
        assert texts and not any("Elo" in t for t in texts), gid
        assert page.locator("[data-level-elo]").count() == 0, gid
    if "draconia" in data and data["draconia"]["players"] == 2:
        # the 2-player figures say nothing about a 3-player table
        page.click('[data-game-id="draconia"]')
        page.fill("#cfg-players", "3")
        page.dispatch_event("#cfg-players", "change")
        assert page.locator("[data-seat-kind]").count() == 3
        texts = page.eval_on_selector_all(
            "[data-seat-kind] option", "os => os.map(o => o.textContent)"
        )
        assert not any("Elo" in t for t in texts)
        assert page.locator("[data-level-elo]").count() == 0


def test_levels_elo_screenshots(
    server: Server, browser: Browser, shots: Path, levels: dict[str, Any]
) -> None:
    gid, level = _measured_two_player_game(levels)
    for width, height in ((1280, 900), (360, 740)):
        ctx = browser.new_context(viewport={"width": width, "height": height})
        page = ctx.new_page()
        _serve(page, levels)
        page.goto(server.base + "/")
        page.click(f'[data-game-id="{gid}"]')
        page.select_option('[data-seat-kind="1"]', level)
        note = page.locator(f'[data-level-elo="{level}"]')
        note.scroll_into_view_if_needed()
        box = note.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width  # no overflow
        page.screenshot(path=str(shots / f"lobby-levels-elo-{width}.png"), full_page=True)
        ctx.close()
