"""Stale interaction tokens and misuse of the response come back from the fake as Discord sends them."""

from __future__ import annotations

import asyncio

import discord
import pytest
from discord import app_commands

from tests.discord import harness_cog
from tests.harness.discord_fake import FakeDiscord, FakeUser


async def test_an_expired_token_on_the_first_response_gives_unknown_interaction(
    fake: FakeDiscord, alice: FakeUser
) -> None:
    sent = await fake.command("play new", user=alice, options={"side": "A"}, expired=True)
    # The reply was refused with 10062; the tree's error handler then tried to answer, refused too.
    assert [(s.kind, s.status, s.error_code) for s in sent] == [("response", 404, 10062), ("response", 404, 10062)]


async def test_an_error_handler_that_crashes_on_a_stale_token_fails_the_test() -> None:
    """Exceptions escaping the bot's tasks are re-raised in the test, not lost in a log."""

    class Careless(harness_cog.HarnessBot):
        async def on_app_command_error(
            self, interaction: discord.Interaction, error: app_commands.AppCommandError
        ) -> None:
            await interaction.response.send_message("Something went wrong.", ephemeral=True)

    async with FakeDiscord(Careless()) as fake:
        user = fake.user("frank")
        with pytest.raises(AssertionError, match="crashed: NotFound.*10062"):
            await fake.command("play new", user=user, options={"side": "A"}, expired=True)


async def test_a_token_that_expires_after_the_defer_refuses_the_followup(fake: FakeDiscord, alice: FakeUser) -> None:
    harness_cog.DELIVERY_ERRORS.clear()
    gate = harness_cog.GATE["slow"] = asyncio.Event()
    await fake.command("play slow", user=alice, settle=False)
    defer = await fake.wait_for(lambda s: s.kind == "defer")
    assert defer.ephemeral
    fake.expire(defer.token)  # type: ignore[arg-type]
    gate.set()
    await fake.settle()
    followup = next(s for s in fake.sent if s.kind == "followup")
    assert (followup.status, followup.error_code) == (401, 50027)
    assert harness_cog.DELIVERY_ERRORS == [50027]


async def test_responding_twice_is_refused_like_discord_does(fake: FakeDiscord, alice: FakeUser) -> None:
    """discord.py tracks is_done() per Interaction object; the fake also enforces it per token."""
    harness_cog.GATE["slow"] = asyncio.Event()
    await fake.command("play slow", user=alice, settle=False)
    defer = await fake.wait_for(lambda s: s.kind == "defer")
    interaction_id, token = defer.interaction_id, defer.token
    adapter = discord.webhook.async_.async_context.get()
    try:
        await adapter.create_interaction_response(
            interaction_id, token, session=None,  # type: ignore[arg-type]
            params=discord.webhook.async_.interaction_response_params(4, {"content": "again"}),
        )
    except discord.HTTPException as exc:
        assert exc.code == 40060
    else:
        raise AssertionError("a second response was accepted")
    harness_cog.GATE["slow"].set()
    await fake.settle()
