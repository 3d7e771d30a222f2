"""Skirm rules, each test citing its section of skirm-dice-duel.txt."""

from __future__ import annotations

import pytest

from wartable.core.errors import ConfigError, IllegalAction
from wartable.games.skirm import GAME
from wartable.games.skirm.cards import ABILITIES, SCORINGS, Card, load_cards
from wartable.games.skirm.scoring import additional, duel_points, skill_counts
from wartable.games.skirm.state import OVER, SkirmState

MIGHT, GRACE, WITS, LORE, GUILE, SPIRIT = range(6)
CARDS = load_cards()
BY_ABILITY = {c.ability: c.id for c in CARDS.cards}


def duel(
    c0: int, c1: int, d0: list[int], d1: list[int], seed: int = 1, **cfg: object
) -> SkirmState:
    """A hand-built duel: seat 0 holds c0, seat 1 holds c1, dice set, both cards revealed."""
    s = GAME.new_state(GAME.make_config({"hands": [[c0], [c1]], **cfg}), seed)
    s.dice = [list(d0), list(d1)]
    s.hidden = [[False] * len(d0), [False] * len(d1)]
    GAME.apply(s, 0, f"reveal {c0}")
    GAME.apply(s, 1, f"reveal {c1}")
    return s


def card(cid: int) -> Card:
    return CARDS.cards[CARDS.index_of(cid)]


def test_card_data_is_complete_and_marked() -> None:
    """Setup / Abilities / Additional Scoring: cards 1517-1528, 12 abilities, 10 rules (2 twice)."""
    ids = [c.id for c in CARDS.cards]
    assert ids == list(range(1517, 1529))
    assert sorted(c.ability for c in CARDS.cards) == sorted(ABILITIES)
    used = [c.scoring for c in CARDS.cards]
    assert set(used) == set(SCORINGS)
    assert sorted(used.count(r) for r in SCORINGS) == [1] * 8 + [2, 2]
    import tomllib
    from pathlib import Path

    import wartable.games.skirm as pkg

    raw = tomllib.loads((Path(pkg.__file__).parent / "data" / "cards.toml").read_text())
    assert all(r["source"] == "reconstructed" and r["reason"] for r in raw["cards"])


def test_setup_deals_distinct_cards_and_six_dice_each() -> None:
    """Setup: one card for the sentient, a random remaining card for the duelist, 6 dice each."""
    for seed in range(20):
        s = GAME.new_state(GAME.make_config({}), seed)
        assert len(s.hands[0]) == len(s.hands[1]) == 1
        assert s.hands[0][0] != s.hands[1][0]
        assert len(s.dice[0]) == len(s.dice[1]) == 6
    s = GAME.new_state(GAME.make_config({"hand_sizes": [4, 2]}), 3)
    assert (len(s.hands[0]), len(s.hands[1])) == (4, 2)


def test_reveal_is_simultaneous() -> None:
    """Duel Sequence: both duelists simultaneously reveal one Skirm card."""
    s = GAME.new_state(GAME.make_config({"hand_sizes": [3, 3]}), 5)
    assert set(GAME.to_act(s)) == {0, 1}
    choice = GAME.legal_actions(s, 0)[1]
    GAME.apply(s, 0, choice)
    obs1 = GAME.observe(s, 1)
    assert obs1["card"] == [0, 0] and obs1["commit"]["mine"] == []
    assert GAME.to_act(s) == (1,)
    with pytest.raises(IllegalAction):
        GAME.apply(s, 0, choice)
    GAME.apply(s, 1, GAME.legal_actions(s, 1)[0])
    assert all(s.card)


def test_speed_order_and_card_id_tie_break() -> None:
    """Duel Sequence: highest speed goes first; tied speed, the higher card ID."""
    s = duel(1521, 1517, [0] * 6, [1] * 6)  # speed 6 vs 5
    assert s.first == 0
    s = duel(1522, 1527, [0] * 6, [1] * 6)  # both speed 1: 1527 is higher
    assert s.first == 1
    s = duel(1517, 1526, [0] * 6, [1] * 6)  # both speed 5: 1526 is higher
    assert s.first == 1


def test_comparison_one_point_per_type_ties_zero() -> None:
    """Duel Sequence: compare each skill type (dice + printed); 1 point per type, ties 0."""
    a, b = card(1523), card(1518)  # printed spirit+wits vs wits+lore
    dice = ([MIGHT, MIGHT, GRACE, GRACE, GUILE, GUILE], [MIGHT, MIGHT, GRACE, LORE, LORE, LORE])
    ca, cb = skill_counts(dice[0], a), skill_counts(dice[1], b)
    assert ca == [2, 2, 1, 0, 2, 1] and cb == [2, 1, 1, 4, 0, 0]
    _, base, _ = duel_points((a, b), dice, "comparison")
    assert base == [3, 1]  # A wins grace, guile, spirit; B wins lore; might and wits tie


def test_first_duelist_wins_ties() -> None:
    """Duel Sequence: most points wins; 'If tied, the duelist who went first wins.'"""
    from wartable.core.rng import Rng
    from wartable.games.skirm import abilities

    ties = 0
    rng = Rng(7)
    for seed in range(300):
        s = duel(1522, 1527, [MIGHT] * 6, [MIGHT] * 6, seed=seed)
        s.dice = [[rng.below(6) for _ in range(6)] for _ in range(2)]
        s.step = 1
        abilities.finish(s, None)
        if s.points[0] == s.points[1]:
            ties += 1
            assert s.winner == s.first == 1
            assert "which the first duelist wins" in GAME.outcome(s).reason
        else:
            assert s.winner == (0 if s.points[0] > s.points[1] else 1)
    assert ties > 0


@pytest.mark.parametrize(
    ("rule", "mine", "theirs", "dice", "expected"),
    [
        ("CIRCUIT", [2, 2, 1, 0, 2, 1], [2, 1, 1, 4, 0, 0], [0] * 6, 2),
        ("ENERGY", [2, 2, 1, 0, 2, 1], [2, 1, 1, 4, 0, 0], [0] * 6, 4),
        ("FIRE", [2, 2, 1, 0, 2, 1], [2, 1, 1, 4, 0, 0], [0] * 6, 1),
        ("GOLD", [0] * 6, [0] * 6, [0, 0, 0, 1, 1, 2], 2),
        ("METAL", [0] * 6, [2, 1, 1, 4, 0, 0], [0] * 6, 4),
        ("SINEW", [3, 2, 5, 0, 0, 0], [0] * 6, [0] * 6, 5),
        ("STONE", [1, 1, 1, 1, 1, 1], [0] * 6, [0] * 6, 3),
        ("STONE", [1, 1, 1, 1, 1, 0], [0] * 6, [0] * 6, 0),
    ],
)
def test_additional_scoring(
    rule: str, mine: list[int], theirs: list[int], dice: list[int], expected: int
) -> None:
    """Additional Scoring: CIRCUIT, ENERGY, FIRE, GOLD, METAL, SINEW, STONE as written."""
    assert additional(rule, card(1517), dice, mine, theirs, "comparison") == expected


def test_sand_ignores_printed_skill_types() -> None:
    """Additional Scoring, SAND: types you have that don't match the 2 printed skills."""
    c = card(1517)  # might + grace printed
    assert additional("SAND", c, [], [1, 1, 2, 0, 1, 0], [0] * 6, "comparison") == 2


def test_step3_option_for_leaf_and_water() -> None:
    """Additional Scoring, LEAF/WATER: 'step 3' is the named option ``step3``."""
    mine, theirs = [3, 0, 1, 2, 0, 1], [1, 2, 1, 0, 2, 0]
    c = card(1517)
    assert additional("WATER", c, [], mine, theirs, "comparison") == 3
    assert additional("LEAF", c, [], mine, theirs, "comparison") == 2
    assert additional("WATER", c, [], mine, theirs, "contested") == 1  # only might is contested+won
    assert additional("LEAF", c, [], mine, theirs, "contested") == 0
    assert additional("WATER", c, [], mine, theirs, "literal") == 0
    assert additional("LEAF", c, [], mine, theirs, "literal") == 0


def test_blade_split_by_owner_group_chosen_by_opponent() -> None:
    """Abilities, BLADE: cut the opposing dice into 2 groups; they choose 1 group to reroll."""
    s = duel(1517, 1518, [0] * 6, [LORE] * 6)  # 1517 (speed 5) first
    assert GAME.to_act(s) == (0,)
    for _ in range(5):
        GAME.apply(s, 0, "group a")
    # two groups: the last die cannot join an already full group a
    assert GAME.legal_actions(s, 0) == [GAME.parse_action("group b", s.config)]
    GAME.apply(s, 0, "group b")
    assert GAME.to_act(s) == (1,)  # the opponent chooses
    assert {GAME.action_to_str(a, s.config) for a in GAME.legal_actions(s, 1)} == {
        "reroll a",
        "reroll b",
    }
    before = list(s.dice[1])
    GAME.apply(s, 1, "reroll b")
    assert s.dice[1][:5] == before[:5]  # group a untouched


def test_cloak_conceals_dice_until_final_scoring() -> None:
    """Abilities, CLOAK: reroll 1 or 2 dice and conceal them from the opponent until scoring."""
    s = duel(1518, 1524, [0] * 6, [1] * 6)  # CLOAK speed 3, then MANTLE
    GAME.apply(s, 0, "pick 2")
    assert "done" in {GAME.action_to_str(a, s.config) for a in GAME.legal_actions(s, 0)}
    GAME.apply(s, 0, "pick 5")
    assert s.hidden[0] == [False, True, False, False, True, False]
    opp_view = GAME.observe(s, 1)
    assert opp_view["dice"][0][1] == -1 and opp_view["dice"][0][4] == -1
    assert GAME.observe(s, 0)["dice"][0][1] == s.dice[0][1]
    assert 1 not in [a for a in GAME.legal_actions(s, 1)]  # MANTLE's choices: own dice only
    GAME.apply(s, 1, "pick 1")
    while s.phase != OVER:
        GAME.apply(s, 1, GAME.legal_actions(s, 1)[0])
    assert -1 not in GAME.observe(s, 1)["dice"][0]  # final scoring reveals everything


def test_dodecahedron_reroll_and_give() -> None:
    """Abilities, DODECAHEDRON: reroll one own and one opposing die; keep one, give the other."""
    s = duel(1519, 1527, [0] * 6, [1] * 6)  # speed 2 vs 1
    GAME.apply(s, 0, "pick 1")
    GAME.apply(s, 0, "opp 3")
    mine, theirs = s.dice[0][0], s.dice[1][2]
    GAME.apply(s, 0, "gain theirs")
    assert (s.dice[0][0], s.dice[1][2]) == (theirs, mine)


def test_harness_rerolls_only_chosen_dice_at_once() -> None:
    """Abilities, HARNESS: reroll up to 6 of your dice, all at once."""
    s = duel(1520, 1527, [0, 1, 2, 3, 4, 5], [1] * 6)
    GAME.apply(s, 0, "pick 1")
    GAME.apply(s, 0, "pick 2")
    assert s.dice[0][2:] == [2, 3, 4, 5]  # nothing rolled before 'done'
    GAME.apply(s, 0, "done")
    assert s.dice[0][2:] == [2, 3, 4, 5]


def test_helm_exchange_and_optional_reroll() -> None:
    """Abilities, HELM: exchange 1 die for 1 opposing die; you may reroll the die you gain."""
    s = duel(1521, 1527, [LORE] * 6, [SPIRIT] * 6)
    GAME.apply(s, 0, "pick 1")
    GAME.apply(s, 0, "opp 4")
    assert s.dice[0][0] == SPIRIT and s.dice[1][3] == LORE
    GAME.apply(s, 0, "keep gained")
    assert s.dice[0][0] == SPIRIT


def test_horn_rerolls_unique_faces_until_they_match() -> None:
    """Abilities, HORN: each die with a unique face is rerolled until it matches a face you have."""
    for seed in range(10):
        s = duel(1522, 1527, [MIGHT, MIGHT, GRACE, LORE, WITS, WITS], [1] * 6, seed=seed)
        GAME.apply(s, 1, "done")  # TOME (higher ID at speed 1) first
        dice = s.dice[0]
        printed = {GUILE, MIGHT}
        assert dice[0] == dice[1] == MIGHT and dice[4] == dice[5] == WITS
        for i in (2, 3):
            others = {f for j, f in enumerate(dice) if j != i} | printed
            assert dice[i] in others


def test_gauntlet_steals_only_a_non_matching_die() -> None:
    """Abilities, GAUNTLET: steal 1 opposing die that does not match any of your dice."""
    s = duel(1523, 1527, [MIGHT] * 6, [MIGHT, MIGHT, LORE, MIGHT, MIGHT, MIGHT])
    assert [GAME.action_to_str(a, s.config) for a in GAME.legal_actions(s, 0)] == ["opp 3"]
    GAME.apply(s, 0, "opp 3")
    assert len(s.dice[0]) == 7 and s.dice[0][-1] == LORE and len(s.dice[1]) == 5


def test_mantle_gives_a_die_then_sets_opponents_best_count() -> None:
    """Abilities, MANTLE: give 1 die; set as many dice as the opponent's best type has skills."""
    s = duel(1524, 1527, [SPIRIT] * 6, [WITS, WITS, WITS, LORE, LORE, GRACE])
    GAME.apply(s, 0, "pick 1")  # give a spirit die: opponent best = wits 3
    assert len(s.dice[0]) == 5 and s.left == 3
    for k in (1, 2, 3):
        GAME.apply(s, 0, f"set {k} lore")
    assert s.dice[0][:3] == [LORE] * 3 and s.step == 1


def test_mask_sets_two_dice_to_opposing_faces() -> None:
    """Abilities, MASK: set 2 dice to match 1 or 2 opposing dice."""
    s = duel(1525, 1527, [MIGHT] * 6, [LORE, LORE, WITS, WITS, WITS, LORE])
    faces = {GAME.action_to_str(a, s.config).split()[2] for a in GAME.legal_actions(s, 0)}
    assert faces == {"lore", "wits"}
    GAME.apply(s, 0, "set 1 wits")
    GAME.apply(s, 0, "set 2 lore")
    assert s.dice[0][:2] == [WITS, LORE] and s.step == 1


def test_scepter_sets_another_die_to_the_rerolled_type() -> None:
    """Abilities, SCEPTER: reroll 1 die, then set another die to match its skill type."""
    s = duel(1526, 1527, [MIGHT] * 6, [1] * 6)
    GAME.apply(s, 0, "pick 1")
    face = s.dice[0][0]
    legal = [GAME.action_to_str(a, s.config) for a in GAME.legal_actions(s, 0)]
    assert legal == [f"set {j} {CARDS.skill_names[face]}" for j in range(2, 7)]
    GAME.apply(s, 0, legal[2])
    assert s.dice[0][3] == face


def test_tome_keeps_new_or_old_result() -> None:
    """Abilities, TOME: reroll each die once; after each reroll choose the new or old result."""
    s = duel(1527, 1522, [SPIRIT] * 6, [1] * 6)
    GAME.apply(s, 0, "pick 3")
    GAME.apply(s, 0, "keep old")
    assert s.dice[0][2] == SPIRIT
    assert "pick 3" not in {GAME.action_to_str(a, s.config) for a in GAME.legal_actions(s, 0)}


def test_set3_sets_up_to_three_dice_to_unique_faces() -> None:
    """Abilities (unnamed): set up to 3 dice to different faces; each new face unique."""
    s = duel(1528, 1527, [MIGHT] * 6, [1] * 6)
    GAME.apply(s, 0, "set 1 lore")
    legal = {GAME.action_to_str(a, s.config) for a in GAME.legal_actions(s, 0)}
    assert "set 2 lore" not in legal and "set 2 wits" in legal and "done" in legal
    GAME.apply(s, 0, "set 2 wits")
    GAME.apply(s, 0, "set 3 grace")
    assert s.dice[0][:3] == [LORE, WITS, GRACE] and s.step == 1


def test_set3_unique_option_also_refuses_faces_other_dice_show() -> None:
    """Abilities (unnamed, SET3): "Each of these new faces must be unique", read with option
    ``set3 = "unique"``: a new face may not be shown by any other of the duelist's dice."""
    dice = [MIGHT, MIGHT, WITS, 4, 4, 4]
    plain = duel(1528, 1527, dice, [1] * 6)
    legal = {GAME.action_to_str(a, plain.config) for a in GAME.legal_actions(plain, 0)}
    assert "set 1 wits" in legal and "set 1 might" in legal  # "distinct", the default
    s = duel(1528, 1527, dice, [1] * 6, set3="unique")
    legal = {GAME.action_to_str(a, s.config) for a in GAME.legal_actions(s, 0)}
    assert "set 1 wits" not in legal and "set 1 might" not in legal
    assert "set 1 lore" in legal and "set 3 wits" in legal  # die 3 itself shows wits
    GAME.apply(s, 0, "set 1 lore")
    legal = {GAME.action_to_str(a, s.config) for a in GAME.legal_actions(s, 0)}
    assert "set 2 lore" not in legal and "set 2 might" in legal  # die 1 no longer shows might
    GAME.apply(s, 0, "set 2 grace")
    GAME.apply(s, 0, "done")
    faces = s.dice[0]
    assert faces[:2] == [LORE, GRACE] and faces.count(LORE) == 1 and faces.count(GRACE) == 1


def test_quick_variant_faster_rerolls_slower_breaks_ties() -> None:
    """Quick Variant: more dice matching your card's icons wins; faster may reroll ALL once;
    the slower card breaks ties."""
    s = duel(1521, 1527, [GRACE, LORE, 0, 0, 0, 0], [GUILE, GRACE, 2, 2, 2, 2], variant="quick")
    assert GAME.to_act(s) == (0,)  # 1521 is faster
    GAME.apply(s, 0, "stand")
    assert s.points == [2, 2] and s.winner == 1  # tie: the slower duelist wins
    reason = GAME.outcome(s).reason
    assert "slower card breaks" in reason and "first duelist" not in reason
    s = duel(1521, 1527, [GRACE] * 6, [1] * 6, variant="quick")
    GAME.apply(s, 0, "reroll all")
    assert s.phase == OVER


def test_rewards_and_sentient_penalty_reported() -> None:
    """Duel Sequence (after the duel): win = 2 rewards; the sentient winning = a penalty;
    "Win or lose, gain a random card from the Skirm spoiler pack" (the duelist)."""
    s = duel(1522, 1527, [MIGHT] * 6, [MIGHT] * 6)
    GAME.apply(s, 1, "done")
    out = GAME.outcome(s)
    m = GAME.metrics(s)
    if s.winner == 1:  # sentient seat 1
        assert m["penalty"] == 1 and m["reward"] == 0 and "penalty" in out.reason
    else:
        assert m["reward"] == 2 and m["penalty"] == 0 and "2 reward" in out.reason
    assert m["spoiler_card"] == 1


def test_the_duelist_gains_a_spoiler_card_on_a_loss_too() -> None:
    """Duel Sequence: "Win or lose, gain a random card from the Skirm spoiler pack"; the
    parenthesis "(they don't gain or keep a Skirm card)" is about the player acting for
    the sentient. A full duel the sentient wins still gives the duelist the card."""
    lost = 0
    for seed in range(40):
        s = GAME.new_state(GAME.make_config({}), seed)
        while not GAME.is_terminal(s):
            seat = GAME.to_act(s)[0]
            GAME.apply_fast(s, seat, GAME.legal_actions(s, seat)[0], None)
        m = GAME.metrics(s)
        assert m["spoiler_card"] == 1
        if s.winner == s.config.sentient_seat:
            lost += 1
            assert m["penalty"] == 1 and m["reward"] == 0
            assert "win or lose, the duelist gains a random spoiler-pack card" in (
                GAME.outcome(s).reason
            )
    assert lost > 0


def test_either_seat_may_be_the_sentient() -> None:
    """Setup: 'Another player acts on behalf of the sentient' (both seats are ordinary)."""
    s = GAME.new_state(GAME.make_config({"sentient_seat": 0}), 2)
    assert set(GAME.to_act(s)) == {0, 1}
    with pytest.raises(ConfigError):
        GAME.make_config({"hands": [[1517], [1517]]})
