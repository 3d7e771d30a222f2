"""§9.1 scenario rules beyond victory: Banner Wars banners, scenario 4's reinforcements,
scenario 3/4's unique-unit limits, scenario 5's Flist set-ups, scenario 6's draft."""

from __future__ import annotations

from graxia_helpers import GAME, act, blank, give, legal_texts, put

from wartable.games.graxia.state import CARRIER, DRAFT, OVER, PLACE


def test_section_9_1_3_a_unit_entering_its_banner_tile_picks_it_up_and_does_nothing_else() -> None:
    s = blank("2p-3")
    b = s.sc.board
    banner = s.sc.banners[0]
    assert banner >= 0 and s.track.banner0 == banner
    n = next(x for x in b.nbr[banner] if s.sc.terrain[x] not in ("mountains", "boulder_fields"))
    put(s, n, "Blood Crusaders", 0)
    act(s, f"move {b.text(n)} {b.text(banner)}")
    assert s.flags[banner] & CARRIER
    texts = [t for t in legal_texts(s) if b.text(banner) == [*t.split(), "", ""][1]]
    assert all(t.startswith(("drop", "give")) for t in texts)  # nothing else this round


def test_section_9_1_3_bearers_cannot_attack_or_shield_and_drop_the_banner_when_eliminated() -> (
    None
):
    s = blank("2p-3")
    b = s.sc.board
    c = next(x for x in range(b.size) if len(b.nbr[x]) == 6 and s.sc.terrain[x] == "plains")
    put(s, c, "Blood Crusaders", 0)
    s.flags[c] |= CARRIER
    s.track.banner0 = c
    enemy = b.nbr[c][0]
    put(s, enemy, "Flesh Impalers", 1)
    texts = legal_texts(s)
    assert f"attack {b.text(c)} {b.text(enemy)}" not in texts
    assert f"shield {b.text(c)}" not in texts
    assert not any(
        t.startswith(f"move {b.text(c)}") and b.d(c, b.parse(t.split()[2])) > 1 for t in texts
    )
    from wartable.games.graxia import board as map_rules

    map_rules.eliminate(s, c, 1, None)
    assert s.track.banner0 == c  # the banner lies where its bearer fell


def test_section_9_1_3_bringing_the_banner_to_the_enemy_banner_location_wins() -> None:
    s = blank("2p-3", turn=3, seat=0)
    target = s.sc.banners[1]
    put(s, target, "Blood Crusaders", 0)
    s.flags[target] |= CARRIER
    s.track.banner0 = target
    act(s, "end")
    while s.phase != OVER and s.current == 0:
        act(s, "end")
    assert s.phase == OVER and GAME.outcome(s).winners == (0,)


def test_section_9_1_3_one_large_creature_and_two_heroes_on_the_board() -> None:
    s = blank("2p-3")
    home = s.sc.home[0]
    put(s, home[0], "Talon", 0)
    give(s, 0, "Ebon")
    s.mana[0] = 100
    assert not any(t.startswith('summon "Ebon"') for t in legal_texts(s))


def test_section_9_1_4_reinforcements_go_on_top_of_the_unit_deck() -> None:
    config = GAME.make_config({"scenario": "2p-4"})
    s = GAME.new_state(config, 2)
    while s.phase != PLACE:
        seat = GAME.to_act(s)[0]
        act(s, legal_texts(s, seat)[0], seat)
    picks = [t for t in legal_texts(s, 0) if t.startswith("choose")]
    assert picks  # reinforcements are chosen from the seat's half of the deck
    act(s, picks[0], 0)
    name = picks[0].split('"')[1]
    while 0 in GAME.to_act(s):
        texts = legal_texts(s, 0)
        act(s, "end" if "end" in texts else next(t for t in texts if t.startswith("place")), 0)
    while 1 in GAME.to_act(s):
        act(s, "end" if "end" in legal_texts(s, 1) else legal_texts(s, 1)[0], 1)
    deck = s.decks[s.udeck[0]]
    drawn = [s.cat.card_name(c) for c in s.hands[0] if c < len(s.cat.units)]
    assert name in drawn or s.cat.card_name(deck[-1]) == name


def test_section_9_1_5_the_two_flist_set_ups() -> None:
    for option, unit, mana in (
        ("rangers-250", "Redbeard's Rangers", 250),
        ("dragons-200", "Ulmar's Iron Dragons", 200),
    ):
        s = GAME.new_state(GAME.make_config({"scenario": "2p-5", "flist_setup": option}), 1)
        names = {s.cat.units[u].name for c, u in enumerate(s.unit) if u >= 0 and s.owner[c] == 0}
        assert unit in names
        assert s.mana[0] == mana
        assert not s.sc.collects[0]  # Flist never gains mana


def test_section_9_1_6_alternating_draft_of_normal_units() -> None:
    s = GAME.new_state(GAME.make_config({"scenario": "2p-6"}), 1)
    while s.phase != DRAFT:
        seat = GAME.to_act(s)[0]
        act(s, legal_texts(s, seat)[0], seat)
    order = []
    while s.phase == DRAFT:
        seat = GAME.to_act(s)[0]
        order.append(seat)
        act(s, legal_texts(s, seat)[0], seat)
    first = order[0]
    assert order[:5] == [first, 1 - first, 1 - first, first, first]
    assert s.phase == PLACE and len(s.pool[0]) == len(s.pool[1]) == 10
    assert not any(s.cat.units[u].unique for p in (0, 1) for u in s.pool[p])
