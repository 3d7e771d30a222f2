"""Running the web table with uvicorn (``wartable serve``)."""

from __future__ import annotations

import logging
import logging.config
import sys

from .logs import log_config
from .settings import Settings
from .startup import check_database, public_bind_warning


def run(
    settings: Settings,
    host: str,
    port: int,
    log_level: str = "warning",
    proxy: str | None = None,
) -> None:
    """Serve until stopped. ``proxy``: the address(es) of a reverse proxy whose
    ``X-Forwarded-For``/``-Proto`` headers are believed (None: no one's, so a client cannot
    pose as another address to the rate limiter or the logs). Raises ``StartupError``."""
    import uvicorn

    from .app import create_app
    from .connections import (
        ConnectionGuard,
        connection_cap,
        guarded_protocols,
        quiet_accept_errors,
        raise_fd_limit,
    )

    config = log_config()
    logging.config.dictConfig(config)
    check_database(settings)  # one clear line, before uvicorn, if the database is unusable
    warning = public_bind_warning(host)
    if warning:
        print(warning, file=sys.stderr, flush=True)
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
        log_config=config,
        proxy_headers=proxy is not None,
        forwarded_allow_ips=proxy if proxy is not None else "",
        ws_max_size=settings.max_message_bytes,
        ws_per_message_deflate=False,  # views are a few kB: compressing costs more CPU than it saves
        timeout_graceful_shutdown=3,
    )


def _safe(settings: Settings) -> str:
    """The database URL without its password."""
    from sqlalchemy.engine import make_url

    return make_url(settings.database_url).render_as_string(hide_password=True)
