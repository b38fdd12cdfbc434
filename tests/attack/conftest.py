"""The attack suite: the real bot (every cog) in the fake Discord, played by a hostile member of a second
server. `Scene` holds the home server with its players and the attacker's own server, where she is an
admin (Manage Server); every probe forges what a modified client could send."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.discord_app.client import YokohamaBot
from bot.discord_app.errors import UNEXPECTED
from bot.settings import Settings
from bot.storage import SQLiteStorage
from tests.harness.discord_fake import FakeDiscord, FakeUser, Sent


@dataclass
class Scene:
    fake: FakeDiscord
    alice: FakeUser  # a player of the home server
    bob: FakeUser
    mallory: FakeUser  # the attacker: an admin of her own server, a stranger to the home server's games
    elsewhere: discord.Guild  # her server
    her_channel: discord.TextChannel

    @property
    def bot(self) -> YokohamaBot:
        return self.fake.bot  # type: ignore[return-value]

    def button(self, custom_id: str, *, channel: Any = None, label: str = "button") -> dict[str, Any]:
        """A bot message carrying one forged button (as if the bot had sent it, before a restart)."""
        button = {"type": 2, "style": 1, "label": label, "custom_id": custom_id}
        return self.fake.fake_message([{"type": 1, "components": [button]}], channel=channel)

    async def click_forged(self, custom_id: str, user: FakeUser, *, channel: Any = None) -> list[Sent]:
        message = self.button(custom_id, channel=channel if channel is not None else self.her_channel)
        return await self.fake.click(user=user, message=message, custom_id=custom_id)

    def dm(self, user: FakeUser) -> int:
        return self.fake.dm_channel_id(user)


def texts(sent: list[Sent]) -> str:
    return "\n".join(s.content or "" for s in sent)


def refused_privately(sent: list[Sent], words: str) -> bool:
    """Whether the bot answered with `words` in a message only the clicker sees, and nothing went public."""
    private = [s for s in sent if s.ephemeral]
    return any(words in (s.content or "") for s in private) and not public(sent) and UNEXPECTED not in texts(sent)


def public(sent: list[Sent]) -> list[Sent]:
    """What the bot posted for others to see: channel posts, direct messages, non-ephemeral replies."""
    return [s for s in sent if s.kind in ("channel_message", "dm")
            or (s.kind in ("response", "followup") and not s.ephemeral)]


@pytest.fixture
async def scene(tmp_path: Path, counting_game: None) -> AsyncIterator[Scene]:
    path = tmp_path / "bot.sqlite3"
    storage = SQLiteStorage(path)
    await storage.open()
    bot = YokohamaBot(Settings(database_path=path, ai_budget_s=0.01), storage)
    async with FakeDiscord(bot) as fake:
        elsewhere = fake.add_guild("Mallory's server")
        her_channel = fake.add_text_channel("lair", guild=elsewhere)
        yield Scene(fake, fake.user("alice"), fake.user("bob"), fake.user("mallory", admin=True), elsewhere,
                    her_channel)
