"""Fixtures: the real bot over a fresh SQLite file, driven through the no-network Discord harness."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.discord_app.client import YokohamaBot
from bot.service import TableService
from bot.settings import Settings
from bot.storage import SQLiteStorage
from tests.bot.discord_app.games.rollwrite.helpers import Clock
from tests.harness.discord_fake import FakeDiscord
from tests.harness.discord_schema import discord_schema  # noqa: F401 - re-exported as a fixture


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(database_path=tmp_path / "bot.sqlite3", daily_secret="", daily_grace_hours=6.0, ai_budget_s=0.05)


async def open_bot(settings: Settings, clock: Clock) -> YokohamaBot:
    storage = SQLiteStorage(settings.database_path)
    await storage.open()
    # A fixed seed: every test plays the same deals, so a failure replays exactly.
    return YokohamaBot(settings, storage, TableService(storage, now=clock, new_seed=lambda: 20261129))


@pytest.fixture
async def fake(settings: Settings, clock: Clock) -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord(await open_bot(settings, clock)) as fake:
        yield fake
