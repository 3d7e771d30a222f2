"""The heuristic bot: buys well, defeats the best invader it can, manages terror.

It reads only what its seat may see: a ``SeatView`` (``view.py``: the fields of
the observation, read from the state without copying) or the observation dict
itself (its own hand, the table, public counts). In the
main phase it plans the strongest attack its hand can pay for and attacks when
that defeats an invader (following the plan for the rest of the turn),
otherwise it buys the best card its gold reaches, or eliminates a weak card
when nothing worth buying is in reach. In Team Versus it gives gold to its
partner when that lets the partner defeat an invader or buy a clearly better card.
"""

from __future__ import annotations

from bisect import bisect_left
from itertools import product
from typing import Any, Final

from wartable.core.rng import Rng

from . import actions as acts
from .cards import (
    ACTIONS,
    BEASTRIDER,
    BURIED,
    CASUALTY,
    COURAGE,
    DARKNESS,
    DAWN,
    DEFENDERS,
    ENCHANT,
    FIREMAGE,
    FURY,
    GOLDS,
    GOLEM,
    GUARD,
    NECROMANCER,
    NK,
    REINFORCE,
    RULER,
    RUSH,
    SHAMAN,
    SHAPESHIFT,
    SIEGE,
    SLAYER,
    SORCERESS,
    TERROR,
    TITAN,
    VALKYRIE,
    WEALTH,
    WEREBEAR,
)
from .db import Db
from .stack import (
    F_ARCANIST,
    F_BETRAYAL,
    F_CAMPAIGN,
    F_CHOOSE,
    F_FIREMAGE,
    F_SORCERESS,
    F_TEAMGOLD,
    F_TOPDECK,
    F_TRASH,
    F_WARLORD,
    P_DAWN,
    P_GLADIATOR,
)
from .state import BUY, DEFEAT, FORWARD, MAIN
from .view import SeatView

# action ids as module globals (cheaper than ``A.X`` on every decision)
_A_ARC_DISCARD: Final = acts.ARC_DISCARD
_A_ARC_RETURN: Final = acts.ARC_RETURN
_A_ATTACK: Final = acts.ATTACK
_A_BETRAY: Final = acts.BETRAY
_A_BUY: Final = acts.BUY
_A_BUY_TOP: Final = acts.BUY_TOP
_A_CAMP_DECK: Final = acts.CAMP_DECK
_A_CAMP_ROW: Final = acts.CAMP_ROW
_A_CHOOSE: Final = acts.CHOOSE
_A_CHOOSE_BUY: Final = acts.CHOOSE_BUY
_A_CHOOSE_CAMPAIGN: Final = acts.CHOOSE_CAMPAIGN
_A_CHOOSE_DEFEAT: Final = acts.CHOOSE_DEFEAT
_A_DEFEND: Final = acts.DEFEND
_A_DISCARD: Final = acts.DISCARD
_A_DONE: Final = acts.DONE
_A_ELIMINATE: Final = acts.ELIMINATE
_A_FIRE_NO: Final = acts.FIRE_NO
_A_FIRE_YES: Final = acts.FIRE_YES
_A_FORWARD: Final = acts.FORWARD
_A_GIVE: Final = acts.GIVE
_A_GOLD: Final = acts.GOLD
_A_NO_BETRAY: Final = acts.NO_BETRAY
_A_NO_FORWARD: Final = acts.NO_FORWARD
_A_PASS: Final = acts.PASS
_A_PLAY: Final = acts.PLAY
_A_RECOVER: Final = acts.RECOVER
_A_TARGET: Final = acts.TARGET
_A_TOPDECK: Final = acts.TOPDECK
_A_TRASH: Final = acts.TRASH
_A_WARLORD_YES: Final = acts.WARLORD_YES

# how much the bot wants each card (buying and keeping); 0 = never buy
WANT: Final[dict[int, float]] = {
    COURAGE: 9.5, SORCERESS: 9.0, DAWN: 8.5, BEASTRIDER: 8.4, FIREMAGE: 8.0, GOLEM: 7.0,
    VALKYRIE: 6.8, WEREBEAR: 6.6, RUSH: 6.5, SLAYER: 6.0, REINFORCE: 5.0, GOLDS[2]: 5.5,
    GOLDS[1]: 4.0, ENCHANT: 3.0, BURIED: 2.5, RULER: 2.0, GUARD: 0.5,
}  # fmt: skip
# actions played first (they give +Action), then the terminal ones
CHAIN_ORDER: Final = (RUSH, DAWN, COURAGE, RULER, BURIED, DARKNESS, CASUALTY, ENCHANT, SHAPESHIFT)
TERMINAL_ORDER: Final = (REINFORCE, SIEGE)
_PLAY0: Final = _A_PLAY - ACTIONS[0]  # "play <k>" is _PLAY0 + k
_PLAY_ORDER: Final = CHAIN_ORDER + TERMINAL_ORDER
_WANT: Final = [WANT.get(k, 0.0) for k in range(NK)]
_BUY_WANT: Final = [0.0 if k == TITAN else w for k, w in enumerate(_WANT)]  # never buys a Titan
_DEFEND0: Final = _A_DEFEND - DEFENDERS[0]  # "defend <d>" is _DEFEND0 + d


_KEEP_WANT: Final = [WANT.get(k, 1.0) for k in range(NK)]


def keep_value(db: Db, k: int) -> float:
    """How much a card is worth keeping in hand (terror lowest)."""
    if k == TERROR:
        return -1.0
    return _KEEP_WANT[k] + db.cost[k] / 200.0


def _least_kept(db: Db, legal: list[int], base: int) -> int:
    """``min(legal, key=lambda a: keep_value(db, a - base))`` (the first of the least)."""
    best = legal[0]
    low = keep_value(db, best - base)
    for a in legal:
        v = keep_value(db, a - base)
        if v < low:
            best = a
            low = v
    return best


def _most_kept(db: Db, legal: list[int], base: int) -> int:
    """``max(legal, key=lambda a: keep_value(db, a - base))`` (the first of the most)."""
    best = legal[0]
    high = keep_value(db, best - base)
    for a in legal:
        v = keep_value(db, a - base)
        if v > high:
            best = a
            high = v
    return best


class HeuristicAgent:
    name = "heuristic"
    needs_observation = True
    wants_view = True  # ``play_match`` passes ``GAME.seat_view`` (a ``SeatView``), not the dict

    def __init__(self) -> None:
        # the attack planned when choosing Defeat: (turn, defenders to play, targets)
        self._plan: tuple[int, list[int], list[int]] | None = None

    def act(self, game: Any, observation: Any, legal: list[int], seat: int, rng: Rng) -> int:
        """``observation``: a ``SeatView`` or the observation dict of ``seat``."""
        v = observation
        if type(v) is not SeatView:
            v = SeatView.from_observation(v)
        choice = self._choose(v, v.db, legal, seat)
        return choice if choice in legal else legal[0]

    # ----- decisions -----------------------------------------------------
    def _choose(self, obs: SeatView, db: Db, legal: list[int], seat: int) -> int:
        if obs.stack and obs.stack[-1][1] == seat:
            return self._frame(obs, db, legal, seat, obs.stack[-1])
        phase = obs.phase
        if phase == MAIN:
            return self._main(obs, db, legal, seat)
        if phase == BUY:
            return self._buy(obs, db, legal, seat)
        if phase == DEFEAT:
            return self._defeat(obs, db, legal, seat)
        if phase == FORWARD:
            hand = obs.hand
            for i in (2, 1):  # GOLDS == (0, 1, 2)
                if hand[i]:
                    return _A_FORWARD + i
            return _A_NO_FORWARD
        return legal[0]

    def _main(self, obs: SeatView, db: Db, legal: list[int], seat: int) -> int:
        hand = obs.hand
        plan = best_attack(obs, db, hand)
        # the main phase's legal ids ascend: membership by halving (no set to build)
        if obs.actions_left > 0 and legal[0] < _A_CHOOSE_BUY:  # some "play <card>" is legal
            for k in _PLAY_ORDER:
                if not hand[k] or not _has(legal, _PLAY0 + k):
                    continue
                if k == SHAPESHIFT and not hand[TERROR]:
                    continue
                if k == ENCHANT and plan is None:
                    continue
                if k == CASUALTY and not (hand[WEALTH] or hand[GUARD]):
                    continue
                return _PLAY0 + k
            if (
                hand[FURY]
                and _has(legal, _PLAY0 + FURY)
                and plan is None
                and best_attack(obs, db, hand, extra=10)
            ):
                return _PLAY0 + FURY
        if plan is not None and _has(legal, _A_CHOOSE_DEFEAT):
            order = sorted(plan[0], key=_strongest_first(db))
            self._plan = (obs.turn, order, list(plan[1]))
            # outside Team Versus "defend <card>" / "target <slot>" picks Defeat at once
            if order and _has(legal, _DEFEND0 + order[0]):
                return _DEFEND0 + order.pop(0)
            targets = self._plan[2]
            if not order and targets and _has(legal, _A_TARGET + targets[0]):
                return _A_TARGET + targets.pop(0)
            return _A_CHOOSE_DEFEAT
        gold = db.gold
        money = obs.gold + hand[0] * gold[0] + hand[1] * gold[1] + hand[2] * gold[2]
        if money < 30 and _has(legal, _A_CHOOSE_CAMPAIGN) and obs.defeated[seat]:
            return _A_CHOOSE_CAMPAIGN
        # the main phase's legal actions ascend: direct buys (outside Team Versus) are the
        # block of ids from BUY (BUY_TOP too with the Ruler) below GOLD
        lo = bisect_left(legal, _A_BUY)
        direct = _A_CHOOSE_BUY + 1 < len(legal) and lo < len(legal) and legal[lo] < _A_GOLD
        if direct:
            pick = self._buy(obs, db, legal[lo : bisect_left(legal, _A_BUY_TOP, lo)], seat)
        else:
            pick = _A_DONE
        if pick == _A_DONE or _WANT[pick - _A_BUY] < 1.0:
            junk = eliminate_pick(obs, db, seat)
            if junk >= 0 and _has(legal, _A_ELIMINATE + junk):
                return _A_ELIMINATE + junk
        if direct:
            return _A_PASS if pick == _A_DONE else pick
        return _A_CHOOSE_BUY

    def _buy(self, obs: SeatView, db: Db, legal: list[int], seat: int) -> int:
        best, best_a = 0.0, _A_DONE
        supply = obs.supply
        for a in legal:
            if _A_BUY <= a < _A_BUY_TOP:
                k = a - _A_BUY
                want = _BUY_WANT[k]
                if want:
                    if supply[k] <= 2:
                        want += 0.1
                    if want > best:
                        best, best_a = want, a
        return best_a

    def _defeat(self, obs: SeatView, db: Db, legal: list[int], seat: int) -> int:
        if self._plan is not None and self._plan[0] == obs.turn:
            _, defenders, targets = self._plan
            if defenders:
                a = _DEFEND0 + defenders[0]
                if a in legal:
                    defenders.pop(0)
                    return a
            elif targets and _A_TARGET + targets[0] in legal:
                return _A_TARGET + targets.pop(0)
            elif not targets and _A_ATTACK in legal:
                return _A_ATTACK
        self._plan = None
        plan = best_attack(obs, db, obs.hand)
        if plan is not None:
            defenders, targets = plan
            for d in sorted(defenders, key=_strongest_first(db)):
                a = _DEFEND0 + d
                if a in legal:
                    return a
            for t in targets:
                if _A_TARGET + t in legal:
                    return _A_TARGET + t
        if _A_ATTACK in legal:
            return _A_ATTACK
        targets = [a for a in legal if _A_TARGET <= a < _A_ATTACK]
        if targets:
            return min(targets, key=lambda a: db.inv_health[obs.row[a - _A_TARGET]])
        return legal[0]

    def _frame(self, obs: SeatView, db: Db, legal: list[int], seat: int, f: list[int]) -> int:
        kind = f[0]
        if kind == F_CHOOSE:
            return self._pick_player(obs, legal, seat, f[2])
        if kind == F_WARLORD:
            return _A_WARLORD_YES
        if kind == F_FIREMAGE:
            kills = [len(d) for d in obs.defeated]
            return _A_FIRE_NO if kills[seat] >= max(kills) else _A_FIRE_YES
        if kind == F_ARCANIST:
            good = sum(1 for k in obs.revealed if k not in (TERROR, WEALTH))
            return _A_ARC_RETURN if good >= 2 else _A_ARC_DISCARD
        if kind == F_SORCERESS:
            return _most_kept(db, legal, _A_RECOVER)
        if kind == F_BETRAYAL:
            if _A_BETRAY in legal and _attack_would_succeed(obs, db):
                return _A_BETRAY
            return _A_NO_BETRAY
        if kind == F_TEAMGOLD:
            return give_gold(obs, db, legal, seat)
        if kind == F_CAMPAIGN:
            return self._campaign(obs, db, legal)
        if kind == F_TRASH:
            return _least_kept(db, legal, _A_TRASH)
        if kind == F_TOPDECK:
            return _least_kept(db, legal, _A_TOPDECK)
        # discards (City Siege, Beast Rider, Horror, Shapeshifting)
        if _A_DONE in legal:  # Shapeshifting: discard Terror cards only
            if _A_DISCARD + TERROR in legal:
                return _A_DISCARD + TERROR
            return _A_DONE
        return _least_kept(db, legal, _A_DISCARD)

    def _pick_player(self, obs: SeatView, legal: list[int], seat: int, purpose: int) -> int:
        kills = obs.defeated
        mate = seat ^ 1 if obs.team else -1
        friendly = purpose in (P_DAWN, P_GLADIATOR)

        def score(a: int) -> float:
            p = a - _A_CHOOSE
            s = float(len(kills[p]))
            if p == mate:
                s = -100.0 if not friendly else 100.0
            return -s if friendly and p != mate else s

        return max(legal, key=score)

    def _campaign(self, obs: SeatView, db: Db, legal: list[int]) -> int:
        best, best_a = -1.0, legal[0]
        for a in legal:
            if a == _A_CAMP_DECK:
                score = 1.0
            else:
                cid = obs.campaign_row[a - _A_CAMP_ROW]
                score = db.camp_bonus[cid] / db.camp_need[cid]
            if score > best:
                best, best_a = score, a
        return best_a


def _attack_would_succeed(obs: SeatView, db: Db) -> bool:
    targets = [t for t in obs.targets if obs.row[t] >= 0]
    if not targets:
        return False
    health = sum(db.inv_health[obs.row[t]] for t in targets)
    dmg = obs.atk_damage + obs.fury + 10 * obs.enchant * obs.atk_defenders
    return dmg - 10 * obs.betrayals >= health


def eliminate_pick(obs: SeatView, db: Db, seat: int) -> int:
    """A card worth trashing (chapter 5 ELIMINATE) on a turn that buys nothing useful, or -1.

    A Wealth goes once the deck holds enough better gold (60 in Treasure and Fortune); an
    Imperial Guard once there are more than three and two stronger defenders.
    """
    hand = obs.hand
    unseen, pile, play = obs.unseen(), obs.discards[seat], obs.play

    def own(k: int) -> int:
        return hand[k] + unseen[k] + pile[k] + play[k]

    if hand[WEALTH] and own(WEALTH) > 4:
        if own(GOLDS[1]) * db.gold[GOLDS[1]] + own(GOLDS[2]) * db.gold[GOLDS[2]] >= 60:
            return WEALTH
    if hand[GUARD] and own(GUARD) > 3:
        if sum(own(d) for d in DEFENDERS if d != GUARD) >= 2:
            return GUARD
    return -1


def _partner_value(obs: SeatView, db: Db, hand: list[int], extra: int) -> float:
    """What the partner's Buy or Defeat choice is worth with ``extra`` gold given."""
    if obs.phase == DEFEAT:
        plan = best_attack(obs, db, hand, extra_money=extra)
        if plan is None:
            return 0.0
        return 10.0 * sum(db.inv_glory[obs.row[t]] for t in plan[1]) + 1.0
    money = obs.gold + extra + sum(hand[g] * db.gold[g] for g in GOLDS)
    supply, cost = obs.supply, db.cost
    best = 0.0
    for k in obs.kingdom:
        if supply[k] and cost[k] <= money and k != TITAN:
            best = max(best, WANT.get(k, 0.0))
    return best


def give_gold(obs: SeatView, db: Db, legal: list[int], seat: int) -> int:
    """Team Versus: give Gold when it lets the partner defeat an invader (or a more glorious
    one), or buy a card worth clearly more (2 points of ``WANT``); the least gold that does.
    One card per decision: the window stays open and this is asked again."""
    mate = obs.active
    mate_hand = obs.hands[mate]
    if mate_hand is None or mate == seat:
        return _A_DONE  # closed hands: no way to judge
    mine = obs.hand
    have = [mine[g] if _A_GIVE + i in legal else 0 for i, g in enumerate(GOLDS)]
    if not any(have):
        return _A_DONE
    vals = [db.gold[g] for g in GOLDS]
    base = _partner_value(obs, db, mate_hand, 0)
    margin = 0.0 if obs.phase == DEFEAT else 2.0
    best: tuple[float, int] = (base + margin, 0)
    pick = -1
    for counts in product(*(range(c + 1) for c in have)):
        total = sum(c * v for c, v in zip(counts, vals, strict=True))
        if not total:
            continue
        value = _partner_value(obs, db, mate_hand, total)
        if value > best[0] or (value == best[0] and pick >= 0 and -total > best[1]):
            best = (value, -total)
            pick = max(i for i, c in enumerate(counts) if c)  # the biggest card first
    return _A_DONE if pick < 0 else _A_GIVE + pick


def best_attack(
    obs: SeatView, db: Db, hand: list[int], extra: int = 0, extra_money: int = 0
) -> tuple[list[int], list[int]] | None:
    """The defenders to play and the targets to take, or None if no invader can fall.

    Tries every affordable combination of the defenders in hand (Imperial Guards,
    free to play, always join) and keeps the best glory; ties prefer fewer Stone
    Titans, then less gold spent.
    """
    row = obs.row
    now = obs.targets
    if now:
        chosen = [t for t in now if row[t] >= 0]
        live = [t for t in range(6) if row[t] >= 0 and t not in now]
        options = _options(db, row, live)
    else:
        chosen = now
        options = _row_options(db, row)
    if not chosen and not options:
        return None
    gold = db.gold
    money = obs.gold + extra_money + hand[0] * gold[0] + hand[1] * gold[1] + hand[2] * gold[2]
    guards = hand[GUARD]
    acost, attack = db.attack_cost, db.attack
    kinds: list[int] = []
    for d in range(_KIND0, NK):
        if hand[d] and acost[d] <= money:
            kinds.append(d)
    n_kinds = len(kinds)
    base = obs.atk_damage + obs.fury + extra + guards * attack[GUARD]
    enchant = 10 * obs.enchant
    chosen_hp = 0
    chosen_dragon = False
    for t in chosen:
        v = row[t]
        chosen_hp += _health(db, row, v)
        chosen_dragon = chosen_dragon or db.inv_dragon[v]
    shamans0, slayers0, titans0 = obs.atk_shaman, obs.atk_slayer, obs.atk_titan
    n_def0 = obs.atk_defenders + guards
    if shamans0 or SHAMAN in kinds:  # Shaman: +5 per card played and unplayed
        per_shaman = 5 * (sum(obs.play) + sum(hand))
    else:
        per_shaman = 0
    # the best so far by (glory, -titans, -cost), compared field by field (no tuples)
    found = False
    best_glory = best_titans = best_cost = 0
    plan: tuple[list[int], list[int]] | None = None
    combos = product(*[range(hand[d] + 1) for d in kinds]) if kinds else _NO_DEFENDERS
    for counts in combos:
        cost = 0
        dmg = base
        shamans = shamans0
        slayers = slayers0
        titans = titans0
        n_def = n_def0
        if kinds:
            for i in range(n_kinds):
                c = counts[i]
                if c:
                    d = kinds[i]
                    cost += c * acost[d]
                    dmg += c * attack[d]
                    n_def += c
                    if d == SHAMAN:
                        shamans += c
                    elif d == SLAYER:
                        slayers += c
                    elif d == TITAN:
                        titans += c
            if cost > money:
                continue
        dmg += enchant * n_def + per_shaman * shamans
        bonus = 50 * slayers
        dragon = chosen_dragon
        left = dmg - chosen_hp + (bonus if dragon else 0)
        targets: list[int] = []
        glory = 0
        if chosen:
            if left < 0:
                continue
        if not chosen or titans:
            for g, hp, is_dragon, t in options:
                need = hp - bonus if (is_dragon and not dragon) else hp
                if left - need >= 0:
                    targets.append(t)
                    glory += g
                    left -= need
                    dragon = dragon or is_dragon
                    if not titans:
                        break
        if not chosen and not targets:
            continue
        if found and (
            glory < best_glory
            or (glory == best_glory and (titans > best_titans
                                         or (titans == best_titans and cost >= best_cost)))
        ):  # fmt: skip
            continue
        found = True
        best_glory, best_titans, best_cost = glory, titans, cost
        played = [GUARD] * guards
        for i in range(n_kinds):
            played += [kinds[i]] * counts[i]
        plan = (played, targets)
    return plan


_NEG_ATTACK: Final[dict[Db, Any]] = {}


def _strongest_first(db: Db) -> Any:
    """A sort key putting the defenders with the most attack first (a stable sort)."""
    key = _NEG_ATTACK.get(db)
    if key is None:
        key = _NEG_ATTACK[db] = [-a for a in db.attack].__getitem__
    return key


def _health(db: Db, row: list[int], v: int) -> int:
    """Invader ``v``'s health; a Necromancer has +10 per Undead face up in ``row``."""
    if v == NECROMANCER:
        return db.inv_health[v] + 10 * sum(1 for u in row if u >= 0 and db.inv_undead[u])
    return db.inv_health[v]


def _options(db: Db, row: list[int], slots: list[int]) -> list[tuple[int, int, bool, int]]:
    """The invaders in ``slots`` as (glory, health, dragon, slot), most glorious first."""
    out = [
        (db.inv_glory[row[t]], _health(db, row, row[t]), db.inv_dragon[row[t]], t) for t in slots
    ]
    out.sort(reverse=True)
    return out


# the last row asked about (a row changes a few times a game, and most decisions ask):
# [db, a copy of the row, its options]
_LAST_ROW: Final[list[Any]] = [None, [], []]


def _row_options(db: Db, row: list[int]) -> list[tuple[int, int, bool, int]]:
    """``_options`` of every face-up invader, kept per row (the row changes rarely)."""
    last = _LAST_ROW
    if last[0] is db and last[1] == row:
        hit: list[tuple[int, int, bool, int]] = last[2]
        return hit
    found = _options(db, row, [t for t in range(6) if row[t] >= 0])
    last[0], last[1], last[2] = db, row[:], found
    return found


def _has(ascending: list[int], a: int) -> bool:
    """``a in ascending`` for a list in ascending order, by halving."""
    lo = 0
    hi = len(ascending)
    while lo < hi:
        mid = (lo + hi) >> 1
        if ascending[mid] < a:
            lo = mid + 1
        else:
            hi = mid
    return lo < len(ascending) and ascending[lo] == a


_KIND0: Final = DEFENDERS[1]  # the defenders but the Imperial Guard: _KIND0 .. NK - 1
assert DEFENDERS[0] == GUARD and DEFENDERS[1:] == tuple(range(_KIND0, NK))
_NO_DEFENDERS: Final[tuple[tuple[int, ...]]] = ((),)


__all__ = ["NK", "HeuristicAgent", "best_attack", "eliminate_pick", "give_gold", "keep_value"]
