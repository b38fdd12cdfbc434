"""`yokohama-bot copy-db`: a server's data moves between SQLite and PostgreSQL exactly, and `check-db`
on the target replays every game with 0 mismatches."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.cli import main
from bot.service import TableService, check_all
from bot.storage import SQLiteStorage, StorageError
from bot.storage.copy import copy_database
from bot.storage.postgres import PostgresStorage
from engine.core import Rng


async def _play_some_games(service: TableService) -> list[int]:
    """A finished Duel, a running Roll & Write table, a resigned 3-player Yokohama and an open lobby."""
    ids = []
    for kind, players, moves in (("duel", 2, 10_000), ("rollwrite", 2, 25), ("yokohama", 3, 40)):
        game = await service.lobby.create(kind, creator_id=100, guild_id=5, channel_id=6, seed=11)
        for user in range(101, 100 + players):
            await service.lobby.join(game.id, user)
        await service.lobby.start(game.id, 100)
        rng = Rng(len(ids) + 1)
        for _ in range(moves):
            row = await service.game(game.id)
            if row.status != "active":
                break
            summary = await service.summary(row)
            user = summary.waiting_on[0]
            decision = await service.play.decision(game.id, user)
            await service.play.act_by_index(game.id, user, decision.version, rng.below(len(decision.options)))
        ids.append(game.id)
    await service.play.resign(ids[2], 101)
    lobby = await service.lobby.create("duel", creator_id=200, guild_id=5, channel_id=6)
    await service.storage.set_setting(5, "reminder_hours", "6")
    await service.storage.set_meta("daily_secret", "s3cret")
    return [*ids, lobby.id]


async def _snapshot(storage) -> list:
    games = [await storage.get_game(gid) for gid in await storage.all_game_ids()]
    return [(g, await storage.actions(g.id)) for g in games]


async def test_sqlite_to_postgres_and_back_is_exact(tmp_path: Path, postgres_url: str) -> None:
    source = SQLiteStorage(tmp_path / "source.sqlite3")
    await source.open()
    ids = await _play_some_games(TableService(source))
    target = PostgresStorage(postgres_url)
    await target.open()
    counts = await copy_database(source, target)
    assert counts["games"] == len(ids) and counts["actions"] > 100
    assert await _snapshot(target) == await _snapshot(source)
    assert await target.get_setting(5, "reminder_hours") == "6"
    assert await target.get_meta("daily_secret") == "s3cret"
    results = await check_all(target)
    assert len(results) == len(ids) and all(r.ok for r in results), [r.detail for r in results if not r.ok]
    # New games on the target get fresh ids after the copied ones.
    fresh = await TableService(target).lobby.create("duel", creator_id=300, guild_id=5, channel_id=6)
    assert fresh.id > max(ids)
    back = SQLiteStorage(tmp_path / "back.sqlite3")
    await back.open()
    await copy_database(target, back)
    assert (await _snapshot(back))[: len(ids)] == await _snapshot(source)
    for store in (source, target, back):
        await store.close()


async def test_copy_refuses_a_target_that_holds_games(tmp_path: Path) -> None:
    a, b = SQLiteStorage(tmp_path / "a.sqlite3"), SQLiteStorage(tmp_path / "b.sqlite3")
    await a.open()
    await b.open()
    await TableService(b).lobby.create("duel", creator_id=1)
    with pytest.raises(StorageError, match="already holds games"):
        await copy_database(a, b)
    await a.close()
    await b.close()


def test_copy_db_command_then_check_db_reports_no_mismatch(tmp_path: Path, postgres_url: str, capsys) -> None:
    db = tmp_path / "cli.sqlite3"

    async def make() -> None:
        storage = SQLiteStorage(db)
        await storage.open()
        await _play_some_games(TableService(storage))
        await storage.close()

    asyncio.run(make())
    assert main(["copy-db", "--from", f"sqlite:{db}", "--to", postgres_url]) == 0
    assert "Copied" in capsys.readouterr().out
    assert main(["check-db", "--db", postgres_url]) == 0
    assert "0 mismatches" in capsys.readouterr().out
