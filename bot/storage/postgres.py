"""The PostgreSQL backend (asyncpg), for deployments that outgrow one process. Its queries are the
`Repository`'s; this module is the dialect: the pool, transactions, `$n` placeholders, array
parameters, advisory locks, migrations (the `schema_version` table) and the whole-table copy.

Several bot processes (shards, hosts) may share one database: a game write is a version-checked
UPDATE, so two clicks on two processes never both apply, and migrations run under an advisory lock,
so two processes opening a new database at once both succeed.
"""

from __future__ import annotations

import re
import time
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from functools import lru_cache
from typing import Any

import asyncpg

from bot.observability.metrics import DB_WRITE
from bot.storage.base import DiskFull, StorageError
from bot.storage.repository import Repository
from bot.storage.schema import SCHEMA_VERSION, migrations
from bot.storage.sql import Conn, Row, quoted

#: pg_advisory_xact_lock key taken by migrations ("yokohama" folded into a bigint).
_MIGRATION_LOCK = 0x796F6B6F68616D61
_MIGRATIONS = migrations("postgres")
_WRITES = DB_WRITE.labels("postgres")


class PostgresStorage(Repository):
    unique_violation = (asyncpg.UniqueViolationError,)
    record_at_once = True

    def __init__(self, url: str, *, min_size: int = 1, max_size: int = 10) -> None:
        self.url = url
        self.min_size, self.max_size = min_size, max_size
        self._pool: asyncpg.Pool | None = None

    def __repr__(self) -> str:  # never print a password from the URL
        return f"PostgresStorage({_redacted(self.url)!r})"

    # ----- lifecycle ---------------------------------------------------------------------
    async def open(self) -> None:
        try:
            self._pool = await asyncpg.create_pool(self.url, min_size=self.min_size, max_size=self.max_size,
                                                   command_timeout=60, reset=_keep_session)
        except (OSError, asyncpg.PostgresError) as exc:
            raise StorageError(f"Cannot connect to the PostgreSQL database {_redacted(self.url)} ({exc}).") from exc
        try:
            await self._check_and_migrate()
        except BaseException:
            await self.close()
            raise

    async def _check_and_migrate(self) -> None:
        assert self._pool is not None
        async with self._pool.acquire() as conn, conn.transaction():
            # One process at a time decides and migrates; the others wait here, then see it done.
            await conn.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATION_LOCK)
            ours = await conn.fetchval("SELECT to_regclass('public.schema_version') IS NOT NULL")
            if not ours:
                others = await conn.fetchval(
                    "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'")
                if others:
                    raise StorageError(
                        f"The database {_redacted(self.url)} has tables this bot did not create. It was left "
                        "untouched; point DATABASE_URL at an empty database.")
                await conn.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
                await conn.execute("INSERT INTO schema_version VALUES (0)")
            version = await conn.fetchval("SELECT version FROM schema_version")
            if version > SCHEMA_VERSION:
                raise StorageError(
                    f"The database {_redacted(self.url)} has schema version {version}, newer than this bot "
                    f"understands ({SCHEMA_VERSION}). Upgrade the bot; the database was left untouched.")
            for number in range(version, SCHEMA_VERSION):
                await conn.execute(_MIGRATIONS[number])
                await conn.execute("UPDATE schema_version SET version = $1", number + 1)

    async def close(self) -> None:
        """Close after the writes in progress have committed (`Pool.close` waits for released connections)."""
        if self._pool is not None:
            pool, self._pool = self._pool, None
            await pool.close()

    @property
    def pool(self) -> asyncpg.Pool:
        if self._pool is None:
            raise StorageError("Storage is not open.")
        return self._pool

    # ----- the dialect ---------------------------------------------------------------------
    @asynccontextmanager
    async def _read(self, *, snapshot: bool = False) -> AsyncIterator[Conn]:
        async with self.pool.acquire() as conn:
            if not snapshot:
                yield _Connection(conn)
                return
            async with conn.transaction(isolation="repeatable_read", readonly=True):
                yield _Connection(conn)

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[Conn]:
        started = time.perf_counter()
        try:
            async with self.pool.acquire() as conn, conn.transaction():
                yield _Connection(conn)
            _WRITES.observe(time.perf_counter() - started)
        except asyncpg.DiskFullError as exc:
            raise self._disk_full() from exc

    async def _execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """One statement, committed on its own (no BEGIN and COMMIT around it)."""
        try:
            return _rowcount(await self.pool.execute(_numbered(sql), *params))
        except asyncpg.DiskFullError as exc:
            raise self._disk_full() from exc

    async def _write_value(self, sql: str, params: Sequence[Any] = ()) -> Any:
        """One writing statement, committed on its own (no BEGIN and COMMIT around it); its first value."""
        started = time.perf_counter()
        try:
            value = await self.pool.fetchval(_numbered(sql), *params)
        except asyncpg.DiskFullError as exc:
            raise self._disk_full() from exc
        _WRITES.observe(time.perf_counter() - started)
        return value

    def _disk_full(self) -> DiskFull:
        return DiskFull(f"The disk of the PostgreSQL database {_redacted(self.url)} is full: the write was not "
                        "saved (nothing saved before is lost). Free some space.")

    def in_list(self, column: str, values: Sequence[Any]) -> tuple[str, list[Any]]:
        return f"{column} = ANY(?)", [list(values)]

    async def _lock(self, conn: Conn, key: int) -> None:
        await conn.execute("SELECT pg_advisory_xact_lock(?)", (key,))

    # ----- whole tables (copy-db) ------------------------------------------------------------------
    async def table_names(self) -> list[str]:
        rows = await self._fetch(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' "
            "AND table_type = 'BASE TABLE' AND table_name <> 'schema_version'")
        return [r[0] for r in rows]

    async def _column_types(self, table: str) -> dict[str, str]:
        rows = await self._fetch(
            "SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = 'public' "
            "AND table_name = ? ORDER BY ordinal_position", (table,))
        return {r[0]: r[1] for r in rows}

    async def table_columns(self, table: str) -> list[str]:
        return list(await self._column_types(table))

    async def read_table(self, table: str) -> tuple[list[str], list[tuple[Any, ...]]]:
        columns = await self.table_columns(table)
        rows = await self._fetch(f"SELECT {', '.join(map(quoted, columns))} FROM {quoted(table)}")
        return columns, [tuple(r) for r in rows]

    async def write_table(self, table: str, columns: list[str], rows: list[tuple[Any, ...]]) -> None:
        if not rows:
            return
        types = await self._column_types(table)
        convert = [_CONVERT.get(types[c], _same) for c in columns]
        values = [tuple(None if v is None else f(v) for f, v in zip(convert, row, strict=True)) for row in rows]
        try:
            async with self.pool.acquire() as conn, conn.transaction():
                await conn.copy_records_to_table(table, records=values, columns=columns)
                if "id" in columns and types.get("id") == "bigint":
                    # Keep BIGSERIAL ahead of the copied ids.
                    await conn.execute(
                        f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                        f"GREATEST((SELECT max(id) FROM {quoted(table)}), 1))")
        except asyncpg.DiskFullError as exc:
            raise self._disk_full() from exc


def _same(value: Any) -> Any:
    return value


_CONVERT: dict[str, Any] = {
    "boolean": bool, "bigint": int, "integer": int, "smallint": int, "double precision": float, "real": float,
    "text": str,
}


def _redacted(url: str) -> str:
    """The URL without its password."""
    if "@" not in url or "://" not in url:
        return url
    scheme, rest = url.split("://", 1)
    credentials, host = rest.rsplit("@", 1)
    user = credentials.split(":", 1)[0]
    return f"{scheme}://{user}@{host}"


def _rowcount(status: str) -> int:
    """The row count of an asyncpg command status ("UPDATE 1" -> 1)."""
    try:
        return int(status.rsplit(" ", 1)[-1])
    except ValueError:
        return 0


@lru_cache(maxsize=512)
def _numbered(sql: str) -> str:
    """`?` placeholders as PostgreSQL's `$1, $2, …` (no query of ours has a `?` inside a string)."""
    numbers = iter(range(1, sql.count("?") + 1))
    return re.sub(r"\?", lambda _: f"${next(numbers)}", sql)


async def _keep_session(conn: asyncpg.Connection) -> None:
    """How a connection is reset when it goes back to the pool: as asyncpg always does, a transaction left
    open is rolled back; its default reset query besides (release advisory session locks, close cursors,
    UNLISTEN, RESET ALL) is left out, since this storage sets no session state (its advisory locks are
    transaction locks, it holds no cursor across a release, it neither listens nor SETs): that query was one
    more round trip to the server on every release, a click's read and its write alike."""


class _Connection:
    """An asyncpg connection as a `sql.Conn`."""

    def __init__(self, conn: asyncpg.Connection) -> None:
        self.conn = conn

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        return _rowcount(await self.conn.execute(_numbered(sql), *params))

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self.conn.executemany(_numbered(sql), rows)

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return list(await self.conn.fetch(_numbered(sql), *params))

    async def fetchval(self, sql: str, params: Sequence[Any] = ()) -> Any:
        return await self.conn.fetchval(_numbered(sql), *params)

    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        return int(await self.conn.fetchval(_numbered(sql + " RETURNING id"), *params))
