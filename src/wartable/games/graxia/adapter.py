"""Build the engine's ``Catalog`` from the validated data (``registry.load_db``)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from wartable.core.errors import ConfigError

from . import registry
from .catalog import (
    BOTH,
    MAG,
    PHYS,
    Ability,
    Catalog,
    Effect,
    Preplaced,
    Scenario,
    Spell,
    UnitType,
)
from .hexes import Board

ATTACK = {"physical": PHYS, "magical": MAG, "both": BOTH}
FLIST_CHOICES = ("rangers-250", "dragons-200")


def _effect(e: Any) -> Effect:
    def tup(v: Any) -> tuple[str, ...]:
        return tuple(v) if v else ()

    return Effect(
        kind=e.kind,
        amount=e.amount or 0,
        range=e.range or 0,
        target=e.target or "",
        when=e.when or "",
        terrain=tup(e.terrain),
        vs_class=tup(e.vs_class),
        condition=e.condition or "",
        race=e.race or "",
        action=e.action or "",
        siege=bool(e.siege),
        bonus=e.bonus or 0,
        bonus_vs=tup(e.bonus_vs),
        bonus_terrain=tup(e.bonus_terrain),
        area=bool(e.area),
        stun=bool(e.stun),
        unmitigated=bool(e.unmitigated),
        keep_shield=bool(e.keep_shield),
        then_attack=bool(e.then_attack),
        exclude=tup(e.exclude),
    )


def _unit(u: Any) -> UnitType:
    abilities = tuple(
        Ability(
            name=a.name,
            timing=a.timing,
            effects=tuple(_effect(e) for e in a.effects),
            mana=a.mana,
            self_wounds=a.self_wounds,
            once_per_battle=a.once_per_battle,
            is_move=a.is_move,
        )
        for a in u.abilities
    )
    support = 3 + sum(
        e.amount or 0
        for a in u.abilities
        if a.timing == "battle_support"
        for e in a.effects
        if e.kind == "support_bonus"
    )
    return UnitType(
        name=u.name,
        cost=u.cost,
        health=u.health,
        attack=u.attack,
        attack_type=ATTACK[u.attack_type],
        pdef=u.physical_defence,
        mdef=u.magical_defence,
        klass=u.unit_class,
        race=u.race,
        moves=2 if u.movement == 2 else 1 if u.movement == 1 else 2,
        flying=u.movement == "flying",
        support=support,
        abilities=abilities,
    )


def _option_patch(sc: Any, flist: str) -> dict[int, Any]:
    """Scenario options: today only scenario 5's two Flist set-ups (config ``flist_setup``)."""
    patches: dict[int, Any] = {}
    for opt in sc.options:
        keys = list(opt.choices)
        if flist in opt.choices:
            choice = flist
        else:  # choices named otherwise: the default first, then the other
            ordered = [opt.default] + [k for k in keys if k != opt.default]
            choice = ordered[min(FLIST_CHOICES.index(flist), len(ordered) - 1)]
        for patch in opt.choices[choice].players:
            patches[patch.seat] = patch
    return patches


def _scenario(
    db: Any, cat_units: dict[str, int], nu: int, spells: dict[str, int], sc: Any, flist: str
) -> Scenario:
    tiles = db.tiles
    board = Board([(p.q, p.r) for p in sc.tiles])
    at = {p.tile: board.index[(p.q, p.r)] for p in sc.tiles}
    n = board.size
    terrain = [""] * n
    tile_ids = [""] * n
    mana = [0] * n
    pdef = [0] * n
    mdef = [0] * n
    for p in sc.tiles:
        c = at[p.tile]
        t = tiles[p.tile]
        terrain[c], tile_ids[c], mana[c] = t.terrain, t.id, t.mana
        pdef[c], mdef[c] = t.physical_defence, t.magical_defence
    players = sorted(sc.players, key=lambda pl: pl.seat)
    patches = _option_patch(sc, flist)
    control = [-1] * n
    pre: list[Preplaced] = []
    homes: list[tuple[int, ...]] = []
    deploys: list[tuple[int, ...]] = []
    udecks: list[tuple[int, ...]] = []
    sdecks: list[tuple[int, ...]] = []
    for pl in players:
        home = tuple(sorted(at[t] for t in pl.home_row))
        homes.append(home)
        for c in home + tuple(at[t] for t in pl.control):
            control[c] = pl.seat
        dep = [at[t] for t in pl.deploy] or list(home) + [at[t] for t in pl.control]
        deploys.append(tuple(sorted(set(dep))))
        units = pl.units
        patch = patches.get(pl.seat)
        if patch is not None and patch.units is not None:
            units = patch.units
        for su in units:
            pre.append(Preplaced(pl.seat, su.unit, board.cells[at[su.at]]))
        excluded = set(sc.exclude_units)
        if pl.unit_deck == "none":
            udecks.append(())
        else:
            word = "all" if pl.unit_deck == "half" else pl.unit_deck
            udecks.append(tuple(cat_units[x] for x in db.unit_deck(word) if x not in excluded))
        names = db.spell_deck(pl.spell_deck, exclude=sc.exclude_spell_designators)
        sdecks.append(tuple(nu + spells[x] for x in names))
    mana0 = [pl.mana for pl in players]
    for seat, patch in patches.items():
        if patch.mana is not None:
            mana0[seat] = patch.mana
    params: list[tuple[str, int]] = []
    for k, v in sc.victory.params.items():
        if isinstance(v, str):
            params.append((k, at[v] if v in at else int(v) if v.lstrip("-").isdigit() else -1))
        elif isinstance(v, int):
            params.append((k, v))
    drafts = [pl.draft for pl in players]
    first = {"seat0": 0, "seat1": 1}.get(sc.first_player, 0)
    return Scenario(
        id=sc.id,
        title=sc.name,
        board=board,
        terrain=tuple(terrain),
        tile_ids=tuple(tile_ids),
        mana_value=tuple(mana),
        pdef=tuple(pdef),
        mdef=tuple(mdef),
        home=(homes[0], homes[1]),
        deploy=(deploys[0], deploys[1]),
        control=tuple(control),
        victory=sc.victory.rule,
        params=tuple(params),
        vital=tuple(at[t] for t in sc.vital),
        banners=(
            at[players[0].banner] if players[0].banner else -1,
            at[players[1].banner] if players[1].banner else -1,
        ),
        guardians=(players[0].guardian or "", players[1].guardian or ""),
        unit_decks=(udecks[0], udecks[1]),
        spell_decks=(sdecks[0], sdecks[1]),
        shared_units=players[0].unit_deck in ("all", "half")
        and players[1].unit_deck == players[0].unit_deck,
        shared_spells=players[0].spell_deck == players[1].spell_deck,
        unit_deck_used=(players[0].unit_deck != "none", players[1].unit_deck != "none"),
        draft=tuple(d.rule if d else "" for d in drafts),  # type: ignore[arg-type]
        draw=tuple(d.draw if d else 0 for d in drafts),  # type: ignore[arg-type]
        budget=tuple(d.budget if d else 0 for d in drafts),  # type: ignore[arg-type]
        reinforcements=tuple(d.reinforcements if d else 0 for d in drafts),  # type: ignore[arg-type]
        face_up=tuple(bool(d and d.face_up) for d in drafts),  # type: ignore[arg-type]
        hand_limit=sc.hand_limit,
        mana=(mana0[0], mana0[1]),
        collects=(players[0].collects_mana, players[1].collects_mana),
        first=first,
        least_health_first=sc.first_player == "least_health_chooses",
        turns=sc.turn_limit,
        preplaced=tuple(pre),
        max_heroes=sc.max_heroes if sc.max_heroes is not None else 99,
        max_large=sc.max_large_creatures if sc.max_large_creatures is not None else 99,
        initial_hand=(sc.initial_units, sc.initial_spells),
    )


@lru_cache(maxsize=16)
def catalog_for(data_dir: str | None, flist: str = "rangers-250") -> Catalog:
    db = registry.db_for(data_dir)
    units = [_unit(u) for u in db.units.values()]
    spells = [
        Spell(
            name=s.name,
            phase=s.phase,
            relic=s.relic,
            cost=s.cost,
            modifier=s.modifier,
            effects=tuple(_effect(e) for e in s.effects),
            requires=s.requires,
        )
        for s in db.spells.values()
    ]
    uidx = {u.name: i for i, u in enumerate(units)}
    sidx = {s.name: i for i, s in enumerate(spells)}
    scenarios = [_scenario(db, uidx, len(units), sidx, sc, flist) for sc in db.scenarios.values()]
    return Catalog.build(units, spells, scenarios)


def scenario_for(cat: Catalog, scenario_id: str) -> Scenario:
    sc = cat.scenarios.get(scenario_id)
    if sc is None:
        raise ConfigError(f"graxia config: scenario {scenario_id!r} is not in the data")
    return sc
