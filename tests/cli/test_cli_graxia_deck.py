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
from wartable.games.graxia.catalog.deckfile import parse

SAMPLE = Path(__file__).parents[2] / "examples" / "decks" / "graxia-iron-and-fire.toml"
SAMPLE_5_6 = Path(__file__).parents[2] / "examples" / "decks" / "graxia-every-land.toml"


def deck_text(**change: object) -> dict[str, object]:
    import tomllib

    data = tomllib.loads(SAMPLE.read_text())
    data.update(change)
    return data


def write(tmp_path: Path, data: dict[str, object], name: str = "deck.json") -> Path:
    p = tmp_path / name
    p.write_text(json.dumps(data))
    return p


@pytest.mark.parametrize(
    ("sample", "scenario"),
    [(SAMPLE, "solo-4"), (SAMPLE_5_6, "solo-5"), (SAMPLE_5_6, "solo-6")],
)
def test_sample_deck_is_legal_9_2(sample: Path, scenario: str) -> None:
    result = run("deck", "check", str(sample), "--game", "graxia", "--scenario", scenario)
    assert result.exit_code == 0, result.stderr
    assert "a legal deck" in result.stdout


@pytest.mark.parametrize("scenario", ["solo-5", "solo-6"])
def test_solo_5_and_6_decks_hold_exactly_6_heroes_and_4_large_creatures(scenario: str) -> None:
    """§9.2 Solo Scenarios 5 and 6: "Player's unit deck size is double (40 unit cards all
    together with 6 Heroes and 4 Large Creatures)": with, not "may include" (Solo 4), so the
    counts are exact by default; Solo 4's legal deck (4 and 2) is short of both."""
    n = scenario[-1]
    problems = check_deck(str(SAMPLE), scenario)
    assert f"4 Heroes; exactly 6 (§9.2 Solo Scenario {n})" in problems
    assert f"2 Large Creatures; exactly 4 (§9.2 Solo Scenario {n})" in problems
    assert check_deck(str(SAMPLE_5_6), "solo-4") == [
        "6 Heroes; at most 4 (§9.2 Solo Scenario 4)",
        "4 Large Creatures; at most 2 (§9.2 Solo Scenario 4)",
    ]


def test_option_at_most_reads_solo_5_counts_as_maxima() -> None:
    """Option ``solo_deck_counts = "at_most"``: Solo 5's 6 Heroes and 4 Large Creatures are a
    most, so Solo 4's deck starts a Solo 5 game; by default it is refused."""
    text = SAMPLE.read_text()
    at_most = {"scenario": "solo-5", "deck": text, "solo_deck_counts": "at_most"}
    state = GAME.new_state(GAME.make_config(at_most), 0)
    assert len(state.decks[0]) == 40
    with pytest.raises(ConfigError, match="4 Heroes; exactly 6"):
        GAME.new_state(GAME.make_config({"scenario": "solo-5", "deck": text}), 0)


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
    """Solo 4: at most 4 Heroes and 2 Large Creatures; solo 5 and 6 ask for 6 and 4."""
    heroes = ["Balak the Hunter", "Volos Flamebringer", "Grimbark", "Ithel", "Mirra the Seer"]
    large = ["Talon", "Ebon", "Old Oakheart"]
    units = heroes + large + ["Skeleton Legion"] * 3 + ["Mir Pikemen"] * 3
    path = write(tmp_path, {"units": units, "spells": []})
    four = check_deck(str(path), "solo-4")
    assert "5 Heroes; at most 4 (§9.2 Solo Scenario 4)" in four
    assert "3 Large Creatures; at most 2 (§9.2 Solo Scenario 4)" in four
    five = check_deck(str(path), "solo-5")
    assert "5 Heroes; exactly 6 (§9.2 Solo Scenario 5)" in five
    assert "3 Large Creatures; exactly 4 (§9.2 Solo Scenario 5)" in five


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
