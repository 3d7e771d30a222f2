"""Chapter 7 (Winning): game end, glory, both tie-breaks, shared wins; campaign completion."""

from __future__ import annotations

from invasion_support import blank, defeat, do, give_deck, give_hand, set_row

from wartable.games.invasion import GAME
from wartable.games.invasion.scoring import campaign_done, glory, owner_totals


def cid(s, name: str) -> int:
    return next(i for i, c in enumerate(s.db.campaigns) if c.name == name)


def _hold(s, owner: int, *names: str) -> None:
    """Give campaign cards to a holder (taken from wherever they are)."""
    for name in names:
        c = cid(s, name)
        for pile in [s.campaign_deck, *s.campaigns]:
            if c in pile:
                pile.remove(c)
        if c in s.campaign_row:
            s.campaign_row[s.campaign_row.index(c)] = s.campaign_deck.pop()
        s.campaigns[owner].append(c)


def test_six_invaders_end_the_game_after_that_turn() -> None:
    """Chapter 7: a player with six defeated invaders ends the game right after their turn."""
    s = blank()
    defeat(s, 0, "reaper", "reaper", "succubus", "succubus", "hellhound")
    set_row(s, 0, "skeletal")
    give_hand(s, 0, "guard", "guard", "wealth")
    give_deck(s, 0, *["wealth"] * 6)
    do(s, 0, "defeat", "defend guard", "defend guard", "target b1")
    assert not s.over  # the turn is not over yet: forward is still to come
    do(s, 0, "no forward")
    assert s.over and s.end_reason == "6 invaders defeated"
    assert GAME.legal_actions(s, 1) == []


def test_five_invaders_do_not_end_the_game() -> None:
    s = blank()
    defeat(s, 1, "reaper", "reaper", "succubus", "succubus", "hellhound")
    give_deck(s, 0, *["wealth"] * 6)
    do(s, 0, "pass")
    assert not s.over


def test_glory_from_invaders_and_completed_campaigns() -> None:
    """Chapter 7: glory from all defeated invaders and completed campaigns."""
    s = blank()
    for p in range(3):
        s.campaign_deck.extend(s.campaigns[p])
        s.campaigns[p] = []
    defeat(s, 0, "reaper", "balar")
    _hold(s, 0, "Bounty: Reaper", "Bounty: Balar", "Hunt: Reapers")
    assert glory(s)[0] == 2 + 4 + 2 + 3  # Hunt: Reapers needs two: not completed


def test_tie_break_gold_invaders_then_campaigns_then_shared() -> None:
    """Chapter 7: ties go to the most gold invaders, then the most completed campaigns,
    and are otherwise shared."""
    s = blank()
    for p in range(3):
        s.campaign_deck.extend(s.campaigns[p])
        s.campaigns[p] = []
    defeat(s, 0, "reaper", "reaper")  # 4 glory, 0 gold
    defeat(s, 1, "balar")  # 4 glory, 1 gold
    assert GAME.outcome(s).winners == (1,)
    defeat(s, 0, "wyvern")  # 7 glory, 1 gold
    defeat(s, 1, "wyvern")  # 7 glory, 2 gold
    assert GAME.outcome(s).winners == (1,)
    s2 = blank()
    for p in range(3):
        s2.campaign_deck.extend(s2.campaigns[p])
        s2.campaigns[p] = []
    defeat(s2, 0, "skeletal", "balar")  # 5 glory, 1 gold
    defeat(s2, 2, "succubus", "balar")  # 5 glory, 1 gold
    assert GAME.outcome(s2).winners == (0, 2)  # shared
    _hold(s2, 2, "Clear The Roads")  # 3 blue needed: not completed, no change
    assert GAME.outcome(s2).winners == (0, 2)
    _hold(s2, 0, "Bounty: Skeletal Soldier")  # +1 glory
    assert GAME.outcome(s2).winners == (0,)
    # equal glory and gold, one more completed campaign wins
    s3 = blank()
    for p in range(3):
        s3.campaign_deck.extend(s3.campaigns[p])
        s3.campaigns[p] = []
    defeat(s3, 0, "reaper", "balar")
    defeat(s3, 1, "hellhound", "balar")
    _hold(s3, 0, "Bounty: Reaper")  # +2 -> 8, one campaign
    _hold(s3, 1, "Bounty: Hellhound")  # +2 -> 8, one campaign
    assert owner_totals(s3)[0] == owner_totals(s3)[1] == (8, 1, 1)
    _hold(s3, 1, "Hunt: Balars")  # needs 2 Balar: not completed
    assert GAME.outcome(s3).winners == (0, 1)


def test_campaign_classes() -> None:
    """Reconstructed campaigns: specific invaders, rare classes, colours and Royal Mission."""
    s = blank()
    defeat(s, 0, "skeletal", "reaper", "icedragon")
    defeat(s, 1, "succubus")
    assert campaign_done(s, 0, cid(s, "Lay The Dead To Rest"))
    assert not campaign_done(s, 0, cid(s, "Purge The Crypts"))
    assert campaign_done(s, 0, cid(s, "Dragon Hunter"))
    assert not campaign_done(s, 0, cid(s, "Dragonfall"))
    assert campaign_done(s, 0, cid(s, "Royal Mission"))
    assert not campaign_done(s, 1, cid(s, "Royal Mission"))
    assert campaign_done(s, 0, cid(s, "Royal Decree"))
    assert not campaign_done(s, 0, cid(s, "Hold The Line"))
