"""Playing against the bot through the real cogs and the fake Discord (payloads schema-checked): a Duel
against the AI to the end, the lobby's "Add the bot" and "Remove the bot", and `/table new opponent: bot`.
The person is pinged when it is their turn again; the bot seat is named ("Yokohama AI"), never pinged."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.discord_app.client import YokohamaBot
from bot.service import TableService, check_all
from bot.settings import Settings
from bot.storage import SQLiteStorage
from engine.core.rng import Rng
from tests.bot.discord_app.games.duel.test_duel_pictures_in_discord import click_something, panel_for
from tests.harness.discord_fake import FakeDiscord, FakeUser, Sent

#: The AI's thinking time in these tests: enough for a decision, short enough for a whole game.
BUDGET = 0.05


@pytest.fixture
async def fake(tmp_path: Path) -> AsyncIterator[FakeDiscord]:
    path = tmp_path / "bot.sqlite3"
    storage = SQLiteStorage(path)
    await storage.open()
    settings = Settings(database_path=path, ai_budget_s=BUDGET)
    service = TableService(storage, new_seed=lambda: 20261130, ai_budget_s=BUDGET)
    async with FakeDiscord(YokohamaBot(settings, storage, service)) as fake:
        yield fake


def bot_of(fake: FakeDiscord) -> YokohamaBot:
    return fake.bot  # type: ignore[return-value]


def pinged(sent: Sent) -> list[int]:
    """The users a message notifies: mentioned in its text and allowed by its allowed_mentions."""
    allowed = sent.body.get("allowed_mentions") or {}
    users = [int(u) for u in allowed.get("users") or []]
    return [u for u in users if f"<@{u}>" in (sent.content or "")]


def game_posts(fake: FakeDiscord, game_id: int) -> list[Sent]:
    return [s for s in fake.sent if s.kind == "channel_message" and f" #{game_id}**" in (s.content or "")]


def no_bot_mention(fake: FakeDiscord) -> None:
    for sent in fake.sent:
        assert "<@-" not in sent.text, sent.text
        allowed = sent.body.get("allowed_mentions") or {}
        assert all(int(u) > 0 for u in allowed.get("users") or []), allowed


def offers_a_decision(panel: Sent) -> bool:
    return any(c.startswith(("yk:do:", "yk:sel:", "yk:ms:")) for c in panel.custom_ids())


async def play_to_the_end(fake: FakeDiscord, game_id: int, human: FakeUser) -> None:
    """The person opens their panel once and clicks their decisions on it at random: after each click the
    panel shows the next decision, the bot's turn included, without being opened again."""
    bot = bot_of(fake)
    rng = Rng(5)
    panel: Sent | None = None
    for _ in range(1000):
        status = await bot.service.status(game_id)
        if status.status != "active":
            return
        assert status.waiting_on == [human.id], "the game only ever waits on the person"
        panel = fake.message_view(panel) if panel is not None else None
        if panel is None or not offers_a_decision(panel):
            assert panel is None, f"the panel open on the bot's turn was not updated: {panel.content}"
            panel = await panel_for(fake, game_id, human)
        await click_something(fake, panel, human, rng)
    pytest.fail("the game did not end")


def thread_messages(fake: FakeDiscord) -> list[dict[str, Any]]:
    """Every message in the game's thread, as it reads now (edits applied), oldest first."""
    [thread] = list(fake.threads)
    found = [m for mid, m in fake.messages.items() if int(m["channel_id"]) == thread and mid not in fake.deleted]
    return sorted(found, key=lambda m: int(m["id"]))


@pytest.mark.slow
async def test_a_duel_against_the_bot_to_the_end(fake: FakeDiscord, discord_schema: Any) -> None:
    """A game against the bot plays in its own thread; the bot's turns, played in the background,
    replace their "Yokohama AI is thinking…" line; the person, whose open panel shows the bot's turn, is
    pinged only when no panel of theirs is open (the bot moving first) and at the end."""
    alice = fake.user("alice")
    sent = await fake.command("table new", user=alice, options={"game": "duel", "opponent": "bot"})
    [row] = await bot_of(fake).storage.list_games(statuses=("active",))
    [line] = [s for s in sent if "in the thread below" in (s.content or "")]
    assert not line.ephemeral and "Yokohama AI" in (line.content or "")
    assert len(fake.threads) == 1
    start = [m for m in thread_messages(fake) if "has started" in m["content"]]
    assert len(start) == 1 and "Yokohama AI" in start[0]["content"]
    await play_to_the_end(fake, row.id, alice)
    bot = bot_of(fake)
    row = await bot.service.game(row.id)
    assert row.status == "finished" and row.bot_seats() == {row.seat_of(-1)}
    in_thread = [m["content"] for m in thread_messages(fake)]
    assert not any("is thinking" in text for text in in_thread), "every thinking line became its turn post"
    # The bot's turns are told as its own: its story, named once, never "(played by the bot)".
    bot_posts = [t for t in in_thread if "**Yokohama AI**" in t and "Your turn: " in t]
    assert len(bot_posts) >= 4 * 4 - 1, "a post for each of the bot's turns (the last may end the game)"
    assert not any("played by the bot" in t for t in in_thread)
    # After the person's own turn, the post names the bot as next.
    assert any("Next: **Yokohama AI**" in t for t in in_thread)
    # The channel holds the line pointing to the thread and the final result, nothing else.
    channel_posts = [s for s in fake.sent if s.kind in ("channel_message", "followup") and not s.ephemeral
                     and s.channel_id not in fake.threads and s.content]
    assert len(channel_posts) == 2, [s.content for s in channel_posts]
    final = channel_posts[-1]
    assert "Final standings" in (final.content or "") and "Yokohama AI" in (final.content or "")
    assert pinged(final) == [], "her open panel shows the end"
    # One ping in the whole game: her first turn, before any panel of hers was open.
    pings = [s for s in fake.sent if pinged(s)]
    assert len(pings) == 1, [s.content for s in pings]
    no_bot_mention(fake)
    log = await bot.storage.actions(row.id)
    bot_seat = row.seat_of(-1)
    assert {e.origin for e in log if e.seat == bot_seat} <= {"auto"} and any(e.seat == bot_seat for e in log)
    assert all(r.ok for r in await check_all(bot.storage)), await check_all(bot.storage)
    assert (await bot.storage.finished_games())[0].why_unrated == "a seat was played by the bot from the start"


async def test_lobby_add_and_remove_the_bot_then_start(fake: FakeDiscord, discord_schema: Any) -> None:
    alice, bob = fake.user("alice"), fake.user("bob")
    [lobby] = await fake.command("table new", user=alice, options={"game": "duel"})
    assert [b["label"] for b in lobby.buttons()] == ["Join", "Leave", "Add the bot", "Start"]
    refused = await fake.click(user=bob, message=lobby, label="Add the bot")
    assert refused[-1].ephemeral and "Only a seated player" in (refused[-1].content or "")
    [added] = await fake.click(user=alice, message=lobby, label="Add the bot")
    lobby_now = fake.message_view(lobby)
    assert "**Yokohama AI**" in (lobby_now.content or "") and "<@-" not in (lobby_now.content or "")
    assert [b["label"] for b in lobby_now.buttons()] == ["Join", "Leave", "Remove the bot", "Start"]
    await fake.click(user=alice, message=lobby_now, label="Remove the bot")
    lobby_now = fake.message_view(lobby)
    assert "Yokohama AI" not in (lobby_now.content or "")
    await fake.click(user=alice, message=lobby_now, label="Add the bot")
    started = await fake.click(user=alice, message=fake.message_view(lobby), label="Start")
    [row] = await bot_of(fake).storage.list_games(statuses=("active",))
    assert sorted(s.user_id for s in row.seats) == [-1, alice.id]
    assert (await bot_of(fake).service.status(row.id)).waiting_on == [alice.id], "the bot already moved if first"
    assert any("has started" in (s.content or "") for s in started)
    no_bot_mention(fake)


async def test_table_new_against_bots_fills_a_yokohama_table(fake: FakeDiscord, discord_schema: Any) -> None:
    alice = fake.user("alice")
    refused = await fake.command("table new", user=alice,
                                 options={"game": "duel", "opponent": "bot", "players": 3})
    assert refused[-1].ephemeral and "2 players" in (refused[-1].content or "")
    await fake.command("table new", user=alice, options={"game": "yokohama", "opponent": "bot", "players": 3})
    [row] = await bot_of(fake).storage.list_games(statuses=("active",))
    assert sorted(s.user_id for s in row.seats) == [-2, -1, alice.id]
    status = await bot_of(fake).service.status(row.id)
    assert status.waiting_on == [alice.id]
    text = "\n".join(s.text for s in fake.sent)
    assert "**Yokohama AI**" in text and "Yokohama AI 2" in text and "Yokohama AI 1" not in text
    no_bot_mention(fake)
