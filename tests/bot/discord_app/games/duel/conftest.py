"""Fixtures: the real bot (every cog) over a fresh SQLite file, inside the no-network fake Discord,
with a fixed seed so every test plays the same Duel deal."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.harness.discord_fake import FakeDiscord
from tests.harness.discord_schema import discord_schema  # noqa: F401 - re-exported as a fixture
from tests.harness.real_bot import real_bot_in_fake_discord


@pytest.fixture
async def fake(tmp_path: Path) -> AsyncIterator[FakeDiscord]:
    async with real_bot_in_fake_discord(tmp_path, seed=20261130) as fake:
        yield fake
