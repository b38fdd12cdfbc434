"""A database written by an early version of the bot (commit ad8c3f6, as SQL in tests/fixtures/databases/):
it opens (migrated), every game loads and plays on, and check-db tells games that replay differently
under today's rules apart from corruption."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.cli import main
from bot.service import TableService, check_all
from bot.storage import SQLiteStorage
from bot.storage.schema import SCHEMA_VERSION
from engine.core import get_game
from tests.conftest import execute_raw

DUMP = Path(__file__).resolve().parents[1] / "fixtures" / "databases" / "old-bot-ad8c3f6.sql"


@pytest.fixture
def old_database(tmp_path: Path) -> Path:
    path = tmp_path / "old.sqlite3"
    conn = sqlite3.connect(path)
    conn.executescript(DUMP.read_text(encoding="utf-8"))
    conn.close()
    return path


async def test_an_old_database_opens_and_every_running_game_plays_on(old_database: Path) -> None:
    storage = SQLiteStorage(old_database)
    await storage.open()
    conn = sqlite3.connect(old_database)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    conn.close()
    service = TableService(storage)
    running = [g for g in await storage.list_games() if g.status == "active"]
    assert {g.kind for g in running} == {"duel", "rollwrite", "yokohama"}
    for game in running:
        engine = get_game(game.kind)
        state = engine.load(game.state or "")
        assert state.get("schema_version", 1) == engine.schema_version  # upgraded on load
        summary = await service.summary(game)
        user = summary.waiting_on[0]
        decision = await service.play.decision(game.id, user)
        outcome = await service.play.act_by_index(game.id, user, decision.version, 0, decision.stamp)
        assert outcome.game.version > game.version
    await storage.close()


async def test_check_db_tells_old_rules_from_corruption(old_database: Path) -> None:
    storage = SQLiteStorage(old_database)
    await storage.open()
    results = {r.game_id: r for r in await check_all(storage)}
    assert len(results) == 5
    # Nothing in an honest old database is corruption: each game replays, or replays differently
    # because it was played under an earlier engine schema (rules fixed since).
    assert all(r.ok or r.rules_changed for r in results.values()), [r.detail for r in results.values()]
    changed = [r for r in results.values() if r.rules_changed]
    assert changed and all("under today's rules" in r.detail and "not corruption" in r.detail for r in changed)
    # A game played entirely under today's rules whose stored state was tampered with is corruption.
    service = TableService(storage)
    fresh = await service.lobby.create("duel", creator_id=1)
    await service.lobby.join(fresh.id, 2)
    await service.lobby.start(fresh.id, 1)
    tamper = """UPDATE games SET state = replace(state, '"money":', '"money":9') WHERE id = ?"""
    await execute_raw(storage, tamper, fresh.id)
    tampered = next(r for r in await check_all(storage) if r.game_id == fresh.id)
    assert not tampered.ok and not tampered.rules_changed
    await storage.close()


def test_check_db_command_lists_old_games_apart_and_passes_without_corruption(old_database: Path, capsys) -> None:
    assert main(["check-db", "--db", str(old_database)]) == 0
    out = capsys.readouterr().out
    assert "0 mismatches." in out and "replay differently under today's rules" in out
