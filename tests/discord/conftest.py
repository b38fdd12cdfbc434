"""Fixtures for Discord-layer tests: the schema (skips if absent) and a started fake Discord around a test bot."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.discord.harness_cog import HarnessBot
from tests.harness.discord_fake import FakeDiscord, FakeUser
from tests.harness.discord_schema import discord_schema  # noqa: F401 - re-exported as a fixture


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord(HarnessBot()) as fake:
        yield fake


@pytest.fixture
def alice(fake: FakeDiscord) -> FakeUser:
    return fake.user("alice")


@pytest.fixture
def admin(fake: FakeDiscord) -> FakeUser:
    return fake.user("ada", admin=True)
