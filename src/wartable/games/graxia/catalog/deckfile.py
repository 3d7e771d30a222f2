"""Graxia constructed decks (§9.2 Solo Scenarios 4-6): the deck rules and the deck file.

Solo 4: "Player's unit deck size is double (40 total unit cards and may include 4 Heroes
and 2 Large Creatures). Player's Spell deck is still 40." Solo 5 and 6: 40 unit cards "with
6 Heroes and 4 Large Creatures", 40 spells. The numbers are the scenario's ``deck_rule``.
Read here (choices documented in docs/games/graxia-data.md):

- the Hero and Large Creature numbers are maxima in Solo 4 ("may include"), exact counts in
  Solo 5 and 6 ("with"; the rule's ``exact_classes``, option ``solo_deck_counts``);
  Guardians are in no deck (§5.1);
- a card may appear at most as many times as the box holds it, less the cards the
  Non-Player's decks of that scenario use (they are the same physical cards);
- the Player's starting units other than the Guardian come from this deck, so it must
  hold at least the scenario's starting Heroes, Large Creatures and normal units.

A deck file is TOML or JSON (untrusted: size-capped, parsed without tracebacks)::

    name = "Iron and Fire"          # optional
    scenario = "solo-4"             # optional: the scenario whose rules apply
    units = ["Mammoth", { card = "Rock Trolls", copies = 2 }, ...]
    spells = ["Bewitch", { card = "Heal", copies = 3 }, ...]
"""

from __future__ import annotations

import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from wartable.core.errors import ConfigError, DataError, WartableError
from wartable.core.untrusted import decode_utf8, excerpt, load_json_text, read_bytes

from .tables import GUARDIAN, HERO, LARGE, Catalog, Scenario, UnitType

MAX_DECK_BYTES = 64 * 1024
DEFAULT_SCENARIO = "solo-4"
NORMAL = "normal"


class CardEntry(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    card: str = Field(min_length=1, max_length=60)
    copies: int = Field(default=1, ge=1, le=40)


class DeckFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(default="", max_length=100)
    scenario: str | None = Field(default=None, max_length=20)
    units: list[str | CardEntry] = Field(default_factory=list, max_length=200)
    spells: list[str | CardEntry] = Field(default_factory=list, max_length=200)

    def names(self, field: str) -> list[str]:
        out: list[str] = []
        for e in getattr(self, field):
            if isinstance(e, str):
                out.append(e)
            else:
                out += [e.card] * e.copies
        return out


# ----- rules -----------------------------------------------------------------------------
def class_of(ut: UnitType) -> str:
    return ut.klass if ut.klass in (GUARDIAN, HERO, LARGE) else NORMAL


def class_counts(cat: Catalog, units: list[int]) -> Counter[str]:
    c: Counter[str] = Counter({GUARDIAN: 0, HERO: 0, LARGE: 0, NORMAL: 0})
    for u in units:
        c[class_of(cat.units[u])] += 1
    return c


def available(cat: Catalog, sc: Scenario) -> tuple[dict[int, int], dict[int, int]]:
    """Copies the Player may put in a deck: unit id -> n, spell id -> n (box less Non-Player)."""
    nu = len(cat.units)
    used: Counter[int] = Counter()
    if sc.npc is not None:
        used.update(sc.npc.unit_deck)
        used.update(u for u, _ in sc.npc.units)
        used.update(nu + x for x in sc.npc.command_deck)
        used.update(nu + x for x in sc.npc.battle_deck)
    units = {
        u: cat.copies[u] - used[u]
        for u, ut in enumerate(cat.units)
        if ut.klass != GUARDIAN and cat.copies[u] - used[u] > 0
    }
    spells = {
        x: cat.copies[nu + x] - used[nu + x]
        for x in range(len(cat.spells))
        if cat.copies[nu + x] - used[nu + x] > 0
    }
    return units, spells


def start_needs(sc: Scenario) -> dict[str, int]:
    st = sc.solo_start
    if st is None or st.budget:
        return {}
    return {HERO: st.heroes, LARGE: st.large, NORMAL: st.normal}


def required(sc: Scenario) -> dict[str, int]:
    """Cards of each class the deck must hold: the starting units', and where the rule's
    counts are exact (Solo 5 and 6) its Heroes and Large Creatures."""
    need = dict(start_needs(sc))
    rule = sc.deck_rule
    if rule is not None and rule.exact_classes:
        need[HERO] = max(need.get(HERO, 0), rule.max_heroes)
        need[LARGE] = max(need.get(LARGE, 0), rule.max_large)
    return need


def _lacking(cat: Catalog, units: list[int], need: dict[str, int]) -> dict[str, int]:
    have = class_counts(cat, units)
    return {k: n - have[k] for k, n in need.items() if n > have[k]}


def still_required(cat: Catalog, sc: Scenario, units: list[int]) -> dict[str, int]:
    """Class -> cards the deck must still take (``required`` less what it holds)."""
    return _lacking(cat, units, required(sc))


def missing_classes(cat: Catalog, sc: Scenario, units: list[int]) -> dict[str, int]:
    """Starting-unit classes the deck still lacks (class -> cards missing)."""
    return _lacking(cat, units, start_needs(sc))


def problems(cat: Catalog, sc: Scenario, units: list[int], spells: list[int]) -> list[str]:
    """Every deck rule the deck breaks (unit ids, spell ids), one sentence each."""
    rule = sc.deck_rule
    if rule is None:
        return [f"scenario {sc.id} has no deck building (§9.2 Solo Scenarios 4-6 have)"]
    out: list[str] = []
    sec = f"§9.2 Solo Scenario {sc.id[-1]}"
    if len(units) != rule.units:
        out.append(f"the unit deck has {len(units)} cards; it needs {rule.units} ({sec})")
    if len(spells) != rule.spells:
        out.append(f"the spell deck has {len(spells)} cards; it needs {rule.spells} ({sec})")
    counts = class_counts(cat, units)
    if counts[GUARDIAN]:
        out.append("a Guardian is in no deck (§5.1): choose it at set-up")
    for cls, most, word in (
        (HERO, rule.max_heroes, "Heroes"),
        (LARGE, rule.max_large, "Large Creatures"),
    ):
        if counts[cls] > most:
            how = "exactly" if rule.exact_classes else "at most"
            out.append(f"{counts[cls]} {word}; {how} {most} ({sec})")
        elif rule.exact_classes and counts[cls] < most:
            out.append(f"{counts[cls]} {word}; exactly {most} ({sec})")
    avail_u, avail_s = available(cat, sc)
    for u, n in sorted(Counter(units).items()):
        ut = cat.units[u]
        if ut.klass != GUARDIAN and n > avail_u.get(u, 0):
            out.append(_too_many(n, ut.name, cat.copies[u], avail_u.get(u, 0)))
    nu = len(cat.units)
    for x, n in sorted(Counter(spells).items()):
        if n > avail_s.get(x, 0):
            out.append(_too_many(n, cat.spells[x].name, cat.copies[nu + x], avail_s.get(x, 0)))
    for k, n in missing_classes(cat, sc, units).items():
        word = {HERO: "Heroes", LARGE: "Large Creatures", NORMAL: "normal units"}[k]
        out.append(f"the starting units need {n} more {word} in the unit deck ({sec})")
    return out


def _too_many(n: int, name: str, box: int, free: int) -> str:
    npc = f", the Non-Player's decks use {box - free}" if box > free else ""
    return f"{n} x {name}: at most {free} (the box has {box}{npc})"


# ----- the file --------------------------------------------------------------------------
def parse(text: str | bytes, what: str = "deck") -> DeckFile:
    """A deck from TOML or JSON text; ``DataError`` (one line) on any problem."""
    raw_text = decode_utf8(text, what, DataError) if isinstance(text, bytes) else text
    if len(raw_text.encode("utf-8", "surrogatepass")) > MAX_DECK_BYTES:
        raise DataError(f"{what}: more than the {MAX_DECK_BYTES} bytes allowed")
    data: Any
    if raw_text.lstrip().startswith("{"):
        data = load_json_text(raw_text, what=what, max_depth=6, error=DataError)
    else:
        try:
            data = tomllib.loads(raw_text)
        except tomllib.TOMLDecodeError as err:
            raise DataError(f"{what}: not valid TOML: {err}") from None
    if not isinstance(data, dict):
        raise DataError(f"{what}: expected a table with units and spells, got {excerpt(data)}")
    try:
        return DeckFile.model_validate(data)
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "(top level)"
        raise DataError(f"{what}: field {where}: {first['msg']}") from None


def read(path: Path | str) -> DeckFile:
    """A deck file; errors name the problem, not the path (the caller names the file)."""
    if not Path(path).is_file():
        raise DataError("not a regular file" if Path(path).exists() else "file not found")
    try:
        data = read_bytes(str(path), MAX_DECK_BYTES, DataError)
    except OSError as err:
        raise DataError(f"cannot read the deck file ({err.strerror})") from None
    return parse(data, "deck file")


def resolve(cat: Catalog, deck: DeckFile) -> tuple[list[int], list[int], list[str]]:
    """(unit ids, spell ids, problems with names): a unit name among the spells (or the
    reverse) and unknown names are problems."""
    out: list[str] = []
    units: list[int] = []
    spells: list[int] = []
    for name in deck.names("units"):
        if name in cat.unit_index:
            units.append(cat.unit_index[name])
        elif name in cat.spell_index:
            out.append(f"{name} is a spell, listed among the units")
        else:
            out.append(f"no unit named {excerpt(name)}")
    for name in deck.names("spells"):
        if name in cat.spell_index:
            spells.append(cat.spell_index[name])
        elif name in cat.unit_index:
            out.append(f"{name} is a unit, listed among the spells")
        else:
            out.append(f"no spell named {excerpt(name)}")
    return units, spells, out


def deck_problems(cat: Catalog, deck: DeckFile, scenario: str | None) -> list[str]:
    sid = scenario or deck.scenario or DEFAULT_SCENARIO
    sc = cat.scenarios.get(sid)
    if sc is None:
        return [f"no scenario {excerpt(sid)}"]
    units, spells, out = resolve(cat, deck)
    return out + problems(cat, sc, units, spells)


def check_deck(path: str, scenario: str | None = None) -> list[str]:
    """``wartable deck check FILE --game graxia [--scenario solo-N]``: every rule broken."""
    from .building import catalog_for

    try:
        deck = read(path)
    except WartableError as err:
        return [str(err)]
    return deck_problems(catalog_for(None), deck, scenario)


def load_config_deck(text: str, cat: Catalog, sc: Scenario) -> tuple[list[int], list[int]]:
    """Config ``deck`` (the file's text): unit ids and spell card ids, or ``ConfigError``."""
    try:
        deck = parse(text, "config deck")
    except DataError as err:
        raise ConfigError(str(err)) from None
    units, spells, out = resolve(cat, deck)
    out += problems(cat, sc, units, spells)
    if out:
        raise ConfigError(f"config deck is not legal for {sc.id}: " + "; ".join(out))
    nu = len(cat.units)
    return units, [nu + x for x in spells]
