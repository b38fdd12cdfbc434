"""A whole daily-challenge attempt through /daily, the result line, the leaderboard, stats and announcements."""

from __future__ import annotations

import pytest

from bot.settings import Settings
from engine.rollwrite import GAME
from tests.bot.discord_app.games.rollwrite.conftest import open_bot
from tests.bot.discord_app.games.rollwrite.helpers import (
    Clock,
    bot_of,
    choose_auto,
    finish_quickly,
    has_renderer,
    owing_users,
)
from tests.harness.discord_fake import FakeDiscord, FakeUser, Sent


async def play_daily(fake: FakeDiscord, user: FakeUser) -> tuple[int, Sent]:
    """Run /daily play and click through the whole attempt; return the game id and the panel."""
    sent = await fake.command("daily play", user=user)
    [panel] = [s for s in sent if s.kind == "followup"]
    assert panel.ephemeral and "daily challenge of **2026-11-29**" in panel.content
    game_id = int(panel.content.split("#", 1)[1].split("*", 1)[0])
    while await owing_users(fake, game_id):
        for s in await choose_auto(fake, user, panel, game_id):
            assert s.kind not in ("channel_message",) or not s.ephemeral
    return game_id, panel


@pytest.mark.slow
async def test_a_whole_daily_attempt(fake: FakeDiscord) -> None:
    alice, bob = fake.user("alice"), fake.user("bob")
    game_id, panel = await play_daily(fake, alice)

    final = fake.message_view(panel)
    assert "Final standings" in final.content and final.ephemeral
    assert "**Your final sheet: " in final.content and "/daily leaderboard" in final.content
    row = await bot_of(fake).service.game(game_id)
    total = row.result["scores"][0]["total"]
    [result] = fake.channel_messages()
    assert result.content.startswith(f"🎲 {alice.mention} finished the daily challenge of 2026-11-29: **{total} VP**")
    assert "orders fulfilled" in result.content and "streak 1 day" in result.content
    assert "Round" not in result.content and "die" not in result.content  # no spoilers in the line itself
    if has_renderer():
        [picture] = result.files
        assert picture.spoiler and picture.filename.endswith(".png")
    else:
        assert result.files == []

    # One attempt per person per day: a clear, private refusal.
    [_, again] = await fake.command("daily play", user=alice)
    assert again.ephemeral and f"already played the challenge of 2026-11-29 ({total} VP)" in again.content

    # Bob plays the very same dice and cards (his game is played out quickly: the clicks are tested above).
    sent = await fake.command("daily play", user=bob)
    [bob_panel] = [s for s in sent if s.kind == "followup"]
    bob_id = int(bob_panel.content.split("#", 1)[1].split("*", 1)[0])
    assert bob_panel.ephemeral and bob_id != game_id
    await finish_quickly(bot_of(fake).service, bob_id, bob.id)
    mine, his = GAME.load(row.state), GAME.load((await bot_of(fake).service.game(bob_id)).state)
    assert mine["dice"] == his["dice"] and mine["cards"] == his["cards"] and mine["areas"] == his["areas"]

    [_, board] = await fake.command("daily leaderboard", user=bob)
    assert not board.ephemeral and "leaderboard for this server** (2 finished)" in board.content
    assert alice.mention in board.content and bob.mention in board.content
    [_, world] = await fake.command("daily leaderboard", user=bob, options={"scope": "global", "date": "2026-11-29"})
    assert "for everyone" in world.content
    [refused] = await fake.command("daily leaderboard", user=bob, options={"date": "tomorrow"})
    assert refused.ephemeral and "YYYY-MM-DD" in refused.content

    [stats] = await fake.command("daily stats", user=bob, options={"user": alice})
    assert f"Games: 1 · best: {total} VP" in stats.content and "Current streak: 1 day" in stats.content


async def test_outside_the_top_you_still_see_your_place(fake: FakeDiscord) -> None:
    daily = bot_of(fake).get_cog("Daily").challenges  # type: ignore[union-attr]
    service = bot_of(fake).service
    users = [fake.user(f"p{i}") for i in range(11)]
    for n, user in enumerate(users):
        attempt = await daily.play(user.id, guild_id=fake.guild.id, channel_id=fake.channel.id)
        # Ten players follow the greedy player; the last always takes the first option offered.
        careless = (lambda state: GAME.legal(state, 0)[0]) if n == len(users) - 1 else None
        await finish_quickly(service, attempt.game.id, user.id, careless)
    last = users[-1]
    [_, board] = await fake.command("daily leaderboard", user=last)
    top, own = board.content.split("You: ")
    assert top.count(" VP · ") == 10 and last.mention not in top  # the top ten, then the caller's own line
    you = await daily.leaderboard("2026-11-29", guild_id=fake.guild.id, viewer=last.id)
    assert you.you is not None and you.you.rank == 11
    assert f"You: 11 of 11 — {you.you.total} VP" in board.content


async def test_help_states_the_grace_period(fake: FakeDiscord) -> None:
    [help_text] = await fake.command("daily help", user=fake.user("alice"))
    assert help_text.ephemeral and "grace period of **6 hours**" in help_text.content


@pytest.mark.slow
async def test_announcements_of_each_new_challenge(fake: FakeDiscord, clock: Clock) -> None:
    bot = bot_of(fake)
    alice = fake.user("alice")
    await bot.storage.set_setting(fake.guild.id, "announce_channel", str(fake.channel.id))
    await bot.sweep_once()
    [first] = fake.channel_messages()
    assert "daily challenge of 2026-11-29 is open" in first.content
    assert "Nobody here finished yesterday's challenge." in first.content
    await bot.sweep_once()
    assert len(fake.channel_messages()) == 1  # once per day and server

    attempt = await bot.get_cog("Daily").challenges.play(  # type: ignore[union-attr]
        alice.id, guild_id=fake.guild.id, channel_id=fake.channel.id)
    await finish_quickly(bot.service, attempt.game.id, alice.id)
    clock.advance(24)
    await bot.sweep_once()
    announcement = fake.channel_messages()[-1]
    assert "daily challenge of 2026-11-30 is open" in announcement.content
    assert f"Yesterday's podium here: 🥇 {alice.mention}" in announcement.content


async def test_a_daily_attempt_survives_a_restart(settings: Settings, clock: Clock) -> None:
    fake = FakeDiscord(await open_bot(settings, clock))
    await fake.start()
    alice = fake.user("alice")
    sent = await fake.command("daily play", user=alice)
    [panel] = [s for s in sent if s.kind == "followup"]
    game_id = int(panel.content.split("#", 1)[1].split("*", 1)[0])
    for _ in range(3):
        await choose_auto(fake, alice, panel, game_id)
    before = await bot_of(fake).service.game(game_id)
    await fake.close()

    async with FakeDiscord(await open_bot(settings, clock)) as again:
        alice2 = again.user("alice", id=alice.id)
        sent = await again.command("daily play", user=alice2)
        [panel2] = [s for s in sent if s.kind == "followup"]
        assert panel2.ephemeral and "Continuing your attempt at the daily challenge of **2026-11-29**" in panel2.content
        after = await bot_of(again).service.game(game_id)
        assert (after.version, after.state) == (before.version, before.state)
        await choose_auto(again, alice2, panel2, game_id)
        assert (await bot_of(again).service.game(game_id)).version == before.version + 1


@pytest.mark.slow
async def test_an_announcement_channel_that_is_gone_is_skipped_for_the_day(fake: FakeDiscord) -> None:
    bot = bot_of(fake)
    await bot.storage.set_setting(fake.guild.id, "announce_channel", "424242")  # deleted since
    await bot.sweep_once()
    assert fake.channel_messages() == []
    assert await bot.storage.get_setting(fake.guild.id, "daily_announced") == "2026-11-29"
