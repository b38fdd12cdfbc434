"""/privacy through the real cogs and the fake Discord (every payload checked against Discord's schema): a
player gets their data privately as a JSON file, has it forgotten (their running Duel is resigned and its
thread told), and a server admin has a member who left forgotten in that server only; and the bot's scheduled
backup taken while a game is played."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.discord_app.client import YokohamaBot
from bot.service import check_all
from bot.settings import Settings
from bot.storage import SQLiteStorage
from bot.storage.privacy import is_anonymous
from engine.core.rng import Rng
from tests.bot.discord_app.games.duel.test_duel_pictures_in_discord import click_something, open_duel, panel_for
from tests.harness.discord_fake import FakeDiscord, FakeUser
from tests.harness.real_bot import real_bot_in_fake_discord


@pytest.fixture
async def fake(tmp_path: Path) -> AsyncIterator[FakeDiscord]:
    async with real_bot_in_fake_discord(tmp_path, seed=20261130) as fake:
        yield fake


def _bot(fake: FakeDiscord) -> YokohamaBot:
    return fake.bot  # type: ignore[return-value]


async def _some_moves(fake: FakeDiscord, game_id: int, users: dict[int, FakeUser], moves: int) -> None:
    rng = Rng(11)
    for _ in range(moves):
        waiting = (await _bot(fake).service.status(game_id)).waiting_on
        player = users[waiting[0]]
        await click_something(fake, await panel_for(fake, game_id, player), player, rng)


async def _everything(fake: FakeDiscord) -> str:
    storage = _bot(fake).storage
    tables = {t: (await storage.read_table(t))[1] for t in await storage.table_names()}  # type: ignore[attr-defined]
    return repr(tables)


async def test_show_sends_the_caller_their_data_privately(fake: FakeDiscord, discord_schema: Any) -> None:
    alice, bob = fake.user("alice"), fake.user("bob")
    game_id, _ = await open_duel(fake, alice, bob)
    await _some_moves(fake, game_id, {alice.id: alice, bob.id: bob}, 6)
    await fake.command("settings me", user=alice, options={"notify": "dm"})
    sent = await fake.command("privacy show", user=alice)
    [answer] = [s for s in sent if s.files]
    assert answer.ephemeral and answer.files[0].filename == f"yokohama-data-{alice.id}.json"
    data = json.loads(answer.files[0].data)
    assert data["user_id"] == alice.id and [g["id"] for g in data["games"]] == [game_id]
    assert data["settings"]["notify"] == "dm"
    log = await _bot(fake).storage.actions(game_id)
    assert [m["seq"] for m in data["moves"]] == [e.seq for e in log if e.user_id == alice.id]
    assert str(bob.id) not in answer.files[0].data.decode()
    assert not [s for s in fake.channel_messages() if s.files and "yokohama-data" in s.files[0].filename]


async def test_forget_resigns_the_running_game_and_leaves_no_trace(fake: FakeDiscord, discord_schema: Any) -> None:
    alice, bob = fake.user("alice"), fake.user("bob")
    game_id, _ = await open_duel(fake, alice, bob)
    await _some_moves(fake, game_id, {alice.id: alice, bob.id: bob}, 4)
    sent = await fake.command("privacy forget", user=alice, options={"confirm": "yes"})
    assert sent[-1].ephemeral and "anonymous" in (sent[-1].content or "")
    bot = _bot(fake)
    game = await bot.service.game(game_id)
    assert game.status == "finished" and game.result is not None
    [anonymous] = [s.user_id for s in game.seats if s.user_id != bob.id]
    assert is_anonymous(anonymous)
    told = [s for s in fake.sent if s.kind == "channel_message" and f"#{game_id}" in (s.content or "")]
    assert told and bob.mention in (told[-1].content or ""), "the table hears the game ended"
    assert await _where(fake, alice.id) == []
    assert all(r.ok for r in await check_all(bot.storage))  # type: ignore[arg-type]
    data = json.loads([s for s in await fake.command("privacy show", user=bob) if s.files][0].files[0].data)
    assert [r["place"] for r in data["results"]] == [1], "bob keeps his win"


async def test_an_admin_forgets_a_member_who_left_only_in_this_server(fake: FakeDiscord,
                                                                      discord_schema: Any) -> None:
    alice, bob = fake.user("alice"), fake.user("bob")
    admin = fake.user("admin", admin=True)
    game_id, _ = await open_duel(fake, alice, bob)
    await _some_moves(fake, game_id, {alice.id: alice, bob.id: bob}, 2)
    # Still a member: refused, nothing changed.
    refused = await fake.command("privacy forget-member", user=admin, options={"member": alice, "confirm": "yes"})
    assert refused[-1].ephemeral and "still a member" in (refused[-1].content or "")
    # Not an admin: refused by the permission check.
    fake.leave_guild(alice)
    denied = await fake.command("privacy forget-member", user=bob, options={"member": alice, "confirm": "yes"})
    assert denied[-1].ephemeral and "Manage Server" in (denied[-1].content or "")
    assert (await _bot(fake).service.game(game_id)).is_seated(alice.id)
    done = await fake.command("privacy forget-member", user=admin, options={"member": alice, "confirm": "yes"})
    assert done[-1].ephemeral and "anonymous" in (done[-1].content or "")
    game = await _bot(fake).service.game(game_id)
    assert not game.is_seated(alice.id) and game.status == "finished"
    # What stays is hers across servers, not this server's to remove: her overall rating (scope 0).
    left = await _where(fake, alice.id)
    assert left and all(row.startswith(("ratings: ('duel', 0,", "rating_history: ")) for row in left), left
    assert all(f", 0, {alice.id}," in row for row in left if row.startswith("rating_history"))


async def _where(fake: FakeDiscord, user: int) -> list[str]:
    storage = _bot(fake).storage
    found = []
    for t in await storage.table_names():  # type: ignore[attr-defined]
        for row in (await storage.read_table(t))[1]:  # type: ignore[attr-defined]
            if str(user) in repr(row):
                found.append(f"{t}: {row}")
    return found


async def test_a_scheduled_backup_while_a_duel_is_played_holds_its_moves(fake: FakeDiscord, tmp_path: Path,
                                                                         discord_schema: Any) -> None:
    """The runner's backup task on a bot in play: the backup appears, verified, with the game as it stood."""
    from bot.backup import scheduled_backups, verify_file
    from bot.discord_app.runner import _backups
    from bot.observability import metrics

    alice, bob = fake.user("alice"), fake.user("bob")
    game_id, _ = await open_duel(fake, alice, bob)
    await _some_moves(fake, game_id, {alice.id: alice, bob.id: bob}, 4)
    bot = _bot(fake)
    folder = tmp_path / "backups"
    before = metrics.value("yokohama_backups_total", {"result": "ok"})
    task = _backups(Settings(database_path=bot.settings.database_path, backup_dir=folder, backup_hours=1,
                             backup_keep=2))
    assert task is not None
    try:
        for _ in range(200):
            if metrics.value("yokohama_backups_total", {"result": "ok"}) > before:
                break
            await asyncio.sleep(0.05)
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
    [made] = scheduled_backups(folder)
    verify_file(made)
    copy = SQLiteStorage(made)
    await copy.open()
    try:
        assert [e.seq for e in await copy.actions(game_id)] == [e.seq for e in await bot.storage.actions(game_id)]
    finally:
        await copy.close()
    assert metrics.value("yokohama_backup_last_success_timestamp_seconds") > 0
