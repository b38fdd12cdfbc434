"""Start the bot: open storage (refusing a bad database), connect, stop cleanly on SIGTERM."""

from __future__ import annotations

import asyncio
import logging
import signal
import sys

from bot.discord_app.client import make_bot
from bot.settings import Settings
from bot.storage import StorageError, storage_for

log = logging.getLogger(__name__)


async def _main(settings: Settings) -> int:
    storage = storage_for(settings.database_url, settings.database_path)
    try:
        await storage.open()
    except StorageError as exc:
        print(exc, file=sys.stderr)
        return 3
    bot = make_bot(settings, storage)
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        # close() waits for a write in progress, then disconnects: no half-written game.
        loop.add_signal_handler(sig, lambda: asyncio.ensure_future(bot.close()))
    async with bot:
        await bot.start(settings.discord_token)
    log.info("stopped cleanly")
    return 0


def run_bot(settings: Settings) -> int:
    if not settings.discord_token:
        print("Set DISCORD_TOKEN to your bot's token (see README: 'Create the Discord application').",
              file=sys.stderr)
        return 2
    return asyncio.run(_main(settings))
