"""Helpers for the tuner's tests: a deliberately unbalanced Draconia params file and requests."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from wartable.tune.run import TuneRequest

# Ironshroud's King Edric, Sir Aldric and Iron Lancers at attack 9 and a Bastion Guard at
# defense 9: Ironshroud then wins every game against Highwood (trial 0 of the tests).
UNBALANCED = """
game = "draconia"

[[param]]
path = "units.toml:unit[name=King Edric].attack"
low = 1
high = 9
start = 9

[[param]]
path = "units.toml:unit[name=Sir Aldric].attack"
low = 1
high = 9
start = 9

[[param]]
path = "units.toml:unit[name=Iron Lancers].attack"
low = 1
high = 9
start = 9

[[param]]
path = "units.toml:unit[faction=ironshroud,name=Bastion Guard#1].defense"
low = 1
high = 9
start = 9
"""
ONE_PAIRING = {"factions": ["ironshroud", "highwood"]}
PAIRING_ARGS = ("--config", '{"factions":["ironshroud","highwood"]}')


def write_params(tmp: Path, text: str = UNBALANCED, name: str = "params.toml") -> Path:
    path = tmp / name
    path.write_text(text, "utf-8")
    return path


def request(tmp: Path, **kw: Any) -> TuneRequest:
    """A small Draconia tune of one pairing (ironshroud v highwood) under ``tmp``."""
    tmp.mkdir(parents=True, exist_ok=True)
    base: dict[str, Any] = {
        "game": "draconia",
        "targets": ["pairing=0.2..0.8"],
        "params_file": write_params(tmp),
        "trials": 15,
        "games": 40,
        "agents": ["heuristic"],
        "out": tmp / "tuned",
        "config": dict(ONE_PAIRING),
        "db": f"sqlite:///{tmp / 'tune.db'}",
        "first_batch": 10,
        "sigma": 0.5,  # a start far from the band: a large first step
    }
    base.update(kw)
    return TuneRequest(**base)


def trial_results(summary: dict[str, Any]) -> list[tuple[Any, ...]]:
    """What a trial decided and measured (its timing left out)."""
    return [
        (t["number"], t["state"], t["values"], t["objective"], t["cells"])
        for t in summary["trials"]
    ]
