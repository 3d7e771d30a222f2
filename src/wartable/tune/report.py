"""The tuner's HTML report: before and after, each target's interval per trial, parameter
importances and the changes in words.

Charts are drawn with matplotlib on figures that never touch pyplot's global state (as the
lab's report), saved beside the report as small PNGs (``report-*.png``, for docs) and
embedded in ``report.html`` so the page stands alone.
"""

from __future__ import annotations

import base64
import html
import io
from pathlib import Path
from typing import Any

from wartable.core.errors import ConfigError

from .targets import Target


def _figure(width: float, height: float) -> Any:
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise ConfigError(
            "the tuner's report needs matplotlib: pip install 'wartable[sim]'"
        ) from None
    return Figure(figsize=(width, height), dpi=80, layout="constrained")


def _save(fig: Any, out: Path, name: str, caption: str) -> str:
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    (out / f"report-{name}.png").write_bytes(buf.getvalue())
    data = base64.b64encode(buf.getvalue()).decode("ascii")
    cap = html.escape(caption)
    return (
        f'<figure id="chart-{name}"><img alt="{cap}" src="data:image/png;base64,{data}">'
        f"<figcaption>{cap}</figcaption></figure>"
    )


def _cells(trial: dict[str, Any], target: str) -> dict[str, Any]:
    cells: dict[str, Any] = trial["cells"].get(target, {})
    return cells


def _before_after(summary: dict[str, Any], target: Target, out: Path, index: int) -> str:
    before = summary["trials"][0]
    after = summary["trials"][summary["best_trial"]]
    names = [c.name for c in target.cells]
    # wide enough for the title and the legend beside the axes even with one cell
    # (and taller when the cells' names stand slanted under the axis)
    fig = _figure(max(6.5, 0.45 * len(names) + 3), 3.6 + (1.6 if len(names) > 3 else 0))
    ax = fig.add_subplot()
    ax.axhspan(target.low, target.high, color="#d8f0d8", label=f"band {target.low}..{target.high}")
    for shift, trial, label, color in (
        (-0.18, before, "before", "#c0504d"),
        (0.18, after, "after", "#1f6fb2"),
    ):
        cells = _cells(trial, target.text)
        xs: list[float] = []
        ys: list[float] = []
        errs: list[list[float]] = [[], []]
        for i, name in enumerate(names):
            if name in cells:
                c = cells[name]
                xs.append(i + shift)
                ys.append(c["rate"])
                errs[0].append(c["rate"] - c["ci95"][0])
                errs[1].append(c["ci95"][1] - c["rate"])
        ax.errorbar(xs, ys, yerr=errs, fmt="o", color=color, label=label, capsize=3)
    ax.set_xticks(range(len(names)), names, rotation=60 if len(names) > 3 else 0, ha="right")
    ax.set_xlim(-0.6, len(names) - 0.4)
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate (95% interval)")
    ax.set_title(
        f"{target.text}\nbefore (trial 0) and after (trial {summary['best_trial']})",
        fontsize="medium",
    )
    # beside the axes, not on them: inside, it hid the last cells' points
    fig.legend(loc="outside right upper", fontsize="small")
    return _save(fig, out, f"before-after-{index}", f"{target.text}: each cell before and after")


def _per_trial(summary: dict[str, Any], target: Target, out: Path, index: int) -> str:
    fig = _figure(6.5, 3.4)
    ax = fig.add_subplot()
    ax.axhspan(target.low, target.high, color="#d8f0d8")
    for trial in summary["trials"]:
        cells = _cells(trial, target.text).values()
        if not cells:
            continue
        lows = [c["ci95"][0] for c in cells]
        highs = [c["ci95"][1] for c in cells]
        color = "#999999" if trial["state"] == "pruned" else "#1f6fb2"
        ax.vlines(trial["number"], min(lows), max(highs), color=color, linewidth=3, alpha=0.5)
        ax.plot([trial["number"]] * len(lows), [c["rate"] for c in cells], "_", color="black")
    ax.set_xlabel("trial (grey: pruned after the first batch)")
    ax.set_ylabel("cells' estimates and 95% intervals")
    ax.set_ylim(0, 1)
    ax.set_title(f"{target.text}\nevery cell, trial by trial", fontsize="medium")
    return _save(fig, out, f"per-trial-{index}", f"{target.text}: intervals per trial")


def _importances(summary: dict[str, Any], out: Path) -> str:
    found = summary["importances"]
    if not found:
        return (
            "<p>Parameter importances need at least three complete trials and two parameters.</p>"
        )
    names = list(found)[:15]
    fig = _figure(6.5, 0.3 * len(names) + 1.2)
    ax = fig.add_subplot()
    ax.barh(range(len(names)), [found[n] for n in names], color="#1f6fb2")
    ax.set_yticks(range(len(names)), [n.split(":", 1)[-1][-48:] for n in names], fontsize=7)
    ax.invert_yaxis()
    ax.set_xlabel("importance (optuna.importance, fANOVA)")
    return _save(fig, out, "importances", "parameter importances")


def _matrix_table(summary: dict[str, Any], target: Target, trial: dict[str, Any]) -> str:
    """A pairing target as a row-beats-column table (cells named 'a v b')."""
    cells = _cells(trial, target.text)
    sides: list[str] = []
    for name in cells:
        for side in name.split(" v "):
            if side not in sides:
                sides.append(side)
    head = "".join(f"<th>{html.escape(s[:10])}</th>" for s in sides)
    rows = []
    for a in sides:
        tds = []
        for b in sides:
            if (c := cells.get(f"{a} v {b}")) is not None:
                tds.append(f"<td>{c['rate']:.2f}</td>")
            elif (c := cells.get(f"{b} v {a}")) is not None:
                tds.append(f"<td>{1 - c['rate']:.2f}</td>")
            else:
                tds.append("<td>-</td>")
        rows.append(f"<tr><th>{html.escape(a)}</th>{''.join(tds)}</tr>")
    return f"<table><tr><th>row beats column</th>{head}</tr>{''.join(rows)}</table>"


def write_report(summary: dict[str, Any], targets: list[Target], out: Path) -> Path:
    parts = [
        f"<h1>wartable tune {html.escape(summary['game'])}</h1>",
        f"<p>Study <code>{html.escape(summary['study'])}</code>: {len(summary['trials'])} trials, "
        f"{summary['games_per_cell']} games per cell, agents {html.escape(', '.join(summary['agents']))}, "
        f"seed {summary['seed']}. Best trial {summary['best_trial']}: the targets "
        f"{'hold' if summary['holds'] else 'do not all hold yet'} (stop rule: every "
        f"{'95% interval' if summary['stop'] == 'interval' else 'estimate'} inside its band).</p>",
        "<h2>The changes</h2>",
        "<ul>" + "".join(f"<li>{html.escape(c)}</li>" for c in summary["changes"]) + "</ul>"
        if summary["changes"]
        else "<p>No change: the starting data is the best found.</p>",
    ]
    for i, target in enumerate(targets):
        parts.append(f"<h2>{html.escape(target.text)}</h2>")
        if target.kind == "pairing":
            parts.append("<h3>Before</h3>" + _matrix_table(summary, target, summary["trials"][0]))
            best = summary["trials"][summary["best_trial"]]
            parts.append("<h3>After</h3>" + _matrix_table(summary, target, best))
        parts.append(_before_after(summary, target, out, i))
        parts.append(_per_trial(summary, target, out, i))
    parts.append("<h2>Parameter importances</h2>" + _importances(summary, out))
    style = (
        "body{font-family:sans-serif;max-width:60em;margin:1em auto}"
        "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 6px}"
    )
    page = (
        f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>wartable tune '
        f"{html.escape(summary['game'])}</title><style>{style}</style></head><body>"
        + "".join(parts)
        + "</body></html>\n"
    )
    path = out / "report.html"
    path.write_text(page, "utf-8")
    return path
