"""Running the web table with uvicorn (``wartable serve``)."""

from __future__ import annotations

import logging

from .settings import Settings


def run(settings: Settings, host: str, port: int, log_level: str = "warning") -> None:
    import uvicorn

    from .app import create_app
    from .connections import (
        ConnectionGuard,
        connection_cap,
        guarded_protocols,
        quiet_accept_errors,
        raise_fd_limit,
    )

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    app = create_app(settings)
    print(f"wartable web table on http://{host}:{port}/ (database: {_safe(settings)})", flush=True)
    # uvicorn's limit_concurrency is not used: it answers 503 only once a request has
    # arrived on a connection already holding a descriptor; the guard refuses at connect
    cap = connection_cap(settings.max_connections, raise_fd_limit())
    guard = ConnectionGuard(cap, settings.max_connections_per_address, settings.request_timeout)
    http_protocol, ws_protocol = guarded_protocols(guard)
    quiet_accept_errors()
    uvicorn.run(
        app,
        http=http_protocol,
        ws=ws_protocol,
        timeout_keep_alive=5,  # an idle kept-alive connection closes after 5 s
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
