"""``/docs`` (only with ``wartable serve --api-docs``): the routes on one plain page.

FastAPI's own page loads Swagger's scripts from a CDN into the table's origin, where
seat tokens sit in localStorage; this page has no script at all and loads nothing from
elsewhere. The machine-readable description is ``/openapi.json``.
"""

from __future__ import annotations

from html import escape
from typing import Any

from fastapi import FastAPI
from fastapi.responses import HTMLResponse

METHODS = ("get", "post", "put", "patch", "delete")


def docs_page(openapi: dict[str, Any]) -> str:
    """The HTML of the page: one row per route, its method, path and summary."""
    rows = []
    for path, item in openapi.get("paths", {}).items():
        for method in METHODS:
            if method in item:
                op = item[method]
                text = op.get("description") or op.get("summary") or ""
                rows.append(
                    f"<tr><td><code>{method.upper()}</code></td><td><code>{escape(path)}</code>"
                    f"</td><td>{escape(text)}</td></tr>"
                )
    info = openapi.get("info", {})
    return (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{escape(info.get('title', 'API'))}</title>"
        '<link rel="stylesheet" href="/static/style.css"></head>'
        f"<body><main><h1>{escape(info.get('title', 'API'))}</h1>"
        f"<p>{escape(info.get('description', ''))}</p>"
        '<p>The full description: <a href="/openapi.json">/openapi.json</a>. '
        "The WebSocket is <code>/api/matches/{match_id}/ws</code>.</p>"
        "<table><thead><tr><th>method</th><th>path</th><th>what it does</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table></main></body></html>\n"
    )


def add_docs_page(app: FastAPI) -> None:
    @app.get("/docs", include_in_schema=False)
    async def docs() -> HTMLResponse:
        return HTMLResponse(docs_page(app.openapi()))
