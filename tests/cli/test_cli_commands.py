"""The command line (DESIGN.md "The command line"): games, new, legal, apply, replay, data."""

from __future__ import annotations

import importlib
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from cli_support import (
    GAMES,
    MAIN_GAME,
    assert_one_line_error,
    position_file,
    run,
    write_json,
)

import wartable
from wartable.agents import RandomAgent
from wartable.core.match import play_match
from wartable.core.position import position_from_json, position_to_json
from wartable.core.replay import record_to_replay
from wartable.core.rng import Rng
from wartable.games import get_game


def test_version() -> None:
    result = run("--version")
    assert result.exit_code == 0
    assert result.stdout.strip() == f"wartable {wartable.__version__}"


def test_games_lists_every_registered_game() -> None:
    result = run("games")
    assert result.exit_code == 0
    assert GAMES
    for gid in GAMES:
        assert gid in result.stdout


def test_games_json_has_config_fields_and_examples() -> None:
    result = run("games", "--json")
    assert result.exit_code == 0
    infos = {g["id"]: g for g in json.loads(result.stdout)}
    assert sorted(infos) == sorted(GAMES)
    for gid, info in infos.items():
        game = get_game(gid)
        assert info["min_players"] == game.min_players
        assert info["max_players"] == game.max_players
        assert info["modes"] == list(game.modes)
        assert "random" in info["agents"]
        assert set(info["config_fields"]) == set(game.config_model.model_fields)
        for field in info["config_fields"].values():
            assert "type" in field and "default" in field
        assert info["example_configs"] == game.example_configs()
        for cfg in info["example_configs"]:
            game.make_config(cfg)  # every advertised example validates


@pytest.mark.parametrize("gid", GAMES)
def test_new_prints_a_starting_position(gid: str) -> None:
    result = run("new", gid, "--seed", "7")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    game, _ = position_from_json(data, get_game)
    expected = position_to_json(game, game.new_state(game.make_config({}), 7))
    assert data == expected
    assert run("new", gid, "--seed", "7").stdout == result.stdout  # seeded


@pytest.mark.parametrize("gid", GAMES)
def test_new_with_each_example_config(gid: str) -> None:
    game = get_game(gid)
    for cfg in game.example_configs():
        result = run("new", gid, "--config", json.dumps(cfg))
        assert result.exit_code == 0, result.stderr
        assert json.loads(result.stdout)["config"] == game.make_config(cfg).model_dump(mode="json")


def test_new_rejects_unknown_config_key_and_unknown_game() -> None:
    assert_one_line_error(run("new", MAIN_GAME, "--config", '{"no_such_key": 1}'), "no_such_key")
    assert_one_line_error(run("new", MAIN_GAME, "--config", "{oops"), "--config")
    assert_one_line_error(run("new", "chess"), "chess")


@pytest.mark.parametrize("gid", GAMES)
def test_legal_lists_the_acting_seats_actions(gid: str, tmp_path: Path) -> None:
    path = position_file(tmp_path, gid, steps=3)
    game, state = position_from_json(json.loads(path.read_text()), get_game)
    seat = game.to_act(state)[0]
    expected = [game.action_to_str(a, state.config) for a in game.legal_actions(state, seat)]
    result = run("legal", str(path))
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines() == expected
    for other in game.to_act(state):
        listed = run("legal", str(path), "--player", str(other)).stdout.splitlines()
        assert listed == [
            game.action_to_str(a, state.config) for a in game.legal_actions(state, other)
        ]
    as_json = json.loads(run("legal", str(path), "--json").stdout)
    assert [a["notation"] for a in as_json] == expected


def test_legal_rejects_a_seat_that_does_not_exist(tmp_path: Path) -> None:
    path = position_file(tmp_path, MAIN_GAME)
    assert_one_line_error(run("legal", str(path), "--player", "9"), "seat 9")


@pytest.mark.parametrize("gid", GAMES)
def test_apply_prints_the_new_position_and_events(gid: str, tmp_path: Path) -> None:
    path = position_file(tmp_path, gid, steps=2)
    before = path.read_bytes()
    game, state = position_from_json(json.loads(before), get_game)
    texts, events = [], []
    for _ in range(3):  # the same three actions, applied in Python
        seat = game.to_act(state)[0]
        action = game.legal_actions(state, seat)[-1]
        texts.append(game.action_to_str(action, state.config))
        events.extend(game.apply(state, seat, action))
        if game.is_terminal(state):
            break
    result = run("apply", str(path), *texts)
    assert result.exit_code == 0, result.stderr
    out = json.loads(result.stdout)
    assert out["events"] == json.loads(json.dumps(events))
    assert len(out["applied"]) == len(texts)
    assert {k: out[k] for k in ("format", "game", "config", "state")} == position_to_json(
        game, state
    )
    assert path.read_bytes() == before  # the input file is never modified
    # the output is itself a position that the next command accepts
    again = tmp_path / "next.json"
    again.write_text(result.stdout)
    assert run("legal", str(again)).exit_code == 0


@pytest.mark.parametrize("gid", GAMES)
def test_apply_illegal_action_is_one_line_exit_2_nothing_changed(gid: str, tmp_path: Path) -> None:
    path = position_file(tmp_path, gid, steps=1)
    before = path.read_bytes()
    game, state = position_from_json(json.loads(before), get_game)
    seat = game.to_act(state)[0]
    legal = set(game.legal_actions(state, seat))
    illegal = next(a for a in range(game.num_actions(state.config)) if a not in legal)
    text = game.action_to_str(illegal, state.config)
    assert_one_line_error(run("apply", str(path), text), text)
    assert_one_line_error(run("apply", str(path), "certainly not an action"), "not an action")
    # a legal first action does not rescue an illegal second one: still nothing printed
    first = game.action_to_str(min(legal), state.config)
    assert_one_line_error(run("apply", str(path), first, "certainly not an action"), "action 2")
    assert path.read_bytes() == before


@pytest.mark.parametrize("gid", GAMES)
def test_apply_for_a_seat_not_to_act(gid: str, tmp_path: Path) -> None:
    game = get_game(gid)
    state = game.new_state(game.make_config({}), 5)
    rng = Rng(5)  # one generator for the whole walk: advance() restarts its own each call,
    # which can cycle for ever (Graxia's set-up: place a unit, take it back, place it again)
    for _ in range(10_000):  # walk to a decision that not every seat shares
        if len(game.to_act(state)) < game.num_players(state):
            break
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        game.apply(state, seat, legal[rng.below(len(legal))])
    idle = next(s for s in range(game.num_players(state)) if s not in game.to_act(state))
    path = write_json(tmp_path / "pos.json", position_to_json(game, state))
    action = game.action_to_str(game.legal_actions(state, game.to_act(state)[0])[0], state.config)
    assert_one_line_error(run("apply", str(path), action, "--player", str(idle)), "not to act")


def test_apply_malformed_positions(tmp_path: Path) -> None:
    good = json.loads(position_file(tmp_path, MAIN_GAME).read_text())
    cases = {
        "bad-json": ("{not json", "not valid JSON"),
        "not-object": ("[1, 2]", "JSON object"),
        "no-state": (json.dumps({**good, "state": None}), "state"),
        "wrong-state": (json.dumps({**good, "state": {"bogus": 1}}), "bad.json"),
        "bad-config": (json.dumps({**good, "config": {"zzz_unknown": 1}}), "zzz_unknown"),
        "bad-format": (json.dumps({**good, "format": "chess-fen/9"}), "chess-fen/9"),
        "unknown-game": (json.dumps({**good, "game": "chess"}), "chess"),
    }
    for name, (text, word) in cases.items():
        path = tmp_path / "bad.json"
        path.write_text(text)
        for args in (("apply", str(path), "x"), ("legal", str(path))):
            result = run(*args)
            assert result.exit_code == 2, (name, result.stderr)
            assert_one_line_error(result, word)
        assert path.read_text() == text
    assert_one_line_error(run("legal", str(tmp_path / "missing.json")), "missing.json")


def test_apply_reads_stdin(tmp_path: Path) -> None:
    text = run("new", MAIN_GAME, "--seed", "2").stdout
    game, state = position_from_json(json.loads(text), get_game)
    seat = game.to_act(state)[0]
    action = game.action_to_str(game.legal_actions(state, seat)[0], state.config)
    result = run("apply", "-", action, input=text)
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["applied"] == [[seat, action]]


def _replay_log(gid: str, seed: int) -> dict:
    game = get_game(gid)
    seats = game.num_players(game.new_state(game.make_config({}), seed))
    record = play_match(game, {}, seed, [RandomAgent() for _ in range(seats)])
    return record_to_replay(game, record)


@pytest.mark.parametrize("gid", GAMES)
def test_replay_verifies_a_log(gid: str, tmp_path: Path) -> None:
    log = _replay_log(gid, 4)
    path = write_json(tmp_path / "log.json", log)
    result = run("replay", str(path))
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("replay ok")
    data = json.loads(run("replay", str(path), "--json").stdout)
    assert data["outcome"] == log["outcome"]
    assert data["verified_outcome"] is True


def test_replay_errors(tmp_path: Path) -> None:
    log = _replay_log(MAIN_GAME, 4)
    tampered = {**log, "outcome": {**log["outcome"], "reason": "tampered"}}
    assert_one_line_error(run("replay", str(write_json(tmp_path / "a.json", tampered))), "differs")
    bad_action = {**log, "actions": [[0, "certainly not an action"], *log["actions"][1:]]}
    assert_one_line_error(
        run("replay", str(write_json(tmp_path / "b.json", bad_action))), "action 0"
    )
    (tmp_path / "c.json").write_text("{")
    assert_one_line_error(run("replay", str(tmp_path / "c.json")), "not valid JSON")
    assert_one_line_error(run("replay", str(write_json(tmp_path / "d.json", [1]))), "'game'")


@pytest.mark.parametrize("gid", GAMES)
def test_data_check(gid: str, tmp_path: Path) -> None:
    module = importlib.import_module(f"wartable.games.{gid}")
    data_dir = Path(module.__file__).parent / "data"  # type: ignore[arg-type]
    result = run("data", "check", gid, str(data_dir))
    assert result.exit_code == 0, result.stderr
    if not hasattr(module, "check_data"):
        assert "no external data" in result.stdout
        return
    assert "data ok" in result.stdout
    broken = tmp_path / "data"
    shutil.copytree(data_dir, broken)
    tomls = sorted(broken.rglob("*.toml"))
    assert tomls, f"{gid} checks data but ships no TOML"
    for f in tomls:
        f.write_text("this is = [not valid toml\n")
    result = run("data", "check", gid, str(broken))
    assert_one_line_error(result, ".toml")


def test_data_check_unknown_game(tmp_path: Path) -> None:
    assert_one_line_error(run("data", "check", "chess", str(tmp_path)), "chess")


def test_real_process_entry_point(tmp_path: Path) -> None:
    """The installed behaviour: a separate process, real stderr, exit code 2."""
    path = position_file(tmp_path, MAIN_GAME)
    before = path.read_bytes()
    cmd = [sys.executable, "-m", "wartable.cli.main", "apply", str(path), "certainly not"]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert len(proc.stderr.splitlines()) == 1 and proc.stderr.startswith("error: ")
    assert path.read_bytes() == before


DATA_GAMES = [gid for gid in GAMES if "data_dir" in get_game(gid).config_model.model_fields]


@pytest.mark.parametrize("gid", DATA_GAMES)
def test_broken_data_file_is_one_line_exit_2_nothing_changed(gid: str, tmp_path: Path) -> None:
    module = importlib.import_module(f"wartable.games.{gid}")
    broken = tmp_path / "data"
    shutil.copytree(Path(module.__file__).parent / "data", broken)  # type: ignore[arg-type]
    for f in broken.rglob("*.toml"):
        f.write_text(f.read_text() + "\nthis is = [not valid toml\n")
    config = json.dumps({"data_dir": str(broken)})
    assert_one_line_error(run("new", gid, "--config", config), ".toml")
    position = json.loads(position_file(tmp_path, gid).read_text())
    position["config"]["data_dir"] = str(broken)
    path = write_json(tmp_path / "pos.json", position)
    before = path.read_bytes()
    game, state = position_from_json(json.loads(position_file(tmp_path, gid).read_text()), get_game)
    action = game.action_to_str(game.legal_actions(state, game.to_act(state)[0])[0], state.config)
    assert_one_line_error(run("apply", str(path), action), ".toml")
    assert path.read_bytes() == before
