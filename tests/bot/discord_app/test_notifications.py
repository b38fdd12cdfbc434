"""Notifications that never get in the way, through the real cogs and the fake Discord: a DM that fails in
any way (here a dropped connection) neither aborts the turn post nor errors the click, and falls back to a
mention; reminders by DM fall back the same way; a game against the bot starts pinging its player only if
they chose mentions; `/games` links to each game's own thread."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.discord_app import community
from bot.discord_app.client import YokohamaBot
from tests.bot.discord_app.test_community import _table
from tests.bot.discord_app.test_table_flow import pinged
from tests.harness.discord_fake import FakeDiscord, FakeUser


def _bot(fake: FakeDiscord) -> YokohamaBot:
    return fake.bot  # type: ignore[return-value]


def _drop_dms_to(monkeypatch: pytest.MonkeyPatch, user: FakeUser) -> list[int]:
    """Every DM to `user` dies on a dropped connection (not an HTTP error); the attempts."""
    tried: list[int] = []
    original = discord.abc.Messageable.send

    async def send(self: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(self, discord.User) and self.id == user.id:
            tried.append(user.id)
            raise ConnectionResetError("Connection reset by peer")
        return await original(self, *args, **kwargs)

    monkeypatch.setattr(discord.abc.Messageable, "send", send)
    return tried


async def test_a_dm_lost_to_a_dropped_connection_falls_back_to_the_mention(
    fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    alice, bob = fake.user("alice"), fake.user("bob")
    await fake.command("settings me", user=alice, options={"notify": "dm"})
    tried = _drop_dms_to(monkeypatch, alice)
    game_id, post = await _table(fake, alice, bob)
    [thread] = fake.threads
    for _ in range(4):
        waiting = (await _bot(fake).service.status(game_id)).waiting_on
        if not waiting:
            break
        mover = alice if waiting[0] == alice.id else bob
        opened = await fake.click(user=mover, message=post, label="Open my panel")
        panel = [s for s in opened if s.kind == "followup" and s.buttons()][-1]
        sent = await fake.click(user=mover, message=panel, label="Take 2")
        assert not any("went wrong" in (s.content or "") for s in sent)  # the click is answered as usual
        posts = [s for s in sent if s.kind == "channel_message" and s.channel_id == thread
                 and "could not be delivered" not in (s.content or "")]
        if posts:
            post = posts[-1]
    assert tried  # her DMs were tried, and each failed on the connection
    fallbacks = [s for s in fake.channel_messages(thread) if "could not be delivered" in (s.content or "")]
    assert len(fallbacks) == len(tried) and all(pinged(s) == {alice.id} for s in fallbacks)


async def test_a_reminder_dm_that_fails_falls_back_to_the_mention(
    fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bot.discord_app.reminders import deliver_reminder

    alice, bob = fake.user("alice"), fake.user("bob")
    await fake.command("settings me", user=alice, options={"notify": "dm"})
    game_id, _ = await _table(fake, alice, bob)
    await community.settle()
    tried = _drop_dms_to(monkeypatch, alice)
    game = await _bot(fake).storage.get_game(game_id)
    assert game is not None
    await deliver_reminder(_bot(fake), game, [alice.id])
    await community.settle()
    [thread] = fake.threads
    [fallback] = [s for s in fake.channel_messages(thread) if "⏰ Reminder" in (s.content or "")]
    assert tried == [alice.id] and pinged(fallback) == {alice.id}


@pytest.mark.parametrize("choice", ["dm", "none", "mention"])
async def test_a_game_against_the_bot_starts_as_its_player_chose(fake: FakeDiscord, choice: str) -> None:
    alice = fake.user("alice")
    await fake.command("settings me", user=alice, options={"notify": choice})
    await fake.command("table new", user=alice, options={"game": "duel", "opponent": "bot"})
    await community.settle()
    starts = [s for t in fake.threads for s in fake.channel_messages(t) if "has started" in (s.content or "")]
    assert starts and alice.mention in (starts[0].content or "")  # her turn first (the setup)
    pings = set().union(*(pinged(s) for s in starts))
    assert (alice.id in pings) == (choice == "mention")


async def test_games_links_each_table_to_its_own_thread(fake: FakeDiscord) -> None:
    alice, bob = fake.user("alice"), fake.user("bob")
    await _table(fake, alice, bob)
    [thread] = fake.threads
    [listing] = await fake.command("games", user=alice)
    assert f"<#{thread}>" in (listing.content or "") and f"<#{fake.channel.id}>" not in (listing.content or "")


async def test_a_restart_clears_the_thinking_line_a_killed_process_left(fake: FakeDiscord) -> None:
    alice = fake.user("alice")
    await fake.command("table new", user=alice, options={"game": "duel", "opponent": "bot"})
    await community.settle()
    bot = _bot(fake)
    [row] = await bot.storage.list_games(statuses=("active",))
    # The process posts "… is thinking" and dies before the bot's turn post replaces it.
    line = await bot.bot_turns._post_thinking(row.id, ["alice", "Yokohama AI"], [1])
    assert line is not None and line.id not in fake.deleted
    await bot.bot_turns.resume()  # what the next process does at start
    await bot.bot_turns.wait()
    assert line.id in fake.deleted
    assert await bot.records.thinking_lines() == []


async def test_roll_and_write_against_the_bot_says_the_bot_is_playing_its_round(fake: FakeDiscord) -> None:
    from bot.discord_app.panels.decision import panel_message

    alice = fake.user("alice")
    await fake.command("table new", user=alice, options={"game": "rollwrite", "opponent": "bot"})
    await community.settle()
    bot = _bot(fake)
    await bot.bot_turns.wait()
    [row] = await bot.storage.list_games(statuses=("active",))
    service = bot.service
    for _ in range(40):  # Alice ends her round through the service: the bot's round is left to play
        game, engine, state = await service.load(row.id)
        if alice.id not in (await service.status(row.id)).waiting_on:
            break
        seat = game.seat_of(alice.id) or 0
        await service.play.act(row.id, alice.id, engine.auto_action(state, seat))
    assert (await service.status(row.id)).waiting_on == []  # only the bot owes
    shown = await panel_message(bot, row.id, alice.id, name="alice")
    assert "is playing its round now" in shown["content"] and "when you are pinged" not in shown["content"]


async def test_a_post_that_hangs_does_not_hold_the_sweeps_other_events(
    fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    import asyncio

    from bot.discord_app import client
    from bot.service.outcomes import SweepEvent

    bot = _bot(fake)
    alice, bob = fake.user("alice"), fake.user("bob")
    game_id, _ = await _table(fake, alice, bob)
    game = await bot.storage.get_game(game_id)
    assert game is not None
    events = [SweepEvent("reminder", game, [alice.id]), SweepEvent("reminder", game, [bob.id])]
    delivered: list[int] = []

    async def sweep(*args: Any, **kwargs: Any) -> list[SweepEvent]:
        return events

    async def deliver(event: SweepEvent) -> None:
        if event.users == [alice.id]:
            await asyncio.sleep(3600)  # a channel that never answers
        delivered.extend(event.users)

    monkeypatch.setattr(bot.service.clock, "sweep", sweep)
    monkeypatch.setattr(bot, "deliver", deliver)
    monkeypatch.setattr(client, "DELIVER_TIMEOUT_S", 0.05)
    await asyncio.wait_for(bot.sweep_once(), 20)
    assert delivered == [bob.id]
