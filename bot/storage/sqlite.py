"""The SQLite backend (aiosqlite): one file, no server.

Two connections: a writer, whose every transaction runs whole under an asyncio lock
(`BEGIN IMMEDIATE ... COMMIT`), and a reader, which in WAL mode only ever sees committed
data. aiosqlite gives each connection its own thread, so without the lock two coroutines'
statements would interleave inside one transaction; without the second connection a read
could observe another coroutine's half-done write. Every game write also checks the
version in its UPDATE, so two clicks at once can never both apply — even across processes.
"""

from __future__ import annotations

import asyncio
import json
import os
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from bot.storage.base import (
    ActionRow,
    AlreadyExists,
    DiskFull,
    FinishedGame,
    FinishedSeat,
    GameRow,
    NewAction,
    RateGame,
    Rating,
    RatingPoint,
    ReadOnly,
    SeatRow,
    StaleVersion,
    StorageError,
    TableFull,
)
from bot.storage.schema import APPLICATION_ID, CORE_TABLES, MIGRATIONS, SCHEMA_VERSION
from bot.storage.standings_rows import (
    FINISHED_COLUMNS,
    FINISHED_SEAT_COLUMNS,
    RATING_COLUMNS,
    finished_from_row,
    finished_seat_from_row,
    rating_from_row,
    rating_values,
)

_GAME_COLUMNS = (
    "id, kind, mode, guild_id, channel_id, creator_id, seed, options, table_rules, status, state, "
    "version, result, daily_date, created_at, updated_at, waiting_since, reminded_at, fault"
)
#: SQLite's result codes (the low byte of `sqlite_errorcode`) for a full disk and a read-only file.
_SQLITE_FULL = 13
_SQLITE_READONLY = 8


def _code(exc: sqlite3.Error) -> int:
    return int(getattr(exc, "sqlite_errorcode", 0) or 0) & 0xFF


class SQLiteStorage:
    def __init__(self, path: str | Path, *, busy_timeout_ms: int = 5000) -> None:
        self.path = str(path)
        self.busy_timeout_ms = busy_timeout_ms
        self._writer: aiosqlite.Connection | None = None
        self._reader: aiosqlite.Connection | None = None
        self._write_lock = asyncio.Lock()
        self._read_lock = asyncio.Lock()

    # ----- lifecycle ---------------------------------------------------------------------
    async def open(self) -> None:
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            self._check_writable_paths()
            damage = size_problem(Path(self.path))
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
        async with conn.execute("PRAGMA quick_check(1)") as cur:
            row = _first(list(await cur.fetchall()))
        if row is None or row[0] != "ok":
            raise StorageError(
                f"The database file {self.path} failed SQLite's integrity check ({row[0] if row else '?'}). "
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

    @staticmethod
    async def _scalar(conn: aiosqlite.Connection, sql: str, params: tuple = ()) -> Any:
        """One value, on the writer inside a transaction (or at open)."""
        async with conn.execute(sql, params) as cur:
            rows = list(await cur.fetchall())
        return rows[0][0] if rows else None

    async def _read(self, sql: str, params: tuple | list = ()) -> list[sqlite3.Row]:
        """Run one read on the reader connection, start to finish, one at a time.

        In autocommit mode SQLite keeps a connection's read snapshot for as long as ANY of
        its statements is active. Coroutines sharing the reader would keep one statement or
        another active all the time under load, and the reader would go on seeing an old
        version of every game (found by bench/service_actions.py at 60 concurrent games).
        Reading each result to the end under a lock lets every read see the latest commit.
        """
        if self._reader is None:
            raise StorageError("Storage is not open.")
        async with self._read_lock, self._reader.execute(sql, params) as cur:
            return list(await cur.fetchall())

    async def _read_one(self, sql: str, params: tuple | list = ()) -> Any:
        rows = await self._read(sql, params)
        return rows[0][0] if rows else None

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        if self._writer is None:
            raise StorageError("Storage is not open.")
        async with self._write_lock:
            conn = self._writer
            try:
                await conn.execute("BEGIN IMMEDIATE")
                try:
                    yield conn
                except BaseException:
                    if conn.in_transaction:
                        await conn.execute("ROLLBACK")
                    raise
                else:
                    await conn.execute("COMMIT")
            except sqlite3.OperationalError as exc:
                if _code(exc) == _SQLITE_FULL:
                    if conn.in_transaction:
                        await conn.execute("ROLLBACK")
                    raise DiskFull(
                        f"The disk holding the database {self.path} is full: the write was not saved "
                        "(nothing saved before is lost). Free some space."
                    ) from exc
                if _code(exc) == _SQLITE_READONLY:
                    raise self._read_only() from exc
                raise

    # ----- metadata and settings ---------------------------------------------------------
    async def get_meta(self, key: str) -> str | None:
        return await self._read_one("SELECT value FROM meta WHERE key = ?", (key,))

    async def set_meta(self, key: str, value: str) -> None:
        async with self._transaction() as conn:
            await conn.execute(
                "INSERT INTO meta (key, value) VALUES (?, ?) "
                "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (key, value),
            )

    async def claim_meta(self, key: str, value: str) -> str:
        async with self._transaction() as conn:
            await conn.execute("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING", (key, value))
            stored = await self._scalar(conn, "SELECT value FROM meta WHERE key = ?", (key,))
        return str(stored)

    async def get_setting(self, guild_id: int, key: str) -> str | None:
        return await self._read_one(
            "SELECT value FROM guild_settings WHERE guild_id = ? AND key = ?", (guild_id, key)
        )

    async def set_setting(self, guild_id: int, key: str, value: str | None) -> None:
        async with self._transaction() as conn:
            if value is None:
                await conn.execute("DELETE FROM guild_settings WHERE guild_id = ? AND key = ?", (guild_id, key))
            else:
                await conn.execute(
                    "INSERT INTO guild_settings (guild_id, key, value) VALUES (?, ?, ?) "
                    "ON CONFLICT (guild_id, key) DO UPDATE SET value = excluded.value",
                    (guild_id, key, value),
                )

    async def claim_setting(self, guild_id: int, key: str, value: str) -> bool:
        async with self._transaction() as conn:
            cur = await conn.execute(
                "INSERT INTO guild_settings (guild_id, key, value) VALUES (?, ?, ?) "
                "ON CONFLICT (guild_id, key) DO UPDATE SET value = excluded.value "
                "WHERE guild_settings.value <> excluded.value",
                (guild_id, key, value),
            )
            return cur.rowcount == 1

    async def guilds_with_setting(self, key: str) -> list[tuple[int, str]]:
        rows = await self._read("SELECT guild_id, value FROM guild_settings WHERE key = ? ORDER BY guild_id", (key,))
        return [(r[0], r[1]) for r in rows]

    # ----- games -----------------------------------------------------------------------------
    async def create_game(
        self,
        *,
        kind: str,
        mode: str,
        guild_id: int | None,
        channel_id: int | None,
        creator_id: int,
        seed: int,
        options: dict[str, Any],
        table_rules: dict[str, Any],
        daily_date: str | None = None,
    ) -> int:
        now = time.time()
        try:
            async with self._transaction() as conn:
                cur = await conn.execute(
                    "INSERT INTO games (kind, mode, guild_id, channel_id, creator_id, seed, options, "
                    "table_rules, status, daily_date, created_at, updated_at) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'lobby', ?, ?, ?)",
                    (kind, mode, guild_id, channel_id, creator_id, seed, json.dumps(options),
                     json.dumps(table_rules), daily_date, now, now),
                )
                game_id = cur.lastrowid
                await conn.execute(
                    "INSERT INTO seats (game_id, user_id, joined_at) VALUES (?, ?, ?)",
                    (game_id, creator_id, now),
                )
        except sqlite3.IntegrityError as exc:
            raise AlreadyExists(str(exc)) from exc
        assert game_id is not None
        return game_id

    async def get_game(self, game_id: int) -> GameRow | None:
        rows = await self._read(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
        if not rows:
            return None
        game = _game_from_row(rows[0])
        game.seats = await self._seats(game_id)
        return game

    async def _seats(self, game_id: int) -> list[SeatRow]:
        rows = await self._read(
            "SELECT user_id, seat, joined_at, resigned FROM seats WHERE game_id = ? "
            "ORDER BY seat IS NULL, seat, joined_at",
            (game_id,),
        )
        return [SeatRow(r[0], r[1], r[2], bool(r[3])) for r in rows]

    async def list_games(
        self,
        *,
        user_id: int | None = None,
        guild_id: int | None = None,
        channel_id: int | None = None,
        statuses: tuple[str, ...] = ("lobby", "active"),
        kind: str | None = None,
        mode: str | None = None,
        daily_date: str | None = None,
        limit: int = 500,
    ) -> list[GameRow]:
        where = [f"status IN ({','.join('?' * len(statuses))})"]
        params: list[Any] = list(statuses)
        if user_id is not None:
            where.append("id IN (SELECT game_id FROM seats WHERE user_id = ?)")
            params.append(user_id)
        for column, value in (("guild_id", guild_id), ("channel_id", channel_id), ("kind", kind),
                              ("mode", mode), ("daily_date", daily_date)):
            if value is not None:
                where.append(f"{column} = ?")
                params.append(value)
        sql = f"SELECT {_GAME_COLUMNS} FROM games WHERE {' AND '.join(where)} ORDER BY updated_at DESC LIMIT ?"
        params.append(limit)
        return await self._with_seats(await self._read(sql, params))

    async def finished_daily(self, daily_date: str, guild_id: int | None = None) -> list[tuple[int, int, float]]:
        rows = await self._read(
            "SELECT id, creator_id, updated_at FROM games WHERE mode = 'daily' AND status = 'finished' "
            "AND daily_date = ?" + (" AND guild_id = ?" if guild_id is not None else "") + " ORDER BY id",
            (daily_date, guild_id) if guild_id is not None else (daily_date,),
        )
        return [(r[0], r[1], r[2]) for r in rows]

    async def all_game_ids(self) -> list[int]:
        return [r[0] for r in await self._read("SELECT id FROM games ORDER BY id")]

    async def waiting_games(
        self, *, before: float, after: tuple[float, int] | None, limit: int
    ) -> list[GameRow]:
        # Plain comparisons instead of a row value, so the same query runs on PostgreSQL.
        sql = (f"SELECT {_GAME_COLUMNS} FROM games WHERE status = 'active' AND fault IS NULL "
               "AND waiting_since IS NOT NULL AND waiting_since <= ?")
        params: list[Any] = [before]
        if after is not None:
            sql += " AND (waiting_since > ? OR (waiting_since = ? AND id > ?))"
            params += [after[0], after[0], after[1]]
        sql += " ORDER BY waiting_since, id LIMIT ?"
        params.append(limit)
        return await self._with_seats(await self._read(sql, params))

    async def games_after(self, after_id: int, *, statuses: tuple[str, ...], limit: int) -> list[GameRow]:
        rows = await self._read(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE id > ? AND status IN ({','.join('?' * len(statuses))}) "
            "ORDER BY id LIMIT ?",
            [after_id, *statuses, limit],
        )
        return await self._with_seats(rows)

    async def _with_seats(self, rows: list[sqlite3.Row]) -> list[GameRow]:
        games = [_game_from_row(r) for r in rows]
        for game in games:
            game.seats = await self._seats(game.id)
        return games

    async def mark_fault(self, game_id: int, detail: str) -> None:
        async with self._transaction() as conn:
            await conn.execute("UPDATE games SET fault = ? WHERE id = ?", (detail, game_id))

    # ----- seats (the lobby: every change is compare-and-set on the lobby's version) ----------------------
    async def _bump_lobby(self, conn: aiosqlite.Connection, game_id: int, expected_version: int) -> None:
        """Claim the lobby change: the version moves on only if it is still `expected_version` and the game
        is still a lobby; else StaleVersion (another join, leave or start landed first)."""
        cur = await conn.execute(
            "UPDATE games SET version = version + 1, updated_at = ? WHERE id = ? AND version = ? AND status = 'lobby'",
            (time.time(), game_id, expected_version),
        )
        if cur.rowcount != 1:
            raise StaleVersion("The lobby changed (or the game started) since it was read.")

    async def add_seat(self, game_id: int, user_id: int, *, max_seats: int, expected_version: int) -> None:
        """Seat `user_id` if the lobby is still at `expected_version`, checking capacity and uniqueness in
        the same transaction, so no join can slip in beside another join or a start."""
        try:
            async with self._transaction() as conn:
                await self._bump_lobby(conn, game_id, expected_version)
                seated = await self._scalar(conn, "SELECT count(*) FROM seats WHERE game_id = ?", (game_id,))
                if seated >= max_seats:
                    raise TableFull(f"game {game_id} has {seated} of {max_seats} seats taken")
                await conn.execute(
                    "INSERT INTO seats (game_id, user_id, joined_at) VALUES (?, ?, ?)",
                    (game_id, user_id, time.time()),
                )
        except sqlite3.IntegrityError as exc:
            raise AlreadyExists(str(exc)) from exc

    async def remove_seats(self, game_id: int, user_ids: Sequence[int], *, expected_version: int) -> None:
        """Unseat `user_ids` in one lobby change; a lobby left empty is closed (abandoned)."""
        async with self._transaction() as conn:
            await self._bump_lobby(conn, game_id, expected_version)
            await conn.executemany("DELETE FROM seats WHERE game_id = ? AND user_id = ?",
                                   [(game_id, user) for user in user_ids])
            left = await self._scalar(conn, "SELECT count(*) FROM seats WHERE game_id = ?", (game_id,))
            if left == 0:
                await conn.execute("UPDATE games SET status = 'abandoned' WHERE id = ?", (game_id,))

    # ----- play ----------------------------------------------------------------------------------
    async def start_game(self, game_id: int, seat_order: list[int], state: str, *, expected_version: int) -> None:
        """Start the lobby as it was at `expected_version`, with exactly `seat_order` seated: a join, leave or
        bot change landing after the lobby was read makes this a StaleVersion (never a ghost seat)."""
        now = time.time()
        async with self._transaction() as conn:
            cur = await conn.execute(
                "UPDATE games SET status = 'active', state = ?, version = 0, updated_at = ?, "
                "waiting_since = ? WHERE id = ? AND status = 'lobby' AND version = ?",
                (state, now, now, game_id, expected_version),
            )
            if cur.rowcount != 1:
                raise StaleVersion("The lobby changed (or the game started) since it was read.")
            seated = await self._scalar(conn, "SELECT count(*) FROM seats WHERE game_id = ?", (game_id,))
            if seated != len(seat_order):
                raise StaleVersion("The list of players changed while the game was starting.")
            for seat, user_id in enumerate(seat_order):
                cur = await conn.execute(
                    "UPDATE seats SET seat = ? WHERE game_id = ? AND user_id = ?", (seat, game_id, user_id)
                )
                if cur.rowcount != 1:
                    raise StaleVersion("The list of players changed while the game was starting.")

    async def record(
        self,
        game_id: int,
        expected_version: int,
        entries: list[NewAction],
        state: str,
        *,
        status: str = "active",
        result: dict[str, Any] | None = None,
        resign_users: Sequence[int] = (),
        waiting_changed: bool = True,
        meta: Callable[[Sequence[NewAction]], dict[str, str]] | None = None,
    ) -> int:
        """Append `entries` to the log and store `state` as a new version, atomically.

        The version goes up by one per entry, and by one for a write without entries (a resignation):
        every write changes it, so two writes that both expected one version can never both pass.
        Log entries are numbered on from the last one, independently of the version.
        """
        now = time.time()
        new_version = expected_version + max(1, len(entries))
        async with self._transaction() as conn:
            cur = await conn.execute(
                "UPDATE games SET state = ?, version = ?, status = ?, result = ?, updated_at = ?, fault = NULL, "
                "waiting_since = CASE WHEN ? THEN ? ELSE waiting_since END, "
                "reminded_at = CASE WHEN ? THEN NULL ELSE reminded_at END "
                "WHERE id = ? AND version = ? AND status = 'active'",
                (state, new_version, status, json.dumps(result) if result is not None else None, now,
                 waiting_changed, now, waiting_changed, game_id, expected_version),
            )
            if cur.rowcount != 1:
                raise StaleVersion("The game moved on before your move was saved.")
            last = await self._scalar(conn, "SELECT coalesce(max(seq), 0) FROM actions WHERE game_id = ?",
                                      (game_id,))
            for i, e in enumerate(entries):
                e.seq = last + i + 1
            await conn.executemany(
                "INSERT INTO actions (game_id, seq, seat, user_id, origin, action, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                [
                    (game_id, last + i + 1, e.seat, e.user_id, e.origin,
                     json.dumps(e.action, sort_keys=True), now)
                    for i, e in enumerate(entries)
                ],
            )
            await conn.executemany(
                "UPDATE seats SET resigned = 1 WHERE game_id = ? AND user_id = ?",
                [(game_id, user) for user in resign_users],
            )
            if meta is not None:
                await conn.executemany(
                    "INSERT INTO meta (key, value) VALUES (?, ?) "
                    "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                    list(meta(entries).items()),
                )
        return new_version

    async def set_status(
        self, game_id: int, expected_version: int, status: str, result: dict[str, Any] | None
    ) -> int:
        async with self._transaction() as conn:
            cur = await conn.execute(
                "UPDATE games SET status = ?, result = ?, version = version + 1, updated_at = ? "
                "WHERE id = ? AND version = ? AND status IN ('lobby', 'active')",
                (status, json.dumps(result) if result is not None else None, time.time(), game_id,
                 expected_version),
            )
            if cur.rowcount != 1:
                raise StaleVersion("The game moved on.")
        return expected_version + 1

    async def claim_reminder(self, game_id: int, version: int, when: float) -> bool:
        async with self._transaction() as conn:
            cur = await conn.execute(
                "UPDATE games SET reminded_at = ? WHERE id = ? AND version = ? AND status = 'active' "
                "AND (reminded_at IS NULL OR reminded_at < waiting_since)",
                (when, game_id, version),
            )
            return cur.rowcount == 1

    async def actions(self, game_id: int) -> list[ActionRow]:
        rows = await self._read(
            "SELECT seq, seat, user_id, origin, action, created_at FROM actions WHERE game_id = ? ORDER BY seq",
            (game_id,),
        )
        return [ActionRow(r[0], r[1], r[2], r[3], json.loads(r[4]), r[5]) for r in rows]

    # ----- standings ------------------------------------------------------------------------------------
    async def record_finish(self, finished: FinishedGame, rate: RateGame) -> bool:
        async with self._transaction() as conn:
            if await self._scalar(conn, "SELECT 1 FROM finished_games WHERE game_id = ?", (finished.game_id,)):
                return False
            seq = await self._scalar(conn, "SELECT coalesce(max(seq), 0) + 1 FROM finished_games")
            finished.seq = seq
            await conn.execute(
                "INSERT INTO finished_games (game_id, seq, kind, mode, guild_id, finished_at, rated, why_unrated) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (finished.game_id, seq, finished.kind, finished.mode, finished.guild_id, finished.finished_at,
                 int(finished.rated), finished.why_unrated),
            )
            await conn.executemany(
                "INSERT INTO finished_seats (game_id, user_id, seat, place, score, forfeited) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                [(finished.game_id, p.user_id, p.seat, p.place, p.score, int(p.forfeited)) for p in finished.seats],
            )
            if not finished.rated:
                return True
            users = [p.user_id for p in finished.seats]
            scopes = [0] if finished.guild_id is None else [0, finished.guild_id]
            async with conn.execute(
                f"SELECT {RATING_COLUMNS} FROM ratings WHERE kind = ? "
                f"AND scope IN ({','.join('?' * len(scopes))}) AND user_id IN ({','.join('?' * len(users))})",
                (finished.kind, *scopes, *users),
            ) as cur:
                current = {(r.scope, r.user_id): r for r in map(rating_from_row, await cur.fetchall())}
            new = rate(finished, current)
            await conn.executemany(
                f"INSERT OR REPLACE INTO ratings ({RATING_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [rating_values(r) for r in new],
            )
            await conn.executemany(
                f"INSERT INTO rating_history (game_id, {RATING_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [(finished.game_id, *rating_values(r)) for r in new],
            )
        return True

    async def unrecorded_finished(self) -> list[int]:
        rows = await self._read(
            "SELECT id FROM games WHERE status = 'finished' "
            "AND id NOT IN (SELECT game_id FROM finished_games) ORDER BY updated_at, id"
        )
        return [r[0] for r in rows]

    async def finished_games(self) -> list[FinishedGame]:
        games = [finished_from_row(r) for r in await self._read(f"SELECT {FINISHED_COLUMNS} FROM finished_games "
                                                                 "ORDER BY seq")]
        seats: dict[int, list[FinishedSeat]] = {}
        for r in await self._read(f"SELECT {FINISHED_SEAT_COLUMNS} FROM finished_seats ORDER BY game_id, seat"):
            seats.setdefault(r[0], []).append(finished_seat_from_row(r))
        for game in games:
            game.seats = seats.get(game.game_id, [])
        return games

    async def replace_ratings(self, ratings: list[Rating], history: list[tuple[int, Rating]]) -> None:
        async with self._transaction() as conn:
            await conn.execute("DELETE FROM ratings")
            await conn.execute("DELETE FROM rating_history")
            await conn.executemany(f"INSERT INTO ratings ({RATING_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                                   [rating_values(r) for r in ratings])
            await conn.executemany(
                f"INSERT INTO rating_history (game_id, {RATING_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [(game_id, *rating_values(r)) for game_id, r in history],
            )

    async def all_ratings(self) -> list[Rating]:
        rows = await self._read(f"SELECT {RATING_COLUMNS} FROM ratings ORDER BY kind, scope, user_id")
        return [rating_from_row(r) for r in rows]

    async def rating_history_rows(self) -> list[tuple[int, Rating]]:
        rows = await self._read(f"SELECT game_id, {RATING_COLUMNS} FROM rating_history "
                                "ORDER BY game_id, scope, user_id")
        return [(r[0], rating_from_row(tuple(r)[1:])) for r in rows]

    async def leaderboard(self, kind: str, scope: int, offset: int, limit: int) -> tuple[list[Rating], int]:
        rows = await self._read(
            f"SELECT {RATING_COLUMNS} FROM ratings WHERE kind = ? AND scope = ? "
            "ORDER BY display DESC, games DESC, user_id LIMIT ? OFFSET ?",
            (kind, scope, limit, offset),
        )
        total = await self._read_one("SELECT count(*) FROM ratings WHERE kind = ? AND scope = ?", (kind, scope))
        return [rating_from_row(r) for r in rows], int(total or 0)

    async def rating_of(self, kind: str, scope: int, user_id: int) -> tuple[Rating, int] | None:
        rows = await self._read(
            f"SELECT {RATING_COLUMNS} FROM ratings WHERE kind = ? AND scope = ? AND user_id = ?",
            (kind, scope, user_id),
        )
        if not rows:
            return None
        rating = rating_from_row(rows[0])
        ahead = await self._read_one(
            "SELECT count(*) FROM ratings WHERE kind = ? AND scope = ? AND display > ?", (kind, scope, rating.display)
        )
        return rating, int(ahead) + 1

    async def ratings_of(self, user_id: int, scope: int) -> list[Rating]:
        rows = await self._read(
            f"SELECT {RATING_COLUMNS} FROM ratings WHERE user_id = ? AND scope = ? ORDER BY kind", (user_id, scope)
        )
        return [rating_from_row(r) for r in rows]

    async def rating_points(self, user_id: int, kind: str, scope: int) -> list[RatingPoint]:
        rows = await self._read(
            "SELECT f.seq, h.game_id, f.finished_at, h.display FROM rating_history h "
            "JOIN finished_games f ON f.game_id = h.game_id "
            "WHERE h.user_id = ? AND h.kind = ? AND h.scope = ? ORDER BY f.seq",
            (user_id, kind, scope),
        )
        return [RatingPoint(r[0], r[1], r[2], r[3]) for r in rows]

    async def results_of(
        self, user_id: int, *, kind: str | None = None, guild_id: int | None = None, offset: int = 0, limit: int = 10
    ) -> tuple[list[FinishedGame], int]:
        where = "g.game_id IN (SELECT game_id FROM finished_seats WHERE user_id = ?)"
        params: list[Any] = [user_id]
        if kind is not None:
            where += " AND g.kind = ?"
            params.append(kind)
        if guild_id is not None:
            where += " AND g.guild_id = ?"
            params.append(guild_id)
        total = await self._read_one(f"SELECT count(*) FROM finished_games g WHERE {where}", params)
        rows = await self._read(
            f"SELECT {FINISHED_COLUMNS} FROM finished_games g WHERE {where} ORDER BY g.seq DESC LIMIT ? OFFSET ?",
            [*params, limit, offset],
        )
        games = [finished_from_row(r) for r in rows]
        if games:
            marks = ",".join("?" * len(games))
            seats: dict[int, list[FinishedSeat]] = {}
            for r in await self._read(f"SELECT {FINISHED_SEAT_COLUMNS} FROM finished_seats "
                                      f"WHERE game_id IN ({marks}) ORDER BY game_id, place, seat",
                                      [g.game_id for g in games]):
                seats.setdefault(r[0], []).append(finished_seat_from_row(r))
            for game in games:
                game.seats = seats.get(game.game_id, [])
        return games, int(total or 0)

    async def score_stats(self, user_id: int, *, against_bot: bool = False) -> dict[str, tuple[int, int, float, int]]:
        bots = "EXISTS" if against_bot else "NOT EXISTS"
        rows = await self._read(
            "SELECT g.kind, count(*), max(s.score), avg(s.score), sum(CASE WHEN s.place = 1 THEN 1 ELSE 0 END) "
            "FROM finished_seats s JOIN finished_games g ON g.game_id = s.game_id WHERE s.user_id = ? AND "
            f"{bots} (SELECT 1 FROM finished_seats b WHERE b.game_id = s.game_id AND b.user_id < 0) GROUP BY g.kind",
            (user_id,),
        )
        return {r[0]: (int(r[1]), int(r[2]), float(r[3]), int(r[4])) for r in rows}

    # ----- checks (check-db) -------------------------------------------------------------------------
    async def integrity_problems(self, limit: int = 20) -> list[str]:
        """SQLite's full `PRAGMA integrity_check` (every page, index and constraint; slower than the quick
        check at open) and the header-versus-size check: [] when the file is sound."""
        found = [f"the file {problem}" for problem in [size_problem(Path(self.path))] if problem] \
            if self.path != ":memory:" else []
        rows = await self._read(f"PRAGMA integrity_check({int(limit)})")
        found += [str(r[0]) for r in rows if str(r[0]) != "ok"]
        return found

    # ----- whole tables (copy-db) ------------------------------------------------------------------
    async def table_names(self) -> list[str]:
        rows = await self._read("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        return [r[0] for r in rows]

    async def table_columns(self, table: str) -> list[str]:
        return [r[1] for r in await self._read(f"PRAGMA table_info({_quoted(table)})")]

    async def read_table(self, table: str) -> tuple[list[str], list[tuple[Any, ...]]]:
        columns = await self.table_columns(table)
        rows = await self._read(f"SELECT {', '.join(map(_quoted, columns))} FROM {_quoted(table)} ORDER BY rowid")
        return columns, [tuple(r) for r in rows]

    async def write_table(self, table: str, columns: list[str], rows: list[tuple[Any, ...]]) -> None:
        if not rows:
            return
        names = ", ".join(map(_quoted, columns))
        marks = ", ".join("?" * len(columns))
        values = [tuple(int(v) if isinstance(v, bool) else v for v in row) for row in rows]
        async with self._transaction() as conn:
            await conn.executemany(f"INSERT OR REPLACE INTO {_quoted(table)} ({names}) VALUES ({marks})", values)


#: The first 16 bytes of every SQLite database file.
_SQLITE_MAGIC = b"SQLite format 3\x00"


def size_problem(path: Path) -> str:
    """What is wrong with the file's length by its own header ("" if nothing, or nothing to compare).

    SQLite's quick check reads only the pages it reaches, so a file cut short (a failed copy, a full disk
    during a restore) or padded passed it, and the bot went on writing into it. The header records the
    page size (bytes 16-17) and the page count (bytes 28-31, valid while the change counter at 24-27
    equals the "version valid for" number at 92-95). SQLite only ever writes whole pages, so:
    - a length that is not a whole number of pages is damage, always;
    - with no write-ahead log beside it (a closed database, a backup), the file holds exactly the pages
      its header declares; with a log present, a checkpoint may be half done (page 1, with the new count,
      is copied first), so only the whole-page rule is applied then and SQLite replays the log.
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
    try:
        log_present = wal.exists() and wal.stat().st_size > 0
    except OSError:
        log_present = True
    if log_present or size == declared:
        return ""
    if size < declared:
        return (f"is {size} bytes but its header declares {pages} pages of {page_size} bytes ({declared} bytes): "
                "it was cut short")
    return (f"is {size} bytes but its header declares {pages} pages of {page_size} bytes ({declared} bytes): "
            "something was appended to it")


def _quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _first(rows: list[Any]) -> Any:
    """The first row of a result read to the end (a half-read SELECT keeps its snapshot open)."""
    return rows[0] if rows else None


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


def _game_from_row(row: sqlite3.Row) -> GameRow:
    return GameRow(
        id=row["id"],
        kind=row["kind"],
        mode=row["mode"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        creator_id=row["creator_id"],
        seed=row["seed"],
        options=json.loads(row["options"]),
        table_rules=json.loads(row["table_rules"]),
        status=row["status"],
        state=row["state"],
        version=row["version"],
        result=json.loads(row["result"]) if row["result"] else None,
        daily_date=row["daily_date"],
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        waiting_since=row["waiting_since"],
        reminded_at=row["reminded_at"],
        fault=row["fault"],
    )
