"""Fixtures: the real bot (every cog) over a fresh SQLite file, inside the no-network fake Discord,
with a fixed seed so every test plays the same Duel deal."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.discord_app.client import YokohamaBot
from bot.service import TableService
from bot.settings import Settings
from bot.storage import SQLiteStorage
from tests.harness.discord_fake import FakeDiscord
from tests.harness.discord_schema import discord_schema  # noqa: F401 - re-exported as a fixture


@pytest.fixture
async def fake(tmp_path: Path) -> AsyncIterator[FakeDiscord]:
    path = tmp_path / "bot.sqlite3"
    storage = SQLiteStorage(path)
    await storage.open()
    bot = YokohamaBot(Settings(database_path=path), storage, TableService(storage, new_seed=lambda: 20261130))
    async with FakeDiscord(bot) as fake:
        yield fake
