"""The PostgreSQL backend (asyncpg), for deployments that outgrow one process.

The same interface and guarantees as `SQLiteStorage`: migrations, an append-only action log,
version-checked writes, the uniqueness rules, every write in one transaction. Several bot
processes (shards, hosts) may share one database: a game write is a version-checked UPDATE, so
two clicks on two processes never both apply, and migrations run under an advisory lock, so two
processes opening a new database at once both succeed.
"""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from typing import Any

import asyncpg

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
    SeatRow,
    StaleVersion,
    StorageError,
    TableFull,
)
from bot.storage.postgres_schema import MIGRATIONS, SCHEMA_VERSION
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
#: pg_advisory_xact_lock key taken by migrations ("yokohama" folded into a bigint).
_MIGRATION_LOCK = 0x796F6B6F68616D61
#: pg_advisory_xact_lock key taken while a finished game's ratings are computed and written.
_STANDINGS_LOCK = _MIGRATION_LOCK + 1


class PostgresStorage:
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
                                                   command_timeout=60)
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
                await conn.execute(MIGRATIONS[number])
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

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[asyncpg.Connection]:
        try:
            async with self.pool.acquire() as conn, conn.transaction():
                yield conn
        except asyncpg.DiskFullError as exc:
            raise DiskFull(
                f"The disk of the PostgreSQL database {_redacted(self.url)} is full: the write was not saved "
                "(nothing saved before is lost). Free some space."
            ) from exc

    # ----- metadata and settings ---------------------------------------------------------
    async def get_meta(self, key: str) -> str | None:
        return await self.pool.fetchval("SELECT value FROM meta WHERE key = $1", key)

    async def set_meta(self, key: str, value: str) -> None:
        await self.pool.execute(
            "INSERT INTO meta (key, value) VALUES ($1, $2) "
                    "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            key, value)

    async def claim_meta(self, key: str, value: str) -> str:
        async with self._transaction() as conn:
            await conn.execute("INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING", key, value)
            return str(await conn.fetchval("SELECT value FROM meta WHERE key = $1", key))

    async def get_setting(self, guild_id: int, key: str) -> str | None:
        return await self.pool.fetchval(
            "SELECT value FROM guild_settings WHERE guild_id = $1 AND key = $2", guild_id, key)

    async def set_setting(self, guild_id: int, key: str, value: str | None) -> None:
        if value is None:
            await self.pool.execute("DELETE FROM guild_settings WHERE guild_id = $1 AND key = $2", guild_id, key)
        else:
            await self.pool.execute(
                "INSERT INTO guild_settings (guild_id, key, value) VALUES ($1, $2, $3) "
                "ON CONFLICT (guild_id, key) DO UPDATE SET value = excluded.value", guild_id, key, value)

    async def claim_setting(self, guild_id: int, key: str, value: str) -> bool:
        done = await self.pool.execute(
            "INSERT INTO guild_settings (guild_id, key, value) VALUES ($1, $2, $3) "
            "ON CONFLICT (guild_id, key) DO UPDATE SET value = excluded.value "
            "WHERE guild_settings.value <> excluded.value", guild_id, key, value)
        return _rowcount(done) == 1

    async def guilds_with_setting(self, key: str) -> list[tuple[int, str]]:
        rows = await self.pool.fetch(
            "SELECT guild_id, value FROM guild_settings WHERE key = $1 ORDER BY guild_id", key)
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
                game_id = await conn.fetchval(
                    "INSERT INTO games (kind, mode, guild_id, channel_id, creator_id, seed, options, "
                    "table_rules, status, daily_date, created_at, updated_at) "
                    "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'lobby', $9, $10, $10) RETURNING id",
                    kind, mode, guild_id, channel_id, creator_id, seed, json.dumps(options),
                    json.dumps(table_rules), daily_date, now)
                await conn.execute(
                    "INSERT INTO seats (game_id, user_id, joined_at) VALUES ($1, $2, $3)", game_id, creator_id, now)
        except asyncpg.UniqueViolationError as exc:
            raise AlreadyExists(str(exc)) from exc
        return int(game_id)

    async def get_game(self, game_id: int) -> GameRow | None:
        # One statement (one round trip, one snapshot): the game row with its seats as a JSON array.
        row = await self.pool.fetchrow(
            f"SELECT {_GAME_COLUMNS}, (SELECT coalesce(json_agg(json_build_array(user_id, seat, joined_at, resigned) "
            "ORDER BY seat IS NULL, seat, joined_at), '[]') FROM seats WHERE game_id = games.id) AS seat_rows "
            "FROM games WHERE id = $1", game_id)
        if row is None:
            return None
        game = _game_from_row(row)
        game.seats = [SeatRow(int(u), s, float(j), bool(r)) for u, s, j, r in json.loads(row["seat_rows"])]
        return game

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
        params: list[Any] = [list(statuses)]
        where = ["status = ANY($1::text[])"]
        if user_id is not None:
            params.append(user_id)
            where.append(f"id IN (SELECT game_id FROM seats WHERE user_id = ${len(params)})")
        for column, value in (("guild_id", guild_id), ("channel_id", channel_id), ("kind", kind),
                              ("mode", mode), ("daily_date", daily_date)):
            if value is not None:
                params.append(value)
                where.append(f"{column} = ${len(params)}")
        params.append(limit)
        sql = (f"SELECT {_GAME_COLUMNS} FROM games WHERE {' AND '.join(where)} "
               f"ORDER BY updated_at DESC, id DESC LIMIT ${len(params)}")
        async with self.pool.acquire() as conn, conn.transaction(isolation="repeatable_read", readonly=True):
            games = [_game_from_row(r) for r in await conn.fetch(sql, *params)]
            seats = await _seats_of_many(conn, [g.id for g in games])
        for game in games:
            game.seats = seats.get(game.id, [])
        return games

    async def finished_daily(self, daily_date: str, guild_id: int | None = None) -> list[tuple[int, int, float]]:
        if guild_id is None:
            rows = await self.pool.fetch(
                "SELECT id, creator_id, updated_at FROM games WHERE mode = 'daily' AND status = 'finished' "
                "AND daily_date = $1 ORDER BY id", daily_date)
        else:
            rows = await self.pool.fetch(
                "SELECT id, creator_id, updated_at FROM games WHERE mode = 'daily' AND status = 'finished' "
                "AND daily_date = $1 AND guild_id = $2 ORDER BY id", daily_date, guild_id)
        return [(r[0], r[1], r[2]) for r in rows]

    async def all_game_ids(self) -> list[int]:
        return [r[0] for r in await self.pool.fetch("SELECT id FROM games ORDER BY id")]

    async def waiting_games(
        self, *, before: float, after: tuple[float, int] | None, limit: int
    ) -> list[GameRow]:
        sql = (f"SELECT {_GAME_COLUMNS} FROM games WHERE status = 'active' AND fault IS NULL "
               "AND waiting_since IS NOT NULL AND waiting_since <= $1")
        params: list[Any] = [before]
        if after is not None:
            sql += " AND (waiting_since > $2 OR (waiting_since = $2 AND id > $3))"
            params += [after[0], after[1]]
        params.append(limit)
        sql += f" ORDER BY waiting_since, id LIMIT ${len(params)}"
        return await self._games_with_seats(sql, params)

    async def games_after(self, after_id: int, *, statuses: tuple[str, ...], limit: int) -> list[GameRow]:
        return await self._games_with_seats(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE id > $1 AND status = ANY($2::text[]) ORDER BY id LIMIT $3",
            [after_id, list(statuses), limit])

    async def _games_with_seats(self, sql: str, params: list[Any]) -> list[GameRow]:
        async with self.pool.acquire() as conn, conn.transaction(isolation="repeatable_read", readonly=True):
            games = [_game_from_row(r) for r in await conn.fetch(sql, *params)]
            seats = await _seats_of_many(conn, [g.id for g in games])
        for game in games:
            game.seats = seats.get(game.id, [])
        return games

    async def mark_fault(self, game_id: int, detail: str) -> None:
        async with self._transaction() as conn:
            await conn.execute("UPDATE games SET fault = $1 WHERE id = $2", detail, game_id)

    # ----- seats (the lobby: every change is compare-and-set on the lobby's version) ----------------------
    @staticmethod
    async def _bump_lobby(conn: asyncpg.Connection, game_id: int, expected_version: int) -> None:
        """Claim the lobby change (the row stays locked to the end of the transaction): the version moves on
        only if it is still `expected_version` and the game is still a lobby; else StaleVersion."""
        done = await conn.execute(
            "UPDATE games SET version = version + 1, updated_at = $1 WHERE id = $2 AND version = $3 "
            "AND status = 'lobby'", time.time(), game_id, expected_version)
        if _rowcount(done) != 1:
            raise StaleVersion("The lobby changed (or the game started) since it was read.")

    async def add_seat(self, game_id: int, user_id: int, *, max_seats: int, expected_version: int) -> None:
        """Seat `user_id` if the lobby is still at `expected_version`; capacity and uniqueness are checked
        under the game row's lock, so no join can slip in beside another join or a start."""
        try:
            async with self._transaction() as conn:
                await self._bump_lobby(conn, game_id, expected_version)
                seated = await conn.fetchval("SELECT count(*) FROM seats WHERE game_id = $1", game_id)
                if seated >= max_seats:
                    raise TableFull(f"game {game_id} has {seated} of {max_seats} seats taken")
                await conn.execute("INSERT INTO seats (game_id, user_id, joined_at) VALUES ($1, $2, $3)",
                                   game_id, user_id, time.time())
        except asyncpg.UniqueViolationError as exc:
            raise AlreadyExists(str(exc)) from exc

    async def remove_seats(self, game_id: int, user_ids: Sequence[int], *, expected_version: int) -> None:
        """Unseat `user_ids` in one lobby change; a lobby left empty is closed (abandoned)."""
        async with self._transaction() as conn:
            await self._bump_lobby(conn, game_id, expected_version)
            await conn.execute("DELETE FROM seats WHERE game_id = $1 AND user_id = ANY($2::bigint[])",
                               game_id, list(user_ids))
            left = await conn.fetchval("SELECT count(*) FROM seats WHERE game_id = $1", game_id)
            if left == 0:
                await conn.execute("UPDATE games SET status = 'abandoned' WHERE id = $1", game_id)

    # ----- play ----------------------------------------------------------------------------------
    async def start_game(self, game_id: int, seat_order: list[int], state: str, *, expected_version: int) -> None:
        """Start the lobby as it was at `expected_version`, with exactly `seat_order` seated: a join, leave or
        bot change landing after the lobby was read makes this a StaleVersion (never a ghost seat)."""
        now = time.time()
        async with self._transaction() as conn:
            done = await conn.execute(
                "UPDATE games SET status = 'active', state = $1, version = 0, updated_at = $2, "
                "waiting_since = $2 WHERE id = $3 AND status = 'lobby' AND version = $4",
                state, now, game_id, expected_version)
            if _rowcount(done) != 1:
                raise StaleVersion("The lobby changed (or the game started) since it was read.")
            seated = await conn.fetchval("SELECT count(*) FROM seats WHERE game_id = $1", game_id)
            if seated != len(seat_order):
                raise StaleVersion("The list of players changed while the game was starting.")
            for seat, user_id in enumerate(seat_order):
                done = await conn.execute(
                    "UPDATE seats SET seat = $1 WHERE game_id = $2 AND user_id = $3", seat, game_id, user_id)
                if _rowcount(done) != 1:
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
        """Append `entries`, store `state` and bump the version (at least by one), atomically; see the
        interface (`Storage.record`)."""
        now = time.time()
        new_version = expected_version + max(1, len(entries))
        async with self._transaction() as conn:
            done = await conn.execute(
                "UPDATE games SET state = $1, version = $2, status = $3, result = $4, updated_at = $5, fault = NULL, "
                "waiting_since = CASE WHEN $6 THEN $5 ELSE waiting_since END, "
                "reminded_at = CASE WHEN $6 THEN NULL ELSE reminded_at END "
                "WHERE id = $7 AND version = $8 AND status = 'active'",
                state, new_version, status, json.dumps(result) if result is not None else None, now,
                waiting_changed, game_id, expected_version)
            if _rowcount(done) != 1:
                raise StaleVersion("The game moved on before your move was saved.")
            if entries:
                last = await conn.fetchval("SELECT coalesce(max(seq), 0) FROM actions WHERE game_id = $1", game_id)
                for i, e in enumerate(entries):
                    e.seq = last + i + 1
                await conn.executemany(
                    "INSERT INTO actions (game_id, seq, seat, user_id, origin, action, created_at) "
                    "VALUES ($1, $2, $3, $4, $5, $6, $7)",
                    [(game_id, last + i + 1, e.seat, e.user_id, e.origin,
                      json.dumps(e.action, sort_keys=True), now) for i, e in enumerate(entries)])
            if resign_users:
                await conn.executemany(
                    "UPDATE seats SET resigned = TRUE WHERE game_id = $1 AND user_id = $2",
                    [(game_id, user) for user in resign_users])
            if meta is not None:
                await conn.executemany(
                    "INSERT INTO meta (key, value) VALUES ($1, $2) "
                    "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                    list(meta(entries).items()))
        return new_version

    async def set_status(
        self, game_id: int, expected_version: int, status: str, result: dict[str, Any] | None
    ) -> int:
        done = await self.pool.execute(
            "UPDATE games SET status = $1, result = $2, version = version + 1, updated_at = $3 "
            "WHERE id = $4 AND version = $5 AND status IN ('lobby', 'active')",
            status, json.dumps(result) if result is not None else None, time.time(), game_id, expected_version)
        if _rowcount(done) != 1:
            raise StaleVersion("The game moved on.")
        return expected_version + 1

    async def claim_reminder(self, game_id: int, version: int, when: float) -> bool:
        done = await self.pool.execute(
            "UPDATE games SET reminded_at = $1 WHERE id = $2 AND version = $3 AND status = 'active' "
            "AND (reminded_at IS NULL OR reminded_at < waiting_since)", when, game_id, version)
        return _rowcount(done) == 1

    async def actions(self, game_id: int) -> list[ActionRow]:
        rows = await self.pool.fetch(
            "SELECT seq, seat, user_id, origin, action, created_at FROM actions WHERE game_id = $1 ORDER BY seq",
            game_id)
        return [ActionRow(r[0], r[1], r[2], r[3], json.loads(r[4]), r[5]) for r in rows]

    # ----- standings ------------------------------------------------------------------------------------
    async def record_finish(self, finished: FinishedGame, rate: RateGame) -> bool:
        async with self._transaction() as conn:
            # Ratings are read, computed and written as one step: games finishing at once on several
            # processes take turns here, so none overwrites another's update (and `seq` stays unique).
            await conn.execute("SELECT pg_advisory_xact_lock($1)", _STANDINGS_LOCK)
            if await conn.fetchval("SELECT 1 FROM finished_games WHERE game_id = $1", finished.game_id):
                return False
            finished.seq = int(await conn.fetchval("SELECT coalesce(max(seq), 0) + 1 FROM finished_games"))
            await conn.execute(
                "INSERT INTO finished_games (game_id, seq, kind, mode, guild_id, finished_at, rated, why_unrated) "
                "VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                finished.game_id, finished.seq, finished.kind, finished.mode, finished.guild_id,
                finished.finished_at, int(finished.rated), finished.why_unrated)
            await conn.executemany(
                "INSERT INTO finished_seats (game_id, user_id, seat, place, score, forfeited) "
                "VALUES ($1, $2, $3, $4, $5, $6)",
                [(finished.game_id, p.user_id, p.seat, p.place, p.score, int(p.forfeited)) for p in finished.seats])
            if not finished.rated:
                return True
            scopes = [0] if finished.guild_id is None else [0, finished.guild_id]
            rows = await conn.fetch(
                f"SELECT {RATING_COLUMNS} FROM ratings WHERE kind = $1 AND scope = ANY($2::bigint[]) "
                "AND user_id = ANY($3::bigint[])", finished.kind, scopes, [p.user_id for p in finished.seats])
            current = {(r.scope, r.user_id): r for r in map(rating_from_row, rows)}
            new = rate(finished, current)
            await conn.executemany(
                f"INSERT INTO ratings ({RATING_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) "
                "ON CONFLICT (kind, scope, user_id) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, "
                "display = excluded.display, games = excluded.games, wins = excluded.wins",
                [rating_values(r) for r in new])
            await conn.executemany(
                f"INSERT INTO rating_history (game_id, {RATING_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
                [(finished.game_id, *rating_values(r)) for r in new])
        return True

    async def unrecorded_finished(self) -> list[int]:
        rows = await self.pool.fetch(
            "SELECT id FROM games WHERE status = 'finished' "
            "AND id NOT IN (SELECT game_id FROM finished_games) ORDER BY updated_at, id")
        return [r[0] for r in rows]

    async def finished_games(self) -> list[FinishedGame]:
        async with self.pool.acquire() as conn, conn.transaction(isolation="repeatable_read", readonly=True):
            games = [finished_from_row(r) for r in await conn.fetch(
                f"SELECT {FINISHED_COLUMNS} FROM finished_games ORDER BY seq")]
            seat_rows = await conn.fetch(
                f"SELECT {FINISHED_SEAT_COLUMNS} FROM finished_seats ORDER BY game_id, seat")
        seats: dict[int, list[FinishedSeat]] = {}
        for r in seat_rows:
            seats.setdefault(r[0], []).append(finished_seat_from_row(r))
        for game in games:
            game.seats = seats.get(game.game_id, [])
        return games

    async def replace_ratings(self, ratings: list[Rating], history: list[tuple[int, Rating]]) -> None:
        async with self._transaction() as conn:
            await conn.execute("SELECT pg_advisory_xact_lock($1)", _STANDINGS_LOCK)
            await conn.execute("DELETE FROM ratings")
            await conn.execute("DELETE FROM rating_history")
            if ratings:
                await conn.executemany(
                    f"INSERT INTO ratings ({RATING_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                    [rating_values(r) for r in ratings])
            if history:
                await conn.executemany(
                    f"INSERT INTO rating_history (game_id, {RATING_COLUMNS}) "
                    "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
                    [(game_id, *rating_values(r)) for game_id, r in history])

    async def all_ratings(self) -> list[Rating]:
        rows = await self.pool.fetch(f"SELECT {RATING_COLUMNS} FROM ratings ORDER BY kind, scope, user_id")
        return [rating_from_row(r) for r in rows]

    async def rating_history_rows(self) -> list[tuple[int, Rating]]:
        rows = await self.pool.fetch(
            f"SELECT game_id, {RATING_COLUMNS} FROM rating_history ORDER BY game_id, scope, user_id")
        return [(r[0], rating_from_row(tuple(r)[1:])) for r in rows]

    async def leaderboard(self, kind: str, scope: int, offset: int, limit: int) -> tuple[list[Rating], int]:
        rows = await self.pool.fetch(
            f"SELECT {RATING_COLUMNS} FROM ratings WHERE kind = $1 AND scope = $2 "
            "ORDER BY display DESC, games DESC, user_id LIMIT $3 OFFSET $4", kind, scope, limit, offset)
        total = await self.pool.fetchval("SELECT count(*) FROM ratings WHERE kind = $1 AND scope = $2", kind, scope)
        return [rating_from_row(r) for r in rows], int(total or 0)

    async def rating_of(self, kind: str, scope: int, user_id: int) -> tuple[Rating, int] | None:
        row = await self.pool.fetchrow(
            f"SELECT {RATING_COLUMNS} FROM ratings WHERE kind = $1 AND scope = $2 AND user_id = $3",
            kind, scope, user_id)
        if row is None:
            return None
        rating = rating_from_row(row)
        ahead = await self.pool.fetchval(
            "SELECT count(*) FROM ratings WHERE kind = $1 AND scope = $2 AND display > $3", kind, scope, rating.display)
        return rating, int(ahead) + 1

    async def ratings_of(self, user_id: int, scope: int) -> list[Rating]:
        rows = await self.pool.fetch(
            f"SELECT {RATING_COLUMNS} FROM ratings WHERE user_id = $1 AND scope = $2 ORDER BY kind", user_id, scope)
        return [rating_from_row(r) for r in rows]

    async def rating_points(self, user_id: int, kind: str, scope: int) -> list[RatingPoint]:
        rows = await self.pool.fetch(
            "SELECT f.seq, h.game_id, f.finished_at, h.display FROM rating_history h "
            "JOIN finished_games f ON f.game_id = h.game_id "
            "WHERE h.user_id = $1 AND h.kind = $2 AND h.scope = $3 ORDER BY f.seq", user_id, kind, scope)
        return [RatingPoint(r[0], r[1], r[2], r[3]) for r in rows]

    async def results_of(
        self, user_id: int, *, kind: str | None = None, guild_id: int | None = None, offset: int = 0, limit: int = 10
    ) -> tuple[list[FinishedGame], int]:
        params: list[Any] = [user_id]
        where = "g.game_id IN (SELECT game_id FROM finished_seats WHERE user_id = $1)"
        if kind is not None:
            params.append(kind)
            where += f" AND g.kind = ${len(params)}"
        if guild_id is not None:
            params.append(guild_id)
            where += f" AND g.guild_id = ${len(params)}"
        async with self.pool.acquire() as conn, conn.transaction(isolation="repeatable_read", readonly=True):
            total = await conn.fetchval(f"SELECT count(*) FROM finished_games g WHERE {where}", *params)
            games = [finished_from_row(r) for r in await conn.fetch(
                f"SELECT {FINISHED_COLUMNS} FROM finished_games g WHERE {where} ORDER BY g.seq DESC "
                f"LIMIT ${len(params) + 1} OFFSET ${len(params) + 2}", *params, limit, offset)]
            seat_rows = await conn.fetch(
                f"SELECT {FINISHED_SEAT_COLUMNS} FROM finished_seats WHERE game_id = ANY($1::bigint[]) "
                "ORDER BY game_id, place, seat", [g.game_id for g in games]) if games else []
        seats: dict[int, list[FinishedSeat]] = {}
        for r in seat_rows:
            seats.setdefault(r[0], []).append(finished_seat_from_row(r))
        for game in games:
            game.seats = seats.get(game.game_id, [])
        return games, int(total or 0)

    async def score_stats(self, user_id: int, *, against_bot: bool = False) -> dict[str, tuple[int, int, float, int]]:
        bots = "EXISTS" if against_bot else "NOT EXISTS"
        rows = await self.pool.fetch(
            "SELECT g.kind, count(*), max(s.score), avg(s.score), sum(CASE WHEN s.place = 1 THEN 1 ELSE 0 END) "
            "FROM finished_seats s JOIN finished_games g ON g.game_id = s.game_id WHERE s.user_id = $1 AND "
            f"{bots} (SELECT 1 FROM finished_seats b WHERE b.game_id = s.game_id AND b.user_id < 0) GROUP BY g.kind",
            user_id)
        return {r[0]: (int(r[1]), int(r[2]), float(r[3]), int(r[4])) for r in rows}

    # ----- whole tables (copy-db) ------------------------------------------------------------------
    async def table_names(self) -> list[str]:
        rows = await self.pool.fetch(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' "
            "AND table_type = 'BASE TABLE' AND table_name <> 'schema_version'")
        return [r[0] for r in rows]

    async def _column_types(self, table: str) -> dict[str, str]:
        rows = await self.pool.fetch(
            "SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = 'public' "
            "AND table_name = $1 ORDER BY ordinal_position", table)
        return {r[0]: r[1] for r in rows}

    async def table_columns(self, table: str) -> list[str]:
        return list(await self._column_types(table))

    async def read_table(self, table: str) -> tuple[list[str], list[tuple[Any, ...]]]:
        columns = await self.table_columns(table)
        rows = await self.pool.fetch(f"SELECT {', '.join(map(_quoted, columns))} FROM {_quoted(table)}")
        return columns, [tuple(r) for r in rows]

    async def write_table(self, table: str, columns: list[str], rows: list[tuple[Any, ...]]) -> None:
        if not rows:
            return
        types = await self._column_types(table)
        convert = [_CONVERT.get(types[c], _same) for c in columns]
        values = [tuple(None if v is None else f(v) for f, v in zip(convert, row, strict=True)) for row in rows]
        async with self._transaction() as conn:
            await conn.copy_records_to_table(table, records=values, columns=columns)
            if "id" in columns and types.get("id") == "bigint":
                # Keep BIGSERIAL ahead of the copied ids.
                await conn.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                    f"GREATEST((SELECT max(id) FROM {_quoted(table)}), 1))")


def _same(value: Any) -> Any:
    return value


_CONVERT: dict[str, Any] = {
    "boolean": bool, "bigint": int, "integer": int, "smallint": int, "double precision": float, "real": float,
    "text": str,
}


def _quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


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


async def _seats_of_many(conn: asyncpg.Connection, game_ids: list[int]) -> dict[int, list[SeatRow]]:
    if not game_ids:
        return {}
    rows = await conn.fetch(
        "SELECT game_id, user_id, seat, joined_at, resigned FROM seats WHERE game_id = ANY($1::bigint[]) "
        "ORDER BY game_id, seat IS NULL, seat, joined_at", game_ids)
    seats: dict[int, list[SeatRow]] = {}
    for r in rows:
        seats.setdefault(r[0], []).append(SeatRow(r[1], r[2], r[3], bool(r[4])))
    return seats


def _game_from_row(row: asyncpg.Record) -> GameRow:
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
