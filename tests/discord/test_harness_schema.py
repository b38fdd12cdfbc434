"""The validator really rejects what Discord rejects, and the fake turns that into a failing test."""

from __future__ import annotations

from typing import Any

import pytest
from discord import app_commands

from tests.discord.harness_cog import HarnessBot
from tests.harness.discord_fake import FakeDiscord, FakeUser
from tests.harness.discord_schema import DiscordSchema


def _button(label: str, custom_id: str = "b") -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": label, "custom_id": custom_id}


def test_a_valid_reply_passes(discord_schema: DiscordSchema) -> None:
    payload = {"type": 4, "data": {"content": "hi", "flags": 64, "components": [
        {"type": 1, "components": [_button("Go")]}], "attachments": [{"id": 0, "filename": "a.png"}]}}
    assert discord_schema.validate_request("POST", "/interactions/1/tok/callback", payload) == (
        "create_interaction_response")


def test_a_button_label_over_80_characters_is_rejected(discord_schema: DiscordSchema) -> None:
    payload = {"type": 4, "data": {"components": [{"type": 1, "components": [_button("x" * 81)]}]}}
    with pytest.raises(AssertionError, match=r"data\.components\[0\]\.components\[0\]\.label"):
        discord_schema.validate_request("POST", "/interactions/1/tok/callback", payload)


def test_a_select_with_26_options_is_rejected(discord_schema: DiscordSchema) -> None:
    options = [{"label": f"Option {i}", "value": str(i)} for i in range(26)]
    payload = {"components": [{"type": 1, "components": [{"type": 3, "custom_id": "s", "options": options}]}]}
    with pytest.raises(AssertionError, match=r"components\[0\]\.components\[0\]\.options.*maxItems"):
        discord_schema.validate_request("POST", "/channels/123/messages", payload)


def test_six_buttons_in_one_row_are_rejected(discord_schema: DiscordSchema) -> None:
    row = {"type": 1, "components": [_button(str(i), f"b{i}") for i in range(6)]}
    with pytest.raises(AssertionError, match="maxItems"):
        discord_schema.validate_request("POST", "/webhooks/1/tok", {"components": [row]})


def test_an_ephemeral_reply_over_2000_characters_is_rejected(discord_schema: DiscordSchema) -> None:
    with pytest.raises(AssertionError, match=r"body\.data\.content: violates maxLength=2000"):
        discord_schema.validate_request("POST", "/interactions/1/tok/callback",
                                        {"type": 4, "data": {"content": "x" * 2001, "flags": 64}})


def test_a_command_description_over_100_characters_is_rejected(discord_schema: DiscordSchema) -> None:
    commands = [{"name": "play", "description": "d" * 101, "type": 1}]
    with pytest.raises(AssertionError, match="description"):
        discord_schema.validate_request("PUT", "/applications/1/commands", commands)


def test_integer_snowflakes_pass_but_integer_strings_do_not(discord_schema: DiscordSchema) -> None:
    edit = {"content": "x", "attachments": [{"id": 1234567890123}]}
    discord_schema.validate_request("PATCH", "/webhooks/1/tok/messages/@original", edit)
    with pytest.raises(AssertionError, match="attachments"):
        discord_schema.validate_request("PATCH", "/webhooks/1/tok/messages/@original",
                                        {"attachments": [{"id": "12x"}]})


def test_operations_are_found_from_concrete_paths(discord_schema: DiscordSchema) -> None:
    cases = {
        ("POST", "/interactions/1/abc/callback"): "create_interaction_response",
        ("POST", "/channels/2/messages"): "create_message",
        ("PATCH", "/webhooks/3/abc/messages/@original"): "update_original_webhook_message",
        ("PATCH", "/webhooks/3/abc/messages/44"): "update_webhook_message",
        ("POST", "/webhooks/3/abc?wait=1"): "execute_webhook",
        ("PUT", "/applications/3/commands"): "bulk_set_application_commands",
        ("PUT", "https://discord.com/api/v10/applications/3/guilds/5/commands"): "bulk_set_guild_application_commands",
    }
    for (method, path), operation in cases.items():
        assert discord_schema.find_operation(method, path).operation_id == operation
    with pytest.raises(AssertionError, match="not an endpoint"):
        discord_schema.find_operation("POST", "/nowhere/1")


async def test_an_invalid_payload_fails_the_test_even_if_the_bot_swallows_the_error(
    fake: FakeDiscord, alice: FakeUser, discord_schema: DiscordSchema
) -> None:
    with pytest.raises(AssertionError, match="label"):
        await fake.command("play broken", user=alice)
    # Discord answered 400 Invalid Form Body, which is what the bot would have met in production.
    refused = [s for s in fake.sent if s.schema_errors]
    assert [(s.kind, s.status, s.error_code) for s in refused] == [("response", 400, 50035)]


async def test_invalid_command_definitions_stop_the_bot_from_starting(discord_schema: DiscordSchema) -> None:
    class Verbose(HarnessBot):
        async def setup_hook(self) -> None:
            @self.tree.command(name="verbose", description="d" * 101)
            async def verbose(interaction):  # type: ignore[no-untyped-def]
                await interaction.response.send_message("hi")

            assert isinstance(self.tree.get_command("verbose"), app_commands.Command)
            await super().setup_hook()

    with pytest.raises(AssertionError, match=r"failed to start(.|\n)*description"):
        async with FakeDiscord(Verbose()):
            pass
