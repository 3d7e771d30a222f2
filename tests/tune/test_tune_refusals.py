"""The params file is untrusted input: printed values and bad files are refused before any
game, with one clear line, and nothing is written (no output directory, no study)."""

from __future__ import annotations

from pathlib import Path

import pytest
from tune_support import request, write_params

from wartable.core.errors import ConfigError
from wartable.tune.run import tune


def _refused(tmp: Path, text: str, *words: str, **kw: object) -> None:
    req = request(tmp, **kw)
    req.params_file = write_params(tmp, text, "bad.toml")
    with pytest.raises(ConfigError) as err:
        tune(req)
    message = str(err.value)
    for word in words:
        assert word in message, message
    assert "\n" not in message
    assert not (tmp / "tuned").exists()
    assert not (tmp / "tune.db").exists()


def _param(game: str, path: str, low: object = 1, high: object = 5, extra: str = "") -> str:
    return f'game = "{game}"\n\n[[param]]\npath = "{path}"\nlow = {low}\nhigh = {high}\n{extra}'


@pytest.mark.parametrize(
    ("path", "section"),
    [
        ("units.toml:unit[name=Tara].defense", "Skirmish example"),
        ("units.toml:unit[name=Tombkeeper#2].abilities.ambush", "Arrow Strike"),
        ("units.toml:unit[name=Grim Bjorn].defense", "3-4 Player Variant"),
    ],
)
def test_a_printed_draconia_value_is_refused_naming_its_section(
    tmp_path: Path, path: str, section: str
) -> None:
    _refused(tmp_path, _param("draconia", path), "printed by the rulebook", section)


@pytest.mark.parametrize(
    ("path", "section"),
    [
        ("scenarios/2p-1.toml:players[seat=0].mana", "9.1"),
        ("scenarios/2p-2.toml:turn_limit", "9.1"),
        ("units-common.toml:unit[name=Blood Crusaders].attack", "8.0"),
        ("units-common.toml:unit[name=Blood Crusaders].abilities[name=Zealotry].mana", "8.0"),
        ("meta.toml:unit_deck_size", "Game Parts"),
    ],
)
def test_a_printed_graxia_value_is_refused_naming_its_section(
    tmp_path: Path, path: str, section: str
) -> None:
    _refused(
        tmp_path,
        _param("graxia", path),
        "printed by the rulebook",
        section,
        game="graxia",
        targets=["scenario:2p-1=0.4..0.6"],
        config={},
    )


def test_reconstructed_graxia_values_are_accepted(tmp_path: Path) -> None:
    from wartable.tune.data import resolve
    from wartable.tune.params import load_params_file

    text = (
        _param("graxia", "tiles.toml:tile[id=1b].mana", 0, 4)
        + '\n[[param]]\npath = "scenarios/2p-1.toml:tiles[q=2,r=1].tile"\n'
        + 'choices = ["3a", "14a"]\n'
    )
    from wartable.games.graxia.tuning import DATA_DIR

    params = resolve(load_params_file(write_params(tmp_path, text)), "graxia", DATA_DIR)
    assert [p.kind for p in params] == ["int", "choice"]
    assert params[1].original == "3a"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (
            'game = "draconia"\nsurprise = 1\n[[param]]\npath = "units.toml:unit[name=Kaveh].attack"\n'
            "low = 1\nhigh = 5\n",
            ("surprise", "Extra inputs"),
        ),
        (
            _param("draconia", "units.toml:unit[name=Kaveh].attack", 5, 1),
            ("low (5) must be below",),
        ),
        (_param("draconia", "units.toml:unit[name=Nobody].attack"), ("matches 0 records",)),
        (_param("draconia", "units.toml:unit[name=Kaveh].speed"), ("no field 'speed'",)),
        (_param("draconia", "units.toml:unit[name=Kaveh].attack", 1, 12), ("does not accept 12",)),
        (_param("draconia", "../units.toml:unit[name=Kaveh].attack"), ("inside the data",)),
        (
            _param("draconia", "units.toml:unit[name=Kaveh].attack", 1.5, 4),
            ("integer low and high",),
        ),
        (_param("draconia", "units.toml:unit[name=Kaveh].attack", 4, 6), ("outside 4..6",)),
        (_param("draconia", "units.toml:unit[name=Desert Blades].attack"), ("matches 2 records",)),
        ("not toml [", ("not valid TOML",)),
        (_param("graxia", "tiles.toml:tile[id=1b].mana"), ("not 'draconia'",)),
    ],
)
def test_a_bad_params_file_is_refused(tmp_path: Path, text: str, words: tuple[str, ...]) -> None:
    _refused(tmp_path, text, *words)


def test_a_game_without_tunable_data_is_refused(tmp_path: Path) -> None:
    _refused(
        tmp_path,
        _param("skirm", "cards.toml:card[name=X].power"),
        "skirm declares no tunable data",
        game="skirm",
    )


@pytest.mark.parametrize(
    ("targets", "words"),
    [
        (["pairing=0.6..0.4"], ("0 <= LOW < HIGH <= 1",)),
        (["balance=0.4..0.6"], ("write pairing=LOW..HIGH",)),
        (["scenario:2p-1=0.4..0.6"], ("draconia has no scenario target",)),
    ],
)
def test_a_bad_target_is_refused(
    tmp_path: Path, targets: list[str], words: tuple[str, ...]
) -> None:
    from tune_support import UNBALANCED

    _refused(tmp_path, UNBALANCED, *words, targets=targets)


def test_an_output_directory_that_is_not_the_tuners_is_never_overwritten(tmp_path: Path) -> None:
    out = tmp_path / "tuned"
    out.mkdir()
    (out / "mine.txt").write_text("keep me")
    with pytest.raises(ConfigError, match="not a tuner's output directory"):
        tune(request(tmp_path))
    assert [p.name for p in out.iterdir()] == ["mine.txt"]
