"""``wartable simulate`` on Graxia's one-seat solo scenarios (§9.2): the Player's win rate with
its interval, per Home Row of Solo Scenario 3, and the terminal table's event text."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_support import run

from wartable.games.graxia import GAME


@pytest.fixture(autouse=True)
def _results_db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WARTABLE_DB", f"sqlite:///{tmp_path / 'results.db'}")


def test_simulate_reports_the_win_rate_per_home_row() -> None:
    """§9.2 Solo Scenario 3: the heuristic picks a Home Row at random; the run reports the
    Player's win rate overall and per row, each with a 95% interval."""
    result = run(
        "simulate",
        "graxia",
        "-n",
        "6",
        "--agents",
        "heuristic:home=random",
        "--config",
        '{"scenario": "solo-3"}',
        "--by",
        "home_row",
        "--json",
        "--no-store",
    )
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["seats"] == 1 and data["games"] == 6
    (seat,) = data["seat_results"]
    lo, hi = seat["ci95"]
    assert 0.0 <= lo <= seat["win_rate"] <= hi <= 1.0 and hi > 0.0
    groups = data["by"]["groups"]
    assert set(groups) <= set("ABCD") and sum(g["games"] for g in groups.values()) == 6
    for g in groups.values():
        (t,) = g["seat_results"]
        assert t["games"] == g["games"] and t["wins"] == g["wins_per_seat"][0]
        assert 0.0 <= t["ci95"][0] <= t["ci95"][1] <= 1.0


def test_simulate_text_names_losses_in_a_one_seat_game() -> None:
    result = run(
        "simulate", "graxia", "-n", "2", "--config", '{"scenario": "solo-1"}', "--no-store", "-q"
    )
    assert result.exit_code == 0, result.stderr
    assert "losses" in result.stdout and "draws" not in result.stdout.split("\n")[1]


def test_solo_events_read_as_sentences() -> None:
    """Every event a solo game emits (the Non-Player's turn included) has a sentence of its
    own in the terminal (no ``type (fields)`` fallback) and a case in the web view."""
    from wartable.agents.random_agent import RandomAgent
    from wartable.core.rng import Rng

    seen: set[str] = set()
    plain: set[str] = set()
    for n in range(1, 7):
        config = GAME.make_config({"scenario": f"solo-{n}"})
        for seed in (1, 2):
            state = GAME.new_state(config, seed)
            agent, rng = RandomAgent(), Rng(seed)
            for _ in range(3000):
                if GAME.is_terminal(state):
                    break
                legal = GAME.legal_actions(state, 0)
                events = GAME.apply(state, 0, agent.act(GAME, None, legal, 0, rng))
                for e in events:
                    text = GAME.event_to_str(e, state)
                    seen.add(e["type"])
                    if e["type"].replace("_", " ") + " (" in text:  # the fields fallback
                        plain.add(e["type"])
                    if e.get("seat") == 1:
                        assert "seat 1" not in text, text  # "the Non-Player"
    assert {"npc_turn", "move"} <= seen
    assert sorted(plain) == [], "no sentence for these events"
    games = Path(__file__).parents[2] / "src/wartable/server/static/games"
    views = [games / "graxia.js", *sorted((games / "graxia").glob("*.js"))]
    js = "\n".join(path.read_text() for path in views)  # the view and its sub-modules
    missing = sorted(t for t in seen if f'case "{t}"' not in js and f"\n  {t}: " not in js)
    assert missing == [], f"the Graxia web view has no text for {missing}"


def test_the_terminal_table_shows_the_non_players_turn_step_by_step() -> None:
    """``wartable play graxia`` on a solo scenario: the person alone (no bot seat); after the
    person ends a round, the Non-Player's turn is printed a step per line."""
    result = run(
        "play", "graxia", "--seed", "3", "--config", '{"scenario": "solo-2"}', input="1\n" * 3000
    )
    assert result.exit_code == 0, (result.stdout[-2000:], result.stderr)
    out = result.stdout
    assert "-- the Non-Player's turn 1 --" in out
    after = out[out.index("-- the Non-Player's turn 1 --") :]
    assert " moves " in after.split("-- your round")[0]  # "<unit> moves q,r -> q,r"
    events = [ln for ln in out.splitlines() if ln.startswith("  ") and "│" not in ln]
    assert events and not [ln for ln in events if "seat 1" in ln]  # "the Non-Player"
    assert "game over:" in out
