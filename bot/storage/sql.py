"""The small core under the one SQL implementation: what a backend (its dialect) supplies.

Every query of the storage is written once, with `?` placeholders, in SQL that SQLite and PostgreSQL
both run, in the modules above this one (`games`, `standings`, `daily`). Where the two databases really
differ, the backend answers through this interface:

- placeholders: a connection takes `?` (PostgreSQL's turns them into `$1, $2, …`);
- a list parameter: `in_list` (`col IN (?, ?, …)` on SQLite, `col = ANY(?)` with an array on PostgreSQL);
- reads and writes: `_read` (optionally one snapshot for several statements), `_fetch_at_once` (a small
  read without a trip to another thread where the backend can), and `_transaction` (one
  whole write transaction: SQLite's writer lock + `BEGIN IMMEDIATE`, PostgreSQL's pooled transaction),
  with the backend's own errors (a full disk, a read-only file) turned into ours;
- locks: `_lock` for work that must take turns across processes (PostgreSQL's advisory locks; SQLite's
  write transaction already excludes every other writer);
- row counts and new ids: `Conn.execute` returns the row count, `Conn.insert` the new row's id;
- a move's write as one statement or as a transaction of several (`record_at_once`), the latter in one
  call to the driver where it can (`_write_checked`: SQLite's runs on its connection's thread at once);
- uniqueness: `unique_violation`, the exceptions that mean a uniqueness rule refused a write;
- connection handling, migrations and the whole-table copy (`copy.Copyable`).

Upserts need no dialect: both speak `INSERT … ON CONFLICT (…) DO UPDATE` (SQLite since 3.24).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

#: A result row: sqlite3.Row or asyncpg.Record, both read by position and by column name.
Row = Any

#: The lock (`Dialect._lock`) under which ratings (overall and by season) are read, computed and written.
STANDINGS_LOCK = 0x796F6B6F68616D61 + 1


class Conn(Protocol):
    """One connection inside a read or a write, taking `?` placeholders."""

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; the number of rows it changed."""
        ...

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """Every row of a query, read to the end."""
        ...

    async def fetchval(self, sql: str, params: Sequence[Any] = ()) -> Any:
        """The first column of the first row (None without a row)."""
        ...

    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one INSERT into a table with an `id` key; the new row's id."""
        ...


class Dialect(ABC):
    """What each backend supplies; the queries above use nothing else."""

    #: Exceptions raised when a uniqueness rule refuses a write.
    unique_violation: tuple[type[BaseException], ...] = ()
    #: Whether a move's write runs as one statement (`games._RECORD_AT_ONCE`: PostgreSQL's data-modifying
    #: WITH, which SQLite lacks), one round trip to the server instead of one per statement.
    record_at_once: bool = False

    @abstractmethod
    async def open(self) -> None: ...

    @abstractmethod
    async def close(self) -> None: ...

    @abstractmethod
    def _read(self, *, snapshot: bool = False) -> AbstractAsyncContextManager[Conn]:
        """A connection for reads; with `snapshot`, every statement in it sees the same committed data."""

    @abstractmethod
    def _transaction(self) -> AbstractAsyncContextManager[Conn]:
        """One write transaction: committed when the block ends, rolled back if it raises."""

    @abstractmethod
    def in_list(self, column: str, values: Sequence[Any]) -> tuple[str, list[Any]]:
        """`column` is one of `values`: the SQL condition and its parameters."""

    @abstractmethod
    async def _lock(self, conn: Conn, key: int) -> None:
        """Take the lock `key` until the end of `conn`'s write transaction (across processes)."""

    # ----- whole tables, for copy-db (`copy.Copyable`) ------------------------------------------------
    @abstractmethod
    async def table_names(self) -> list[str]: ...

    @abstractmethod
    async def table_columns(self, table: str) -> list[str]: ...

    @abstractmethod
    async def read_table(self, table: str) -> tuple[list[str], list[tuple[Any, ...]]]: ...

    @abstractmethod
    async def write_table(self, table: str, columns: list[str], rows: list[tuple[Any, ...]]) -> None: ...

    # ----- built on the above -----------------------------------------------------------------------
    async def _fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        async with self._read() as conn:
            return await conn.fetch(sql, params)

    async def _fetch_at_once(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """Every row of a small query (a click's read of its game), answered at once where the backend can
        (`SQLiteStorage`: on the calling thread, when nothing would make it wait); else as `_fetch`."""
        return await self._fetch(sql, params)

    async def _fetchval(self, sql: str, params: Sequence[Any] = ()) -> Any:
        async with self._read() as conn:
            return await conn.fetchval(sql, params)

    async def _execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """One statement as a write transaction of its own; its row count."""
        async with self._transaction() as conn:
            return await conn.execute(sql, params)

    async def _write_checked(self, first: str, params: Sequence[Any],
                             then: Sequence[tuple[str, list[Sequence[Any]]]]) -> bool:
        """One write transaction: `first`, and only if it changed exactly one row, each statement of `then`
        with each of its rows; False, with nothing written, if `first` changed no row."""
        async with self._transaction() as conn:
            if await conn.execute(first, params) != 1:
                return False
            for sql, rows in then:
                if rows:
                    await conn.executemany(sql, rows)
        return True

    async def _write_value(self, sql: str, params: Sequence[Any] = ()) -> Any:
        """One writing statement as a transaction of its own; the first column of its first row."""
        async with self._transaction() as conn:
            return await conn.fetchval(sql, params)


def upsert(table: str, columns: Sequence[str], key: Sequence[str], *, when: str = "") -> str:
    """INSERT of `columns` that updates the other columns of a row already there under `key`
    (only `when` that condition holds, if given)."""
    names = ", ".join(columns)
    marks = ", ".join("?" * len(columns))
    updates = ", ".join(f"{c} = excluded.{c}" for c in columns if c not in key)
    where = f" WHERE {when}" if when else ""
    return (f"INSERT INTO {table} ({names}) VALUES ({marks}) "
            f"ON CONFLICT ({', '.join(key)}) DO UPDATE SET {updates}{where}")


def quoted(name: str) -> str:
    """An identifier quoted for SQL (table and column names of the whole-table copy)."""
    return '"' + name.replace('"', '""') + '"'
