"""``wartable play``: a person (stdin) against bots, to the end of a game."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from cli_support import GAMES, MAIN_GAME, assert_one_line_error, run

from wartable.core.replay import run_replay
from wartable.games import get_game

ALWAYS_FIRST = "1\n" * 5000


@pytest.mark.parametrize("gid", GAMES)
@pytest.mark.parametrize("seat", [0, 1])
def test_play_to_the_end_against_a_bot(gid: str, seat: int, tmp_path: Path) -> None:
    log = tmp_path / "game.json"
    result = run(
        "play", gid, "--seat", str(seat), "--vs", "random", "--seed", "11", "--save", str(log),
        input=ALWAYS_FIRST,
    )  # fmt: skip
    assert result.exit_code == 0, (result.stdout[-2000:], result.stderr)
    assert f"you are seat {seat}" in result.stdout
    assert "game over:" in result.stdout
    assert "you play " in result.stdout  # the person's choices are echoed
    # the saved log replays to the same end
    data = json.loads(log.read_text())
    _, outcome = run_replay(get_game(gid), data)
    assert outcome is not None and outcome.to_json() == data["outcome"]
    assert any(seat == s for s, _ in data["actions"])
    assert any(seat != s for s, _ in data["actions"])


def test_play_against_the_default_bot() -> None:
    result = run("play", MAIN_GAME, "--seed", "5", input=ALWAYS_FIRST)
    assert result.exit_code == 0, result.stderr
    assert "seat 1: heuristic" in result.stdout
    assert "game over:" in result.stdout


def test_bad_input_reprompts_with_the_reason() -> None:
    text = "0\n99999\ncertainly not an action\n\n?\n" + ALWAYS_FIRST
    result = run("play", MAIN_GAME, "--seed", "2", "--vs", "random", input=text)
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert "no action numbered 0" in out
    assert "no action numbered 99999" in out
    assert "'certainly not an action' is not an action" in out
    assert "type a number" in out
    assert "game over:" in out


def _first_listed_action(stdout: str) -> str:
    match = re.search(r"^\s*1\. (.+?)(?:\s{2,}|$)", stdout, re.MULTILINE)
    assert match, stdout
    return match.group(1).strip()


def test_notation_input_is_accepted() -> None:
    args = ("play", MAIN_GAME, "--seed", "8", "--vs", "random")
    first = run(*args, input="")
    assert first.exit_code == 1
    assert "input ended" in first.stderr
    notation = _first_listed_action(first.stdout)
    result = run(*args, input=notation + "\n" + ALWAYS_FIRST)
    assert result.exit_code == 0, result.stderr
    assert f"you play {notation}" in result.stdout
    assert "game over:" in result.stdout


def test_quit_leaves_the_game() -> None:
    result = run("play", MAIN_GAME, "--seed", "1", input="quit\n")
    assert result.exit_code == 1
    assert "you left the game" in result.stderr


def test_play_errors() -> None:
    assert_one_line_error(run("play", MAIN_GAME, "--seat", "7", input=ALWAYS_FIRST), "--seat 7")
    bots = ["--vs", "random"] * 6
    assert_one_line_error(run("play", MAIN_GAME, *bots, input=ALWAYS_FIRST), "--vs")
    assert_one_line_error(run("play", MAIN_GAME, "--vs", "nobody", input=""), "nobody")
    assert_one_line_error(run("play", "chess", input=""), "chess")
