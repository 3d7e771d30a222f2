"""Helpers for the simulation-lab tests: run the CLI in-process, read a results file."""

from __future__ import annotations

import json
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
