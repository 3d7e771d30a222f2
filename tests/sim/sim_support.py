"""Helpers for the simulation-lab tests: run the CLI in-process, read a results file."""

from __future__ import annotations

import base64
import json
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from typer.testing import CliRunner, Result

from wartable.cli.main import app


def run(*args: str) -> Result:
    return CliRunner().invoke(app, list(args))


def simulate_json(*args: str) -> dict[str, Any]:
    result = run("simulate", *args, "--json")
    assert result.exit_code == 0, (result.stdout, result.stderr)
    return json.loads(result.stdout)


def assert_one_line_error(result: Result, *words: str) -> None:
    assert result.exit_code == 2, (result.exit_code, result.stdout, result.stderr)
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith("error: ")
    for w in words:
        assert w in lines[0], (w, lines[0])


def sqlite_url(path: Path) -> str:
    return f"sqlite:///{path}"


PNG = b"\x89PNG\r\n\x1a\n"


class Page(HTMLParser):
    """Collects figures (id -> embedded image bytes), headings and table cells."""

    def __init__(self) -> None:
        super().__init__()
        self.figures: dict[str, bytes] = {}
        self.headings: list[str] = []
        self.cells: list[str] = []
        self.links: list[str] = []
        self._figure = ""
        self._tag = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        self._tag = tag
        if tag == "figure":
            self._figure = a.get("id") or ""
        if tag == "img":
            src = a.get("src") or ""
            assert src.startswith("data:image/png;base64,"), src[:40]
            self.figures[self._figure] = base64.b64decode(src.split(",", 1)[1])
        if tag in ("link", "script") or (
            tag == "img" and not (a.get("src") or "").startswith("data:")
        ):
            self.links.append(tag)

    def handle_data(self, data: str) -> None:
        if self._tag in ("h2", "h3"):
            self.headings.append(data)
        if self._tag == "td":
            self.cells.append(data)


def page_of(path: Path) -> Page:
    page = Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page
