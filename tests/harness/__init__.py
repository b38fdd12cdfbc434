"""Test harness for the Discord layer: drive a real ``commands.Bot`` with no network.

``discord_fake.FakeDiscord`` patches discord.py's HTTP layer, builds real ``discord.Interaction`` objects and
records every request the bot would send; ``discord_schema`` checks each of those requests against Discord's
own OpenAPI specification. See ``docs/testing-discord.md``.
"""

from tests.harness.discord_fake import FakeDiscord, FakeUser, HarnessTimeout, Sent, SentFile
from tests.harness.discord_schema import (
    DiscordSchema,
    load_discord_schema,
    openapi_path,
    validate_command_definitions,
    validate_request,
)

__all__ = [
    "DiscordSchema",
    "FakeDiscord",
    "FakeUser",
    "HarnessTimeout",
    "Sent",
    "SentFile",
    "load_discord_schema",
    "openapi_path",
    "validate_command_definitions",
    "validate_request",
]
