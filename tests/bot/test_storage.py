"""Storage: migrations, refusing files it must not touch, the versioned write."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.storage import AlreadyExists, NewAction, SQLiteStorage, StaleVersion, StorageError
from bot.storage.schema import SCHEMA_VERSION
from tests.conftest import execute_raw


async def _game(store: SQLiteStorage) -> int:
    return await store.create_game(
        kind="counting", mode="table", guild_id=1, channel_id=2, creator_id=10, seed=5,
        options={}, table_rules={},
    )


async def test_new_database_gets_the_current_schema_in_wal_mode(db_path: Path) -> None:
    store = SQLiteStorage(db_path)
    await store.open()
    await store.close()
    conn = sqlite3.connect(db_path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


async def test_reopening_keeps_data(db_path: Path) -> None:
    store = SQLiteStorage(db_path)
    await store.open()
    gid = await _game(store)
    await store.close()
    store = SQLiteStorage(db_path)
    await store.open()
    game = await store.get_game(gid)
    assert game is not None and game.creator_id == 10
    await store.close()


async def test_newer_schema_is_refused_and_left_untouched(db_path: Path) -> None:
    conn = sqlite3.connect(db_path)
    conn.execute("CREATE TABLE future (x)")
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.commit()
    conn.close()
    before = db_path.read_bytes()
    with pytest.raises(StorageError, match="newer than this bot"):
        await SQLiteStorage(db_path).open()
    assert db_path.read_bytes() == before


async def test_corrupt_file_is_refused_and_left_untouched(db_path: Path) -> None:
    db_path.write_bytes(b"this is not a database, it is a shopping list\n" * 200)
    before = db_path.read_bytes()
    with pytest.raises(StorageError, match="cannot be used|integrity"):
        await SQLiteStorage(db_path).open()
    assert db_path.read_bytes() == before


async def test_foreign_database_is_refused(db_path: Path) -> None:
    conn = sqlite3.connect(db_path)
    conn.execute("CREATE TABLE recipes (name)")
    conn.commit()
    conn.close()
    with pytest.raises(StorageError, match="did not create"):
        await SQLiteStorage(db_path).open()


async def test_versioned_write_appends_the_log_and_refuses_stale_versions(storage: SQLiteStorage) -> None:
    gid = await _game(storage)
    await storage.start_game(gid, [10], "{}", expected_version=0)
    v = await storage.record(gid, 0, [NewAction(0, 10, "player", {"pick": 1})], '{"a":1}')
    assert v == 1
    with pytest.raises(StaleVersion):
        await storage.record(gid, 0, [NewAction(0, 10, "player", {"pick": 2})], '{"a":2}')
    game = await storage.get_game(gid)
    assert game is not None and game.version == 1 and game.state == '{"a":1}'
    assert [a.action for a in await storage.actions(gid)] == [{"pick": 1}]


async def test_action_log_is_append_only(storage: SQLiteStorage) -> None:
    gid = await _game(storage)
    await storage.start_game(gid, [10], "{}", expected_version=0)
    await storage.record(gid, 0, [NewAction(0, 10, "player", {"pick": 1})], "{}")
    with pytest.raises(Exception, match="append-only"):  # sqlite3.IntegrityError or asyncpg's RaiseError
        await execute_raw(storage, "UPDATE actions SET action = '{}'")
    assert [a.action for a in await storage.actions(gid)] == [{"pick": 1}]


async def test_one_daily_attempt_per_person_per_day(storage: SQLiteStorage) -> None:
    kwargs = dict(kind="counting", mode="daily", guild_id=1, channel_id=2, creator_id=10, seed=5,
                  options={}, table_rules={}, daily_date="2026-11-29")
    await storage.create_game(**kwargs)
    with pytest.raises(AlreadyExists):
        await storage.create_game(**kwargs)


async def test_settings_round_trip(storage: SQLiteStorage) -> None:
    await storage.set_setting(1, "announce_channel", "99")
    assert await storage.get_setting(1, "announce_channel") == "99"
    assert await storage.guilds_with_setting("announce_channel") == [(1, "99")]
    await storage.set_setting(1, "announce_channel", None)
    assert await storage.get_setting(1, "announce_channel") is None


async def test_both_backends_keep_the_same_schema_version() -> None:
    """One schema source renders both backends' migrations, in step, so a copy between them keeps every rule."""
    from bot.storage import schema

    sqlite, postgres = schema.migrations("sqlite"), schema.migrations("postgres")
    assert len(sqlite) == len(postgres) == schema.SCHEMA_VERSION
    assert not [m for m in sqlite + postgres if "$BIGINT" in m or "$FLOAT" in m or "$ID" in m]


def test_the_dialects_write_no_query_of_the_storage_interface() -> None:
    """Every query on our tables is written once (bot/storage/games.py, standings.py, daily.py); the two
    backend modules only supply the dialect (connections, placeholders, locks, migrations, the copy)."""
    import re

    import bot.storage.postgres
    import bot.storage.sqlite

    tables = "games|seats|actions|meta|guild_settings|finished_games|finished_seats|ratings|rating_history"
    query = re.compile(rf"\b(FROM|INTO|UPDATE|JOIN)\s+({tables})\b", re.IGNORECASE)
    for module in (bot.storage.sqlite, bot.storage.postgres):
        assert module.__file__ is not None
        assert not query.findall(Path(module.__file__).read_text(encoding="utf-8")), module.__name__


async def test_the_log_refuses_an_unknown_origin(storage: SQLiteStorage) -> None:
    gid = await _game(storage)
    await storage.start_game(gid, [10], "{}", expected_version=0)
    with pytest.raises(Exception):  # noqa: B017 - sqlite3.IntegrityError or asyncpg's CheckViolationError
        await storage.record(gid, 0, [NewAction(0, 10, "made-up", {"pick": 1})], "{}")
    assert await storage.actions(gid) == []


async def test_a_write_numbered_from_the_log_read_with_the_game_stores_what_the_transaction_does(
        storage: SQLiteStorage) -> None:
    """With the log's last number read with the game (`last_seq`), a move's write (one statement on PostgreSQL)
    appends the entries numbered on from it, stores the state, the meta rows and the resignations; a stale
    one writes none of them."""
    gid = await _game(storage)
    await storage.create_game(kind="counting", mode="table", guild_id=1, channel_id=2, creator_id=10, seed=6,
                              options={}, table_rules={})
    await storage.start_game(gid, [10], "{}", expected_version=0)
    await storage.record(gid, 0, [NewAction(0, 10, "player", {"pick": 1})], '{"a":1}')
    read = await storage.get_game(gid, with_moves=True)
    assert read is not None and read.last_seq == 1 and read.seat_moves == {0: 1}
    seen: list[list[int | None]] = []

    def meta(entries: object) -> dict[str, str]:
        seen.append([e.seq for e in entries])  # type: ignore[attr-defined]
        return {f"journal:{gid}": '["told"]'}

    entries = [NewAction(0, 10, "formality", {"pick": 2}), NewAction(0, 10, "player", {"b": [1, 2], "a": None})]
    version = await storage.record(gid, 1, entries, '{"a":3}', meta=meta, last_seq=read.last_seq,
                                   resign_users=[10], waiting_changed=False)
    assert version == 3 and seen == [[2, 3]] and [e.seq for e in entries] == [2, 3]
    game = await storage.get_game(gid, with_meta=f"journal:{gid}", with_moves=True)
    assert game is not None and (game.version, game.state, game.last_seq) == (3, '{"a":3}', 3)
    assert game.meta == {f"journal:{gid}": '["told"]'} and game.resigned_seats() == {0}
    log = await storage.actions(gid)
    assert [(a.seq, a.origin, a.action) for a in log] == [
        (1, "player", {"pick": 1}), (2, "formality", {"pick": 2}), (3, "player", {"a": None, "b": [1, 2]})]
    with pytest.raises(StaleVersion):
        await storage.record(gid, 1, [NewAction(0, 10, "player", {"pick": 9})], '{"a":9}',
                             meta=lambda _entries: {f"journal:{gid}": "[]", "other": "x"}, last_seq=1)
    again = await storage.get_game(gid, with_meta=f"journal:{gid}")
    assert again is not None and again.state == '{"a":3}' and again.meta == {f"journal:{gid}": '["told"]'}
    assert await storage.get_meta("other") is None and len(await storage.actions(gid)) == 3


async def test_a_games_read_on_the_calling_thread_sees_every_commit_and_hands_a_wait_to_the_reader(
        db_path: Path) -> None:
    """SQLite answers a game's read on the calling thread (no hop to the reader's thread): it sees each write as
    soon as it is committed, cannot write, and a read SQLite would make wait ("busy", "locked") is asked of the
    reader's thread instead, with the same answer."""
    store = SQLiteStorage(db_path)
    await store.open()
    try:
        gid = await _game(store)
        await store.start_game(gid, [10], "{}", expected_version=0)
        for version in range(3):
            await store.record(gid, version, [NewAction(0, 10, "player", {"pick": version})], f'{{"v":{version}}}')
            game = await store.get_game(gid, with_moves=True)
            assert game is not None and game.version == version + 1 and game.state == f'{{"v":{version}}}'
            assert game.last_seq == version + 1 and game.seat_moves == {0: version + 1}
        at_once = store._at_once
        assert at_once is not None
        with pytest.raises(sqlite3.OperationalError, match="readonly"):
            at_once.execute("DELETE FROM games")

        class Waiting:
            def __init__(self, code: int) -> None:
                self.code, self.asked = code, 0

            def execute(self, *_args: object) -> None:
                self.asked += 1
                error = sqlite3.OperationalError("database is locked")
                error.sqlite_errorcode = self.code
                raise error

            def close(self) -> None:
                pass

        for code in (5, 6):  # SQLITE_BUSY, SQLITE_LOCKED
            waiting = Waiting(code)
            store._at_once = waiting  # type: ignore[assignment]
            game = await store.get_game(gid, with_moves=True)
            assert waiting.asked == 1 and game is not None and game.version == 3 and game.seat_moves == {0: 3}
        store._at_once = Waiting(11)  # type: ignore[assignment]  # SQLITE_CORRUPT: not a wait, not hidden
        with pytest.raises(sqlite3.OperationalError):
            await store.get_game(gid)
        store._at_once = at_once
    finally:
        await store.close()
    assert store._at_once is None
