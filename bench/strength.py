"""Resume every tournament log in ``docs/tournaments/`` to its 200 games per pairing.

``make strength`` (hours: 1 s per ISMCTS decision). Each log's first line holds its
tournament (game, config, agents, seed), so the run is the same one that wrote it;
finished games are read back, new ones appended as they end, and the tables printed.
``--workers`` worker processes (one core each: keep it at the number of free cores for
an honest "1 s on one core").
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from wartable.sim.tournament import format_tables, run_tournament

LOGS = Path(__file__).resolve().parents[1] / "docs" / "tournaments"
# logs stopped on purpose (docs/tournaments/README.md says why); name one to resume it anyway
STOPPED = {"invasion-ismcts1s-heuristic.jsonl"}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.strength", description=__doc__)
    parser.add_argument("--games", type=int, default=200, help="games per pairing")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("logs", nargs="*", help="logs to resume (default: all but STOPPED)")
    args = parser.parse_args(argv)
    paths = [Path(p) for p in args.logs] or [
        p for p in sorted(LOGS.glob("*.jsonl")) if p.name not in STOPPED
    ]
    for path in paths:
        head = json.loads(path.read_text().splitlines()[0])["tournament"]
        print(f"== {path.name}", flush=True)
        result = run_tournament(
            head["game"],
            head["agents"],
            args.games,
            config=head["config"],
            seed=head["seed"],
            workers=args.workers,
            log_path=path,
        )
        print(format_tables(result), flush=True)


if __name__ == "__main__":
    main()
