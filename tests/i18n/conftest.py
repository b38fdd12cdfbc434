"""The real bot (all cogs) over a fresh database, inside the no-network fake Discord, for the language tests."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.discord_app.client import YokohamaBot
from bot.settings import Settings
from bot.storage import SQLiteStorage
from tests.harness.discord_fake import FakeDiscord
from tests.harness.discord_schema import discord_schema  # noqa: F401 - fixture


@pytest.fixture
async def fake(tmp_path: Path, counting_game: None) -> AsyncIterator[FakeDiscord]:
    path = tmp_path / "bot.sqlite3"
    storage = SQLiteStorage(path)
    await storage.open()
    bot = YokohamaBot(Settings(database_path=path), storage)
    async with FakeDiscord(bot) as fake:
        yield fake
