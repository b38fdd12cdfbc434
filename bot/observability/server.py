"""`/metrics` (Prometheus) and `GET /healthz` on the opt-in `METRICS_PORT`, bound to `METRICS_HOST`
(localhost by default: a public port would show anyone how busy the bot is).

A small aiohttp app (discord.py already depends on aiohttp), on the bot's own event loop. `/healthz`
answers 200 when the bot is fit to serve and 503 otherwise, with a JSON body naming each check:
- `database`: a trivial query answers within `DB_TIMEOUT_S`;
- `gateway`: the Discord connection is up and ready (`gateway()` says so);
- `sweep`: the last sweep ended less than `late_after_s` ago (or, before the first one, the process
  started less than that long ago).
The process answering at all is the fourth: a hung event loop answers nothing, and Docker's health check
times out.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from aiohttp import web

from bot.observability import metrics

log = logging.getLogger(__name__)

#: How long the database may take to answer the health check's query before it counts as unreachable.
DB_TIMEOUT_S = 3.0


@dataclass
class Health:
    """What `/healthz` checks. `ping` reads the database; `gateway` says whether Discord is connected;
    `open_games` counts the open games by (game, status) for the metrics."""

    ping: Callable[[], Awaitable[object]]
    gateway: Callable[[], bool]
    sweep_seconds: float
    open_games: Callable[[], Awaitable[list[tuple[str, str, int]]]] | None = None
    started: float = field(default_factory=time.time)

    @property
    def late_after_s(self) -> float:
        """A sweep is late after two of its periods and a minute besides (a long sweep is not a dead one)."""
        return 2 * self.sweep_seconds + 60

    async def check(self, now: float | None = None) -> tuple[bool, dict[str, str]]:
        now = time.time() if now is None else now
        checks: dict[str, str] = {"process": "ok"}
        try:
            await asyncio.wait_for(self.ping(), DB_TIMEOUT_S)
            checks["database"] = "ok"
        except Exception as exc:  # noqa: BLE001 - any failure to answer is "unreachable"
            checks["database"] = f"unreachable: {type(exc).__name__}"
        checks["gateway"] = "ok" if self.gateway() else "disconnected"
        last = metrics.Clock.last_sweep
        since = now - (last if last is not None else self.started)
        if since <= self.late_after_s:
            checks["sweep"] = "ok"
        else:
            checks["sweep"] = f"late: {'last ended' if last is not None else 'none since start'} {since:.0f} s ago"
        return all(v == "ok" for v in checks.values()), checks


def app(health: Health) -> web.Application:
    async def healthz(request: web.Request) -> web.Response:
        ok, checks = await health.check()
        body = json.dumps({"status": "ok" if ok else "unhealthy", "checks": checks})
        return web.Response(text=body, status=200 if ok else 503, content_type="application/json")

    async def scrape(request: web.Request) -> web.Response:
        if health.open_games is not None:
            try:
                metrics.set_open_games(await asyncio.wait_for(health.open_games(), DB_TIMEOUT_S))
            except Exception:  # the other figures still answer; the gauge keeps its last value
                log.warning("could not count the open games for /metrics", exc_info=True)
        body, content_type = metrics.exposition()
        response = web.Response(body=body)
        response.headers["Content-Type"] = content_type
        return response

    application = web.Application()
    application.router.add_get("/healthz", healthz)
    application.router.add_get("/metrics", scrape)
    return application


class MetricsServer:
    """The app served on (host, port) until `stop()`; port 0 picks a free port (`port` tells it after start)."""

    def __init__(self, health: Health, host: str = "127.0.0.1", port: int = 0) -> None:
        self.health = health
        self.host = host
        self.port = port
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        self._runner = web.AppRunner(app(self.health), access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        sockets = getattr(site._server, "sockets", None) or []
        if sockets:
            self.port = sockets[0].getsockname()[1]
        log.info("metrics and health on http://%s:%s/metrics and /healthz", self.host, self.port)

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
