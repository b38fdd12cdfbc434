"""Backups of the SQLite database: a consistent copy of the live file, verified, written so that a kill
at any moment leaves every earlier backup (and the database) as it was.

- `backup_file` copies with SQLite's online backup API (`sqlite3.Connection.backup`): the copy is one
  consistent state of the database even while the bot writes (in WAL mode the bot's writes go on meanwhile).
  It is written to a hidden temporary file beside the target, checked (`verify_file`: SQLite's full
  integrity check, our application id and a schema version this bot knows), flushed to disk, and only then
  renamed to its name (a rename within one folder is atomic). A kill before the rename leaves a temporary
  file, never a half backup under a backup's name; the next scheduled run removes it.
- `Schedule` takes one every `BACKUP_HOURS` into `BACKUP_DIR` and keeps the newest `BACKUP_KEEP`.
- `restore_file` puts a verified backup in the database's place; it refuses a damaged or foreign file, and
  never replaces an existing database unless forced, and even then keeps the replaced one beside it.

PostgreSQL has its own tools (`pg_dump`, `pg_restore`): see docs/operations.md.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sqlite3
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from bot.settings import Settings
from bot.storage.schema import APPLICATION_ID, CORE_TABLES, SCHEMA_VERSION
from bot.storage.sqlite import size_problem

log = logging.getLogger(__name__)

#: Scheduled backups are named `yokohama-<UTC time>.sqlite3`, so their names sort by age.
PREFIX, SUFFIX = "yokohama-", ".sqlite3"
#: Pages copied per step of the online backup: between steps the bot's writer may commit (a whole copy in
#: one step would hold the read snapshot, not the writer, but steps keep each hop to the thread short).
STEP_PAGES = 1024

Progress = Callable[[int, int, int], object]


class BackupError(Exception):
    """A backup or restore could not be made, or a file is not a sound database of this bot."""


def sqlite_file(settings: Settings, where: str | None = None) -> Path | None:
    """The SQLite file named by `where` (a path or sqlite:PATH), else by the settings; None for PostgreSQL."""
    text = where if where is not None else (settings.database_url or str(settings.database_path))
    if text.startswith(("postgresql://", "postgres://")):
        return None
    return Path(text.removeprefix("sqlite:").removeprefix("//"))


def verify_file(path: Path) -> None:
    """Raise BackupError unless `path` is a whole, undamaged SQLite database of this bot (any schema version up
    to this bot's). Reads only: the file is opened read-only and nothing is written to it."""
    problem = size_problem(path)
    if problem:
        raise BackupError(f"{path} {problem}.")
    if not path.is_file():
        raise BackupError(f"{path} is not a file.")
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error as exc:
        raise BackupError(f"{path} cannot be opened: {exc}.") from exc
    try:
        verdict = [str(r[0]) for r in conn.execute("PRAGMA integrity_check(5)")]
        if verdict != ["ok"]:
            raise BackupError(f"{path} failed SQLite's integrity check: {'; '.join(verdict)}.")
        application = conn.execute("PRAGMA application_id").fetchone()[0]
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if application != APPLICATION_ID or version < 1:
            raise BackupError(f"{path} is not a database of this bot.")
        if version > SCHEMA_VERSION:
            raise BackupError(f"{path} has schema version {version}, newer than this bot understands "
                              f"({SCHEMA_VERSION}): it was written by a newer version.")
        for table in CORE_TABLES:
            if not conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (table,)).fetchone():
                raise BackupError(f"{path} lacks the table {table!r}: it is not a database of this bot.")
    except sqlite3.DatabaseError as exc:
        raise BackupError(f"{path} is not a readable SQLite database: {exc}.") from exc
    finally:
        conn.close()


def _temporary(target: Path) -> Path:
    return target.with_name(f".{target.name}.partial-{os.getpid()}")


def _fsync_dir(folder: Path) -> None:
    with contextlib.suppress(OSError):  # not every platform lets a folder be opened and synced
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _copy(source: Path, target: Path, progress: Progress | None) -> None:
    """The online copy of `source` into the new file `target` (a rollback-journal database, one file)."""
    if not source.is_file():
        raise BackupError(f"There is no database at {source}.")
    src = sqlite3.connect(f"{source.resolve().as_uri()}?mode=ro", uri=True)
    try:
        dst = sqlite3.connect(target)
        try:
            src.backup(dst, pages=STEP_PAGES, progress=progress)
            # A backup is one self-contained file: no WAL beside it to lose when it is copied elsewhere.
            dst.execute("PRAGMA journal_mode = DELETE").fetchall()
        finally:
            dst.close()
    except sqlite3.Error as exc:
        raise BackupError(f"The database {source} could not be copied: {exc}.") from exc
    finally:
        src.close()
    with target.open("rb+") as file:
        os.fsync(file.fileno())


def backup_file(source: Path, target: Path, *, progress: Progress | None = None, replace: bool = False) -> Path:
    """Copy the live database `source` to `target`, verified and renamed into place (see the module's note).
    Refuses an existing `target` unless `replace`. Blocking: run it in a thread from the event loop."""
    if target.exists() and not replace:
        raise BackupError(f"{target} already exists; choose another name (or --force to replace it).")
    with _verified_copy(source, target, progress) as partial:
        partial.replace(target)
    return target


def restore_file(backup: Path, database: Path, *, force: bool = False, now: float | None = None) -> Path | None:
    """Put the backup `backup` in the place of the SQLite database `database` (the bot stopped). The backup is
    verified first (a bad file is refused, nothing touched). An existing database is replaced only with
    `force`, and then kept beside it as `<name>.before-restore-<time>` (with its WAL), which is returned."""
    verify_file(backup)
    kept: Path | None = None
    if database.exists() and not force:
        raise BackupError(f"{database} already exists; stop the bot and add --force to replace it "
                          "(the replaced file is kept beside it).")
    with _verified_copy(backup, database, None) as partial:
        if database.exists():
            stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime(now))
            kept = database.with_name(f"{database.name}.before-restore-{stamp}")
            database.replace(kept)
            for side in ("-wal", "-journal"):
                log_file = database.with_name(database.name + side)
                if log_file.exists():
                    log_file.replace(kept.with_name(kept.name + side))
        # A shared-memory index of the old file must not be read against the new one.
        database.with_name(database.name + "-shm").unlink(missing_ok=True)
        partial.replace(database)
    return kept


@contextlib.contextmanager
def _verified_copy(source: Path, final: Path, progress: Progress | None) -> Iterator[Path]:
    """A verified copy of `source` in a hidden file beside `final`, for the block to move into place: a
    failure (or a kill) anywhere leaves `final` as it was and no partial file behind; the folder is synced
    once the block has renamed the copy."""
    final.parent.mkdir(parents=True, exist_ok=True)
    partial = _temporary(final)
    partial.unlink(missing_ok=True)
    try:
        _copy(source, partial, progress)
        verify_file(partial)
        yield partial
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    _fsync_dir(final.parent)


# ----- the schedule -------------------------------------------------------------------------------------
def scheduled_name(when: float) -> str:
    return f"{PREFIX}{time.strftime('%Y%m%dT%H%M%SZ', time.gmtime(when))}{SUFFIX}"


def scheduled_backups(folder: Path) -> list[Path]:
    """The finished scheduled backups in `folder`, oldest first (temporary files are not among them)."""
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir()
                  if p.is_file() and p.name.startswith(PREFIX) and p.name.endswith(SUFFIX))


@dataclass
class Schedule:
    """A backup of `database` into `folder` every `hours`, the newest `keep` kept."""

    database: Path
    folder: Path
    hours: float
    keep: int
    now: Callable[[], float] = time.time

    def due_in(self) -> float:
        """Seconds until the next backup is due, counted from the newest one (0: due now). A restart does not
        take a backup early, nor skip one that is due."""
        existing = scheduled_backups(self.folder)
        if not existing:
            return 0.0
        newest = existing[-1].stat().st_mtime
        return max(0.0, newest + self.hours * 3600 - self.now())

    def clean_partials(self) -> list[Path]:
        """Remove temporary files left by a backup that was killed (only ever written by this module)."""
        gone = []
        if self.folder.is_dir():
            for path in self.folder.iterdir():
                if path.name.startswith(f".{PREFIX}") and ".partial-" in path.name:
                    path.unlink(missing_ok=True)
                    gone.append(path)
        return gone

    def run_once(self, *, progress: Progress | None = None) -> Path:
        """Take one backup now and drop the oldest beyond `keep`. Blocking."""
        self.clean_partials()
        made = backup_file(self.database, self.folder / scheduled_name(self.now()), progress=progress,
                           replace=True)
        for old in scheduled_backups(self.folder)[:-self.keep]:
            old.unlink(missing_ok=True)
        return made

    async def forever(self, on_done: Callable[[Path | None], None] | None = None,
                      *, progress: Progress | None = None) -> None:
        """Take the backups as they fall due until cancelled. A failed backup is logged and retried at the next
        period; a cancelled one (shutdown) leaves no file under a backup's name."""
        while True:
            await asyncio.sleep(self.due_in())
            try:
                made: Path | None = await asyncio.to_thread(self.run_once, progress=progress)
                log.info("backup written and verified: %s", made)
            except Exception:
                log.exception("scheduled backup failed; the previous backups are untouched")
                made = None
                await asyncio.sleep(self.hours * 3600)
            if on_done is not None:
                on_done(made)
