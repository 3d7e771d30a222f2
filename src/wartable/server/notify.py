"""PostgreSQL LISTEN/NOTIFY: moves stored by one server process reach the others.

Every write transaction ends with ``pg_notify('wartable', match_id)``
(``storage.py``); PostgreSQL delivers it to every listener once the transaction
commits. This thread listens and asks the service to catch the match up from
the database, which then pushes the new views to the seats connected here.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from typing import TYPE_CHECKING

from sqlalchemy.engine import make_url

from .schema import NOTIFY_CHANNEL

if TYPE_CHECKING:
    from .service import MatchService

log = logging.getLogger("wartable.server.notify")


def libpq_url(sqlalchemy_url: str) -> str:
    """``postgresql+psycopg://...`` -> ``postgresql://...`` (what psycopg itself takes)."""
    url = make_url(sqlalchemy_url).set(drivername="postgresql")
    return url.render_as_string(hide_password=False)


class Listener:
    def __init__(self, database_url: str, service: MatchService) -> None:
        self.url = libpq_url(database_url)
        self.service = service
        self.loop = asyncio.get_running_loop()
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._run, name="pg-listen", daemon=True)

    def start(self) -> None:
        self.thread.start()

    def stop(self) -> None:
        self.stopping.set()
        self.thread.join(timeout=3)

    def _deliver(self, payload: str) -> None:
        self.loop.create_task(self.service.refresh(payload))

    def _run(self) -> None:
        import psycopg

        while not self.stopping.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True) as conn:
                    conn.execute(f"LISTEN {NOTIFY_CHANNEL}")
                    while not self.stopping.is_set():
                        for note in conn.notifies(timeout=0.5):
                            self.loop.call_soon_threadsafe(self._deliver, note.payload)
            except Exception as err:  # the database restarted: listen again, catching up
                log.warning("LISTEN connection lost (%s); reconnecting", err)
                time.sleep(0.5)
