"""The embedded phase clock: in the embedded mode the web process closes due phases itself.

It calls the same service the Celery beat task calls, four times a second, on the
server's own event loop (started by the first request or websocket).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import close_old_connections

from genius.matches import scheduler
from genius.matches.services.resolution import close_due_phases

log = logging.getLogger(__name__)


def tick() -> int:
    """One tick of the clock: resolve every due phase."""
    close_old_connections()
    try:
        scheduler.run_sweeps()  # e.g. seasons: due decisions, reminder emails, webhook retries (never raises)
        return close_due_phases()
    finally:
        close_old_connections()


#: Seconds between ticks: live turns (a minute, or both players locked in) resolve within a fraction of a second.
TICK_SECONDS = 0.25


async def run_clock(interval: float = TICK_SECONDS) -> None:
    """Tick forever (until the server stops)."""
    log.info("embedded phase clock started")
    while True:
        try:
            await sync_to_async(tick, thread_sensitive=False)()
        except Exception:
            log.exception("phase clock tick failed")
        await asyncio.sleep(interval)


class EmbeddedClockMiddleware:
    """ASGI middleware that starts the embedded clock once, when ``GENIUS_CLOCK=embedded``."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.task: asyncio.Task | None = None

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if self.task is None and settings.GENIUS_CLOCK == "embedded" and scope["type"] in ("http", "websocket"):
            self.task = asyncio.get_running_loop().create_task(run_clock())
        await self.app(scope, receive, send)
