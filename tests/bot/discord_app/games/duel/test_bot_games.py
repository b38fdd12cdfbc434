"""Games against the bot through the real cogs in the fake Discord: the AI thinks only after the
person's click is answered, a pending bot turn is picked up by a new process, a server limits running games
against the bot per person (a private refusal), and where threads are off the game plays privately."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.discord_app.client import YokohamaBot
from bot.service import TableService
from bot.settings import Settings
from bot.storage import SQLiteStorage
from engine.core import get_game
from engine.core.rng import Rng
from tests.bot.discord_app.games.duel.test_duel_against_the_bot import BUDGET, offers_a_decision, pinged
from tests.bot.discord_app.games.duel.test_duel_pictures_in_discord import click_something, panel_for
from tests.bot.discord_app.games.yokohama.helpers import choose_greedy
from tests.harness.discord_fake import FakeDiscord, FakeUser, Sent
from tests.harness.level_spy import spy_on_levels


@pytest.fixture
async def fake(tmp_path: Path) -> AsyncIterator[FakeDiscord]:
    """The real bot with a quick AI (`BUDGET` per decision) and a fixed deal."""
    path = tmp_path / "bot.sqlite3"
    storage = SQLiteStorage(path)
    await storage.open()
    service = TableService(storage, new_seed=lambda: 20261130, ai_budget_s=BUDGET)
    async with FakeDiscord(YokohamaBot(Settings(database_path=path, ai_budget_s=BUDGET), storage, service)) as fake:
        yield fake


def bot_of(fake: FakeDiscord) -> YokohamaBot:
    return fake.bot  # type: ignore[return-value]


async def clicks_until_the_bot_has_moved(fake: FakeDiscord, game_id: int, human: FakeUser, panel: Sent,
                                         rng: Rng, turns: int) -> Sent:
    """Click on one open panel until the bot has taken `turns` turns (the panel updated in place)."""
    bot = bot_of(fake)
    seen = 0
    for _ in range(300):
        before = len([e for e in await bot.storage.actions(game_id) if e.user_id == -1])
        panel = fake.message_view(panel)
        assert offers_a_decision(panel), f"the open panel shows no decision: {panel.content}"
        await click_something(fake, panel, human, rng)
        if len([e for e in await bot.storage.actions(game_id) if e.user_id == -1]) > before:
            seen += 1
            if seen >= turns or (await bot.service.status(game_id)).status != "active":
                return fake.message_view(panel)
    pytest.fail("the bot did not move")


async def test_the_ai_thinks_only_after_the_click_is_answered(
    fake: FakeDiscord, discord_schema: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whenever the AI is asked for a decision after the person's click, the person's panel already says
    "Yokohama AI is thinking…" (the click was answered) and so does the thread; no timing is measured."""
    duel = get_game("duel")
    real = duel.ai_action
    seen: list[tuple[bool, bool]] = []

    def spy(state: Any, seat: int, **kwargs: Any) -> Any:
        panel = any(s.kind == "edit_original" and "is thinking" in (s.content or "") for s in fake.sent)
        thread = any(s.kind == "channel_message" and "is thinking" in (s.content or "") for s in fake.sent)
        seen.append((panel, thread))
        return real(state, seat, **kwargs)

    monkeypatch.setattr(duel, "ai_action", spy)
    alice = fake.user("alice")
    await fake.command("table new", user=alice, options={"game": "duel", "opponent": "bot"})
    [row] = await bot_of(fake).storage.list_games(statuses=("active",))
    seen.clear()  # a bot moving first thinks before any panel of Alice's is open
    panel = await panel_for(fake, row.id, alice)
    panel = await clicks_until_the_bot_has_moved(fake, row.id, alice, panel, Rng(2), turns=2)
    assert seen and all(panel and thread for panel, thread in seen), seen
    # The thinking line gave way to the bot's turn, on the panel and in the thread.
    assert "is thinking" not in (panel.content or "") and "**Yokohama AI**" in (panel.content or "")
    thread_now = [fake.message_view(s).content or "" for s in fake.sent
                  if s.kind == "channel_message" and s.channel_id in fake.threads and s.message_id not in fake.deleted]
    assert not any("is thinking" in text for text in thread_now)


async def test_a_bot_turn_left_pending_by_a_stopped_process_is_played_at_start(
    fake: FakeDiscord, discord_schema: Any
) -> None:
    bot = bot_of(fake)
    alice = fake.user("alice")
    service = bot.service
    game = await service.lobby.create("duel", creator_id=alice.id, guild_id=fake.guild.id, channel_id=fake.channel.id)
    await service.lobby.add_bot(game.id, alice.id)
    await service.lobby.start(game.id, alice.id)
    rng = Rng(4)
    for _ in range(200):  # the person plays through the service: nothing plays the bot (a process that stopped)
        while await service.play.play_bots(game.id) is not None:
            pass
        _, engine, state = await service.load(game.id)
        seat = (await service.game(game.id)).seat_of(alice.id)
        await service.play.act(game.id, alice.id, rng.choice(engine.legal(state, seat)))
        if await service.clock.bots_waiting() == [game.id]:
            break
    assert await service.clock.bots_waiting() == [game.id]
    assert await bot.bot_turns.resume() == [game.id]
    await bot.bot_turns.wait()
    assert await service.clock.bots_waiting() == []
    assert (await service.status(game.id)).waiting_on == [alice.id]
    post = [s for s in fake.sent if s.kind == "channel_message"][-1]
    assert "**Yokohama AI**" in (post.content or "") and pinged(post) == [alice.id]  # no panel open: pinged


async def test_a_server_limits_running_games_against_the_bot_with_a_private_refusal(
    fake: FakeDiscord, discord_schema: Any
) -> None:
    admin, alice = fake.user("ada", admin=True), fake.user("alice")
    [set_to] = await fake.command("settings botgames", user=admin, options={"limit": 1})
    assert set_to.ephemeral and "1 game against the bot" in (set_to.content or "")
    [shown] = await fake.command("settings show", user=admin)
    assert "bot_games" in (shown.content or "")
    await fake.command("table new", user=alice, options={"game": "duel", "opponent": "bot"})
    refused = await fake.command("table new", user=alice, options={"game": "duel", "opponent": "bot"})
    assert refused[-1].ephemeral and "already have 1 running game against the bot" in (refused[-1].content or "")
    assert not [s for s in refused if not s.ephemeral]
    assert len(await bot_of(fake).storage.list_games(statuses=("active",))) == 1
    # Through a lobby too: Add the bot, then Start is refused, privately; the lobby stays open.
    [lobby] = await fake.command("table new", user=alice, options={"game": "duel"})
    await fake.click(user=alice, message=lobby, label="Add the bot")
    sent = await fake.click(user=alice, message=fake.message_view(lobby), label="Start")
    assert sent[-1].ephemeral and "this server allows 1 at a time" in (sent[-1].content or "")
    assert len(await bot_of(fake).storage.list_games(statuses=("lobby",))) == 1


async def test_where_threads_are_off_a_game_against_the_bot_plays_privately(
    fake: FakeDiscord, discord_schema: Any
) -> None:
    admin, alice = fake.user("ada", admin=True), fake.user("alice")
    await fake.command("settings threads", user=admin, options={"on": False})
    sent = await fake.command("table new", user=alice, options={"game": "duel", "opponent": "bot"})
    assert sent and all(s.ephemeral for s in sent if s.kind in ("callback", "followup", "edit_original"))
    [row] = await bot_of(fake).storage.list_games(statuses=("active",))
    panel = [s for s in sent if s.content and "plays privately" in s.content][-1]
    if not offers_a_decision(fake.message_view(panel)):
        panel = await panel_for(fake, row.id, alice)
    await clicks_until_the_bot_has_moved(fake, row.id, alice, panel, Rng(6), turns=3)
    public = [s for s in fake.sent if s.kind == "channel_message" or (s.is_callback and s.content and not s.ephemeral)]
    assert public == [], [s.content for s in public]
    assert not fake.threads and not fake.dms(alice), "her open panel told her every bot turn"


async def test_roll_and_write_against_the_bot_where_threads_are_off_posts_nothing_in_the_channel(
    fake: FakeDiscord, discord_schema: Any
) -> None:
    """Roll & Write speaks once a round through its own announcer; a private game keeps that off the channel."""
    from tests.bot.discord_app.games.rollwrite.helpers import choose_auto

    admin, alice = fake.user("ada", admin=True), fake.user("alice")
    await fake.command("settings threads", user=admin, options={"on": False})
    await fake.command("table new", user=alice, options={"game": "rollwrite", "opponent": "bot"})
    bot = bot_of(fake)
    [row] = await bot.storage.list_games(statuses=("active",))
    panel = await panel_for(fake, row.id, alice)
    for _ in range(60):
        _, _, state = await bot.service.load(row.id)
        if state["round"] >= 3:
            break
        if alice.id not in (await bot.service.status(row.id)).waiting_on:
            await bot.bot_turns.wait()
            continue
        if not offers_a_decision(fake.message_view(panel)):
            panel = await panel_for(fake, row.id, alice)
        await choose_auto(fake, alice, panel, row.id)
    assert state["round"] >= 3
    assert not [s for s in fake.sent if s.kind == "channel_message"], "nothing of a private game in the channel"


async def test_a_table_against_the_hard_bot_asks_the_ai_for_hard_on_every_decision(
    fake: FakeDiscord, discord_schema: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`/table new game: duel opponent: the bot level: hard`: the start line says so, and every decision of the
    bot's is asked of the AI at that level (the levels are offered at `/table new … opponent:`)."""
    levels = spy_on_levels(monkeypatch, "duel")
    alice = fake.user("alice")
    sent = await fake.command("table new", user=alice, options={"game": "duel", "opponent": "bot", "level": "hard"})
    assert any("(playing hard)" in (s.content or "") for s in sent), [s.content for s in sent]
    [row] = await bot_of(fake).storage.list_games(statuses=("active",))
    assert row.table_rules["bot_level"] == "hard"
    panel = await panel_for(fake, row.id, alice)
    await clicks_until_the_bot_has_moved(fake, row.id, alice, panel, Rng(3), turns=1)
    assert levels and set(levels) == {"hard"}, levels


async def test_a_yokohama_table_against_the_hard_bot_asks_the_ai_for_hard(
    fake: FakeDiscord, discord_schema: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`/table new game: yokohama opponent: the bot players: 3 level: hard` (offered once measured
    stronger): both bots are seated at the table's level, the start line says so, and every decision of
    theirs is asked of the AI at that level."""
    levels = spy_on_levels(monkeypatch, "yokohama")
    alice = fake.user("alice")
    sent = await fake.command("table new", user=alice,
                              options={"game": "yokohama", "opponent": "bot", "players": 3, "level": "hard"})
    assert any("(playing hard)" in (s.content or "") for s in sent), [s.content for s in sent]
    [row] = await bot_of(fake).storage.list_games(statuses=("active",))
    assert row.table_rules["bot_level"] == "hard"
    assert sorted(s.user_id for s in row.seats) == [-2, -1, alice.id]
    panel = await panel_for(fake, row.id, alice)
    storage = bot_of(fake).storage
    for _ in range(60):  # alice clicks the greedy choice on her panel until both bots have moved
        if {e.user_id for e in await storage.actions(row.id)} >= {-1, -2}:
            break
        await choose_greedy(fake, alice, panel, row.id)
    assert {e.user_id for e in await storage.actions(row.id)} >= {-1, -2}, "both bots moved"
    assert levels and set(levels) == {"hard"}, levels


async def test_a_level_the_game_lacks_is_refused_privately_before_anything_is_made(
    fake: FakeDiscord, discord_schema: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The command offers every level some game has; a game without the chosen one (here Yokohama made to
    have one level, as it had before the measurement) refuses it privately, naming its levels, and
    nothing is stored."""
    monkeypatch.setattr(get_game("yokohama"), "ai_levels", ("easy",))
    alice = fake.user("alice")
    sent = await fake.command("table new", user=alice,
                              options={"game": "yokohama", "opponent": "bot", "level": "hard"})
    assert sent and all(s.ephemeral for s in sent)
    assert "Yokohama's bot plays at one level for now: easy." in (sent[-1].content or "")
    assert await bot_of(fake).storage.list_games() == []
    # In a lobby the level is what "Add the bot" seats; the lobby says so.
    [lobby] = await fake.command("table new", user=alice, options={"game": "duel", "level": "hard"})
    assert "the bot plays hard" in (lobby.content or "")


async def test_a_roll_and_write_table_against_the_hard_bot_asks_the_ai_for_hard(
    fake: FakeDiscord, discord_schema: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`/table new game: rollwrite opponent: the bot level: hard`: the start line says so, and
    every decision of the bot's round is asked of the AI at that level."""
    levels = spy_on_levels(monkeypatch, "rollwrite")
    alice = fake.user("alice")
    sent = await fake.command("table new", user=alice,
                              options={"game": "rollwrite", "opponent": "bot", "level": "hard"})
    assert any("(playing hard)" in (s.content or "") for s in sent), [s.content for s in sent]
    bot = bot_of(fake)
    [row] = await bot.storage.list_games(statuses=("active",))
    assert row.table_rules["bot_level"] == "hard"
    await bot.bot_turns.wait()  # the bot plays its round at once (the rounds are simultaneous)
    assert levels and set(levels) == {"hard"}, levels
    _, _, state = await bot.service.load(row.id)
    [bot_seat] = row.bot_seats()
    assert state["sheets"][bot_seat]["step"] == "done", "the bot finished its round"


async def test_add_the_bot_at_a_roll_and_write_table_seats_the_level_the_table_chose(
    fake: FakeDiscord, discord_schema: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A lobby of `/table new game: rollwrite level: hard`: it says so, and the bot **Add the bot** seats plays
    hard; a lobby without a level plays easy."""
    levels = spy_on_levels(monkeypatch, "rollwrite")
    alice = fake.user("alice")
    service = bot_of(fake).service
    for chosen, expected in (({"level": "hard"}, "hard"), ({}, "easy")):
        [lobby] = await fake.command("table new", user=alice, options={"game": "rollwrite", **chosen})
        assert ("the bot plays hard" in (lobby.content or "")) == (expected == "hard"), lobby.content
        game = (await bot_of(fake).storage.list_games(statuses=("lobby",)))[0]
        await service.lobby.add_bot(game.id, alice.id)
        await service.lobby.start(game.id, alice.id)
        levels.clear()
        while await service.play.play_bots(game.id) is not None:
            pass
        assert levels and set(levels) == {expected}, (chosen, levels)
        await bot_of(fake).bot_turns.wait()
