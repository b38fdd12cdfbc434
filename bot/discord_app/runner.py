"""Start the bot: open storage (refusing a bad database), connect, stop cleanly on SIGTERM.

A stop signal ends the process within seconds with status 0 (`docker stop` never needs SIGKILL):
the handler only sets an event; the main coroutine then runs the whole shutdown itself (disconnect,
let requests in flight finish for a few seconds, close the database) before `asyncio.run` returns.
Running the shutdown in a task of its own would let `asyncio.run` cancel it half-way on return,
leaving a database thread alive that keeps the process from exiting.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys
from collections.abc import Callable

from bot.discord_app.client import YokohamaBot, make_bot
from bot.observability import metrics
from bot.observability.server import Health, MetricsServer
from bot.service.records import Storage, StorageError, storage_for
from bot.settings import Settings

log = logging.getLogger(__name__)

BotFactory = Callable[[Settings, Storage], YokohamaBot]


async def serve(settings: Settings, bot_factory: BotFactory = make_bot) -> int:
    """Run until Discord disconnects for good or a stop signal arrives; the exit status."""
    storage = storage_for(settings.database_url, settings.database_path)
    try:
        await storage.open()
    except StorageError as exc:
        print(exc, file=sys.stderr)
        return 3
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    bot = bot_factory(settings, storage)
    served = await _serve_metrics(settings, storage, bot)
    backups = _backups(settings)
    try:
        running = asyncio.create_task(bot.start(settings.discord_token), name="discord")
        stopping = asyncio.create_task(stop.wait(), name="stop-signal")
        await asyncio.wait({running, stopping}, return_when=asyncio.FIRST_COMPLETED)
        if stopping.done():
            log.info("stop signal received; shutting down")
        stopping.cancel()
        # The whole shutdown runs here, awaited: disconnect, drain requests in flight, close the database.
        await bot.close()
        if not running.done():
            running.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await running  # re-raises a login failure (a bad token) for the caller to report
    finally:
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.remove_signal_handler(sig)
        if backups is not None:
            backups.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await backups  # a backup being copied finishes in its thread; its file is renamed or removed
        if served is not None:
            await served.stop()
        await storage.close()
    log.info("stopped cleanly")
    return 0


async def _serve_metrics(settings: Settings, storage: Storage, bot: YokohamaBot) -> MetricsServer | None:
    """`/metrics` and `/healthz` on METRICS_PORT, if set (a port that cannot be bound is logged, not fatal)."""
    if settings.metrics_port is None:
        return None
    health = Health(ping=storage.ping, gateway=lambda: bot.is_ready() and not bot.is_closed(),
                    sweep_seconds=settings.sweep_seconds, open_games=storage.open_game_counts)
    served = MetricsServer(health, settings.metrics_host, settings.metrics_port)
    try:
        await served.start()
    except OSError as exc:
        log.error("cannot serve metrics on %s:%s (%s); the bot runs without them", settings.metrics_host,
                  settings.metrics_port, exc)
        return None
    return served


def _backups(settings: Settings) -> asyncio.Task[None] | None:
    """The scheduled backups (BACKUP_DIR) of a SQLite database, as a task; PostgreSQL has its own tools."""
    from bot.backup import Schedule, sqlite_file

    if settings.backup_dir is None:
        return None
    database = sqlite_file(settings)
    if database is None:
        log.warning("BACKUP_DIR is for a SQLite database; back PostgreSQL up with pg_dump (docs/operations.md)")
        return None

    def done(made: object) -> None:
        metrics.BACKUPS.labels("ok" if made is not None else "failed").inc()
        if made is not None:
            metrics.BACKUP_LAST.set_to_current_time()

    schedule = Schedule(database, settings.backup_dir, settings.backup_hours, settings.backup_keep)
    return asyncio.create_task(schedule.forever(done), name="backups")


def run_bot(settings: Settings) -> int:
    if not settings.discord_token:
        print("Set DISCORD_TOKEN to your bot's token (see README: 'Create the Discord application').",
              file=sys.stderr)
        return 2
    return asyncio.run(serve(settings))
