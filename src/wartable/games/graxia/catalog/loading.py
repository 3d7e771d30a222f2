"""Loading and cross-checking the Graxia data directory.

``data/meta.toml`` (box counts), ``data/tiles.toml`` (``[[tile]]``), ``data/units*.toml``
(``[[unit]]``), ``data/spells.toml`` (``[[spell]]``) and ``data/scenarios/*.toml`` (one
scenario per file, its id the file name). Each file is validated record by record; then the
whole is cross-checked (names unique, 240 cards, every deck designator assembles to its deck
size, every scenario's tiles, units, decks and option patches exist). Every failure is a
``DataError`` naming the file, the record and the field.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from pydantic import BaseModel, ValidationError

from wartable.core.data import load_records, read_toml
from wartable.core.errors import DataError

from .records import (
    EFFECT_KINDS,
    Meta,
    Scenario,
    Solo,
    Spell,
    StartUnit,
    TileSide,
    Unit,
)

Fail = Callable[[str, str], DataError]
OnMap = Callable[[str, str], None]

DATA_DIR = Path(__file__).parent.parent / "data"  # graxia/data (the TOML stays there)

# victory rule -> parameters its scenario must give
VICTORY_PARAMS: dict[str, frozenset[str]] = {
    "two_cities": frozenset({"hold_turns", "vp_unit", "vp_village", "vp_guardian", "vp_city"}),
    "king_of_the_castle": frozenset(
        {"hold_turns", "vp_unit", "vp_castle_round", "vp_village", "vp_city"}
    ),
    "banner_wars": frozenset(),
    "march_to_victory": frozenset(
        {
            "target_tiles",
            "before_turn",
            "vp_village",
            "vp_castle",
            "vp_city",
            "vp_boulder_fields",
            "vp_most_tiles",
            "vp_most_units",
            "vp_most_mana",
        }
    ),
    "wintermere_pass": frozenset({"castle", "attacker_seat"}),
    "assassination": frozenset(),
    "mana_destroyed": frozenset(),
    "solo": frozenset(),
}
DECK_WORDS = ("all", "half", "none", "built")  # "built": the Player builds it (solo 4-6)


@dataclass(frozen=True)
class GraxiaDb:
    """Every validated record, by id or name, and the directory it came from."""

    directory: Path
    meta: Meta
    tiles: dict[str, TileSide]
    units: dict[str, Unit]
    spells: dict[str, Spell]
    scenarios: dict[str, Scenario]

    @property
    def guardians(self) -> list[Unit]:
        return [u for u in self.units.values() if u.unit_class == "guardian"]

    def unit_deck(self, designator: str) -> list[str]:
        """The unit cards (one name per physical card) of a deck designator, or ``"all"``."""
        return _deck(self.units.values(), designator, skip_guardians=True)

    def spell_deck(self, designator: str, exclude: Iterable[str] = ()) -> list[str]:
        """The spell cards of a designator (or ``"all"``), less cards carrying ``exclude``."""
        return _deck(self.spells.values(), designator, skip_guardians=False, exclude=exclude)

    def card_count(self) -> int:
        units = sum(u.copies for u in self.units.values())
        return units + sum(s.copies for s in self.spells.values()) + self.meta.tactics_cards


def _deck(
    records: Iterable[Unit | Spell],
    designator: str,
    skip_guardians: bool,
    exclude: Iterable[str] = (),
) -> list[str]:
    excluded = set(exclude)
    out: list[str] = []
    for rec in records:
        if skip_guardians and isinstance(rec, Unit) and rec.unit_class == "guardian":
            continue
        for card in rec.designators:
            marks = set(card.split())
            if marks & excluded:
                continue
            if designator == "all" or designator in marks:
                out.append(rec.name)
    return out


def _fail(path: Path, what: str, label: str, field: str, msg: str) -> DataError:
    return DataError(f"{path}: {what} {label!r}: field {field}: {msg}")


def _validate(path: Path, what: str, model: type[BaseModel], raw: object, label: str) -> BaseModel:
    try:
        return model.model_validate(raw)
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "(record)"
        raise _fail(path, what, label, where, first["msg"]) from None


def _unique(path: Path, what: str, names: list[str]) -> None:
    seen: set[str] = set()
    for n in names:
        if n in seen:
            raise _fail(path, what, n, "name" if what != "tile" else "id", "appears twice")
        seen.add(n)


def load_db(data_dir: Path | None = None) -> GraxiaDb:
    """Load, validate and cross-check a Graxia data directory (default: the package's)."""
    root = Path(data_dir) if data_dir is not None else DATA_DIR
    meta_path = root / "meta.toml"
    meta = _validate(meta_path, "meta", Meta, read_toml(meta_path), "meta")
    assert isinstance(meta, Meta)

    tiles_path = root / "tiles.toml"
    tile_list = load_records(tiles_path, "tile", TileSide, name_key="id")
    _unique(tiles_path, "tile", [t.id for t in tile_list])
    tiles = {t.id: t for t in tile_list}
    for n in range(1, 38):
        for side in "ab":
            if f"{n}{side}" not in tiles:
                raise _fail(
                    tiles_path, "tile", f"{n}{side}", "id", "missing (37 double-sided tiles)"
                )

    units: dict[str, Unit] = {}
    unit_paths = sorted(root.glob("units*.toml"))
    if not unit_paths:
        raise DataError(f"{root}: no units*.toml file")
    unit_file: dict[str, Path] = {}
    for path in unit_paths:
        for u in load_records(path, "unit", Unit):
            if u.name in units:
                raise _fail(path, "unit", u.name, "name", "appears twice")
            units[u.name] = u
            unit_file[u.name] = path

    spells_path = root / "spells.toml"
    spell_list = load_records(spells_path, "spell", Spell)
    _unique(spells_path, "spell", [s.name for s in spell_list])
    spells = {s.name: s for s in spell_list}
    for name in spells:
        if name in units:
            raise _fail(spells_path, "spell", name, "name", "is also a unit's name")

    _check_cards(root, meta, units, unit_file, spells, spells_path)

    scenarios: dict[str, Scenario] = {}
    for path in sorted((root / "scenarios").glob("*.toml")):
        sc = _validate(path, "scenario", Scenario, read_toml(path), path.stem)
        assert isinstance(sc, Scenario)
        if sc.id != path.stem:
            raise _fail(path, "scenario", sc.id, "id", f"must be the file name {path.stem!r}")
        _check_scenario(path, sc, meta, tiles, units, spells)
        scenarios[sc.id] = sc
    db = GraxiaDb(root, meta, tiles, units, spells, scenarios)
    total = db.card_count()
    if total != meta.total_cards:
        raise _fail(
            meta_path,
            "meta",
            "meta",
            "total_cards",
            f"{meta.total_cards} but the data has {total} cards",
        )
    return db


def _check_cards(
    root: Path,
    meta: Meta,
    units: dict[str, Unit],
    unit_file: dict[str, Path],
    spells: dict[str, Spell],
    spells_path: Path,
) -> None:
    meta_path = root / "meta.toml"
    guardians = [u for u in units.values() if u.unit_class == "guardian"]
    if len(guardians) != 6:
        raise _fail(
            meta_path, "meta", "units", "unit_class", f"{len(guardians)} Guardians, the box has 6"
        )
    deck_total = sum(u.copies for u in units.values() if u.unit_class != "guardian")
    if deck_total != meta.unit_deck_total:
        raise _fail(
            meta_path,
            "meta",
            "meta",
            "unit_deck_total",
            f"{meta.unit_deck_total} but the data has {deck_total} unit cards",
        )
    for name, u in units.items():
        for d in (d for card in u.designators for d in card.split()):
            if d not in meta.unit_designators:
                raise _fail(
                    unit_file[name],
                    "unit",
                    name,
                    "designators",
                    f"{d!r} is not a unit deck designator",
                )
        for i, ab in enumerate(u.abilities):
            for j, eff in enumerate(ab.effects):
                if eff.kind not in EFFECT_KINDS:  # pragma: no cover - the record validates it
                    raise _fail(
                        unit_file[name], "unit", name, f"abilities.{i}.effects.{j}.kind", "unknown"
                    )
    for name, s in spells.items():
        for d in (d for card in s.designators for d in card.split()):
            if d not in meta.spell_designators:
                raise _fail(
                    spells_path,
                    "spell",
                    name,
                    "designators",
                    f"{d!r} is not a spell deck designator",
                )
        for j, eff in enumerate(s.effects):
            for other in eff.exclude or ():
                if other not in spells:
                    raise _fail(
                        spells_path, "spell", name, f"effects.{j}.exclude", f"no spell {other!r}"
                    )
    for d in meta.unit_designators:
        n = len(_deck(units.values(), d, skip_guardians=True))
        if n != meta.unit_deck_size:
            raise _fail(
                meta_path,
                "meta",
                "meta",
                "unit_designators",
                f"unit deck {d!r} has {n} cards, needs {meta.unit_deck_size}",
            )
    for d in meta.spell_designators:
        n = len(_deck(spells.values(), d, skip_guardians=False))
        if n != meta.spell_deck_size:
            raise _fail(
                meta_path,
                "meta",
                "meta",
                "spell_designators",
                f"spell deck {d!r} has {n} cards, needs {meta.spell_deck_size}",
            )


def _check_scenario(
    path: Path,
    sc: Scenario,
    meta: Meta,
    tiles: dict[str, TileSide],
    units: dict[str, Unit],
    spells: dict[str, Spell],
) -> None:
    def fail(field: str, msg: str) -> DataError:
        return _fail(path, "scenario", sc.id, field, msg)

    placed: dict[str, tuple[int, int]] = {}
    numbers: set[str] = set()
    cells: set[tuple[int, int]] = set()
    for i, p in enumerate(sc.tiles):
        if p.tile not in tiles:
            raise fail(f"tiles.{i}.tile", f"no tile {p.tile!r}")
        num = p.tile[:-1]
        if num in numbers:
            raise fail(
                f"tiles.{i}.tile", f"tile {num} is placed twice (one physical tile, two sides)"
            )
        if (p.q, p.r) in cells:
            raise fail(f"tiles.{i}", f"two tiles at {p.q},{p.r}")
        numbers.add(num)
        cells.add((p.q, p.r))
        placed[p.tile] = (p.q, p.r)
    links = [(placed[a], placed[b]) for a, b in _portals(sc) if a in placed and b in placed]
    _check_connected(cells, fail, links)

    def on_map(field: str, tile: str) -> None:
        if tile not in placed:
            raise fail(field, f"tile {tile!r} is not on this map")

    for i, t in enumerate(sc.vital):
        on_map(f"vital.{i}", t)
    spell_marks = set(meta.spell_designators)
    for k, pl in enumerate(sc.players):
        base = f"players.{k}"
        if pl.guardian is not None and (
            pl.guardian not in units or units[pl.guardian].unit_class != "guardian"
        ):
            raise fail(f"{base}.guardian", f"{pl.guardian!r} is not a Guardian")
        if pl.unit_deck not in DECK_WORDS and pl.unit_deck not in meta.unit_designators:
            raise fail(f"{base}.unit_deck", f"{pl.unit_deck!r} is not a unit deck designator")
        if pl.spell_deck not in ("all", "none", "built") and pl.spell_deck not in spell_marks:
            raise fail(f"{base}.spell_deck", f"{pl.spell_deck!r} is not a spell deck designator")
        for name in ("home_row", "control", "deploy"):
            for i, t in enumerate(getattr(pl, name)):
                on_map(f"{base}.{name}.{i}", t)
        if pl.banner is not None:
            on_map(f"{base}.banner", pl.banner)
        _check_start_units(pl.units, f"{base}.units", units, on_map, fail)
    homes = [set(p.home_row) | set(p.control) for p in sc.players]
    if homes[0] & homes[1]:
        raise fail("players", f"tiles {sorted(homes[0] & homes[1])} start under both players")
    for i, name in enumerate(sc.exclude_units):
        if name not in units:
            raise fail(f"exclude_units.{i}", f"no unit {name!r}")
    for i, d in enumerate(sc.exclude_spell_designators):
        if d not in spell_marks:
            raise fail(f"exclude_spell_designators.{i}", f"{d!r} is not a spell deck designator")
    if sc.solo is None:
        _check_decks(sc, units, spells, fail)
    else:
        check_solo(sc, sc.solo, units, spells, tiles, placed, on_map, fail)
    need = VICTORY_PARAMS[sc.victory.rule]
    missing = need - set(sc.victory.params)
    if missing:
        raise fail("victory.params", f"rule {sc.victory.rule!r} needs {', '.join(sorted(missing))}")
    for i, opt in enumerate(sc.options):
        for choice, body in opt.choices.items():
            for j, patch in enumerate(body.players):
                _check_start_units(
                    patch.units or [],
                    f"options.{i}.choices.{choice}.players.{j}.units",
                    units,
                    on_map,
                    fail,
                )
                if patch.mana is not None and patch.mana < 0:
                    raise fail(f"options.{i}.choices.{choice}.players.{j}.mana", "negative")


def _check_decks(
    sc: Scenario, units: dict[str, Unit], spells: dict[str, Spell], fail: Fail
) -> None:
    """Two players' own decks are separate piles of physical cards: no card in both, and the
    cards a player starts with on the map exist outside the opponent's deck."""
    p0, p1 = sorted(sc.players, key=lambda p: p.seat)
    for field, records in (("unit_deck", units.values()), ("spell_deck", spells.values())):
        a, b = getattr(p0, field), getattr(p1, field)
        if a == b or a in DECK_WORDS or b in DECK_WORDS:
            continue
        for rec in records:
            for card in rec.designators:
                marks = card.split()
                if a in marks and b in marks:
                    raise fail(
                        f"players.1.{field}",
                        f"a {rec.name} card carries both {a} and {b}: the two decks must be separate",
                    )
    patches = [list(p.units) for p in (p0, p1)]
    for opt in sc.options:
        for body in opt.choices.values():
            for patch in body.players:
                if patch.units is not None:
                    patches[patch.seat] = patches[patch.seat] + list(patch.units)
    for seat, start in enumerate(patches):
        other = (p1, p0)[seat].unit_deck
        for su in start:
            u = units[su.unit]
            free = [c for c in u.designators if other not in c.split()]
            if not free:
                raise fail(
                    f"players.{seat}.units",
                    f"every {su.unit} card is in the opponent's deck {other}",
                )


def _check_start_units(
    start: list[StartUnit],
    base: str,
    units: dict[str, Unit],
    on_map: OnMap,
    fail: Fail,
) -> None:
    seen: set[str] = set()
    for i, su in enumerate(start):
        if su.unit not in units:
            raise fail(f"{base}.{i}.unit", f"no unit {su.unit!r}")
        on_map(f"{base}.{i}.at", su.at)
        if su.at in seen:
            raise fail(f"{base}.{i}.at", f"two units on {su.at}")
        seen.add(su.at)


def _portals(sc: Scenario) -> list[tuple[str, str]]:
    return [(p[0], p[1]) for p in sc.solo.portals] if sc.solo else []


def _check_connected(
    cells: set[tuple[int, int]],
    fail: Fail,
    links: Iterable[tuple[tuple[int, int], tuple[int, int]]] = (),
) -> None:
    """One connected piece; a solo scenario's portals join its continents (solo 1)."""
    extra: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for a, b in links:
        extra.setdefault(a, []).append(b)
        extra.setdefault(b, []).append(a)
    start = next(iter(cells))
    seen = {start}
    todo = [start]
    while todo:
        q, r = todo.pop()
        for dq, dr in ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)):
            n = (q + dq, r + dr)
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
        for n in extra.get((q, r), ()):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    if len(seen) != len(cells):
        raise fail("tiles", "the map is not one connected piece")


def check_solo(
    sc: Scenario,
    solo: Solo,
    units: dict[str, Unit],
    spells: dict[str, Spell],
    tiles: dict[str, TileSide],
    placed: dict[str, tuple[int, int]],
    on_map: OnMap,
    fail: Fail,
) -> None:
    """§9.2: the Non-Player's cards exist and fit in the box, the Player's set-up fits the map."""
    p0, p1 = sorted(sc.players, key=lambda p: p.seat)
    taken: dict[str, int] = {}
    for su in p1.units:
        taken[su.unit] = taken.get(su.unit, 0) + 1
    for i, cc in enumerate(solo.npc_unit_deck):
        if cc.card not in units:
            raise fail(f"solo.npc_unit_deck.{i}.card", f"no unit {cc.card!r}")
        if units[cc.card].unit_class == "guardian":
            raise fail(f"solo.npc_unit_deck.{i}.card", "a Guardian is in no deck")
        taken[cc.card] = taken.get(cc.card, 0) + cc.copies
    for name, n in taken.items():
        if n > units[name].copies:
            raise fail(
                "solo.npc_unit_deck",
                f"the Non-Player needs {n} {name} cards, the box has {units[name].copies}",
            )
    for field in ("npc_command_deck", "npc_battle_deck"):
        need: dict[str, int] = {}
        for i, cc in enumerate(getattr(solo, field)):
            if cc.card not in spells:
                raise fail(f"solo.{field}.{i}.card", f"no spell {cc.card!r}")
            need[cc.card] = need.get(cc.card, 0) + cc.copies
        for name, n in need.items():
            if n > spells[name].copies:
                raise fail(
                    f"solo.{field}",
                    f"the Non-Player needs {n} {name} cards, the box has {spells[name].copies}",
                )
    if solo.npc_command_plays > len(solo.npc_command_deck) and solo.npc_command_deck:
        total = sum(cc.copies for cc in solo.npc_command_deck)
        if solo.npc_command_plays > total:
            raise fail("solo.npc_command_plays", f"more plays than the deck's {total} cards")
    built = p0.unit_deck == "built"
    if built != (solo.deck_rule is not None) or (p0.spell_deck == "built") != built:
        raise fail("solo.deck_rule", 'a deck rule goes with unit_deck = spell_deck = "built"')
    if p1.unit_deck not in ("none",) or p1.spell_deck != "none":
        raise fail("players.1", 'the Non-Player\'s decks are [solo] lists: use "none"')
    for i, pair in enumerate(solo.portals):
        for j, t in enumerate(pair):
            on_map(f"solo.portals.{i}.{j}", t)
    seen: set[str] = set()
    for i, row in enumerate(solo.removal_rows):
        for j, t in enumerate(row):
            on_map(f"solo.removal_rows.{i}.{j}", t)
            if t in seen:
                raise fail(f"solo.removal_rows.{i}.{j}", f"tile {t} is removed twice")
            seen.add(t)
    for i, hr in enumerate(solo.home_rows):
        for j, t in enumerate(hr.tiles):
            on_map(f"solo.home_rows.{i}.tiles.{j}", t)
    terrains = {tiles[t].terrain for t in placed}
    for i, ter in enumerate(solo.npc_spawn_terrain):
        if ter not in terrains:
            raise fail(f"solo.npc_spawn_terrain.{i}", f"no {ter} tile on this map")
    for k, v in solo.params.items():
        if isinstance(v, str) and v not in placed:
            raise fail(f"solo.params.{k}", f"tile {v!r} is not on this map")
    if not solo.home_rows and not p0.home_row:
        raise fail("players.0.home_row", "the Player needs a Home Row")


@lru_cache(maxsize=8)
def db_for(directory: str | None) -> GraxiaDb:
    """Cached ``load_db`` keyed by the directory text (``None``: the package data)."""
    return load_db(Path(directory) if directory else None)


def check_data(directory: Path | str) -> str:
    """``wartable data check``: validate a Graxia data directory, or raise ``DataError``."""
    db = load_db(Path(directory))
    return (
        f"{len(db.tiles)} tile sides, {len(db.units)} unit types, {len(db.spells)} spells, "
        f"{db.card_count()} cards, {len(db.scenarios)} scenarios: ok"
    )
