"""Games, seats, the action log, settings and metadata: the storage's core queries, written once for
every backend (see `sql.Dialect` for what a backend supplies). One query has a second form: a move's write,
which PostgreSQL runs as one statement (`_RECORD_AT_ONCE`), one round trip instead of one per statement
of the transaction that SQLite runs.

Every game write checks the version in its UPDATE (`... WHERE id = ? AND version = ?`, row count 0 =
stale), lobby changes included, so two clicks at once never both apply, even across processes.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from typing import Any

from bot.storage.base import ActionRow, AlreadyExists, GameRow, NewAction, SeatRow, StaleVersion, TableFull
from bot.storage.sql import Conn, Dialect, Row, upsert

GAME_COLUMNS = ("id", "kind", "mode", "guild_id", "channel_id", "creator_id", "seed", "options", "table_rules",
                "status", "state", "version", "result", "daily_date", "created_at", "updated_at", "waiting_since",
                "reminded_at", "fault")
_GAMES = ", ".join(GAME_COLUMNS)
#: The columns of a game read with its seats (`get_game`), one row per seat.
_GAME_AND_SEATS = (f"SELECT {', '.join('g.' + c for c in GAME_COLUMNS)}, s.user_id AS seat_user, "
                   "s.seat AS seat_number, s.joined_at AS seat_joined, s.resigned AS seat_resigned")
_SEAT_ORDER = "seat IS NULL, seat, joined_at"
#: Ids per statement when reading the seats of many games (far below any backend's parameter limit).
_IDS_PER_READ = 500

_SET_META = upsert("meta", ("key", "value"), ("key",))
#: Sets the state of a game row if it is still at the version read; `?` 1-7 the new values (the time twice),
#: 8-9 the row's id and the version read.
_RECORD_GAME = (
    "UPDATE games SET state = ?, version = ?, status = ?, result = ?, updated_at = ?, fault = NULL, "
    "waiting_since = CASE WHEN ? THEN ? ELSE waiting_since END, "
    "reminded_at = CASE WHEN ? THEN NULL ELSE reminded_at END "
    "WHERE id = ? AND version = ? AND status = 'active'")
_APPEND_ACTION = ("INSERT INTO actions (game_id, seq, seat, user_id, origin, action, created_at) "
                  "VALUES (?, ?, ?, ?, ?, ?, ?)")
_RESIGN = "UPDATE seats SET resigned = TRUE WHERE game_id = ? AND user_id = ?"
#: A move's whole write as one statement (PostgreSQL's data-modifying WITH; `Dialect.record_at_once`): the
#: version-checked UPDATE of the game, and only if it changed the row, the log entries, the resignations
#: and the meta rows; one statement is atomic on its own. Its value: 1 if the version check passed, else 0.
_RECORD_AT_ONCE = (
    f"WITH g AS ({_RECORD_GAME} RETURNING id), "
    "a AS (INSERT INTO actions (game_id, seq, seat, user_id, origin, action, created_at) "
    "SELECT g.id, e.seq, e.seat, e.user_id, e.origin, e.action, ? FROM g, "
    "unnest(?::integer[], ?::integer[], ?::bigint[], ?::text[], ?::text[]) AS e (seq, seat, user_id, origin, action)), "
    "s AS (UPDATE seats SET resigned = TRUE FROM g WHERE seats.game_id = g.id AND seats.user_id = ANY(?::bigint[])), "
    "m AS (INSERT INTO meta (key, value) SELECT r.key, r.value FROM g, unnest(?::text[], ?::text[]) AS r (key, value) "
    "ON CONFLICT (key) DO UPDATE SET value = excluded.value) "
    "SELECT count(*) FROM g")
_SET_SETTING = upsert("guild_settings", ("guild_id", "key", "value"), ("guild_id", "key"))
#: Set a server's setting unless it holds that value already (row count 1 = this call changed it).
_CLAIM_SETTING = upsert("guild_settings", ("guild_id", "key", "value"), ("guild_id", "key"),
                        when="guild_settings.value <> excluded.value")


class GameStore(Dialect):
    # ----- metadata and settings ---------------------------------------------------------
    async def get_meta(self, key: str) -> str | None:
        value = await self._fetchval("SELECT value FROM meta WHERE key = ?", (key,))
        return None if value is None else str(value)

    async def set_meta(self, key: str, value: str) -> None:
        await self._execute(_SET_META, (key, value))

    async def delete_meta(self, key: str) -> None:
        await self._execute("DELETE FROM meta WHERE key = ?", (key,))

    async def metas(self, prefix: str) -> list[tuple[str, str]]:
        """Every (key, value) whose key starts with `prefix` (a prefix of letters, digits, `:` and `-`)."""
        rows = await self._fetch("SELECT key, value FROM meta WHERE substr(key, 1, ?) = ? ORDER BY key",
                                 (len(prefix), prefix))
        return [(r[0], r[1]) for r in rows]

    async def claim_meta(self, key: str, value: str) -> str:
        async with self._transaction() as conn:
            await conn.execute("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING", (key, value))
            return str(await conn.fetchval("SELECT value FROM meta WHERE key = ?", (key,)))

    async def get_setting(self, guild_id: int, key: str) -> str | None:
        value = await self._fetchval("SELECT value FROM guild_settings WHERE guild_id = ? AND key = ?", (guild_id, key))
        return None if value is None else str(value)

    async def set_setting(self, guild_id: int, key: str, value: str | None) -> None:
        if value is None:
            await self._execute("DELETE FROM guild_settings WHERE guild_id = ? AND key = ?", (guild_id, key))
        else:
            await self._execute(_SET_SETTING, (guild_id, key, value))

    async def claim_setting(self, guild_id: int, key: str, value: str) -> bool:
        return await self._execute(_CLAIM_SETTING, (guild_id, key, value)) == 1

    async def guilds_with_setting(self, key: str) -> list[tuple[int, str]]:
        rows = await self._fetch("SELECT guild_id, value FROM guild_settings WHERE key = ? ORDER BY guild_id", (key,))
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
                game_id = await conn.insert(
                    "INSERT INTO games (kind, mode, guild_id, channel_id, creator_id, seed, options, "
                    "table_rules, status, daily_date, created_at, updated_at) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'lobby', ?, ?, ?)",
                    (kind, mode, guild_id, channel_id, creator_id, seed, json.dumps(options),
                     json.dumps(table_rules), daily_date, now, now))
                await conn.execute("INSERT INTO seats (game_id, user_id, joined_at) VALUES (?, ?, ?)",
                                   (game_id, creator_id, now))
        except self.unique_violation as exc:
            raise AlreadyExists(str(exc)) from exc
        return game_id

    async def get_game(self, game_id: int, *, with_meta: str | None = None,
                       with_moves: bool = False) -> GameRow | None:
        """The game with its seats; in the same statement, `with_meta`: that meta row (`GameRow.meta`), and
        `with_moves`: each seat's number of log entries (`GameRow.seat_moves`)."""
        # One statement (one round trip, one snapshot): the game row once per seat, with that seat.
        meta = ", (SELECT value FROM meta WHERE key = ?) AS meta_value" if with_meta is not None else ""
        if with_moves:
            meta += (", (SELECT count(*) FROM actions a WHERE a.game_id = g.id AND a.seat = s.seat) AS seat_moves"
                     ", (SELECT coalesce(max(seq), 0) FROM actions a WHERE a.game_id = g.id) AS last_seq")
        rows = await self._fetch_at_once(
            f"{_GAME_AND_SEATS}{meta} FROM games g LEFT JOIN seats s ON s.game_id = g.id WHERE g.id = ? "
            "ORDER BY s.seat IS NULL, s.seat, s.joined_at", (game_id,) if with_meta is None else (with_meta, game_id))
        if not rows:
            return None
        game = _game_from_row(rows[0])
        if with_meta is not None:
            value = rows[0]["meta_value"]
            game.meta = {with_meta: None if value is None else str(value)}
        if with_moves:
            game.seat_moves = {r["seat_number"]: int(r["seat_moves"]) for r in rows if r["seat_number"] is not None}
            game.last_seq = int(rows[0]["last_seq"])
        game.seats = [SeatRow(r["seat_user"], r["seat_number"], r["seat_joined"], bool(r["seat_resigned"]))
                      for r in rows if r["seat_user"] is not None]
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
        condition, params = self.in_list("status", statuses)
        where = [condition]
        if user_id is not None:
            where.append("id IN (SELECT game_id FROM seats WHERE user_id = ?)")
            params.append(user_id)
        for column, value in (("guild_id", guild_id), ("channel_id", channel_id), ("kind", kind),
                              ("mode", mode), ("daily_date", daily_date)):
            if value is not None:
                where.append(f"{column} = ?")
                params.append(value)
        return await self._games_with_seats(
            f"SELECT {_GAMES} FROM games WHERE {' AND '.join(where)} ORDER BY updated_at DESC, id DESC LIMIT ?",
            [*params, limit])

    async def all_game_ids(self) -> list[int]:
        return [r[0] for r in await self._fetch("SELECT id FROM games ORDER BY id")]

    async def waiting_games(
        self, *, before: float, after: tuple[float, int] | None, limit: int
    ) -> list[GameRow]:
        # Plain comparisons instead of a row value (waiting_since, id) > (?, ?): both backends use the index.
        sql = (f"SELECT {_GAMES} FROM games WHERE status = 'active' AND fault IS NULL "
               "AND waiting_since IS NOT NULL AND waiting_since <= ?")
        params: list[Any] = [before]
        if after is not None:
            sql += " AND (waiting_since > ? OR (waiting_since = ? AND id > ?))"
            params += [after[0], after[0], after[1]]
        return await self._games_with_seats(sql + " ORDER BY waiting_since, id LIMIT ?", [*params, limit])

    async def games_after(self, after_id: int, *, statuses: tuple[str, ...], limit: int) -> list[GameRow]:
        condition, params = self.in_list("status", statuses)
        return await self._games_with_seats(
            f"SELECT {_GAMES} FROM games WHERE id > ? AND {condition} ORDER BY id LIMIT ?", [after_id, *params, limit])

    async def _games_with_seats(self, sql: str, params: list[Any]) -> list[GameRow]:
        """The games a query selects, with their seats, read in one snapshot."""
        async with self._read(snapshot=True) as conn:
            games = [_game_from_row(r) for r in await conn.fetch(sql, params)]
            seats: dict[int, list[SeatRow]] = {}
            for start in range(0, len(games), _IDS_PER_READ):
                condition, ids = self.in_list("game_id", [g.id for g in games[start:start + _IDS_PER_READ]])
                for r in await conn.fetch("SELECT game_id, user_id, seat, joined_at, resigned FROM seats "
                                          f"WHERE {condition} ORDER BY game_id, {_SEAT_ORDER}", ids):
                    seats.setdefault(r[0], []).append(SeatRow(r[1], r[2], r[3], bool(r[4])))
        for game in games:
            game.seats = seats.get(game.id, [])
        return games

    async def mark_fault(self, game_id: int, detail: str) -> None:
        await self._execute("UPDATE games SET fault = ? WHERE id = ?", (detail, game_id))

    # ----- seats (the lobby: every change is compare-and-set on the lobby's version) ----------------------
    @staticmethod
    async def _bump_lobby(conn: Conn, game_id: int, expected_version: int) -> None:
        """Claim the lobby change (on PostgreSQL the row stays locked to the end of the transaction): the
        version moves on only if it is still `expected_version` and the game is still a lobby; else
        StaleVersion (another join, leave or start landed first)."""
        changed = await conn.execute(
            "UPDATE games SET version = version + 1, updated_at = ? WHERE id = ? AND version = ? AND status = 'lobby'",
            (time.time(), game_id, expected_version))
        if changed != 1:
            raise StaleVersion("The lobby changed (or the game started) since it was read.")

    async def add_seat(self, game_id: int, user_id: int, *, max_seats: int, expected_version: int) -> None:
        """Seat `user_id` if the lobby is still at `expected_version`, checking capacity and uniqueness in
        the same transaction, so no join can slip in beside another join or a start."""
        try:
            async with self._transaction() as conn:
                await self._bump_lobby(conn, game_id, expected_version)
                seated = await conn.fetchval("SELECT count(*) FROM seats WHERE game_id = ?", (game_id,))
                if seated >= max_seats:
                    raise TableFull(f"game {game_id} has {seated} of {max_seats} seats taken")
                await conn.execute("INSERT INTO seats (game_id, user_id, joined_at) VALUES (?, ?, ?)",
                                   (game_id, user_id, time.time()))
        except self.unique_violation as exc:
            raise AlreadyExists(str(exc)) from exc

    async def remove_seats(self, game_id: int, user_ids: Sequence[int], *, expected_version: int) -> None:
        """Unseat `user_ids` in one lobby change; a lobby left empty is closed (abandoned)."""
        async with self._transaction() as conn:
            await self._bump_lobby(conn, game_id, expected_version)
            condition, users = self.in_list("user_id", list(user_ids))
            await conn.execute(f"DELETE FROM seats WHERE game_id = ? AND {condition}", [game_id, *users])
            left = await conn.fetchval("SELECT count(*) FROM seats WHERE game_id = ?", (game_id,))
            if left == 0:
                await conn.execute("UPDATE games SET status = 'abandoned' WHERE id = ?", (game_id,))

    # ----- play ----------------------------------------------------------------------------------
    async def start_game(self, game_id: int, seat_order: list[int], state: str, *, expected_version: int) -> None:
        """Start the lobby as it was at `expected_version`, with exactly `seat_order` seated: a join, leave or
        bot change landing after the lobby was read makes this a StaleVersion (never a ghost seat)."""
        now = time.time()
        async with self._transaction() as conn:
            changed = await conn.execute(
                "UPDATE games SET status = 'active', state = ?, version = 0, updated_at = ?, "
                "waiting_since = ? WHERE id = ? AND status = 'lobby' AND version = ?",
                (state, now, now, game_id, expected_version))
            if changed != 1:
                raise StaleVersion("The lobby changed (or the game started) since it was read.")
            seated = await conn.fetchval("SELECT count(*) FROM seats WHERE game_id = ?", (game_id,))
            if seated != len(seat_order):
                raise StaleVersion("The list of players changed while the game was starting.")
            for seat, user_id in enumerate(seat_order):
                if await conn.execute("UPDATE seats SET seat = ? WHERE game_id = ? AND user_id = ?",
                                      (seat, game_id, user_id)) != 1:
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
        last_seq: int | None = None,
    ) -> int:
        """Append `entries` to the log and store `state` as a new version, atomically.

        The version goes up by one per entry, and by one for a write without entries (a resignation):
        every write changes it, so two writes that both expected one version can never both pass.
        Log entries are numbered on from the last one, independently of the version: from `last_seq` when
        the caller read it with the game at `expected_version` (every write of the log moves the version on,
        so the version check vouches for it too), else from the log's last number read in the write.
        """
        now = time.time()
        new_version = expected_version + max(1, len(entries))
        game_params = (state, new_version, status, json.dumps(result) if result is not None else None, now,
                       waiting_changed, now, waiting_changed, game_id, expected_version)
        if last_seq is not None:
            _number(entries, last_seq)
            rows = list(meta(entries).items()) if meta is not None else []
            actions = [json.dumps(e.action, sort_keys=True) for e in entries]
            if self.record_at_once:
                written = await self._write_value(_RECORD_AT_ONCE, (
                    *game_params, now, [e.seq for e in entries], [e.seat for e in entries],
                    [e.user_id for e in entries], [e.origin for e in entries], actions, list(resign_users),
                    [k for k, _v in rows], [v for _k, v in rows])) == 1
            else:
                written = await self._write_checked(_RECORD_GAME, game_params, [
                    (_APPEND_ACTION, [(game_id, e.seq, e.seat, e.user_id, e.origin, text, now)
                                      for e, text in zip(entries, actions, strict=True)]),
                    (_RESIGN, [(game_id, user) for user in resign_users]),
                    (_SET_META, [(k, v) for k, v in rows])])
            if not written:
                raise StaleVersion("The game moved on before your move was saved.")
            return new_version
        async with self._transaction() as conn:
            changed = await conn.execute(_RECORD_GAME, game_params)
            if changed != 1:
                raise StaleVersion("The game moved on before your move was saved.")
            if entries:
                if last_seq is None:
                    last_seq = await conn.fetchval("SELECT coalesce(max(seq), 0) FROM actions WHERE game_id = ?",
                                                   (game_id,))
                _number(entries, last_seq)
                await conn.executemany(
                    _APPEND_ACTION,
                    [(game_id, e.seq, e.seat, e.user_id, e.origin, json.dumps(e.action, sort_keys=True), now)
                     for e in entries])
            if resign_users:
                await conn.executemany(_RESIGN, [(game_id, user) for user in resign_users])
            rows = list(meta(entries).items()) if meta is not None else []
            if rows:
                await conn.executemany(_SET_META, rows)
        return new_version

    async def set_status(
        self, game_id: int, expected_version: int, status: str, result: dict[str, Any] | None
    ) -> int:
        changed = await self._execute(
            "UPDATE games SET status = ?, result = ?, version = version + 1, updated_at = ? "
            "WHERE id = ? AND version = ? AND status IN ('lobby', 'active')",
            (status, json.dumps(result) if result is not None else None, time.time(), game_id, expected_version))
        if changed != 1:
            raise StaleVersion("The game moved on.")
        return expected_version + 1

    async def claim_reminder(self, game_id: int, version: int, when: float) -> bool:
        changed = await self._execute(
            "UPDATE games SET reminded_at = ? WHERE id = ? AND version = ? AND status = 'active' "
            "AND (reminded_at IS NULL OR reminded_at < waiting_since)", (when, game_id, version))
        return changed == 1

    async def actions(self, game_id: int) -> list[ActionRow]:
        rows = await self._fetch(
            "SELECT seq, seat, user_id, origin, action, created_at FROM actions WHERE game_id = ? ORDER BY seq",
            (game_id,))
        return [ActionRow(r[0], r[1], r[2], r[3], json.loads(r[4]), r[5]) for r in rows]


def _number(entries: list[NewAction], last_seq: int) -> None:
    """Number `entries` on from the log's last entry, `last_seq`."""
    for i, e in enumerate(entries):
        e.seq = last_seq + i + 1


def _game_from_row(row: Row) -> GameRow:
    fields = {column: row[column] for column in GAME_COLUMNS}
    fields["options"] = json.loads(fields["options"])
    fields["table_rules"] = json.loads(fields["table_rules"])
    fields["result"] = json.loads(fields["result"]) if fields["result"] else None
    return GameRow(**fields)
