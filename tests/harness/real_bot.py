"""The real bot (every cog) over a fresh SQLite database, inside the no-network fake Discord: the one way
tests start it, so a change to how the bot is built is made here once."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

from bot.discord_app.client import YokohamaBot
from bot.service import TableService
from bot.settings import Settings
from bot.storage import SQLiteStorage
from tests.harness.discord_fake import FakeDiscord


@contextlib.asynccontextmanager
async def real_bot_in_fake_discord(tmp_path: Path, *, seed: int | None = None) -> AsyncIterator[FakeDiscord]:
    """The bot on `tmp_path / "bot.sqlite3"`; with `seed`, every new game is dealt from that seed (a test
    that replays fixed positions)."""
    path = tmp_path / "bot.sqlite3"
    storage = SQLiteStorage(path)
    await storage.open()
    service = TableService(storage, new_seed=lambda: seed) if seed is not None else None
    bot = YokohamaBot(Settings(database_path=path), storage, service)
    async with FakeDiscord(bot) as fake:
        yield fake
