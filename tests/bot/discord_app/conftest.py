"""The real bot (all cogs) over a fresh database, inside the no-network fake Discord."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.harness.discord_fake import FakeDiscord
from tests.harness.discord_schema import discord_schema  # noqa: F401 - fixture
from tests.harness.real_bot import real_bot_in_fake_discord


@pytest.fixture
async def fake(tmp_path: Path, counting_game: None) -> AsyncIterator[FakeDiscord]:
    async with real_bot_in_fake_discord(tmp_path) as fake:
        yield fake
