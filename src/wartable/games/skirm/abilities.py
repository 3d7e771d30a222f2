"""The twelve abilities as atomic decisions (skirm-dice-duel.txt, "Abilities").

The first duelist's ability resolves, then the opponent's. Each ability is a
small state machine over ``stage``/``sel``/``osel``/``aux``/``left`` in the
state; ``actor`` says who decides now (BLADE's reroll group is chosen by the
opponent, every other choice by the card's owner). Concealed (CLOAK) dice
cannot be picked by the opponent's abilities: their faces are unknown to them.
"""

from __future__ import annotations

from wartable.core.events import Event, event

from . import actions as acts
from .scoring import duel_points, skill_counts
from .state import OVER, SkirmState


def owner(s: SkirmState) -> int:
    return s.first if s.step == 0 else 1 - s.first


def ability_of(s: SkirmState) -> str:
    card = s.card_of(owner(s))
    return str(card.ability)


def actor(s: SkirmState) -> int:
    o = owner(s)
    if ability_of(s) == "BLADE" and s.stage == 1:
        return 1 - o
    return o


def visible_opp(s: SkirmState, o: int) -> list[int]:
    """Indices of the opponent's dice that ``o`` can see (not concealed)."""
    p = 1 - o
    return [j for j, h in enumerate(s.hidden[p]) if not h]


def _roll(s: SkirmState) -> int:
    return s.rng.below(6)


def _reroll(s: SkirmState, seat: int, idx: list[int], why: str, events: list[Event] | None) -> None:
    for i in idx:
        s.dice[seat][i] = _roll(s)
    if events is not None and idx:
        faces = [s.dice[seat][i] for i in idx]
        if any(s.hidden[seat][i] for i in idx):
            events.append(event("reroll", (seat,), seat=seat, dice=idx, faces=faces, by=why))
            events.append(event("reroll", (1 - seat,), seat=seat, dice=idx, by=why))
        else:
            events.append(event("reroll", seat=seat, dice=idx, faces=faces, by=why))


def _set(
    s: SkirmState, seat: int, die: int, face: int, why: str, events: list[Event] | None
) -> None:
    s.dice[seat][die] = face
    if events is not None:
        events.append(event("set", seat=seat, die=die, face=face, by=why))


def _move(s: SkirmState, src: int, die: int, why: str, events: list[Event] | None) -> None:
    face = s.dice[src].pop(die)
    s.hidden[src].pop(die)
    s.dice[1 - src].append(face)
    s.hidden[1 - src].append(False)
    if events is not None:
        events.append(event("move", frm=src, die=die, face=face, by=why))


# ----------------------------------------------------------------------------
# legal actions
# ----------------------------------------------------------------------------
def legal(s: SkirmState) -> list[int]:
    o = owner(s)
    p = 1 - o
    ab = ability_of(s)
    mine = s.dice[o]
    n = len(mine)
    free = [i for i in range(n) if i not in s.sel]
    if ab == "BLADE":
        if s.stage == 1:
            return [acts.REROLL_A, acts.REROLL_B]
        k = len(s.osel)
        total = len(s.dice[p])
        if k == total - 1 and total >= 2 and len(set(s.osel)) == 1:
            return [acts.GROUP_B if s.osel[0] == 0 else acts.GROUP_A]
        return [acts.GROUP_A, acts.GROUP_B]
    if ab == "CLOAK":
        out = [acts.PICK_OWN + i for i in free]
        return [*out, acts.DONE] if len(s.sel) == 1 else out
    if ab == "DODECAHEDRON":
        if s.stage == 0:
            return [acts.PICK_OWN + i for i in range(n)]
        if s.stage == 1:
            return [acts.PICK_OPP + j for j in visible_opp(s, o)]
        return [acts.GAIN_OWN, acts.GAIN_THEIRS]
    if ab == "HARNESS":
        return [acts.PICK_OWN + i for i in free] + [acts.DONE]
    if ab == "HELM":
        if s.stage == 0:
            return [acts.PICK_OWN + i for i in range(n)]
        if s.stage == 1:
            return [acts.PICK_OPP + j for j in visible_opp(s, o)]
        return [acts.REROLL_GAINED, acts.KEEP_GAINED]
    if ab == "GAUNTLET":
        return [acts.PICK_OPP + j for j in _gauntlet_targets(s, o)]
    if ab == "MANTLE":
        if s.stage == 0:
            return [acts.PICK_OWN + i for i in range(n)]
        return [acts.set_action(i, f) for i in free for f in range(6)]
    if ab == "MASK":
        faces = sorted({s.dice[p][j] for j in visible_opp(s, o)})
        return [acts.set_action(i, f) for i in free for f in faces]
    if ab == "SCEPTER":
        if s.stage == 0:
            return [acts.PICK_OWN + i for i in range(n)]
        src = s.aux[0]
        return [acts.set_action(j, mine[src]) for j in range(n) if j != src]
    if ab == "TOME":
        if s.stage == 1:
            return [acts.KEEP_NEW, acts.KEEP_OLD]
        return [acts.PICK_OWN + i for i in free] + [acts.DONE]
    if ab == "SET3":
        return [acts.set_action(i, f) for i, f in _set3_choices(s, mine, free)] + [acts.DONE]
    raise AssertionError(f"no decisions in {ab}")


def _set3_choices(s: SkirmState, mine: list[int], free: list[int]) -> list[tuple[int, int]]:
    """SET3's (die, face) choices. Every reading: a new face differs from the faces already
    set ("to different faces"). Option ``set3 = "unique"``: it must also be shown by no
    other of the duelist's dice ("each of these new faces must be unique")."""
    out = []
    for i in free:
        for f in range(6):
            if f in s.aux:
                continue
            if s.config.set3 == "unique" and any(mine[j] == f for j in range(len(mine)) if j != i):
                continue
            out.append((i, f))
    return out


def _gauntlet_targets(s: SkirmState, o: int) -> list[int]:
    have = set(s.dice[o])
    return [j for j in visible_opp(s, o) if s.dice[1 - o][j] not in have]


# ----------------------------------------------------------------------------
# starting, ending and resolving abilities
# ----------------------------------------------------------------------------
def _reset(s: SkirmState) -> None:
    s.stage = 0
    s.sel = []
    s.osel = []
    s.aux = []
    s.left = 0


def start(s: SkirmState, events: list[Event] | None) -> None:
    """Begin the current step's ability; resolve it at once if it needs no decision."""
    while s.phase != OVER:
        _reset(s)
        o = owner(s)
        ab = ability_of(s)
        if events is not None:
            events.append(event("ability", seat=o, ability=ab, card=s.card[o]))
        if _needs_decision(s, o, ab):
            return
        if ab == "HORN":
            _horn(s, o, events)
        _advance_step(s, events)


def _needs_decision(s: SkirmState, o: int, ab: str) -> bool:
    p = 1 - o
    if ab == "HORN":
        return False
    if ab == "BLADE":
        return len(s.dice[p]) > 0
    if ab in ("HELM", "MASK"):
        return bool(visible_opp(s, o)) and bool(s.dice[o])
    if ab == "GAUNTLET":
        return bool(_gauntlet_targets(s, o))
    return bool(s.dice[o])


def _advance_step(s: SkirmState, events: list[Event] | None) -> None:
    s.step += 1
    if s.step >= 2:
        finish(s, events)


def end(s: SkirmState, events: list[Event] | None) -> None:
    _advance_step(s, events)
    start(s, events)


def _horn(s: SkirmState, o: int, events: list[Event] | None) -> None:
    """HORN: reroll each die showing a unique face until it matches a face you have."""
    mine = s.dice[o]
    printed = set(s.card_of(o).skills)
    unique = [
        i for i, f in enumerate(mine) if f not in printed and sum(1 for g in mine if g == f) == 1
    ]
    # the faces "you have": the dice that are not being rerolled, and the printed skills
    keep = {f for j, f in enumerate(mine) if j not in unique} | printed
    for i in unique:
        while True:
            mine[i] = _roll(s)
            if mine[i] in keep:
                break
    if events is not None:
        events.append(event("horn", seat=o, dice=unique, faces=[mine[i] for i in unique]))


def finish(s: SkirmState, events: list[Event] | None) -> None:
    """Final scoring: concealed dice are revealed, points compared, first duelist wins ties."""
    cards = (s.card_of(0), s.card_of(1))
    total, base, extra = duel_points(cards, (s.dice[0], s.dice[1]), s.config.step3)
    s.points = total
    if total[0] == total[1]:
        s.winner = s.first
    else:
        s.winner = 0 if total[0] > total[1] else 1
    s.hidden = [[False] * len(s.dice[0]), [False] * len(s.dice[1])]
    s.phase = OVER
    _reset(s)
    if events is not None:
        events.append(
            event(
                "score",
                dice=[list(s.dice[0]), list(s.dice[1])],
                comparison=base,
                additional=extra,
                points=total,
                winner=s.winner,
            )
        )


def apply(s: SkirmState, action: int, events: list[Event] | None) -> None:
    o = owner(s)
    p = 1 - o
    ab = ability_of(s)
    mine = s.dice[o]
    if ab == "BLADE":
        if s.stage == 0:
            s.osel.append(0 if action == acts.GROUP_A else 1)
            if len(s.osel) == len(s.dice[p]):
                s.stage = 1
            return
        group = 0 if action == acts.REROLL_A else 1
        _reroll(s, p, [j for j, g in enumerate(s.osel) if g == group], ab, events)
        return end(s, events)
    if ab == "CLOAK":
        if action != acts.DONE:
            s.sel.append(action - acts.PICK_OWN)
        if action == acts.DONE or len(s.sel) == 2 or len(s.sel) == len(mine):
            for i in s.sel:
                s.hidden[o][i] = True
            _reroll(s, o, sorted(s.sel), ab, events)
            return end(s, events)
        return
    if ab == "DODECAHEDRON":
        if s.stage == 0:
            s.sel = [action - acts.PICK_OWN]
            if not visible_opp(s, o):
                _reroll(s, o, s.sel, ab, events)
                return end(s, events)
            s.stage = 1
            return
        if s.stage == 1:
            j = action - acts.PICK_OPP
            s.osel = [j]
            _reroll(s, o, s.sel, ab, events)
            _reroll(s, p, [j], ab, events)
            s.stage = 2
            return
        if action == acts.GAIN_THEIRS:
            i, j = s.sel[0], s.osel[0]
            mine[i], s.dice[p][j] = s.dice[p][j], mine[i]
            if events is not None:
                events.append(event("swap", seat=o, die=i, opp_die=j, by=ab))
        return end(s, events)
    if ab == "HARNESS":
        if action != acts.DONE:
            s.sel.append(action - acts.PICK_OWN)
        if action == acts.DONE or len(s.sel) == min(6, len(mine)):
            _reroll(s, o, sorted(s.sel), ab, events)
            return end(s, events)
        return
    if ab == "HELM":
        if s.stage == 0:
            s.sel = [action - acts.PICK_OWN]
            s.stage = 1
            return
        if s.stage == 1:
            i, j = s.sel[0], action - acts.PICK_OPP
            s.osel = [j]
            mine[i], s.dice[p][j] = s.dice[p][j], mine[i]
            if events is not None:
                events.append(event("swap", seat=o, die=i, opp_die=j, by=ab))
            s.stage = 2
            return
        if action == acts.REROLL_GAINED:
            _reroll(s, o, s.sel, ab, events)
        return end(s, events)
    if ab == "GAUNTLET":
        _move(s, p, action - acts.PICK_OPP, ab, events)
        return end(s, events)
    if ab == "MANTLE":
        if s.stage == 0:
            _move(s, o, action - acts.PICK_OWN, ab, events)
            seen = [s.dice[p][j] for j in visible_opp(s, o)]
            s.left = min(max(skill_counts(seen, s.card_of(p))), len(mine))
            s.stage = 1
            if s.left == 0:
                return end(s, events)
            return
        die, face = divmod(action - acts.SET, 6)
        s.sel.append(die)
        _set(s, o, die, face, ab, events)
        s.left -= 1
        if s.left == 0:
            return end(s, events)
        return
    if ab == "MASK":
        die, face = divmod(action - acts.SET, 6)
        s.sel.append(die)
        _set(s, o, die, face, ab, events)
        if len(s.sel) == min(2, len(mine)):
            return end(s, events)
        return
    if ab == "SCEPTER":
        if s.stage == 0:
            s.aux = [action - acts.PICK_OWN]
            _reroll(s, o, s.aux, ab, events)
            if len(mine) < 2:
                return end(s, events)
            s.stage = 1
            return
        die, face = divmod(action - acts.SET, 6)
        _set(s, o, die, face, ab, events)
        return end(s, events)
    if ab == "TOME":
        if s.stage == 0:
            if action == acts.DONE:
                return end(s, events)
            i = action - acts.PICK_OWN
            s.sel.append(i)
            old = mine[i]
            _reroll(s, o, [i], ab, events)
            s.aux = [i, old, mine[i]]
            s.stage = 1
            return
        if action == acts.KEEP_OLD:
            mine[s.aux[0]] = s.aux[1]
            if events is not None:
                events.append(event("keep_old", seat=o, die=s.aux[0], face=s.aux[1]))
        s.aux = []
        s.stage = 0
        if len(s.sel) == len(mine):
            return end(s, events)
        return
    if ab == "SET3":
        if action == acts.DONE:
            return end(s, events)
        die, face = divmod(action - acts.SET, 6)
        s.sel.append(die)
        s.aux.append(face)
        _set(s, o, die, face, ab, events)
        if len(s.sel) == min(3, len(mine)):
            return end(s, events)
        return
    raise AssertionError(f"no decisions in {ab}")
