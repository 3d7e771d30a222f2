"""Deck Construction: deck files and their rules ("Advanced Play, Deck Construction").

A deck file (TOML)::

    name = "Sands and Poison"
    settlement = "crimson_palace"          # optional, for Settlement Mode
    units = ["scorching_sands/Dastan", "scorching_sands/Tara", "amazania/Viper Matriarch",
             "amazania/Vine Stalkers", ...]   # 17 entries

A faction may print several cards under one name with different values: ``"ironshroud/Bastion
Guard#2"`` names the second of them (``units.toml`` order); a plain name is the first.

Rules: 17 cards = 1 leader, 2 champions, 14 basic units; at most 3 factions; no identical
champions and at most 4 identical basic units by title (several game copies may be mixed);
the settlement must belong to the faction of the deck's leader.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from wartable.core.data import read_toml
from wartable.core.errors import DataError

from .cards import CLASSES, DECK_SIZE, SETTLEMENT_IDS, CardSet
from .settlements import load_settlements


class DeckFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = "unnamed deck"
    settlement: str | None = None
    units: list[str] = Field(default_factory=list)


def resolve(cards: CardSet, ref: str, exact: bool = False) -> int:
    """'faction/Unit Name' or 'faction/Unit Name#k' -> unit id.

    A faction may print several cards under one name, not always with the same values
    (Ironshroud's two Bastion Guards are 1/4 and 1/3): ``#k`` picks the k-th of them in
    ``units.toml`` order. A plain name means ``#1``; with ``exact`` (positions) a plain name
    that several cards share is refused, since it would not say which card is meant.
    """
    if not isinstance(ref, str):
        raise KeyError(f"{ref!r}: expected a 'faction/Unit Name' string")
    faction, sep, name = ref.partition("/")
    if not sep or faction not in cards.decks:
        raise KeyError(f"{ref[:60]!r}: expected 'faction/Unit Name' with a known faction")
    base, hash_, copy = name.rpartition("#") if "#" in name else (name, "", "")
    versions = [u for u in cards.decks[faction] if cards.units[u].name == base]
    if not versions:
        raise KeyError(f"{ref[:60]!r}: {faction} has no unit named {base[:40]!r}")
    if not hash_:
        if exact and len(versions) > 1:
            raise KeyError(
                f"{ref!r}: {faction} has {len(versions)} cards named {base!r}; "
                f"write {ref}#1 .. {ref}#{len(versions)}"
            )
        return versions[0]
    if not copy.isdigit() or not 1 <= int(copy) <= len(versions):
        raise KeyError(f"{ref[:60]!r}: {faction} has {len(versions)} cards named {base!r}")
    return versions[int(copy) - 1]


_REFS: dict[int, tuple[CardSet, tuple[str, ...]]] = {}


def unit_refs(cards: CardSet) -> tuple[str, ...]:
    """Every unit's identity as text, by unit id (see ``unit_ref``); built once per card set."""
    hit = _REFS.get(id(cards))
    if hit is None or hit[0] is not cards:
        refs = []
        for u in cards.units:
            versions = [v for v in cards.decks[u.faction] if cards.units[v].name == u.name]
            ref = f"{u.faction}/{u.name}"
            refs.append(ref if len(versions) == 1 else f"{ref}#{versions.index(u.uid) + 1}")
        hit = _REFS[id(cards)] = (cards, tuple(refs))
    return hit[1]


def unit_ref(cards: CardSet, uid: int) -> str:
    """The unit's identity as text: 'faction/Unit Name', with '#k' when the name is shared."""
    return unit_refs(cards)[uid]


def deck_violations(
    cards: CardSet, refs: Sequence[str], settlement: str | None = None
) -> list[str]:
    """Every way a constructed deck breaks the rules (empty when legal)."""
    problems: list[str] = []
    uids: list[int] = []
    for ref in refs:
        try:
            uids.append(resolve(cards, ref))
        except KeyError as err:
            problems.append(f"unknown unit {err.args[0]}")
    if len(refs) != DECK_SIZE:
        problems.append(f"a deck has 17 cards, this one has {len(refs)}")
    units = [cards.units[u] for u in uids]
    classes = Counter(u.unit_class for u in units)
    if classes["leader"] != 1:
        problems.append(f"a deck has exactly 1 leader, this one has {classes['leader']}")
    if classes["champion"] != 2:
        problems.append(f"a deck has exactly 2 champions, this one has {classes['champion']}")
    basics = sum(n for c, n in classes.items() if c not in ("leader", "champion"))
    if basics != 14 and len(refs) == DECK_SIZE:
        problems.append(f"a deck has 14 basic units, this one has {basics}")
    factions = sorted({u.faction for u in units})
    if len(factions) > 3:
        problems.append(
            f"at most 3 factions may be mixed, this deck has {len(factions)}: {', '.join(factions)}"
        )
    titles = Counter((u.faction, u.name, u.unit_class) for u in units)
    for (faction, name, cls), n in sorted(titles.items()):
        if cls == "champion" and n > 1:
            problems.append(f"no identical champions: {name} ({faction}) appears {n} times")
        if cls not in ("leader", "champion") and n > 4:
            problems.append(
                f"at most 4 identical basic units: {name} ({faction}) appears {n} times"
            )
    if settlement is not None:
        if settlement not in SETTLEMENT_IDS:
            problems.append(f"unknown settlement {settlement!r}")
        else:
            leaders = [u for u in units if u.unit_class == "leader"]
            owner = load_settlements(None)[SETTLEMENT_IDS.index(settlement)].faction
            if leaders and leaders[0].faction != owner:
                problems.append(
                    f"the settlement must match the leader's faction: {settlement} is {owner}'s, "
                    f"the leader {leaders[0].name} is {leaders[0].faction}'s"
                )
    return problems


def ordered_deck(cards: CardSet, refs: Sequence[str]) -> tuple[int, ...]:
    """Unit ids in deck-position order: leader, champions, then basics by class."""
    uids = [resolve(cards, r) for r in refs]
    order = {c: i for i, c in enumerate(CLASSES)}
    return tuple(sorted(uids, key=lambda u: (order[cards.units[u].unit_class], u)))


def load_deck_file(path: Path | str) -> DeckFile:
    raw = read_toml(Path(path))
    try:
        return DeckFile.model_validate(raw)
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise DataError(f"{path}: field {where}: {first['msg']}") from None


def check_deck_file(path: Path | str, cards: CardSet) -> list[str]:
    deck = load_deck_file(path)
    return deck_violations(cards, deck.units, deck.settlement)
