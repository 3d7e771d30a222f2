"""Build the engine's ``Catalog`` from the validated data (``loading.load_db``)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from wartable.core.errors import ConfigError

from ..hexes import Board
from . import loading
from .tables import (
    BOTH,
    MAG,
    PHYS,
    Ability,
    Catalog,
    DeckRule,
    Effect,
    NpcSpec,
    Preplaced,
    Scenario,
    SoloStart,
    Spell,
    UnitType,
)

ATTACK = {"physical": PHYS, "magical": MAG, "both": BOTH}
FLIST_CHOICES = ("rangers-250", "dragons-200")
ABILITY_BITS = ("mend", "summon_power", "volley", "blood_vigor")  # solo 3 row D, bit 0..3


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
        chosen_later = sc.solo is not None and bool(sc.solo.home_rows) and pl.seat == 0
        owned = home if pl.controls_home and not chosen_later else ()
        for c in owned + tuple(at[t] for t in pl.control):
            control[c] = pl.seat
        dep = [at[t] for t in pl.deploy] or list(home) + [at[t] for t in pl.control]
        deploys.append(tuple(sorted(set(dep))))
        units = pl.units
        patch = patches.get(pl.seat)
        if patch is not None and patch.units is not None:
            units = patch.units
        if sc.solo is None or pl.seat == 0:
            for su in units:
                pre.append(Preplaced(pl.seat, su.unit, board.cells[at[su.at]]))
        excluded = set(sc.exclude_units)
        if pl.unit_deck in ("none", "built"):
            udecks.append(())
        else:
            word = "all" if pl.unit_deck == "half" else pl.unit_deck
            udecks.append(tuple(cat_units[x] for x in db.unit_deck(word) if x not in excluded))
        names = db.spell_deck(pl.spell_deck, exclude=sc.exclude_spell_designators)
        if pl.spell_deck in ("none", "built"):
            names = []
        sdecks.append(tuple(nu + spells[x] for x in names))
    if sc.solo is not None:
        udecks[0] = _without_npc_cards(db, sc, udecks[0], cat_units)
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
    for k, v in (sc.solo.params if sc.solo else {}).items():
        params.append((k, at[v] if isinstance(v, str) else v))
    for h in sc.solo.home_rows if sc.solo else ():  # solo 3: each Home Row's benefits
        bits = sum(1 << i for i, a in enumerate(ABILITY_BITS) if a in h.abilities)
        row = f"row_{h.label.lower()}_"
        params += [
            (row + "mana", h.mana),
            (row + "hand_limit", h.hand_limit),
            (row + "units", h.initial_units),
            (row + "spells", h.initial_spells),
            (row + "chosen", h.chosen_hand),
            (row + "half_cost", int(h.half_cost)),
            (row + "double_health", int(h.double_health)),
            (row + "abilities", bits),
        ]
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
        **_solo_fields(sc, at, cat_units, spells),
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


def _without_npc_cards(
    db: Any, sc: Any, deck: tuple[int, ...], cat_units: dict[str, int]
) -> tuple[int, ...]:
    """§9.2: the Non-Player's starting units and Unit Deck are physical cards of the box; a
    card that exists only in the Player's deck leaves that deck (solo 3's Talon, deck H)."""
    need: dict[str, int] = {}
    for su in next(p for p in sc.players if p.seat == 1).units:
        need[su.unit] = need.get(su.unit, 0) + 1
    for cc in sc.solo.npc_unit_deck:
        need[cc.card] = need.get(cc.card, 0) + cc.copies
    out = list(deck)
    for name, n in need.items():
        u = cat_units[name]
        free = db.units[name].copies - out.count(u)
        for _ in range(max(0, n - free)):
            out.remove(u)
    return tuple(out)


def _solo_fields(
    sc: Any, at: dict[str, int], cat_units: dict[str, int], spells: dict[str, int]
) -> dict[str, Any]:
    """The catalog's solo fields (§9.2) from the ``[solo]`` table; {} for other scenarios."""
    solo = sc.solo
    if solo is None:
        return {}

    def cards(lst: Any, index: dict[str, int]) -> tuple[int, ...]:
        return tuple(index[cc.card] for cc in lst for _ in range(cc.copies))

    p1 = next(p for p in sc.players if p.seat == 1)
    npc = NpcSpec(
        unit_deck=cards(solo.npc_unit_deck, cat_units),
        command_deck=cards(solo.npc_command_deck, spells),
        command_plays=solo.npc_command_plays,
        battle_deck=cards(solo.npc_battle_deck, spells),
        battle_draws=solo.npc_battle_draws,
        units=tuple((cat_units[su.unit], at[su.at]) for su in p1.units),
        movement=solo.npc_movement,
        rules=tuple(solo.npc_rules),
        spawn_terrain=tuple(solo.npc_spawn_terrain),
        spawn_choice=solo.npc_spawn_choice,
    )
    st = solo.start
    rows = sorted(solo.home_rows, key=lambda h: h.label)
    dr = solo.deck_rule
    return {
        "solo": True,
        "npc": npc,
        "solo_start": SoloStart(
            guardians=st.guardians,
            heroes=st.heroes,
            large=st.large,
            normal=st.normal,
            budget=st.budget,
            budget_heroes=st.budget_heroes,
            where=st.where,
        ),
        "deck_rule": (
            DeckRule(dr.units, dr.spells, dr.max_heroes, dr.max_large, dr.exact_classes)
            if dr
            else None
        ),
        "home_rows": tuple(tuple(sorted(at[t] for t in h.tiles)) for h in rows),
        "portals": tuple((at[a], at[b]) for a, b in solo.portals),
        "removal_rows": tuple(tuple(sorted(at[t] for t in row)) for row in solo.removal_rows),
    }


@lru_cache(maxsize=16)
def catalog_for(data_dir: str | None, flist: str = "rangers-250") -> Catalog:
    db = loading.db_for(data_dir)
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
    copies = tuple(u.copies for u in db.units.values()) + tuple(
        s.copies for s in db.spells.values()
    )
    return Catalog.build(units, spells, scenarios, copies)


def scenario_for(cat: Catalog, scenario_id: str) -> Scenario:
    sc = cat.scenarios.get(scenario_id)
    if sc is None:
        raise ConfigError(f"graxia config: scenario {scenario_id!r} is not in the data")
    return sc
