"""Backups of the SQLite database: a consistent, verified copy of a database being written; the schedule's
rotation; a backup killed half-way leaves the earlier backups as they were; restore refuses a bad file and
never replaces a database unless forced (and then keeps it); the CLI's `backup` and `restore`."""

from __future__ import annotations

import asyncio
import hashlib
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from bot import backup
from bot.backup import BackupError, Schedule, backup_file, restore_file, scheduled_backups, verify_file
from bot.cli import main as cli
from bot.service import TableService, check_all
from bot.storage import SQLiteStorage
from tests.bot.test_service import _started

ROOT = Path(__file__).resolve().parents[2]


async def _database(path: Path, games: int = 3) -> None:
    """A database with a few games of Counting (the `counting_game` fixture), played part-way."""
    storage = SQLiteStorage(path)
    await storage.open()
    service = TableService(storage)
    for n in range(games):
        gid = await _started(service, 101, 202, rounds=2 + n)
        for _ in range(3 + n):
            status = await service.status(gid)
            if status.status != "active":
                break
            await service.play.act(gid, status.waiting_on[0], {"pick": 1 + n % 3})
    await storage.close()


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


async def test_a_backup_of_a_database_being_written_is_whole_and_replays(tmp_path: Path, counting_game: None) -> None:
    db = tmp_path / "bot.sqlite3"
    await _database(db)
    storage = SQLiteStorage(db)
    await storage.open()
    service = TableService(storage)
    gid = await _started(service, 101, 202, rounds=500)
    stop = asyncio.Event()

    async def write() -> int:
        moves = 0
        while not stop.is_set():
            status = await service.status(gid)
            await service.play.act(gid, status.waiting_on[0], {"pick": 2})
            moves += 1
        return moves

    writer = asyncio.create_task(write())
    copies = [await asyncio.to_thread(backup_file, db, tmp_path / f"copy-{n}.sqlite3") for n in range(3)]
    stop.set()
    assert await writer > 0
    await storage.close()
    for copy in copies:
        verify_file(copy)
        assert not copy.with_name(copy.name + "-wal").exists(), "a backup is one self-contained file"
        restored = SQLiteStorage(copy)
        await restored.open()
        try:
            assert all(r.ok for r in await check_all(restored))
        finally:
            await restored.close()


async def test_the_schedule_keeps_the_newest_and_waits_for_the_next_due_time(tmp_path: Path,
                                                                             counting_game: None) -> None:
    db = tmp_path / "bot.sqlite3"
    await _database(db, games=1)
    clock = [1_800_000_000.0]
    schedule = Schedule(db, tmp_path / "backups", hours=6, keep=2, now=lambda: clock[0])
    assert schedule.due_in() == 0  # none yet: due now
    made = []
    for _ in range(4):
        made.append(schedule.run_once())
        os.utime(made[-1], (clock[0], clock[0]))
        clock[0] += 6 * 3600
    assert scheduled_backups(tmp_path / "backups") == made[-2:]
    clock[0] -= 2 * 3600  # four hours after the newest
    assert schedule.due_in() == pytest.approx(2 * 3600)


def test_a_backup_killed_half_way_leaves_the_earlier_backups_valid(tmp_path: Path, counting_game: None) -> None:
    db = tmp_path / "bot.sqlite3"
    asyncio.run(_database(db, games=6))
    folder = tmp_path / "backups"
    earlier = [backup_file(db, folder / backup.scheduled_name(1_700_000_000 + n * 3600)) for n in range(2)]
    for n, path in enumerate(earlier):  # taken long ago: the next one is due at once
        os.utime(path, (1_700_000_000 + n * 3600,) * 2)
    digests = [_digest(p) for p in earlier]
    worker = subprocess.Popen([sys.executable, "-m", "tests.ops.backup_worker", str(db), str(folder)], cwd=ROOT,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert worker.stdout is not None
        seen = [worker.stdout.readline() for _ in range(5)]
        assert all(line.startswith("copying") for line in seen), seen
        worker.send_signal(signal.SIGKILL)
        worker.wait(timeout=30)
    finally:
        if worker.poll() is None:
            worker.kill()
    assert worker.returncode == -signal.SIGKILL
    # The earlier backups are as they were, and valid; the cut copy is no backup (a hidden temporary file).
    assert scheduled_backups(folder) == earlier
    assert [_digest(p) for p in earlier] == digests
    for path in earlier:
        verify_file(path)
    leftovers = [p for p in folder.iterdir() if p not in earlier]
    assert leftovers and all(p.name.startswith(".") and ".partial-" in p.name for p in leftovers)
    # The next run cleans up after it and takes a sound backup, keeping three.
    schedule = Schedule(db, folder, hours=24, keep=3)
    made = schedule.run_once()
    verify_file(made)
    assert sorted(folder.iterdir()) == sorted([*earlier, made])


async def test_restore_refuses_a_bad_file_and_never_replaces_without_force(tmp_path: Path,
                                                                          counting_game: None) -> None:
    db = tmp_path / "bot.sqlite3"
    await _database(db)
    good = backup_file(db, tmp_path / "good.sqlite3")
    cut = tmp_path / "cut.sqlite3"
    cut.write_bytes(good.read_bytes()[: good.stat().st_size // 2])
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"not a database at all" * 100)
    before = _digest(db)
    for bad in (cut, junk, tmp_path / "missing.sqlite3"):
        with pytest.raises(BackupError):
            restore_file(bad, db, force=True)
        assert _digest(db) == before
    with pytest.raises(BackupError, match="already exists"):
        restore_file(good, db)
    # Forced: the backup takes the database's place, and the replaced file is kept beside it.
    storage = SQLiteStorage(db)
    await storage.open()
    service = TableService(storage)
    await _started(service, 101, 202)  # a game the backup does not have
    await storage.close()
    kept = restore_file(good, db, force=True, now=1_800_000_000)
    assert kept is not None and kept.name == "bot.sqlite3.before-restore-20270115T080000Z"
    assert len(await _games(kept)) == len(await _games(db)) + 1


async def _games(path: Path) -> list[int]:
    storage = SQLiteStorage(path)
    await storage.open()
    try:
        return await storage.all_game_ids()
    finally:
        await storage.close()


async def test_the_commands_back_up_verify_and_restore(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                        monkeypatch: pytest.MonkeyPatch, counting_game: None) -> None:
    db = tmp_path / "bot.sqlite3"
    await _database(db)
    monkeypatch.setenv("DATABASE_PATH", str(db))
    target = tmp_path / "b.sqlite3"
    assert await asyncio.to_thread(cli, ["backup", "--to", str(target)]) == 0
    out = capsys.readouterr().out
    assert "Backup written" in out and "3 games checked, 0 mismatches" in out
    assert await asyncio.to_thread(cli, ["backup", "--to", str(target)]) == 1  # exists: not replaced
    assert await asyncio.to_thread(cli, ["restore", "--from", str(target)]) == 1  # the database exists
    assert "--force" in capsys.readouterr().err
    assert await asyncio.to_thread(cli, ["restore", "--from", str(target), "--force"]) == 0
    assert "kept as" in capsys.readouterr().out
    monkeypatch.setenv("DATABASE_URL", "postgresql://u@localhost/db")
    assert await asyncio.to_thread(cli, ["backup", "--to", str(tmp_path / "pg.sqlite3")]) == 2
    assert "pg_dump" in capsys.readouterr().err


def test_a_backup_is_taken_at_once_when_none_exists(tmp_path: Path, counting_game: None) -> None:
    db = tmp_path / "bot.sqlite3"
    asyncio.run(_database(db, games=1))
    schedule = Schedule(db, tmp_path / "b", hours=1, keep=1, now=time.time)
    assert schedule.due_in() == 0


async def test_postgres_dump_restore_and_check_db_as_the_docs_say(postgres_cluster: Any, postgres_url: str,
                                                                  tmp_path: Path, counting_game: None,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """docs/operations.md: `pg_dump --format=custom`, `pg_restore` into an empty database, then `check-db`."""
    from bot.storage.postgres import PostgresStorage

    storage = PostgresStorage(postgres_url)
    await storage.open()
    service = TableService(storage)
    for rounds in (1, 3):
        gid = await _started(service, 101, 202, rounds=rounds)
        for _ in range(3):
            status = await service.status(gid)
            if status.status == "active":
                await service.play.act(gid, status.waiting_on[0], {"pick": 2})
    games = await storage.all_game_ids()
    await storage.close()
    dump, restored = tmp_path / "yokohama.dump", postgres_cluster.create_database(f"restored_{os.getpid()}")
    subprocess.run([shutil.which("pg_dump") or "pg_dump", "--format=custom", f"--file={dump}", postgres_url],
                   check=True, capture_output=True, timeout=120)
    subprocess.run([shutil.which("pg_restore") or "pg_restore", "--no-owner", f"--dbname={restored}", str(dump)],
                   check=True, capture_output=True, timeout=120)
    assert await asyncio.to_thread(cli, ["check-db", "--db", restored]) == 0
    assert f"{len(games)} games checked, 0 mismatches" in capsys.readouterr().out
