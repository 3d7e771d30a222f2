"""Running the web table with uvicorn (``wartable serve``)."""

from __future__ import annotations

import logging

from .settings import Settings


def run(settings: Settings, host: str, port: int, log_level: str = "warning") -> None:
    import uvicorn

    from .app import create_app

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    app = create_app(settings)
    print(f"wartable web table on http://{host}:{port}/ (database: {_safe(settings)})", flush=True)
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level=log_level,
        ws_max_size=settings.max_message_bytes,
        ws_per_message_deflate=False,  # views are a few kB: compressing costs more CPU than it saves
        timeout_graceful_shutdown=3,
    )


def _safe(settings: Settings) -> str:
    """The database URL without its password."""
    from sqlalchemy.engine import make_url

    return make_url(settings.database_url).render_as_string(hide_password=True)
