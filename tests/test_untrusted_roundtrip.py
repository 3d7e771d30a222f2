"""Positions round-trip by play, and Draconia's card identity.

Draconia's faction decks print several cards under one name, not always with the same
values (Set Up, the faction decks: Ironshroud's Bastion Guards are 1/4 and 1/3). A position
stores each card by identity (``"ironshroud/Bastion Guard#2"``), so a reloaded position
plays on exactly like the original; constructed decks may choose a version
("Advanced Play, Deck Construction").
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import wartable.games.draconia.position as draconia_position
from wartable.cli.main import app
from wartable.core.errors import PositionError
from wartable.core.position import position_from_json, position_to_json
from wartable.games import get_game
from wartable.games.draconia.cards import cardset_for
from wartable.games.draconia.decks import deck_violations, resolve, unit_ref
from wartable.testing.roundtrip import check_roundtrip_play

IRONSHROUD = {"factions": ["ironshroud", "highwood"]}


def test_every_draconia_card_has_its_own_identity() -> None:
    cards = cardset_for(None)
    refs = [unit_ref(cards, u.uid) for u in cards.units]
    assert len(set(refs)) == len(refs) == len(cards.units)
    for u in cards.units:
        assert resolve(cards, unit_ref(cards, u.uid), exact=True) == u.uid
    first, second = (
        resolve(cards, "ironshroud/Bastion Guard#1"),
        resolve(cards, "ironshroud/Bastion Guard#2"),
    )
    assert (cards.units[first].defense, cards.units[second].defense) == (4, 3)
    assert resolve(cards, "ironshroud/Bastion Guard") == first  # a plain name: the first


@pytest.mark.parametrize("seed", range(30))
def test_draconia_reloaded_games_play_on_identically(seed: int) -> None:
    """30 of 30 games with the shared-name decks continue identically after a reload."""
    check_roundtrip_play(get_game("draconia"), IRONSHROUD, seed, points=(0.0, 0.5))


def test_the_check_catches_name_only_storage(monkeypatch: pytest.MonkeyPatch) -> None:
    """Planted defect: store cards by name only (the old format); the check must fail."""
    monkeypatch.setattr(
        draconia_position,
        "unit_ref",
        lambda cards, uid: f"{cards.units[uid].faction}/{cards.units[uid].name}",
    )
    monkeypatch.setattr(
        draconia_position, "resolve", lambda cards, ref, exact=False: resolve(cards, ref)
    )
    with pytest.raises(AssertionError, match="differs"):
        check_roundtrip_play(get_game("draconia"), IRONSHROUD, 0, points=(0.0,))


def test_a_constructed_deck_chooses_a_card_version() -> None:
    game = get_game("draconia")
    cards = cardset_for(None)
    deck = [
        "ironshroud/King Edric",
        "ironshroud/Prince William",
        "ironshroud/Sir Aldric",
        *["ironshroud/Bastion Guard#2"] * 4,
        *["ironshroud/Shieldwall#1"] * 4,
        *["ironshroud/Quartermaster#2"] * 4,
        "ironshroud/Supply Wagon",
        "ironshroud/Iron Lancers",
    ]
    assert deck_violations(cards, deck) == []
    state = game.new_state(game.make_config({"decks": [deck]}), 1)
    second = resolve(cards, "ironshroud/Bastion Guard#2")
    assert list(state.decks[0]).count(second) == 4
    assert cards.units[second].defense == 3
    text = json.dumps(position_to_json(game, state))
    assert text.count('"ironshroud/Bastion Guard#2"') >= 4
    _, back = position_from_json(json.loads(text), get_game)
    assert back.decks == state.decks


def test_an_unknown_version_is_refused() -> None:
    cards = cardset_for(None)
    for ref in (
        "ironshroud/Bastion Guard#3",
        "ironshroud/Bastion Guard#0",
        "ironshroud/Supply Wagon#x",
    ):
        with pytest.raises(KeyError):
            resolve(cards, ref)
    game = get_game("draconia")
    data = json.loads(
        json.dumps(position_to_json(game, game.new_state(game.make_config(IRONSHROUD), 2)))
    )
    data["state"]["decks"][0][9] = "ironshroud/Bastion Guard#3"
    with pytest.raises(PositionError, match=r"state.decks\[0\]\[9\]"):
        position_from_json(data, get_game)


def test_new_then_92_applies_offer_what_the_engine_offers(tmp_path: Path) -> None:
    """The command line reloads the position at every step; it must play the engine's game."""
    game = get_game("draconia")
    config = json.dumps(IRONSHROUD)
    runner = CliRunner()
    result = runner.invoke(app, ["new", "draconia", "--seed", "4", "--config", config])
    assert result.exit_code == 0, result.stderr
    engine = game.new_state(game.make_config(IRONSHROUD), 4)
    path = tmp_path / "pos.json"
    text = result.stdout
    for step in range(92):
        if game.is_terminal(engine):
            break
        path.write_text(text)
        legal = runner.invoke(app, ["legal", str(path), "--json"])
        assert legal.exit_code == 0, legal.stderr
        seat = game.to_act(engine)[0]
        offered = [a["id"] for a in json.loads(legal.stdout)]
        assert offered == game.legal_actions(engine, seat), f"step {step}"
        action = offered[(step * 31) % len(offered)]
        notation = game.action_to_str(action, engine.config)
        moved = runner.invoke(app, ["apply", str(path), notation, "--player", str(seat)])
        assert moved.exit_code == 0, moved.stderr
        game.apply(engine, seat, action)
        text = moved.stdout
        assert json.loads(text)["state"] == game.state_to_json(engine), f"step {step}"
