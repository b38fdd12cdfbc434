"""Fixtures: the real bot (all cogs) over a fresh SQLite file, in the no-network fake Discord, fixed seeds."""

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

SEED = 20261130


@pytest.fixture
async def fake(tmp_path: Path) -> AsyncIterator[FakeDiscord]:
    path = tmp_path / "bot.sqlite3"
    storage = SQLiteStorage(path)
    await storage.open()
    # A fixed seed: every run deals the same game, so a failure replays exactly.
    bot = YokohamaBot(Settings(database_path=path), storage, TableService(storage, new_seed=lambda: SEED))
    async with FakeDiscord(bot) as fake:
        yield fake
