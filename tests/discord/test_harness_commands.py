"""The harness runs slash commands through discord.py's real CommandTree and records what users would see."""

from __future__ import annotations

import discord
import pytest

from tests.discord.harness_cog import HarnessBot
from tests.harness.discord_fake import CommandHidden, FakeDiscord, FakeUser, InvalidInteraction
from tests.harness.discord_schema import DiscordSchema


async def test_sync_sent_valid_command_definitions_at_start_up(
    fake: FakeDiscord, discord_schema: DiscordSchema
) -> None:
    syncs = [s for s in fake.sent if s.kind == "sync_commands"]
    assert len(syncs) == 1
    assert syncs[0].operation_id == "bulk_set_application_commands"
    names = sorted(c["name"] for c in syncs[0].payload)
    assert names == ["play", "wipe"]
    play = next(c for c in syncs[0].payload if c["name"] == "play")
    assert {o["name"] for o in play["options"]} >= {"new", "picture", "admin"}


async def test_validate_command_definitions_returns_what_sync_puts(
    fake: FakeDiscord, discord_schema: DiscordSchema
) -> None:
    payload = discord_schema.validate_command_definitions(fake.bot.tree)
    synced = next(s for s in fake.sent if s.kind == "sync_commands")
    assert payload == synced.payload


async def test_group_command_with_options_replies_ephemerally(fake: FakeDiscord, alice: FakeUser) -> None:
    bob = fake.user("bob")
    sent = await fake.command("play new", user=alice, options={"side": "B", "seats": 3, "rival": bob})
    assert len(sent) == 1
    reply = sent[0]
    assert reply.kind == "response"
    assert reply.ephemeral
    assert reply.content == f"New game on side B with 3 seats against <@{bob.id}>."


async def test_optional_options_take_their_defaults(fake: FakeDiscord, alice: FakeUser) -> None:
    [reply] = await fake.command("play new", user=alice, options={"side": "A"})
    assert reply.content == "New game on side A with 2 seats."


async def test_the_fake_refuses_what_a_discord_client_cannot_send(fake: FakeDiscord, alice: FakeUser) -> None:
    with pytest.raises(InvalidInteraction, match="choices"):
        await fake.command("play new", user=alice, options={"side": "C"})
    with pytest.raises(InvalidInteraction, match="max"):
        await fake.command("play new", user=alice, options={"side": "A", "seats": 5})
    with pytest.raises(InvalidInteraction, match="required"):
        await fake.command("play new", user=alice, options={})
    with pytest.raises(InvalidInteraction, match="no subcommand"):
        await fake.command("play nothing", user=alice)


async def test_deferred_reply_then_followup_with_png_and_embed(fake: FakeDiscord, alice: FakeUser) -> None:
    sent = await fake.command("play picture", user=alice)
    assert [s.kind for s in sent] == ["defer", "followup"]
    defer, followup = sent
    assert not defer.ephemeral
    assert [f.filename for f in followup.files] == ["board.png"]
    assert followup.files[0].data.startswith(b"\x89PNG\r\n\x1a\n")
    assert followup.embeds[0]["title"] == "Board"
    assert followup.embeds[0]["image"]["url"] == "attachment://board.png"
    # Discord replaces the "thinking..." message with the first followup: one message, now with the picture.
    assert followup.message_id == defer.message_id
    message = fake.message(defer)
    assert [a["filename"] for a in message["attachments"]] == ["board.png"]


async def test_admin_check_failure_goes_through_the_tree_error_handler(
    fake: FakeDiscord, alice: FakeUser, admin: FakeUser
) -> None:
    [refused] = await fake.command("play admin reset", user=alice)
    assert refused.ephemeral
    assert refused.content == "Only members with the Manage Server permission can do that."
    [done] = await fake.command("play admin reset", user=admin)
    assert done.content == "Reset done."


async def test_default_permissions_hide_a_command_from_non_admins(
    fake: FakeDiscord, alice: FakeUser, admin: FakeUser
) -> None:
    with pytest.raises(CommandHidden, match="manage_guild"):
        await fake.command("wipe", user=alice)
    # Were it shown anyway (check_visibility=False), the bot's own check still refuses.
    [refused] = await fake.command("wipe", user=alice, check_visibility=False)
    assert refused.content == "Only members with the Manage Server permission can do that."
    [done] = await fake.command("wipe", user=admin)
    assert done.content == "Wiped."


async def test_guild_only_command_is_not_offered_in_dms(fake: FakeDiscord, admin: FakeUser) -> None:
    with pytest.raises(CommandHidden, match="direct messages"):
        await fake.command("wipe", user=admin, dm=True)


async def test_dm_to_a_user_is_recorded_and_closed_dms_are_refused(fake: FakeDiscord, alice: FakeUser) -> None:
    bob = fake.user("bob")
    sent = await fake.command("play remind", user=alice, options={"player": bob})
    assert [s.kind for s in sent] == ["open_dm", "dm", "response"]
    [dm] = fake.dms(bob)
    assert dm.content == "alice is waiting for you."
    assert not dm.failed

    carol = fake.user("carol", dms_open=False)
    sent = await fake.command("play remind", user=alice, options={"player": carol})
    [dm] = fake.dms(carol)
    assert dm.failed and dm.error_code == 50007
    assert sent[-1].content == "carol does not accept DMs."


async def test_a_command_the_bot_never_answers_fails_the_test() -> None:
    class Silent(HarnessBot):
        async def setup_hook(self) -> None:
            await super().setup_hook()

            @self.tree.command(name="silent", description="Never answers")
            async def silent(interaction):  # type: ignore[no-untyped-def]
                return None

    async with FakeDiscord(Silent()) as fake:
        user = fake.user("dave")
        with pytest.raises(AssertionError, match="This interaction failed"):
            await fake.command("silent", user=user)


async def test_a_defer_never_followed_up_fails_the_test(fake: FakeDiscord, alice: FakeUser) -> None:
    with pytest.raises(AssertionError, match="thinking"):
        await fake.command("play forgetful", user=alice)


async def test_autocomplete_returns_the_choices(fake: FakeDiscord, alice: FakeUser) -> None:
    choices = await fake.autocomplete("play find", user=alice, focused="name", options={"name": "yoko"})
    assert [c["value"] for c in choices] == ["Yokohama", "Yokohama Duel"]


async def test_a_command_in_direct_messages(fake: FakeDiscord, alice: FakeUser) -> None:
    [reply] = await fake.command("play new", user=alice, options={"side": "A"}, dm=True)
    assert reply.content == "New game on side A with 2 seats."
    assert reply.channel_id == fake.dm_channel_id(alice)


async def test_guild_scoped_commands_are_synced_and_routed_with_their_guild() -> None:
    """A bot that syncs to one development guild (tree.copy_global_to) gets guild-scoped interactions."""
    guild_id = 987654321098765432

    class DevGuildBot(HarnessBot):
        async def setup_hook(self) -> None:
            await super().setup_hook()
            self.tree.copy_global_to(guild=discord.Object(guild_id))
            await self.tree.sync(guild=discord.Object(guild_id))

    async with FakeDiscord(DevGuildBot(), guild_id=guild_id) as fake:
        put = [s for s in fake.sent if s.kind == "sync_commands"][-1]
        assert put.path.endswith(f"/guilds/{guild_id}/commands")
        user = fake.user("gina")
        [reply] = await fake.command("play new", user=user, options={"side": "B"})
        assert reply.content == "New game on side B with 2 seats."
        assert fake.guild.id == guild_id
        assert fake.payloads[-1]["data"]["guild_id"] == str(guild_id)
        assert fake.last_interaction is not None and fake.last_interaction.command is not None
        assert fake.last_interaction.command.qualified_name == "play new"


async def test_work_spawned_in_background_tasks_is_waited_for(fake: FakeDiscord, alice: FakeUser) -> None:
    sent = await fake.command("play announce", user=alice)
    assert [(s.kind, s.content) for s in sent] == [("response", "Announcing."), ("channel_message", "Announcement!")]
