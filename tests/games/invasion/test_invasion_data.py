"""Chapter 2 (Components) as data, the data loader's errors, positions and notation."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from invasion_support import blank

from wartable.core.errors import DataError, PositionError
from wartable.core.position import position_from_json, position_to_json
from wartable.games.invasion import GAME
from wartable.games.invasion.cards import DATA_DIR
from wartable.games.invasion.loader import load_db


def test_component_counts_as_printed() -> None:
    """Chapter 2: 108 gold (48/36/24), 90 action, 114 defender, 36 terror, 24 events, 28 campaigns."""
    db = load_db(DATA_DIR)
    by_type: dict[str, int] = {}
    for c in db.cards:
        by_type[c.type] = by_type.get(c.type, 0) + c.count
    assert by_type == {"gold": 108, "terror": 36, "action": 90, "defender": 114}
    assert [c.count for c in db.cards[:3]] == [48, 36, 24]
    assert sum(e.count for e in db.events) == 24
    assert len(db.campaigns) == 28
    assert len(db.stages) == 10


def test_reconstructed_values_are_marked_with_a_reason() -> None:
    """DESIGN.md: values the rulebook does not print are marked reconstructed with a reason."""
    db = load_db(DATA_DIR)
    for rec in [*db.cards[:4], *db.campaigns]:
        assert rec.source == "reconstructed" and rec.reason
    assert all(c.source == "rulebook" for c in db.cards[4:])


def test_printed_costs_stay_meaningful() -> None:
    """Issue 4: Imperial Guard 10, Casualty of War 30, Courage 110 must keep their meaning:
    a starting hand (Wealth only) buys a Guard and Casualty, never Courage."""
    db = load_db(DATA_DIR)
    wealth = db.gold[0]
    assert wealth >= db.cost[18]  # one Wealth buys an Imperial Guard
    assert 3 * wealth >= db.cost[4]  # three buy Casualty of War
    assert 6 * wealth < db.cost[17]  # a full hand of Wealth never reaches Courage
    assert db.gold[1] < db.cost[1] and db.gold[2] < db.cost[2]  # gold costs more than it gives


def test_bad_data_names_file_record_and_field(tmp_path: Path) -> None:
    """DESIGN.md: a bad data file fails naming the file, the record and the field."""
    for f in DATA_DIR.glob("*.toml"):
        shutil.copy(f, tmp_path / f.name)
    path = tmp_path / "invaders.toml"
    path.write_text(path.read_text().replace("health = 80", "health = -3"))
    with pytest.raises(DataError, match=r"invaders.toml.*firedragon.*health"):
        load_db(tmp_path)


def test_position_round_trip_and_errors() -> None:
    s = blank()
    text = json.dumps(position_to_json(GAME, s))
    _, back = position_from_json(json.loads(text), lambda gid: GAME)
    assert GAME.state_to_json(back) == GAME.state_to_json(s)
    data = GAME.state_to_json(s)
    data["terror"] = 9
    with pytest.raises(PositionError, match="terror"):
        GAME.state_from_json(s.config, data)
    data = GAME.state_to_json(s)
    data["hand"] = "x"
    with pytest.raises(PositionError, match="hand"):
        GAME.state_from_json(s.config, data)


def test_notation_examples() -> None:
    config = GAME.make_config({})
    assert GAME.parse_action("play  rush", config) == GAME.parse_action("play rush", config)
    for text in ("buy", "buy valkyrie", "buy valkyrie top", "defend titan", "target g3",
                 "choose seat 5", "campaign row 2", "betray", "forward fortune"):  # fmt: skip
        assert GAME.action_to_str(GAME.parse_action(text, config), config) == text


def test_render_hides_other_hands() -> None:
    s = blank()
    s.hand[1][0] = 0
    text = GAME.render(s, 0)
    assert "Draconis Invasion" in text and "seat 1: hand 0 cards" in text


def test_observation_hides_hands_decks_events_and_campaigns() -> None:
    """What a seat may not see: other hands, deck order, pending/undrawn events, others' campaigns."""
    from wartable.core.rng import Rng

    s = GAME.new_state(GAME.make_config({"players": 3}), 8)
    obs = GAME.observe(s, 1)
    assert obs["hands"][1] == s.hand[1] and obs["hands"][0] is None and obs["hands"][2] is None
    assert obs["campaigns"][1] == s.campaigns[1] and obs["campaigns"][0] is None
    assert obs["event_deck"] == len(s.event_deck) and "rng" not in obs
    text = json.dumps(obs)
    assert obs["deck_sizes"] == [len(d) for d in s.deck]  # sizes only, never the order
    # redrawing what seat 1 cannot see changes the hidden parts but not its view
    other = GAME.determinize(obs, Rng(3))
    assert GAME.observe(other, 1) == obs
    assert json.dumps(GAME.observe(other, 1)) == text
    assert any(other.hand[p] != s.hand[p] for p in (0, 2)) or other.deck[0] != s.deck[0]


def test_card_constants_name_their_keys() -> None:
    """The card, invader and event ints are written as literals (so a compiled build inlines
    them); each must still index its own key in the fixed key order."""
    from wartable.games.invasion import cards

    assert cards.NK == len(cards.KEYS) and cards.NI == len(cards.INVADER_KEYS)
    for keys in (cards.KEYS, cards.INVADER_KEYS, cards.EVENT_KEYS):
        for name in keys:
            assert keys[getattr(cards, name.upper())] == name, name
    assert cards.ACTIONS == tuple(range(cards.CASUALTY, cards.COURAGE + 1))
    assert cards.DEFENDERS == tuple(range(cards.GUARD, cards.TITAN + 1))
