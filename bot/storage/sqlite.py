"""The SQLite backend (aiosqlite): one file, no server. Its queries are the `Repository`'s; this module
is the dialect: connections, transactions, migrations (`PRAGMA user_version`), the file checks.

Two connections: a writer, whose every transaction runs whole under an asyncio lock
(`BEGIN IMMEDIATE ... COMMIT`), and a reader, which in WAL mode only ever sees committed
data. aiosqlite gives each connection its own thread, so without the lock two coroutines'
statements would interleave inside one transaction; without the second connection a read
could observe another coroutine's half-done write. Every game write also checks the
version in its UPDATE, so two clicks at once can never both apply — even across processes. A third
connection answers a click's read of its game on the calling thread (`_fetch_at_once`), without the two
hops to the reader's thread, and hands any read that would wait to the reader.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sqlite3
import time
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from bot.observability.metrics import DB_WRITE
from bot.storage.base import DiskFull, ReadOnly, StorageError
from bot.storage.repository import Repository
from bot.storage.schema import APPLICATION_ID, CORE_TABLES, MIGRATIONS, SCHEMA_VERSION
from bot.storage.sql import Conn, Row, quoted

#: SQLite's result codes (the low byte of `sqlite_errorcode`) for a full disk and a read-only file.
_SQLITE_FULL = 13
_SQLITE_READONLY = 8
_SQLITE_BUSY = 5
_SQLITE_LOCKED = 6
_WRITES = DB_WRITE.labels("sqlite")


def _code(exc: sqlite3.Error) -> int:
    return int(getattr(exc, "sqlite_errorcode", 0) or 0) & 0xFF


class SQLiteStorage(Repository):
    unique_violation = (sqlite3.IntegrityError,)

    def __init__(self, path: str | Path, *, busy_timeout_ms: int = 5000) -> None:
        self.path = str(path)
        self.busy_timeout_ms = busy_timeout_ms
        self._writer: aiosqlite.Connection | None = None
        self._reader: aiosqlite.Connection | None = None
        #: A third connection, for small reads on the calling thread (`_fetch_at_once`): query-only, and
        #: never waiting for a lock (what would make it wait goes to the reader's thread instead).
        self._at_once: sqlite3.Connection | None = None
        self._write_lock = asyncio.Lock()
        self._read_lock = asyncio.Lock()

    # ----- lifecycle ---------------------------------------------------------------------
    async def open(self) -> None:
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            self._check_writable_paths()
            damage = await settled_size_problem(Path(self.path))
            if damage:
                # Before any connection: SQLite itself would read (and our migrations write) a cut file.
                raise StorageError(
                    f"The database file {self.path} {damage}. It was left untouched; restore it from a backup "
                    "(`yokohama-bot check-db` reports the same)."
                )
        try:
            self._writer = await self._connect()
            await self._check_and_migrate(self._writer)
            self._reader = await self._connect()
            if self.path != ":memory:":
                self._at_once = _connect_at_once(self.path)
        except StorageError:
            await self.close()
            raise
        except sqlite3.DatabaseError as exc:
            await self.close()
            if _code(exc) == _SQLITE_READONLY:
                raise self._read_only() from exc
            if _code(exc) == _SQLITE_FULL:
                raise DiskFull(f"The disk holding {self.path} is full; the bot cannot start until there is room.") \
                    from exc
            await self.close()
            raise StorageError(
                f"The database file {self.path} cannot be used ({exc}). It was left untouched; "
                "restore it from a backup or point DATABASE_PATH at another file."
            ) from exc

    def _read_only(self) -> ReadOnly:
        return ReadOnly(
            f"The database file {self.path} (or its folder) is read-only, so no move could be saved. "
            "Make the file and its folder writable by the bot's user (WAL mode also writes "
            f"{Path(self.path).name}-wal and -shm beside it), or point DATABASE_PATH at a writable place."
        )

    def _write_refused(self, exc: sqlite3.OperationalError) -> StorageError | None:
        """What a write SQLite refused means to the operator: a full disk or a read-only file (None: neither)."""
        if _code(exc) == _SQLITE_FULL:
            return DiskFull(f"The disk holding the database {self.path} is full: the write was not saved "
                            "(nothing saved before is lost). Free some space.")
        if _code(exc) == _SQLITE_READONLY:
            return self._read_only()
        return None

    def _check_writable_paths(self) -> None:
        """Refuse at open, with a clear message, a file or folder the bot may not write."""
        path = Path(self.path)
        if path.exists() and not os.access(path, os.W_OK):
            raise self._read_only()
        if not os.access(path.parent, os.W_OK | os.X_OK):
            raise self._read_only()

    async def _connect(self) -> aiosqlite.Connection:
        conn = await aiosqlite.connect(self.path, isolation_level=None)
        conn.row_factory = sqlite3.Row
        await conn.execute(f"PRAGMA busy_timeout = {int(self.busy_timeout_ms)}")
        await conn.execute("PRAGMA foreign_keys = ON")
        return conn

    async def _check_and_migrate(self, conn: aiosqlite.Connection) -> None:
        # Reading the schema fails fast on a file that is not a SQLite database.
        verdict = await self._scalar(conn, "PRAGMA quick_check(1)")
        if verdict != "ok":
            raise StorageError(
                f"The database file {self.path} failed SQLite's integrity check ({verdict or '?'}). "
                "It was left untouched; restore it from a backup."
            )
        # Decide and migrate inside one write transaction: a second process opening the same new file
        # at the same moment waits here, then sees the schema already made (no double migration).
        await conn.execute("BEGIN IMMEDIATE")
        try:
            version = await self._scalar(conn, "PRAGMA user_version")
            application = await self._scalar(conn, "PRAGMA application_id")
            if application not in (0, APPLICATION_ID):
                raise StorageError(
                    f"The file {self.path} is a SQLite database of another application (application_id "
                    f"{application:#x}). It was left untouched; point DATABASE_PATH at another file."
                )
            if version > SCHEMA_VERSION:
                raise StorageError(
                    f"The database file {self.path} has schema version {version}, newer than this bot "
                    f"understands ({SCHEMA_VERSION}). Upgrade the bot; the file was left untouched."
                )
            if version == 0:
                tables = await self._scalar(conn, "SELECT count(*) FROM sqlite_master WHERE type = 'table'")
                if tables:
                    raise StorageError(
                        f"The file {self.path} is a SQLite database that this bot did not create. "
                        "It was left untouched; point DATABASE_PATH at another file."
                    )
            else:
                missing = await self._missing_schema(conn)
                if missing:
                    raise StorageError(
                        f"The file {self.path} is a SQLite database that this bot did not create (user_version "
                        f"{version}, but {missing}). It was left untouched; point DATABASE_PATH at another file."
                    )
            # Only now that the file is known to be ours (or empty) is anything written to it. A write that
            # fails here means a read-only file: open says so now, not at the first move.
            await conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            for number in range(version, SCHEMA_VERSION):
                await _run_script(conn, MIGRATIONS[number])
                await conn.execute(f"PRAGMA user_version = {number + 1}")
            await conn.execute("COMMIT")
        except BaseException:
            await conn.execute("ROLLBACK")
            raise
        # Only a file known to be ours is switched to WAL (a persistent property of the file).
        await self._use_wal(conn)
        await conn.execute("PRAGMA synchronous = FULL")

    async def _use_wal(self, conn: aiosqlite.Connection) -> None:
        """Switch the file to WAL. Another process opening the same new file may hold a lock just then,
        and SQLite answers a journal-mode change with "database is locked" at once (no busy wait), so
        this waits and tries again; once one process has switched, the others find WAL already on."""
        deadline = time.monotonic() + self.busy_timeout_ms / 1000
        while True:
            try:
                async with conn.execute("PRAGMA journal_mode = WAL") as cur:
                    await cur.fetchall()
                return
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) or time.monotonic() > deadline:
                    raise
                await asyncio.sleep(0.05)

    async def _missing_schema(self, conn: aiosqlite.Connection) -> str:
        """What of our core schema the open file lacks ("" if it has it all)."""
        for table, columns in CORE_TABLES.items():
            async with conn.execute(f"PRAGMA table_info({table})") as cur:
                have = {row[1] for row in await cur.fetchall()}
            if not have:
                return f"no table '{table}'"
            if columns - have:
                return f"table '{table}' lacks {', '.join(sorted(columns - have))}"
        return ""

    async def close(self) -> None:
        """Close after any write in progress has committed (a clean shutdown never cuts one in half)."""
        async with self._write_lock:
            for conn in (self._reader, self._writer):
                if conn is not None:
                    await conn.close()
            self._reader = self._writer = None
            if self._at_once is not None:
                self._at_once.close()
                self._at_once = None

    @staticmethod
    async def _scalar(conn: aiosqlite.Connection, sql: str) -> Any:
        """One value, on the writer at open (the result read to the end: a half-read SELECT keeps its
        snapshot open)."""
        async with conn.execute(sql) as cur:
            rows = list(await cur.fetchall())
        return rows[0][0] if rows else None

    # ----- the dialect ---------------------------------------------------------------------
    @asynccontextmanager
    async def _read(self, *, snapshot: bool = False) -> AsyncIterator[Conn]:
        """The reader connection, for one caller at a time, each result read to the end.

        In autocommit mode SQLite keeps a connection's read snapshot for as long as ANY of
        its statements is active. Coroutines sharing the reader would keep one statement or
        another active all the time under load, and the reader would go on seeing an old
        version of every game (found by bench/service_actions.py at 60 concurrent games).
        Reading each result to the end under a lock lets every read see the latest commit;
        a snapshot is a read transaction, ended before the lock is let go.
        """
        if self._reader is None:
            raise StorageError("Storage is not open.")
        async with self._read_lock:
            reader = self._reader
            if not snapshot:
                yield _Connection(reader)
                return
            await reader.execute("BEGIN")
            try:
                yield _Connection(reader)
            finally:
                if reader.in_transaction:
                    await reader.execute("COMMIT")

    async def _fetch_at_once(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """`Dialect._fetch_at_once` on the calling thread: a click's read of its game costs about what the two
        hops to the reader's thread and back cost, and the reader's lock (`_read`) is not needed for a
        statement read to its end at once. A read that would wait (SQLite's answer "busy" or "locked": a
        recovery, a checkpoint in the way) goes to the reader's thread, which waits its turn."""
        conn = self._at_once
        if conn is not None:
            try:
                with contextlib.closing(conn.execute(sql, params)) as cursor:
                    return cursor.fetchall()
            except sqlite3.OperationalError as exc:
                if _code(exc) not in (_SQLITE_BUSY, _SQLITE_LOCKED):
                    raise
        return await self._fetch(sql, params)

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[Conn]:
        if self._writer is None:
            raise StorageError("Storage is not open.")
        started = time.perf_counter()
        async with self._write_lock:
            conn = self._writer
            try:
                await conn.execute("BEGIN IMMEDIATE")
                try:
                    yield _Connection(conn)
                except BaseException:
                    if conn.in_transaction:
                        await conn.execute("ROLLBACK")
                    raise
                else:
                    await conn.execute("COMMIT")
                    _WRITES.observe(time.perf_counter() - started)
            except sqlite3.OperationalError as exc:
                refused = self._write_refused(exc)
                if refused is None:
                    raise
                if isinstance(refused, DiskFull) and conn.in_transaction:
                    await conn.execute("ROLLBACK")
                raise refused from exc

    async def _write_checked(self, first: str, params: Sequence[Any],
                             then: Sequence[tuple[str, list[Sequence[Any]]]]) -> bool:
        """`Dialect._write_checked` as one call on the writer's thread: the transaction's five statements
        (BEGIN, the checked one, the others, COMMIT) were each a hop to that thread and back."""
        if self._writer is None:
            raise StorageError("Storage is not open.")
        started = time.perf_counter()
        async with self._write_lock:
            writer = self._writer
            try:
                written: bool = await writer._execute(_checked_transaction, writer._conn, first, params, then)
            except sqlite3.OperationalError as exc:
                refused = self._write_refused(exc)
                if refused is None:
                    raise
                raise refused from exc
        if written:
            _WRITES.observe(time.perf_counter() - started)
        return written

    def in_list(self, column: str, values: Sequence[Any]) -> tuple[str, list[Any]]:
        return f"{column} IN ({', '.join('?' * len(values))})", list(values)

    async def _lock(self, conn: Conn, key: int) -> None:
        """Nothing to take: `BEGIN IMMEDIATE` already keeps every other writer (in any process) out."""

    # ----- checks (check-db) -------------------------------------------------------------------------
    async def integrity_problems(self, limit: int = 20) -> list[str]:
        """SQLite's full `PRAGMA integrity_check` (every page, index and constraint; slower than the quick
        check at open) and the header-versus-size check: [] when the file is sound."""
        problem = await settled_size_problem(Path(self.path)) if self.path != ":memory:" else ""
        found = [f"the file {problem}"] if problem else []
        rows = await self._fetch(f"PRAGMA integrity_check({int(limit)})")
        found += [str(r[0]) for r in rows if str(r[0]) != "ok"]
        return found

    # ----- whole tables (copy-db) ------------------------------------------------------------------
    async def table_names(self) -> list[str]:
        rows = await self._fetch("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        return [r[0] for r in rows]

    async def table_columns(self, table: str) -> list[str]:
        return [r[1] for r in await self._fetch(f"PRAGMA table_info({quoted(table)})")]

    async def read_table(self, table: str) -> tuple[list[str], list[tuple[Any, ...]]]:
        columns = await self.table_columns(table)
        rows = await self._fetch(f"SELECT {', '.join(map(quoted, columns))} FROM {quoted(table)} ORDER BY rowid")
        return columns, [tuple(r) for r in rows]

    async def write_table(self, table: str, columns: list[str], rows: list[tuple[Any, ...]]) -> None:
        if not rows:
            return
        names = ", ".join(map(quoted, columns))
        marks = ", ".join("?" * len(columns))
        values = [tuple(int(v) if isinstance(v, bool) else v for v in row) for row in rows]
        async with self._transaction() as conn:
            await conn.executemany(f"INSERT OR REPLACE INTO {quoted(table)} ({names}) VALUES ({marks})", values)


def _connect_at_once(path: str) -> sqlite3.Connection:
    """The connection for `SQLiteStorage._fetch_at_once`: no busy wait (timeout 0), reads only."""
    conn = sqlite3.connect(path, isolation_level=None, timeout=0, check_same_thread=False)
    conn.row_factory = sqlite3.Row
    conn.execute("PRAGMA query_only = ON")
    return conn


def _checked_transaction(db: sqlite3.Connection, first: str, params: Sequence[Any],
                         then: Sequence[tuple[str, list[Sequence[Any]]]]) -> bool:
    """`SQLiteStorage._write_checked`'s transaction, run on the writer's own thread; rolled back whole if
    anything in it fails."""
    db.execute("BEGIN IMMEDIATE")
    try:
        if db.execute(first, params).rowcount != 1:
            db.execute("ROLLBACK")
            return False
        for sql, rows in then:
            if rows:
                db.executemany(sql, rows)
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise
    return True


#: The first 16 bytes of every SQLite database file.
_SQLITE_MAGIC = b"SQLite format 3\x00"


#: How often, and how far apart, a length that disagrees with the header is read again before it is
#: called damage: another bot process starting on the same new file may be half-way through a commit or a
#: checkpoint (page 1, with the new page count, is written before the pages it counts), which settles in
#: milliseconds, while a cut or padded file stays as it is (seen in the full suite under load: two first starts
#: at once read "44 pages declared, 36 present" and the second refused to start).
SIZE_RECHECKS = 5
SIZE_RECHECK_PAUSE_S = 0.05


async def settled_size_problem(path: Path) -> str:
    """`size_problem`, reported only if it is still there after `SIZE_RECHECKS` pauses."""
    problem = size_problem(path)
    for _ in range(SIZE_RECHECKS):
        if not problem:
            return ""
        await asyncio.sleep(SIZE_RECHECK_PAUSE_S)
        problem = size_problem(path)
    return problem


def size_problem(path: Path) -> str:
    """What is wrong with the file's length by its own header ("" if nothing, or nothing to compare).

    SQLite's quick check reads only the pages it reaches, so a file cut short (a failed copy, a full disk
    during a restore) or padded passed it, and the bot went on writing into it. The header records the
    page size (bytes 16-17) and the page count (bytes 28-31, valid while the change counter at 24-27
    equals the "version valid for" number at 92-95). SQLite only ever writes whole pages, so:
    - a length that is not a whole number of pages is damage, always;
    - with no write-ahead log or rollback journal beside it (a closed database, a backup), the file holds
      exactly the pages its header declares; with one present, a checkpoint or commit may be half done
      (page 1, with the new count, is written first), so only the whole-page rule is applied then and
      SQLite replays the log. A file another process is writing can still be read between two of its
      writes: `settled_size_problem` reads it again before calling it damage.
    """
    try:
        size = path.stat().st_size
        if size == 0:
            return ""  # a new, empty file: the schema is made at open
        with path.open("rb") as file:
            header = file.read(100)
    except OSError:
        return ""  # missing or unreadable: open reports that in its own words
    if len(header) < 100 or not header.startswith(_SQLITE_MAGIC):
        return ""  # not a SQLite file at all: SQLite's own error says so at open
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    if page_size < 512 or page_size & (page_size - 1):
        return f"has a damaged header (page size {page_size})"
    if size % page_size:
        return (f"is {size} bytes, not a whole number of {page_size}-byte pages: it was cut short or "
                "something was appended to it")
    pages = int.from_bytes(header[28:32], "big")
    if pages == 0 or header[24:28] != header[92:96]:
        return ""  # a writer that kept no page count in the header: nothing to compare
    declared = pages * page_size
    wal = path.with_name(path.name + "-wal")
    journal = path.with_name(path.name + "-journal")  # a rollback-mode commit under way (before WAL is set)
    try:
        log_present = any(log.exists() and log.stat().st_size > 0 for log in (wal, journal))
    except OSError:
        log_present = True
    if log_present or size == declared:
        return ""
    if size < declared:
        return (f"is {size} bytes but its header declares {pages} pages of {page_size} bytes ({declared} bytes): "
                "it was cut short")
    return (f"is {size} bytes but its header declares {pages} pages of {page_size} bytes ({declared} bytes): "
            "something was appended to it")


async def _run_script(conn: aiosqlite.Connection, script: str) -> None:
    """Run a multi-statement migration inside the caller's transaction.

    `executescript` would COMMIT first, so statements are split and run one by one.
    """
    for statement in _split_statements(script):
        await conn.execute(statement)


def _split_statements(script: str) -> list[str]:
    statements: list[str] = []
    buffer = ""
    for line in script.splitlines(keepends=True):
        buffer += line
        if sqlite3.complete_statement(buffer):
            if buffer.strip():
                statements.append(buffer.strip())
            buffer = ""
    if buffer.strip():
        statements.append(buffer.strip())
    return statements


class _Connection:
    """An aiosqlite connection as a `sql.Conn`."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        cursor = await self.conn.execute(sql, params)
        return cursor.rowcount

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self.conn.executemany(sql, rows)

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        # One hop to the connection's thread (run, fetch every row), not three (run, fetch, close the cursor).
        return list(await self.conn.execute_fetchall(sql, params))

    async def fetchval(self, sql: str, params: Sequence[Any] = ()) -> Any:
        rows = await self.fetch(sql, params)
        return rows[0][0] if rows else None

    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        cursor = await self.conn.execute(sql, params)
        assert cursor.lastrowid is not None
        return cursor.lastrowid
