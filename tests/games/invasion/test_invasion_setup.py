"""Chapters 3, 4 and 11: table set-up, player set-up, starting player, starting threat level."""

from __future__ import annotations

import pytest
from invasion_support import blank, do, legal

from wartable.core.errors import ConfigError
from wartable.core.rng import Rng
from wartable.games.invasion import GAME
from wartable.games.invasion.cards import GUARD, NK, TERROR, WEALTH, K
from wartable.games.invasion.setup import apply_threat, roll_starting_player


def new(players: int = 3, mode: str = "basic", stage: str = "1", seed: int = 5):
    return GAME.new_state(
        GAME.make_config({"players": players, "mode": mode, "battle_stage": stage}), seed
    )


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_player_setup_twelve_cards_six_in_hand_two_campaigns(players: int) -> None:
    """Chapter 4 i-ii: 7 Wealth + 5 Imperial Guard, shuffle, draw 6; 2 Campaign cards each."""
    s = new(players)
    for p in range(players):
        owned = [s.hand[p][k] + s.discard[p][k] + s.deck[p].count(k) for k in range(NK)]
        assert owned[WEALTH] - s.discard[p][WEALTH] == 7
        assert owned[GUARD] == 5
        assert sum(s.hand[p]) == 6
        assert len(s.campaigns[p]) == 2


@pytest.mark.parametrize(("players", "events"), [(3, 9), (4, 12), (5, 15), (6, 18)])
def test_event_deck_size_by_players(players: int, events: int) -> None:
    """Chapter 3 vii: 9/12/15/18 Event cards for 3/4/5/6 players; viii: Retreat under them."""
    s = new(players)
    assert s.events_total == events
    assert len(s.event_deck) == events
    assert not s.retreat


def test_table_rows_and_default_cards() -> None:
    """Chapter 3 ii, iv-vi: 3 blue and 3 gold invaders face up, 3 campaigns face up,
    Casualty Of War and Imperial Guard always on the table."""
    s = new()
    assert all(not s.db.inv_gold[v] for v in s.row[:3])
    assert all(s.db.inv_gold[v] for v in s.row[3:])
    assert len(s.blue_deck) == 13 and len(s.gold_deck) == 14
    assert all(c >= 0 for c in s.campaign_row)
    assert K["casualty"] in s.kingdom and K["guard"] in s.kingdom
    assert s.supply[K["terror"]] > 0


@pytest.mark.parametrize("stage", [str(i) for i in range(1, 11)])
def test_battle_stage_kingdom(stage: str) -> None:
    """Chapter 11: each battle stage puts its 6 actions and 6 defenders on the table."""
    s = new(stage=stage)
    rec = s.db.stages[int(stage)]
    want = {K[k] for k in rec.actions + rec.defenders} | {K["casualty"], K["guard"]}
    want |= {K["wealth"], K["treasure"], K["fortune"]}
    assert set(s.kingdom) == want
    unused = [k for k in range(NK) if k not in want and k != TERROR]
    assert all(s.supply[k] == 0 for k in unused)  # ix: unused cards back to the box


def test_battle_stage_1_is_the_first_game_table() -> None:
    """Chapter 3 iii: the Battle Stage 1 table."""
    s = new(stage="1")
    names = {s.db.cards[k].name for k in s.kingdom}
    for name in ("Cursed Fury", "City Siege", "Shapeshifting", "Rush To Battle",
                 "Ruler Of The Ruins", "Dawn Of Hope", "Dread Knight", "Warlord", "Valkyrie",
                 "Golem", "Werebear", "Dragon Slayer"):  # fmt: skip
        assert name in names


def test_battle_stage_x_draws_six_randomizers_each() -> None:
    """Chapter 11, Battle Stage X: 6 of the 13 action and 6 of the 13 defender randomizers."""
    tables = set()
    for seed in range(6):
        s = new(stage="X", seed=seed)
        acts = [k for k in s.kingdom if 4 <= k < 18 and k != K["casualty"]]
        defs = [k for k in s.kingdom if k >= 18 and k != K["guard"]]
        assert len(acts) == 6 and len(defs) == 6
        tables.add(tuple(s.kingdom))
    assert len(tables) > 1


class Scripted(Rng):
    """An Rng whose die rolls follow a script."""

    __slots__ = ("script",)

    def __init__(self, script: list[int]) -> None:
        super().__init__(0)
        self.script = list(script)

    def randint(self, low: int, high: int) -> int:
        return self.script.pop(0)


def test_starting_player_highest_roll_ties_reroll() -> None:
    """Chapter 4 iii: highest roll starts; ties for the highest reroll among those players."""
    s = blank(4)
    s.rng = Scripted([5, 6, 6, 2, 3, 4])
    assert roll_starting_player(s, None) == 2
    s.rng = Scripted([1, 6, 3, 3])
    assert roll_starting_player(s, None) == 1


def test_threat_roll_sets_terror_count_and_symbol_is_six() -> None:
    """Chapter 4 iv: the roll sets the starting Terror Count; the dragon symbol counts as 6."""
    for seed in range(20):
        s = new(seed=seed)
        assert s.terror == s.threat_roll
        assert not any(s.pending_events)  # the set-up roll draws no event


def _terror(s, p: int) -> int:
    return s.discard[p][TERROR]


def test_threat_table_roll_1() -> None:
    """Starting Threat Level 1: the starting player gains one Terror card."""
    s = blank(3)
    apply_threat(s, 1, None)
    assert [_terror(s, p) for p in range(3)] == [1, 0, 0]


def test_threat_table_roll_2_chooses_another_player() -> None:
    """Starting Threat Level 2: the starting player chooses another player; both gain Terror."""
    s = blank(3)
    apply_threat(s, 2, None)
    assert legal(s, 0) == {"choose seat 1", "choose seat 2"}
    do(s, 0, "choose seat 2")
    assert [_terror(s, p) for p in range(3)] == [1, 0, 1]


@pytest.mark.parametrize(
    ("roll", "extra"),
    [(3, {"fortune": 1}), (4, {"treasure": 2}), (5, {"treasure": 1}), (6, {})],
)
def test_threat_table_rolls_3_to_6(roll: int, extra: dict[str, int]) -> None:
    """Starting Threat Level 3-6: all players gain Terror plus the listed Gold cards."""
    s = blank(4)
    apply_threat(s, roll, None)
    for p in range(4):
        assert _terror(s, p) == 1
        for key in ("fortune", "treasure"):
            assert s.discard[p][K[key]] == extra.get(key, 0)


def test_config_rejects_bad_player_counts() -> None:
    """Chapter 3 (3-6 basic) and chapter 12 (solo 1, two_player 2, team exactly 4 or 6)."""
    for bad in ({"players": 2}, {"players": 5, "mode": "team"}, {"players": 3, "mode": "solo"},
                {"players": 3, "colour": "red"}):  # fmt: skip
        with pytest.raises(ConfigError):
            GAME.make_config(bad)
