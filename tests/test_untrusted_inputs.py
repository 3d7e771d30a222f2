"""Untrusted input: each input an outside reviewer found ending in a traceback, or accepted
although impossible, is now refused with one ``error:`` line and exit code 2.

Positions and replays are checked through the command line (what a user sees) and through
``position_from_json`` (what a server calls); the bounds come from the rulebooks and are
listed in docs/formats/position.md ("Bounds").
"""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from wartable.cli.main import app
from wartable.core.errors import ConfigError, PositionError, ReplayError, WartableError
from wartable.core.position import position_from_json, position_to_json
from wartable.core.replay import record_to_replay, run_replay
from wartable.core.untrusted import MAX_DEPTH, load_json_text
from wartable.games import get_game


def run(*args: str, input: str | bytes | None = None) -> Result:
    return CliRunner().invoke(app, list(args), input=input)


def one_line_error(result: Result, *words: str) -> str:
    """Exit 2, nothing on stdout, exactly one ``error:`` line naming ``words``; no traceback."""
    assert result.exit_code == 2, (result.exit_code, result.stdout, result.stderr)
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), lines
    assert "Traceback" not in result.stderr
    for w in words:
        assert w in lines[0], (w, lines[0])
    return lines[0]


def position(
    gid: str, steps: int = 0, seed: int = 3, config: dict[str, Any] | None = None
) -> dict[str, Any]:
    game = get_game(gid)
    state = game.new_state(game.make_config(config or {}), seed)
    for i in range(steps):
        if game.is_terminal(state):
            break
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        game.apply(state, seat, legal[(i * 7919) % len(legal)])
    return json.loads(json.dumps(position_to_json(game, state)))


def refused_position(tmp_path: Path, data: dict[str, Any], *words: str) -> str:
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    line = one_line_error(run("legal", str(path)), *words)
    with pytest.raises(PositionError):
        position_from_json(data, get_game)
    return line


def replay_log(gid: str = "weapons") -> dict[str, Any]:
    from wartable.agents.random_agent import RandomAgent
    from wartable.core.match import play_match

    game = get_game(gid)
    record = play_match(game, {}, 5, [RandomAgent() for _ in range(game.make_config({}).players)])
    return json.loads(json.dumps(record_to_replay(game, record)))


# ----------------------------------------------------------------------------- JSON text
def test_json_nested_100000_deep_is_refused_before_parsing(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    one_line_error(run("legal", str(path)), "nested 100000 deep")
    one_line_error(run("replay", str(path)), "nested")
    with pytest.raises(WartableError, match="nested"):
        load_json_text("{" + '"a":{' * (MAX_DEPTH + 1) + "}" * (MAX_DEPTH + 2))


def test_brackets_inside_strings_do_not_count_as_nesting() -> None:
    assert load_json_text(json.dumps({"a": "[[[[" * 1000})) == {"a": "[[[[" * 1000}


def test_bad_utf8_is_a_clean_error(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(b'{"game": "weapons\xff"}')
    one_line_error(run("legal", str(path)), "UTF-8")
    one_line_error(run("replay", str(path)), "UTF-8")
    one_line_error(run("new", "weapons", "--config", f"@{path}"), "UTF-8")


def test_integer_over_4300_digits_is_a_clean_error(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    data = position("weapons")
    text = json.dumps(data).replace('"round": 1', '"round": ' + "9" * 5000)
    path.write_text(text)
    one_line_error(run("legal", str(path)), "5000 digits")
    with pytest.raises(WartableError, match="digits"):
        load_json_text("[" + "1" * 4301 + "]")


@pytest.mark.parametrize("text", ["NaN", "Infinity", "-Infinity", "1e400", "-1e400"])
def test_nan_and_infinite_numbers_are_refused(text: str) -> None:
    with pytest.raises(WartableError):
        load_json_text(f'{{"seed": {text}}}')


def test_duplicate_keys_and_oversized_input_are_refused() -> None:
    with pytest.raises(WartableError, match="duplicate key"):
        load_json_text('{"a": 1, "a": 2}')
    with pytest.raises(WartableError, match="bytes"):
        load_json_text(" " * 100, max_bytes=10)


# ----------------------------------------------------------------------------- replays
@pytest.mark.parametrize("seed", ["7", None, 1e300, [7], -1, 2**64, True])
def test_replay_seed_of_the_wrong_type_is_a_clean_error(tmp_path: Path, seed: Any) -> None:
    log = replay_log()
    log["seed"] = seed
    path = tmp_path / "r.json"
    path.write_text(json.dumps(log))
    one_line_error(run("replay", str(path)), "seed")
    with pytest.raises(ReplayError, match="seed"):
        run_replay(get_game("weapons"), log)


def test_replay_seed_1e400_is_a_clean_error(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    path.write_text(json.dumps(replay_log()).replace('"seed": 5', '"seed": 1e400'))
    one_line_error(run("replay", str(path)), "out of range")


@pytest.mark.parametrize(
    "entry", [[0], [], "play S1", [None, "pass"], [0, 5], [0, "x" * 500], [0, "pass\x00"]]
)
def test_replay_action_record_lacking_a_field_is_a_clean_error(tmp_path: Path, entry: Any) -> None:
    log = replay_log()
    log["actions"][3] = entry
    path = tmp_path / "r.json"
    path.write_text(json.dumps(log))
    one_line_error(run("replay", str(path)), "actions[3]")


def test_replay_for_a_seat_that_does_not_exist() -> None:
    log = replay_log()
    log["actions"][0][0] = 9
    with pytest.raises(ReplayError, match="seat 9 does not exist"):
        run_replay(get_game("weapons"), log)


# ----------------------------------------------------------------------------- Weapons
def test_weapons_health_99_is_refused(tmp_path: Path) -> None:
    """Set Up: every player starts with ``starting_health`` (3) and health is only lost."""
    data = position("weapons", 5)
    data["state"]["health"][0] = 99
    refused_position(tmp_path, data, "state.health[0]", "0..3")


def test_weapons_eliminated_seat_in_the_skirmish_is_refused(tmp_path: Path) -> None:
    data = position("weapons", 5)
    data["state"]["alive"][data["state"]["defender"]] = False
    refused_position(tmp_path, data, "alive")


# ----------------------------------------------------------------------------- Draconia
def test_draconia_integer_in_decks_is_refused(tmp_path: Path) -> None:
    data = position("draconia", 12)
    data["state"]["decks"][0][3] = 5
    refused_position(tmp_path, data, "state.decks[0][3]")


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("active", 9, ("state.active", "0..1")),
        ("order", [1, 7], ("state.order[1]",)),
        ("round", 99, ("state.round", "1..6")),
        ("health", [-3, 10], ("state.health[0]",)),
        ("supply", [500, 0], ("state.supply[0]", "0..24")),
    ],
)
def test_draconia_impossible_values_are_refused(
    tmp_path: Path, field: str, value: Any, words: tuple[str, ...]
) -> None:
    """Set Up (10 health, 24 supply tokens in the box), End of the Game (6 rounds), 2 seats."""
    data = position("draconia", 12)
    data["state"][field] = value
    refused_position(tmp_path, data, *words)


def test_draconia_ambiguous_card_name_in_a_position_is_refused(tmp_path: Path) -> None:
    data = position("draconia", 12, config={"factions": ["ironshroud", "highwood"]})
    deck = data["state"]["decks"][0]
    i = deck.index("ironshroud/Bastion Guard#2")
    deck[i] = "ironshroud/Bastion Guard"
    refused_position(tmp_path, data, f"state.decks[0][{i}]", "#1")


# ----------------------------------------------------------------------------- Invasion
def test_invasion_stack_frame_of_one_int_is_refused(tmp_path: Path) -> None:
    data = position("invasion", 3)
    data["state"]["stack"] = [[1]]
    refused_position(tmp_path, data, "state.stack[0]", "4 entries")


def test_invasion_card_999_in_a_deck_is_refused(tmp_path: Path) -> None:
    data = position("invasion", 3)
    data["state"]["deck"][0][0] = 999
    refused_position(tmp_path, data, "state.deck[0][0]")


def test_invasion_gold_999_is_refused(tmp_path: Path) -> None:
    """Gold comes only from the printed cards: at most every treasure and bonus at once."""
    data = position("invasion", 3)
    data["state"]["gold"] = 999
    refused_position(tmp_path, data, "state.gold")


def test_invasion_three_extra_titans_are_refused(tmp_path: Path) -> None:
    """Components: the supply holds the printed number of each card (invariants on load)."""
    data = position("invasion", 3)
    titan = 31
    data["state"]["supply"][titan] += 3
    refused_position(tmp_path, data, "card 31")


def test_invasion_negative_hand_count_is_refused(tmp_path: Path) -> None:
    data = position("invasion", 3)
    data["state"]["hand"][1][0] = -4
    refused_position(tmp_path, data, "state.hand[1][0]")


def test_invasion_three_million_card_deck_is_refused_cheaply(tmp_path: Path) -> None:
    data = position("invasion", 3)
    data["state"]["deck"][0] = [0] * 3_000_000
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(data))
    one_line_error(run("legal", str(path)), "bytes")  # over the size cap: never parsed
    with pytest.raises(PositionError, match=r"state.deck\[0\]"):
        position_from_json(data, get_game)  # a server that parsed it itself: length bound


def test_invasion_stack_frame_leaving_nobody_able_to_act_is_refused(tmp_path: Path) -> None:
    """A Sorceress frame (take back a card) for a seat whose discard pile is empty."""
    data = position("invasion", 3)
    seat = data["state"]["active"]
    data["state"]["discard"][seat] = [0] * 32
    data["state"]["stack"] = [[8, seat, 1, 0]]
    # keep the cards conserved: the discard went to the deck
    line = refused_position(tmp_path, data)
    assert "no legal action" in line or "not conserved" in line or "printed" in line


def test_invasion_stack_frame_with_no_choice_is_refused_when_cards_add_up(tmp_path: Path) -> None:
    data = position("invasion", 3)
    seat = data["state"]["active"]
    st = data["state"]
    for k in range(32):  # move the discard pile into the deck: conserved, but empty discard
        st["deck"][seat] += [k] * st["discard"][seat][k]
        st["discard"][seat][k] = 0
    st["stack"] = [[8, seat, 1, 0]]
    refused_position(tmp_path, data, "no legal action")


def test_invariants_run_on_load(tmp_path: Path) -> None:
    """Weapons: every card in exactly one place; a duplicated card is an impossible position."""
    data = position("weapons", 5)
    hand = data["state"]["hands"][0]
    hand.append(hand[0])
    refused_position(tmp_path, data, "exactly one place")


# ----------------------------------------------------------------------------- local paths
def test_config_paths_are_refused_unless_local_data_is_allowed(tmp_path: Path) -> None:
    secret = tmp_path / "secret.toml"
    secret.write_text('units = ["root:x:0:0 the first line of a private file"]\n')
    for gid, cfg in (
        ("draconia", {"data_dir": str(tmp_path)}),
        ("draconia", {"decks": [[str(secret)]]}),
        ("invasion", {"data_dir": str(tmp_path)}),
        ("skirm", {"data_dir": str(tmp_path)}),
        ("graxia", {"data_dir": str(tmp_path)}),
        ("graxia", {"scenario": "solo-4", "deck": str(secret)}),
    ):
        data = position(gid)
        data["config"].update(cfg)
        with pytest.raises(PositionError, match="local data is not allowed") as err:
            position_from_json(data, get_game)
        assert "root:x" not in str(err.value)
        log = {"game": gid, "config": cfg, "seed": 1, "actions": []}
        with pytest.raises(ReplayError, match="local data is not allowed"):
            run_replay(get_game(gid), log)
    # the command line allows local data, and still never echoes the file's content
    data = position("draconia")
    data["config"]["decks"] = [[str(secret)]]
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(data))
    line = one_line_error(run("legal", str(path)))
    assert "root:x" not in line


def test_a_data_dir_naming_a_private_file_does_not_echo_it(tmp_path: Path) -> None:
    (tmp_path / "units.toml").write_text("root:x:0:0:root:/root:/bin/bash\n")
    (tmp_path / "cards.toml").write_text("root:x:0:0:root:/root:/bin/bash\n")
    for gid in ("draconia", "skirm"):
        line = one_line_error(run("new", gid, "--config", json.dumps({"data_dir": str(tmp_path)})))
        assert "root:x" not in line and "/bin/bash" not in line
    with pytest.raises(ConfigError, match="local data is not allowed"):
        from wartable.core.untrusted import load_config

        load_config(get_game("skirm"), {"data_dir": "/etc"})


def test_every_game_with_a_data_dir_refuses_it_without_local_data() -> None:
    """A config field that names a directory is a local path: only the command line may."""
    from wartable.core.untrusted import load_config
    from wartable.games import KNOWN_GAMES

    checked = 0
    for gid in KNOWN_GAMES:
        game = get_game(gid)
        if "data_dir" not in game.config_model.model_fields:
            continue
        checked += 1
        with pytest.raises(ConfigError, match="local data is not allowed"):
            load_config(game, {"data_dir": "/etc"})
    assert checked >= 4


# ----------------------------------------------------------------------------- pipes
def test_broken_pipe_exits_quietly(tmp_path: Path) -> None:
    """``wartable legal pos.json | head -1``: the reader goes away; no ``error: Broken pipe``."""
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(position("invasion", 0)))
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    code = "from wartable.cli.main import app; app()"
    proc = subprocess.Popen(
        [sys.executable, "-c", code, "legal", str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # like `head` exiting before the first line
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=120) == 0, err
    assert err == "", err


def test_error_lines_are_single_printable_lines(tmp_path: Path) -> None:
    data = position("weapons")
    data["state"]["phase"] = "\ud800\n" * 50
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(data))
    line = one_line_error(run("legal", str(path)), "state.phase")
    assert line.isascii() and len(line) < 400


def test_unknown_fields_are_refused(tmp_path: Path) -> None:
    data = position("skirm")
    extra = copy.deepcopy(data)
    extra["state"]["cheat"] = 1
    refused_position(tmp_path, extra, "unknown field 'cheat'")
    missing = copy.deepcopy(data)
    del missing["state"]["dice"]
    refused_position(tmp_path, missing, "state.dice", "missing")


# ----------------------------------------------------------------------------- data files
def test_deck_and_data_files_are_read_as_untrusted_input(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_bytes(b'units = ["\xff"]\n')
    one_line_error(run("deck", "check", str(bad)), "UTF-8")
    one_line_error(run("deck", "check", "/dev/zero"), "not a regular file")  # never read
    one_line_error(run("deck", "check", str(tmp_path)), "not a regular file")
    deep = tmp_path / "deep.toml"
    deep.write_text("a = " + "[" * 50_000 + "]" * 50_000 + "\n")
    one_line_error(run("deck", "check", str(deep)), "nested too deep")
    big = tmp_path / "big.toml"
    big.write_text("a = 1\n" + "#" * (5 * 1024 * 1024) + "\n")
    one_line_error(run("deck", "check", str(big)), "bytes")
    (tmp_path / "units.toml").write_bytes(b"\xff\xfe")
    one_line_error(run("data", "check", "draconia", str(tmp_path)), "UTF-8")


@pytest.mark.parametrize("seed", ["-5", str(2**64), "9" * 30])
def test_new_refuses_seeds_outside_64_bits(seed: str) -> None:
    one_line_error(run("new", "weapons", "--seed", seed), "--seed")
