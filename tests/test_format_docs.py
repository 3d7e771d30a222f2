"""DESIGN.md: the formats are documented; every position field and notation form of every game."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from wartable.games import available_games, get_game

DOCS = Path(__file__).resolve().parent.parent / "docs"


def _section(path: Path, heading: str) -> str:
    text = path.read_text(encoding="utf-8")
    start = text.index(heading + "\n")
    end = text.find("\n## ", start + len(heading))
    return text[start : end if end >= 0 else len(text)]


def _spans(text: str) -> list[str]:
    return re.findall(r"`([^`]+)`", text)


def _names(text: str) -> set[str]:
    return {w for s in _spans(text) for w in re.findall(r"[a-z_][a-z0-9_]*", s)}


@pytest.mark.parametrize("gid", available_games())
def test_every_position_field_is_documented(gid: str) -> None:
    game = get_game(gid)
    config = game.make_config(game.example_configs()[0])
    keys = set(game.state_to_json(game.new_state(config, 1)))
    section = _section(DOCS / "formats" / "position.md", f"## `{gid}` state")
    documented = _names(section)
    link = re.search(r"\(\.\./games/(\w+)\.md#position-format\)", section)
    if link:  # the field list lives in the game's own doc
        documented |= _names(_section(DOCS / "games" / f"{link.group(1)}.md", "## Position format"))
    assert sorted(keys - documented) == []


@pytest.mark.parametrize("gid", available_games())
def test_every_notation_form_is_documented(gid: str) -> None:
    game = get_game(gid)
    config = game.make_config(game.example_configs()[0])
    firsts = {game.action_to_str(a, config).split()[0] for a in range(game.num_actions(config))}
    section = _section(DOCS / "formats" / "notation.md", f"## `{gid}`")
    documented = {s.split()[0] for s in _spans(section)}
    assert sorted(firsts - documented) == []
