"""Draconia Advanced Play: Deck Construction and the Draft Variant."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from draconia_helpers import play

from wartable.core.errors import ConfigError, DataError
from wartable.games.draconia import GAME, check_deck
from wartable.games.draconia.decks import deck_violations
from wartable.games.draconia.game import MIXED_DECK
from wartable.games.draconia.state import BASIC_PILE, DISCARD, ROW

ROOT = Path(__file__).resolve().parents[3]
CARDS = GAME.cards(GAME.make_config({}))


def test_a_legal_mixed_deck_plays():
    """Deck Construction: 17 cards = 1 leader, 2 champions, 14 basics, from up to 3 factions."""
    assert deck_violations(CARDS, MIXED_DECK) == []
    s = GAME.new_state(GAME.make_config({"decks": [list(MIXED_DECK)]}), 1)
    assert s.unit(0, 0).name == "Dastan" and {s.unit(0, 1).name, s.unit(0, 2).name} == {
        "Tara",
        "Viper Matriarch",
    }
    assert s.factions[0] == "scorching_sands"


@pytest.mark.parametrize(
    ("change", "rule"),
    [
        (lambda d: d[:-1], "17 cards"),
        (lambda d: [*d[:-1], "ironshroud/King Edric"], "exactly 1 leader"),
        (lambda d: [*d[:-1], "highwood/Longbowmen"], "at most 3 factions"),
        (lambda d: [d[0], d[1], d[1], *d[3:]], "no identical champions"),
        (lambda d: [*d[:-3], *["amazania/Vine Stalkers"] * 3], "at most 4 identical"),
    ],
)
def test_each_deck_rule_is_explained(change, rule):
    """Deck Construction: no more than 3 factions, no identical champions, at most 4 identical
    basic units by title; every violation is named."""
    deck = change(list(MIXED_DECK))
    problems = deck_violations(CARDS, deck)
    assert any(rule in p for p in problems), problems
    with pytest.raises(ConfigError):
        GAME.make_config({"decks": [deck]})


def test_settlement_must_match_the_leaders_faction():
    """Deck Construction: the settlement must be from the faction of the deck's leader."""
    assert deck_violations(CARDS, MIXED_DECK, "crimson_palace") == []
    assert any("leader's faction" in p for p in deck_violations(CARDS, MIXED_DECK, "anvira"))


def test_deck_check_command_explains_every_violation(tmp_path):
    """`wartable deck check FILE` names every violation and exits 2; a legal deck exits 0."""
    good = ROOT / "examples" / "decks" / "sands-and-poison.toml"
    assert check_deck(str(good)) == []
    bad = tmp_path / "bad.toml"
    bad.write_text(
        'settlement = "anvira"\nunits = ["zigmar/Pharaoh Sekhem", "zigmar/Pharaoh Sekhem"]\n'
    )
    run = subprocess.run(
        [sys.executable, "-m", "wartable.cli.main", "deck", "check", str(bad)],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 2
    lines = run.stderr.strip().splitlines()
    assert any("17 cards" in x for x in lines) and any("exactly 1 leader" in x for x in lines)
    with pytest.raises(DataError):
        check_deck(str(tmp_path / "missing.toml"))


def test_deck_file_in_config():
    """A deck may be given to the game config as the path of its file."""
    good = str(ROOT / "examples" / "decks" / "sands-and-poison.toml")
    config = GAME.make_config({"decks": [[good]]})
    assert len(config.decks[0]) == 17


def _draft(players=2, **extra):
    return GAME.new_state(
        GAME.make_config({"players": players, "draft": True, "first_player": 0, **extra}), 3
    )


def test_leader_draft_three_options_refilled_after_each_pick():
    """Draft Variant 2: 3 leaders in the center; players pick clockwise from the first player; a new
    card is dealt after each pick so there are always 3 options."""
    s = _draft()
    assert len(s.draft[ROW]) == 3 and all(
        CARDS.units[u].unit_class == "leader" for u in s.draft[ROW]
    )
    play(s, 0, "draft 2")
    assert len(s.draft[ROW]) == 3 and s.draft_turn == 1
    play(s, 1, "draft 1")
    assert s.phase == 15  # champions next, 3 in the center
    assert all(CARDS.units[u].unit_class == "champion" for u in s.draft[ROW])


def test_champion_draft_until_two_each_then_basic_row_of_six():
    """Draft Variant 3-4: champions until each has 2; then a row of 6 basic units: after a pick the
    left-most card is discarded, the row slides left and 2 new cards are added on the right."""
    s = _draft()
    play(s, 0, "draft 1")
    play(s, 1, "draft 1")
    for seat in (0, 1, 0, 1):
        play(s, seat, "draft 1")
    assert s.phase == 16 and len(s.draft[ROW]) == 6
    row = list(s.draft[ROW])
    top = list(s.draft[BASIC_PILE][-2:])
    play(s, 0, "draft 3")
    assert s.picks[0][-1] == row[2]
    assert s.draft[DISCARD] == [row[0]]
    assert s.draft[ROW] == [row[1], row[3], row[4], row[5], top[1], top[0]]


def test_basic_draft_reshuffles_discards_and_ends_with_full_decks():
    """Draft Variant 4: discards are reshuffled into a new pile when it runs out; the draft ends
    when every player has 14 basic units, and the game starts with the drafted decks."""
    s = _draft(players=4)
    while s.phase in (14, 15, 16):
        GAME.apply(s, s.draft_turn, "draft 1")
    assert s.phase == 1  # deploy
    for p in range(4):
        assert len(s.decks[p]) == 17 and s.unit(p, 0).unit_class == "leader"
        assert len(s.hand[p]) == 7


def test_settlement_draft_three_dealt_then_simultaneous_pick():
    """Settlement Draft: 3 settlement cards dealt face down to each player; after the draft each picks
    one of the 3 and all reveal simultaneously."""
    s = _draft(settlement_mode=True)
    assert all(len(d) == 3 for d in s.deal)
    assert GAME.observe(s, 1)["players"][0]["deal"] is None  # secret
    while s.phase in (14, 15, 16):
        GAME.apply(s, s.draft_turn, "draft 1")
    assert s.phase == 10 and set(GAME.to_act(s)) == {0, 1}
    offered = [GAME.action_to_str(a, s.config) for a in GAME.legal_actions(s, 0)]
    assert len(offered) == 3
    play(s, 0, offered[0])
    play(s, 1, [GAME.action_to_str(a, s.config) for a in GAME.legal_actions(s, 1)][2])
    assert all(x >= 0 for x in s.settlement) and s.phase == 1


def test_two_vs_two_draft_alternates_teams():
    """Draft Variant: in 2v2 teammates sit opposite, so the two teams pick alternately."""
    s = _draft(players=4, mode="teams")
    seen = []
    for _ in range(4):
        seen.append(s.draft_turn)
        GAME.apply(s, s.draft_turn, "draft 1")
    assert [p % 2 for p in seen] == [0, 1, 0, 1]
