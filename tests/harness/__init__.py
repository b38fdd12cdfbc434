"""Test harness for the Discord layer: drive a real ``commands.Bot`` with no network.

``discord_fake.FakeDiscord`` patches discord.py's HTTP layer, builds real ``discord.Interaction`` objects and
records every request the bot would send; ``discord_schema`` checks each of those requests against Discord's
own OpenAPI specification. See ``docs/testing.md``.
"""

from tests.harness.discord_fake import (
    CommandHidden,
    FakeDiscord,
    FakeUser,
    HarnessTimeout,
    InvalidInteraction,
    Sent,
    SentFile,
    find_component,
    iter_components,
    png_bytes,
)
from tests.harness.discord_schema import (
    DiscordSchema,
    discord_schema,
    load_discord_schema,
    openapi_path,
    require_discord_schema,
    validate_command_definitions,
    validate_request,
)

__all__ = [
    "CommandHidden",
    "DiscordSchema",
    "FakeDiscord",
    "FakeUser",
    "HarnessTimeout",
    "InvalidInteraction",
    "Sent",
    "SentFile",
    "discord_schema",
    "find_component",
    "iter_components",
    "load_discord_schema",
    "openapi_path",
    "png_bytes",
    "require_discord_schema",
    "validate_command_definitions",
    "validate_request",
]
