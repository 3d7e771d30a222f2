"""``wartable report``: stored results as one self-contained HTML page.

Charts are drawn with matplotlib (the ``sim`` extra) on figures that never
touch pyplot's global state, and embedded as base64 PNG ``<img>`` tags, so
the page needs no other file. Every chart is a ``<figure>`` with an ``id``
(``chart-...``) and the numbers behind it are also given as a table.
"""

from __future__ import annotations

import base64
import html
import io
import textwrap
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from wartable.core.errors import ConfigError

from . import analysis as an
from .stats import Tally
from .storage import StoredGame

STYLE = """
body{font-family:system-ui,sans-serif;max-width:1100px;margin:2em auto;color:#222}
table{border-collapse:collapse;margin:.5em 0 1.5em}
td,th{border:1px solid #ccc;padding:.2em .6em;text-align:right}
th{background:#f3f3f3} td.l,th.l{text-align:left}
figure{margin:1em 0} figcaption{color:#555;font-size:.9em}
.note{color:#777;font-style:italic}
"""


def _figure(width: float = 7.0, height: float = 3.6) -> Any:
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise ConfigError("wartable report needs matplotlib: pip install 'wartable[sim]'") from None
    return Figure(figsize=(width, height), dpi=90, layout="constrained")


def _embed(fig: Any, chart_id: str, caption: str) -> str:
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    data = base64.b64encode(buf.getvalue()).decode("ascii")
    cap = html.escape(caption)
    return (
        f'<figure id="chart-{chart_id}"><img alt="{cap}" src="data:image/png;base64,{data}">'
        f"<figcaption>{cap}</figcaption></figure>"
    )


def _pct(t: Tally) -> str:
    lo, hi = t.ci95()
    return f"{t.win_rate:.1%}</td><td>{lo:.1%}-{hi:.1%}"


def _table(head: Sequence[str], rows: Sequence[Sequence[str]], left: int = 1) -> str:
    def cells(tag: str, values: Sequence[str]) -> str:
        return "".join(
            f'<{tag} class="l">{v}</{tag}>' if i < left else f"<{tag}>{v}</{tag}>"
            for i, v in enumerate(values)
        )

    body = "".join(f"<tr>{cells('td', r)}</tr>" for r in rows)
    return f"<table><tr>{cells('th', head)}</tr>{body}</table>"


def _tally_cells(t: Tally) -> list[str]:
    return [str(t.wins), str(t.games), _pct(t)]


def _rate_bars(
    ax: Any, x: Sequence[float], tallies: Sequence[Tally], width: float, label: str
) -> None:
    rates = [t.win_rate for t in tallies]
    lows = [max(0.0, t.win_rate - t.ci95()[0]) for t in tallies]
    highs = [max(0.0, t.ci95()[1] - t.win_rate) for t in tallies]
    ax.bar(x, rates, width, yerr=[lows, highs], capsize=3, label=label)


# ----- sections --------------------------------------------------------------
def seat_section(groups: list[an.Group]) -> str:
    parts = ["<h2>Win rate per seat (95% Wilson intervals)</h2>"]
    for game in sorted({g.game for g in groups}):
        same = [g for g in groups if g.game == game]
        seats = max(g.seats for g in same)
        fig = _figure(max(6.0, 1.2 * len(same) + 3), 3.6)
        ax = fig.add_subplot()
        width = 0.8 / seats
        for s in range(seats):
            tallies = [g.seat_tallies()[s] if s < g.seats else Tally() for g in same]
            xs = [i + (s - (seats - 1) / 2) * width for i in range(len(same))]
            _rate_bars(ax, xs, tallies, width, f"seat {s}")
        ticks = [textwrap.fill(_short(g.label, game), 24) for g in same]
        ax.set_xticks(range(len(same)), ticks, fontsize=7, rotation=20, ha="right")
        ax.set_ylim(0, 1)
        ax.set_ylabel("win rate")
        ax.set_title(f"{game}: win rate per seat")
        ax.legend(fontsize=7, ncols=min(seats, 6))
        parts.append(_embed(fig, f"seats-{game}", f"{game}: win rate per seat, 95% CI"))
        for g in same:
            rows = [[f"seat {s}", *_tally_cells(t)] for s, t in enumerate(g.seat_tallies())]
            rows += [[html.escape(spec), *_tally_cells(t)] for spec, t in g.agent_tallies().items()]
            parts.append(f"<h3>{html.escape(g.label)}</h3>")
            parts.append(_table(["seat / agent", "wins", "games", "win rate", "95% CI"], rows))
    return "".join(parts)


def _short(label: str, game: str) -> str:
    rest = label.removeprefix(game + " | ")
    return rest if len(rest) <= 90 else rest[:87] + "..."


def cells_section(groups: list[an.Group]) -> str:
    rows = []
    for g in groups:
        lengths = g.lengths
        seat_rates = " ".join(f"{t.win_rate:.0%}" for t in g.seat_tallies())
        rows.append(
            [
                html.escape(g.label),
                str(len(g.games)),
                str(g.draws),
                f"{sum(lengths) / max(1, len(lengths)):.1f}",
                seat_rates,
            ]
        )
    head = ["game | agents | cell", "games", "draws", "mean length", "win rate per seat"]
    return "<h2>Cells</h2>" + _table(head, rows)


def matrix_section(games: Sequence[StoredGame]) -> str:
    """One faction matrix per agent line-up: a matrix pooling line-ups would mix
    how good the factions are with how good the agents playing them are."""
    title = "<h2>Draconia: faction against faction</h2>"
    draconia = [g for g in games if g.game == "draconia"]
    parts: list[str] = []
    pooled = an.lineups(draconia)
    for name in pooled:
        same = [g for g in draconia if an.lineup_name(g) == name]
        m = an.per_seat_metric(same, "factions")
        if m is not None:
            parts.append(_one_matrix(m, name, len(same)))
    if not parts:
        return title + '<p class="note">no Draconia games in this selection</p>'
    listed = "; ".join(f"{html.escape(k)} ({v} games)" for k, v in pooled.items())
    note = (
        f'<p class="note">One matrix per agent line-up (seats ignored): {listed}. '
        "Choose one with <code>wartable report --lineup A,B</code>.</p>"
    )
    return title + note + "".join(parts)


def _slug(text: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in text).strip("-")


def _one_matrix(m: an.PerSeatMetric, lineup: str, games: int) -> str:
    values = m.values
    fig = _figure(1.0 + 0.75 * len(values), 0.8 + 0.65 * len(values))
    ax = fig.add_subplot()
    grid = [[m.matrix.get(a, {}).get(b, Tally()) for b in values] for a in values]
    rates = [[t.win_rate if t.games else float("nan") for t in row] for row in grid]
    image = ax.imshow(rates, vmin=0, vmax=1, cmap="RdBu")
    for i, row in enumerate(grid):
        for j, t in enumerate(row):
            if t.games:
                ax.text(j, i, f"{t.win_rate:.0%}\n{t.games}", ha="center", va="center", fontsize=7)
    ax.set_xticks(range(len(values)), values, rotation=45, ha="right", fontsize=8)
    ax.set_yticks(range(len(values)), values, fontsize=8)
    ax.set_xlabel("against")
    ax.set_ylabel("faction")
    ax.set_title(f"line-up: {lineup}", fontsize=9)
    fig.colorbar(image, ax=ax, label="win rate")
    caption = f"line-up {lineup} ({games} games): row faction's win rate against column (games)"
    out = [
        f"<h3>line-up: {html.escape(lineup)}</h3>",
        _embed(fig, f"faction-matrix-{_slug(lineup)}", caption),
    ]
    head = ["faction", *values]
    rows = [
        [v, *(f"{t.win_rate:.0%} ({t.games})" if t.games else "-" for t in row)]
        for v, row in zip(values, grid, strict=True)
    ]
    out.append(_table(head, rows))
    rows = [[v, *_tally_cells(t)] for v, t in m.per_value.items()]
    out.append(_table(["faction", "wins", "games", "win rate", "95% CI"], rows))
    return "".join(out)


def paired_section(groups: list[an.Group]) -> str:
    """Mirrored deals: statistics over deals (the luck of each deal cancels)."""
    title = "<h2>Mirrored deals: paired statistics</h2>"
    parts: list[str] = []
    for g in groups:
        p = an.paired(g.games)
        if p is None:
            continue
        rows = [
            [html.escape(spec), str(m.n), f"{m.mean:.1%}", f"{m.low:.1%}-{m.high:.1%}"]
            for spec, m in p.share.items()
        ]
        if p.diff is not None:
            d = p.diff
            rows.append(
                [
                    html.escape(f"{p.a} minus {p.b}"),
                    str(d.n),
                    f"{d.mean:+.1%}",
                    f"{d.low:+.1%} to {d.high:+.1%}",
                ]
            )
        parts.append(f"<h3>{html.escape(g.label)}</h3>")
        parts.append(_table(["agent", "deals", "mean win share", "95% CI (over deals)"], rows))
        if p.diff is not None:
            parts.append(
                f"<p>{html.escape(p.a)} did better than {html.escape(p.b)} on {p.better} "
                f"deals, worse on {p.worse}, the same on {p.ties}.</p>"
            )
    if not parts:
        return (
            title
            + '<p class="note">no deal in this selection was played from every seat rotation (<code>--mirror</code>)</p>'
        )
    note = (
        '<p class="note">A deal (seed) played from every seat rotation is one unit: '
        "each agent's share of the seats it won on that deal, then the mean and a "
        "normal 95% interval over deals. The deals are independent; the games of one "
        "deal are not, so these intervals, not the per-game Wilson ones, are the "
        "honest ones for mirrored runs.</p>"
    )
    return title + note + "".join(parts)


def settlement_section(games: Sequence[StoredGame]) -> str:
    title = "<h2>Draconia: win rate per settlement</h2>"
    m = an.per_seat_metric([g for g in games if g.game == "draconia"], "settlements")
    if m is None:
        return title + '<p class="note">no settlement-mode games in this selection</p>'
    names = list(m.per_value)
    fig = _figure(max(6.0, 0.6 * len(names) + 2), 3.6)
    ax = fig.add_subplot()
    _rate_bars(ax, range(len(names)), list(m.per_value.values()), 0.7, "win rate")
    ax.set_xticks(range(len(names)), names, rotation=45, ha="right", fontsize=8)
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate")
    rows = [[v, *_tally_cells(t)] for v, t in m.per_value.items()]
    return (
        title
        + _embed(fig, "settlements", "win rate per settlement, 95% CI")
        + _table(["settlement", "wins", "games", "win rate", "95% CI"], rows)
    )


def solo_section(games: Sequence[StoredGame]) -> str:
    title = "<h2>Invasion solo: pass rate per battle stage and difficulty</h2>"
    rates = an.solo_pass_rates(games)
    if not rates:
        return title + '<p class="note">no solo Invasion games in this selection</p>'
    stages, diffs = an.stages(rates), an.difficulties(rates)
    fig = _figure(max(6.0, 0.9 * len(stages) + 2), 3.6)
    ax = fig.add_subplot()
    width = 0.8 / len(diffs)
    for k, d in enumerate(diffs):
        xs = [i + (k - (len(diffs) - 1) / 2) * width for i in range(len(stages))]
        _rate_bars(ax, xs, [rates.get((s, d), Tally()) for s in stages], width, d)
    ax.set_xticks(range(len(stages)), [f"stage {s}" for s in stages], fontsize=8)
    ax.set_ylim(0, 1)
    ax.set_ylabel("pass rate")
    ax.legend(fontsize=7)
    rows = [[s, d, *_tally_cells(t)] for (s, d), t in rates.items()]
    return (
        title
        + _embed(fig, "solo-pass", "solo pass rate per battle stage and difficulty, 95% CI")
        + _table(["stage", "difficulty", "passed", "games", "pass rate", "95% CI"], rows, left=2)
    )


def length_section(groups: list[an.Group]) -> str:
    parts = ["<h2>Game length (decisions)</h2>"]
    for game in sorted({g.game for g in groups}):
        same = [g for g in groups if g.game == game]
        fig = _figure(7.0, 3.4)
        ax = fig.add_subplot()
        every = [n for g in same for n in g.lengths]
        bins = min(40, max(5, len(set(every))))
        lo, hi = min(every), max(every)
        edges = [lo + (hi - lo + 1) * i / bins for i in range(bins + 1)]
        for g in same:
            ax.hist(g.lengths, bins=edges, histtype="step", label=_short(g.label, game))
        ax.set_xlabel("decisions per game")
        ax.set_ylabel("games")
        ax.set_title(f"{game}: game length")
        if len(same) > 1:
            ax.legend(fontsize=7)
        parts.append(_embed(fig, f"length-{game}", f"{game}: game length histogram"))
    return "".join(parts)


def runs_section(runs: list[dict[str, Any]], games: Sequence[StoredGame]) -> str:
    used = {g.run_id for g in games}
    rows = [
        [
            html.escape(r["run_id"][:12]),
            html.escape(r["label"] or "-"),
            html.escape(r["created"]),
            html.escape(r["game"]),
            html.escape(", ".join(r["agents"])),
            html.escape(r["cell"] or "-"),
            str(r["games"]),
            str(r["seed"]),
            "yes" if r["mirror"] else "no",
            html.escape(r["backend"]),
        ]
        for r in runs
        if r["run_id"] in used
    ]
    head = [
        "run",
        "label",
        "created",
        "game",
        "agents",
        "cell",
        "games",
        "seed",
        "mirror",
        "backend",
    ]
    return "<h2>Runs</h2>" + _table(head, rows, left=6)


def build_report(
    games: Sequence[StoredGame], runs: list[dict[str, Any]], source: str, filters: str = ""
) -> str:
    """The whole page for ``games`` (already filtered)."""
    if not games:
        raise ConfigError(
            f"no stored games match in {source}" + (f" ({filters})" if filters else "")
        )
    games, repeats = an.unique_games(games)
    groups = an.group_games(games)
    now = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    header = (
        f"<h1>wartable simulation report</h1><p>{len(games)} distinct games from "
        f"{len({g.run_id for g in games})} runs in <code>{html.escape(source)}</code>"
        + (f"; filters: <code>{html.escape(filters)}</code>" if filters else "")
        + f"; generated {now}.</p>"
        "<p>A draw is a win for nobody (a victory shared by every seat is a draw); "
        "a victory shared by some seats is a win for each of them. "
        "Intervals are Wilson 95%.</p>"
        + (
            f'<p class="note">{repeats} more stored games were re-runs of games above '
            "(same game, config, data files, agents at each seat and seed: the same "
            "game played again) and are counted once.</p>"
            if repeats
            else ""
        )
    )
    body = "".join(
        [
            header,
            cells_section(groups),
            seat_section(groups),
            paired_section(groups),
            matrix_section(games),
            settlement_section(games),
            solo_section(games),
            length_section(groups),
            runs_section(runs, games),
        ]
    )
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        f"<title>wartable report</title><style>{STYLE}</style></head><body>{body}</body></html>\n"
    )
