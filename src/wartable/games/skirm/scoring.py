"""Final scoring (skirm-dice-duel.txt, "Duel Sequence" and "Additional Scoring").

A duelist's skills of a type are their dice showing that face plus the skills
printed on their card. Each type won (strictly more) is 1 point; ties award 0.
Then each card adds its additional scoring rule.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import NUM_SKILLS, Card


def skill_counts(dice: Sequence[int], card: Card | None) -> list[int]:
    counts = [0] * NUM_SKILLS
    for f in dice:
        counts[f] += 1
    if card is not None:
        for s in card.skills:
            counts[s] += 1
    return counts


def type_results(mine: list[int], theirs: list[int]) -> tuple[int, int, int]:
    """(won, lost, tied) skill types in the comparison (1 point per type won)."""
    won = sum(1 for a, b in zip(mine, theirs, strict=True) if a > b)
    lost = sum(1 for a, b in zip(mine, theirs, strict=True) if a < b)
    tied = NUM_SKILLS - won - lost
    return won, lost, tied


def step3_counts(mine: list[int], theirs: list[int], step3: str) -> tuple[int, int]:
    """(types won, types lost) "in step 3" under the configured reading."""
    if step3 == "literal":
        return 0, 0
    pairs = list(zip(mine, theirs, strict=True))
    if step3 == "contested":
        pairs = [(a, b) for a, b in pairs if a > 0 and b > 0]
    return sum(1 for a, b in pairs if a > b), sum(1 for a, b in pairs if a < b)


def additional(
    rule: str, card: Card, dice: Sequence[int], mine: list[int], theirs: list[int], step3: str
) -> int:
    """The points one card's additional scoring rule adds."""
    if rule == "CIRCUIT":  # 1 per tied skill type (0-0 types are tied too)
        return sum(1 for a, b in zip(mine, theirs, strict=True) if a == b)
    if rule == "ENERGY":  # 1 per skill of the opponent's best type
        return max(theirs)
    if rule == "FIRE":  # 1 per skill type you don't have
        return sum(1 for a in mine if a == 0)
    if rule == "GOLD":  # 1 per dice pair; three or more of a kind is still one pair
        dice_counts = skill_counts(dice, None)
        return sum(1 for a in dice_counts if a >= 2)
    if rule == "LEAF":  # 1 per type lost in step 3
        return step3_counts(mine, theirs, step3)[1]
    if rule == "METAL":  # 1 per distinct skill type the opponent has
        return sum(1 for b in theirs if b > 0)
    if rule == "SAND":  # 1 per type you have that is not one of the 2 printed skills
        return sum(1 for t, a in enumerate(mine) if a > 0 and t not in card.skills)
    if rule == "SINEW":  # 1 per skill of your most abundant type
        return max(mine)
    if rule == "STONE":  # 3 if you have all 6 types
        return 3 if all(a > 0 for a in mine) else 0
    if rule == "WATER":  # 1 extra per type won in step 3
        return step3_counts(mine, theirs, step3)[0]
    raise ValueError(f"unknown scoring rule {rule}")


def duel_points(
    cards: tuple[Card, Card], dice: tuple[Sequence[int], Sequence[int]], step3: str
) -> tuple[list[int], list[int], list[int]]:
    """(total points, comparison points, additional points) per seat."""
    counts = [skill_counts(dice[s], cards[s]) for s in (0, 1)]
    base = [type_results(counts[s], counts[1 - s])[0] for s in (0, 1)]
    extra = [
        additional(cards[s].scoring, cards[s], dice[s], counts[s], counts[1 - s], step3)
        for s in (0, 1)
    ]
    return [base[0] + extra[0], base[1] + extra[1]], base, extra


def quick_matches(dice: Sequence[int], card: Card) -> int:
    """Quick Variant: dice matching the icons on the duelist's card."""
    return sum(1 for f in dice if f in card.skills)
