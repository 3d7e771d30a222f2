"""``wartable deck check FILE --game graxia [--scenario solo-N]`` (§9.2 Solo Scenarios 4-6:
deck building) and the Graxia deck file (untrusted TOML or JSON)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_support import run

from wartable.core.errors import ConfigError
from wartable.core.untrusted import load_config
from wartable.games.graxia import GAME, check_deck
from wartable.games.graxia.deckfile import parse

SAMPLE = Path(__file__).parents[2] / "examples" / "decks" / "graxia-iron-and-fire.toml"


def deck_text(**change: object) -> dict[str, object]:
    import tomllib

    data = tomllib.loads(SAMPLE.read_text())
    data.update(change)
    return data


def write(tmp_path: Path, data: dict[str, object], name: str = "deck.json") -> Path:
    p = tmp_path / name
    p.write_text(json.dumps(data))
    return p


@pytest.mark.parametrize("scenario", ["solo-4", "solo-5", "solo-6"])
def test_sample_deck_is_legal_9_2(scenario: str) -> None:
    result = run("deck", "check", str(SAMPLE), "--game", "graxia", "--scenario", scenario)
    assert result.exit_code == 0, result.stderr
    assert "a legal deck" in result.stdout


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"units": ["Mammoth"] * 2}, "the unit deck has 2 cards; it needs 40"),
        ({"spells": ["Scout"] * 5}, "the spell deck has 5 cards; it needs 40"),
        ({"units": ["Sype"]}, "a Guardian is in no deck"),
        ({"units": ["Mammoth"] * 3}, "3 x Mammoth: at most 2 (the box has 2)"),
        ({"spells": [{"card": "Hellstorm", "copies": 3}]}, "the Non-Player's decks use 2"),
        ({"units": ["Nobody"]}, "no unit named 'Nobody'"),
        ({"units": ["Bewitch"]}, "Bewitch is a spell, listed among the units"),
    ],
)
def test_each_broken_rule_is_explained_9_2_solo_scenario_4(
    tmp_path: Path, change: dict[str, object], reason: str
) -> None:
    """§9.2 Solo Scenario 4: 40 units, 40 spells, no Guardian, the box's copies."""
    path = write(tmp_path, deck_text(**change))
    result = run("deck", "check", str(path), "--game", "graxia", "--scenario", "solo-4")
    assert result.exit_code == 2
    assert any(reason in line for line in result.stderr.splitlines()), result.stderr
    assert "Traceback" not in result.stderr


def test_hero_and_large_limits_per_scenario_9_2(tmp_path: Path) -> None:
    """Solo 4: at most 4 Heroes and 2 Large Creatures; solo 5 and 6 allow 6 and 4."""
    heroes = ["Balak the Hunter", "Volos Flamebringer", "Grimbark", "Ithel", "Mirra the Seer"]
    large = ["Talon", "Ebon", "Old Oakheart"]
    units = heroes + large + ["Skeleton Legion"] * 3 + ["Mir Pikemen"] * 3
    path = write(tmp_path, {"units": units, "spells": []})
    four = check_deck(str(path), "solo-4")
    assert "5 Heroes; at most 4 (§9.2 Solo Scenario 4)" in four
    assert "3 Large Creatures; at most 2 (§9.2 Solo Scenario 4)" in four
    five = check_deck(str(path), "solo-5")
    assert not any("Heroes; at most" in p or "Large Creatures; at most" in p for p in five)


@pytest.mark.parametrize(
    "content",
    [
        b"\xff\xfe not utf-8",
        b"units = [",
        b'{"units": ["Mammoth"], "units": []}',
        b'{"units": "Mammoth"}',
        b"[1, 2]",
        b'{"units": [{"card": "Mammoth", "copies": 99}]}',
        b"x" * (70 * 1024),
    ],
)
def test_bad_files_are_one_line_without_traceback(tmp_path: Path, content: bytes) -> None:
    p = tmp_path / "bad.toml"
    p.write_bytes(content)
    result = run("deck", "check", str(p), "--game", "graxia")
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(str(p)), lines
    assert "Traceback" not in result.stderr


def test_missing_file(tmp_path: Path) -> None:
    result = run("deck", "check", str(tmp_path / "none.toml"), "--game", "graxia")
    assert result.exit_code == 2 and "file not found" in result.stderr


def test_json_and_toml_read_alike() -> None:
    data = deck_text()
    from_json = parse(json.dumps(data))
    from_toml = parse(SAMPLE.read_text())
    assert from_json.names("units") == from_toml.names("units")
    assert len(from_toml.names("units")) == 40 and len(from_toml.names("spells")) == 40


def test_config_deck_path_is_local_data_only() -> None:
    """A deck file named in the config is read only where local data is allowed (the
    command line), never for a server."""
    cfg = load_config(GAME, {"scenario": "solo-4", "deck": str(SAMPLE)}, allow_local_data=True)
    assert cfg.deck is not None and "Iron and Fire" in cfg.deck
    with pytest.raises(ConfigError, match="local path"):
        load_config(GAME, {"scenario": "solo-4", "deck": str(SAMPLE)})
    inline = load_config(GAME, {"scenario": "solo-4", "deck": SAMPLE.read_text()})
    assert inline.deck == SAMPLE.read_text()
