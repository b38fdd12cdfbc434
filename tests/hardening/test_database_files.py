"""Someone else's SQLite file is recognised before anything in it changes, a
read-only database is refused at open, check-db reports an unreadable game and goes on, and a full disk
is named as such (nothing acknowledged is lost)."""

from __future__ import annotations

import asyncio
import os
import shutil
import sqlite3
import subprocess
from pathlib import Path

import pytest

from bot.cli import main as cli_main
from bot.service import TableService, check_all
from bot.service.errors import OutOfSpace
from bot.storage import ReadOnly, SQLiteStorage, StorageError
from bot.storage.schema import APPLICATION_ID, MIGRATIONS
from tests.conftest import execute_raw

ALICE, BOB = 101, 202


def _foreign(path: Path, *, user_version: int = 1, application_id: int = 0) -> bytes:
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
    conn.execute("INSERT INTO notes (body) VALUES ('mine')")
    conn.execute(f"PRAGMA user_version = {user_version}")
    conn.execute(f"PRAGMA application_id = {application_id}")
    conn.commit()
    conn.close()
    return path.read_bytes()


async def test_a_foreign_sqlite_file_with_a_user_version_is_left_untouched(tmp_path: Path) -> None:
    """Regression: a file with user_version 1 was taken for ours, switched to WAL, then the bot died."""
    path = tmp_path / "other.sqlite3"
    before = _foreign(path, user_version=1)
    with pytest.raises(StorageError, match="did not create"):
        await SQLiteStorage(path).open()
    assert path.read_bytes() == before
    assert not (tmp_path / "other.sqlite3-wal").exists()


async def test_a_file_of_another_application_is_left_untouched(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite3"
    before = _foreign(path, user_version=3, application_id=0x1234)
    with pytest.raises(StorageError, match="another application"):
        await SQLiteStorage(path).open()
    assert path.read_bytes() == before


async def test_our_own_database_from_before_the_application_id_still_opens(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    conn.executescript(MIGRATIONS[0])
    conn.execute("PRAGMA user_version = 1")
    conn.close()
    storage = SQLiteStorage(path)
    await storage.open()
    await storage.close()
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    conn.close()


def _make_read_only(path: Path) -> bool:
    """Make `path` unwritable even for root where the machine allows it; False if it cannot."""
    path.chmod(0o444)
    if os.access(path, os.W_OK) and shutil.which("chattr"):
        subprocess.run(["chattr", "+i", str(path)], capture_output=True, check=False)
    try:
        with open(path, "r+b"):
            return False
    except OSError:
        return True


def _writable_again(path: Path) -> None:
    if shutil.which("chattr"):
        subprocess.run(["chattr", "-i", str(path)], capture_output=True, check=False)
    path.chmod(0o644)


async def test_a_read_only_database_is_refused_at_open_with_a_clear_message(tmp_path: Path) -> None:
    """Regression: a read-only database opened, then the bot died later (or failed every move)."""
    path = tmp_path / "ro.sqlite3"
    storage = SQLiteStorage(path)
    await storage.open()
    await storage.close()
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA journal_mode = DELETE")  # no -wal file left beside it
    conn.close()
    if not _make_read_only(path):
        pytest.skip("this machine cannot make a file read-only for this user")
    try:
        with pytest.raises(ReadOnly, match="read-only"):
            await SQLiteStorage(path).open()
    finally:
        _writable_again(path)


async def test_a_full_disk_is_named_and_loses_nothing(tmp_path: Path, counting_game: None) -> None:
    """Regression: on a full disk the player saw "Something went wrong" and the log blamed the file."""
    storage = SQLiteStorage(tmp_path / "full.sqlite3")
    await storage.open()
    try:
        service = TableService(storage)
        game = await service.lobby.create("counting", creator_id=ALICE, options={"rounds": 100_000})
        await service.lobby.start(game.id, ALICE)
        assert storage._writer is not None
        async with storage._writer.execute("PRAGMA page_count") as cur:
            [(pages,)] = list(await cur.fetchall())
        await storage._writer.execute(f"PRAGMA max_page_count = {pages + 3}")  # a tiny "disk"
        acknowledged = 0
        with pytest.raises(OutOfSpace, match="disk is full"):
            for _ in range(10_000):
                await service.play.act(game.id, ALICE, {"pick": 1})
                acknowledged += 1
        assert acknowledged > 0
        row = await service.game(game.id)
        assert row.version == acknowledged and len(await storage.actions(game.id)) == acknowledged
    finally:
        await storage.close()


async def _games_with_two_damaged(path: Path) -> list[int]:
    storage = SQLiteStorage(path)
    await storage.open()
    service = TableService(storage)
    ids = []
    for _ in range(4):
        game = await service.lobby.create("counting", creator_id=ALICE)
        await service.lobby.join(game.id, BOB)
        await service.lobby.start(game.id, ALICE)
        user = (await service.status(game.id)).waiting_on[0]
        await service.play.act(game.id, user, {"pick": 2})
        ids.append(game.id)
    await execute_raw(storage, "UPDATE games SET state = '{not json' WHERE id = ?", ids[1])
    await execute_raw(storage, "DROP TRIGGER actions_are_append_only_update")
    await execute_raw(storage, "UPDATE actions SET action = '[[[' WHERE game_id = ?", ids[2])
    results = {r.game_id: r for r in await check_all(storage)}
    await storage.close()
    assert [results[g].ok for g in ids] == [True, False, False, True]
    assert "cannot be read" in results[ids[1]].detail and "cannot be read" in results[ids[2]].detail
    return ids


def test_check_db_reports_unreadable_games_and_goes_on(tmp_path: Path, counting_game: None,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """Regression: check-db stopped with a traceback at the first unreadable state or log entry."""
    path = tmp_path / "check.sqlite3"
    ids = asyncio.run(_games_with_two_damaged(path))
    assert cli_main(["check-db", "--db", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"BAD #{ids[1]}" in out and f"BAD #{ids[2]}" in out and f"ok  #{ids[3]}" in out
    assert "4 games checked, 2 mismatches." in out
