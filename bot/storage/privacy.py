"""What the bot keeps about one person, read out whole (`player_data`) or forgotten (`forget_player`), and the
few figures operations read (`ping`, `open_game_counts`). Written once for every backend (see `sql.Dialect`).

Forgetting keeps everyone else's record whole: the person's seat in every game stays, with its moves,
places, scores and the ratings computed from them, but under an anonymous id of its own (`is_anonymous`),
so other players' games still replay, their ratings stand and `rebuild-ratings` gives the same figures.
What is the person's alone (their notification choice, their time away) is deleted.
"""

from __future__ import annotations

import json
from typing import Any

from bot.storage.sql import STANDINGS_LOCK, Conn, Dialect

#: Anonymous ids count up from here. Discord's ids are snowflakes (milliseconds since 2015 shifted left by
#: 22 bits), so no person's id is ever below 2**22; bot seats are negative. An anonymous id is neither.
ANONYMOUS_BASE = 2**21
_ANONYMOUS_COUNTER = "privacy:anonymous"
#: The lock under which anonymous ids are numbered (PostgreSQL; SQLite's write transaction excludes others).
PRIVACY_LOCK = 0x796F6B6F68616D61 + 2


def is_anonymous(user_id: int) -> bool:
    """Whether `user_id` is the anonymous id of a forgotten person (see `ANONYMOUS_BASE`)."""
    return ANONYMOUS_BASE <= user_id < 2**22


def _rows(rows: list[Any], columns: str) -> list[dict[str, Any]]:
    names = [c.strip() for c in columns.split(",")]
    return [{name: _plain(row[i]) for i, name in enumerate(names)} for row in rows]


def _plain(value: Any) -> Any:
    return bool(value) if isinstance(value, bool) else value


def _swap(value: Any, old: int, new: int) -> Any:
    """`value` (parsed JSON) with every number `old` that names a person (under "user", "user_id", "users",
    "players") replaced by `new`."""
    if isinstance(value, dict):
        out: dict[str, Any] = {}
        for key, item in value.items():
            if key in ("user", "user_id", "users", "players") and item == old:
                out[key] = new
            elif key in ("users", "players") and isinstance(item, list):
                out[key] = [new if x == old else _swap(x, old, new) for x in item]
            else:
                out[key] = _swap(item, old, new)
        return out
    if isinstance(value, list):
        return [_swap(item, old, new) for item in value]
    return value


_GAME = ("id, kind, mode, guild_id, channel_id, creator_id, status, daily_date, created_at, updated_at, "
         "options, table_rules, result")
_ACTION = "game_id, seq, seat, origin, action, created_at"


class PrivacyStore(Dialect):
    # ----- operations ------------------------------------------------------------------------------------
    async def ping(self) -> None:
        """One trivial query (the health check: is the database answering)."""
        await self._fetchval("SELECT 1")

    async def open_game_counts(self) -> list[tuple[str, str, int]]:
        """(game, status, number) of the games in a lobby or being played."""
        rows = await self._fetch("SELECT kind, status, count(*) FROM games WHERE status IN ('lobby', 'active') "
                                 "GROUP BY kind, status ORDER BY kind, status")
        return [(str(r[0]), str(r[1]), int(r[2])) for r in rows]

    # ----- one person's data -------------------------------------------------------------------------------
    async def player_data(self, user_id: int) -> dict[str, Any]:
        """Every row about `user_id`: their games (and daily attempts), their own moves, results, ratings and
        their history, season ratings, settings, time away, tournament entries and those they organised.
        Never another seat's hidden state: a game's state is not included, only its public result."""
        async with self._read(snapshot=True) as conn:
            games = await conn.fetch(
                f"SELECT {_GAME} FROM games WHERE creator_id = ? OR id IN "
                "(SELECT game_id FROM seats WHERE user_id = ?) ORDER BY id", (user_id, user_id))
            seats = await conn.fetch("SELECT game_id, seat, joined_at, resigned FROM seats WHERE user_id = ? "
                                     "ORDER BY game_id", (user_id,))
            moves = await conn.fetch(f"SELECT {_ACTION} FROM actions WHERE user_id = ? ORDER BY game_id, seq",
                                     (user_id,))
            results = await conn.fetch(
                "SELECT f.game_id, g.kind, g.mode, g.guild_id, g.finished_at, g.rated, f.seat, f.place, f.score, "
                "f.forfeited FROM finished_seats f JOIN finished_games g ON g.game_id = f.game_id "
                "WHERE f.user_id = ? ORDER BY g.seq", (user_id,))
            ratings = await conn.fetch("SELECT kind, scope, mu, sigma, display, games, wins FROM ratings "
                                       "WHERE user_id = ? ORDER BY kind, scope", (user_id,))
            history = await conn.fetch("SELECT game_id, kind, scope, display, games, wins FROM rating_history "
                                       "WHERE user_id = ? ORDER BY game_id, scope", (user_id,))
            seasons = await conn.fetch("SELECT kind, guild_id, season, display, games, wins FROM season_ratings "
                                       "WHERE user_id = ? ORDER BY guild_id, season, kind", (user_id,))
            prefs = await conn.fetch("SELECT notify, dms_closed, closed_told, digest_day, language FROM player_prefs "
                                     "WHERE user_id = ?", (user_id,))
            away = await conn.fetch("SELECT guild_id, started_at, until FROM away WHERE user_id = ? ORDER BY id",
                                    (user_id,))
            entries = await conn.fetch(
                "SELECT p.tournament_id, t.guild_id, t.name, t.kind, t.status, p.joined_at, p.left_round "
                "FROM tournament_players p JOIN tournaments t ON t.id = p.tournament_id WHERE p.user_id = ? "
                "ORDER BY p.tournament_id", (user_id,))
            organised = await conn.fetch(
                "SELECT id, guild_id, name, kind, status, created_at FROM tournaments WHERE organiser_id = ? "
                "ORDER BY id", (user_id,))
        seat_of = {int(r[0]): r for r in seats}
        game_list = []
        for game in _rows(games, _GAME):
            for key in ("options", "table_rules", "result"):
                game[key] = json.loads(game[key]) if game[key] else None
            mine = seat_of.get(int(game["id"]))
            game["your_seat"] = None if mine is None else mine[1]
            game["joined_at"] = None if mine is None else mine[2]
            game["resigned"] = None if mine is None else bool(mine[3])
            game["created_by_you"] = game.pop("creator_id") == user_id
            game_list.append(game)
        move_list = _rows(moves, _ACTION)
        for move in move_list:
            move["action"] = json.loads(move["action"])
        return {
            "user_id": user_id,
            "games": [g for g in game_list if g["mode"] != "daily"],
            "daily_attempts": [g for g in game_list if g["mode"] == "daily"],
            "moves": move_list,
            "results": [{**r, "rated": bool(r["rated"]), "forfeited": bool(r["forfeited"])} for r in _rows(
                results, "game_id, kind, mode, guild_id, finished_at, rated, seat, place, score, forfeited")],
            "ratings": _rows(ratings, "kind, scope, mu, sigma, display, games, wins"),
            "rating_history": _rows(history, "game_id, kind, scope, display, games, wins"),
            "season_ratings": _rows(seasons, "kind, guild_id, season, display, games, wins"),
            "settings": ({**_rows(prefs, "notify, dms_closed, closed_told, digest_day, language")[0],
                          "closed_told": bool(prefs[0][2])} if prefs else None),
            "away": _rows(away, "guild_id, started_at, until"),
            "tournament_entries": _rows(entries, "tournament_id, guild_id, name, kind, status, joined_at, left_round"),
            "tournaments_organised": _rows(organised, "id, guild_id, name, kind, status, created_at"),
        }

    async def forget_player(self, user_id: int, guild_id: int | None = None) -> tuple[int, dict[str, int]]:
        """Put a new anonymous id in `user_id`'s place everywhere (with `guild_id`: only in that server's games,
        ratings, seasons, tournaments and time away), and delete their settings (everywhere only). One
        transaction; every game touched has its version bumped, so a write prepared before it fails its
        compare-and-set and reads the game again. The anonymous id, and how many rows of each kind changed."""
        async with self._transaction() as conn:
            await self._lock(conn, PRIVACY_LOCK)
            await self._lock(conn, STANDINGS_LOCK)  # ratings change hands: no rating update meanwhile
            counted = int(await conn.fetchval("SELECT value FROM meta WHERE key = ?", (_ANONYMOUS_COUNTER,)) or 0)
            anonymous = ANONYMOUS_BASE + counted + 1
            await conn.execute("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE "
                               "SET value = excluded.value", (_ANONYMOUS_COUNTER, str(counted + 1)))
            where, extra = ("", []) if guild_id is None else (" AND guild_id = ?", [guild_id])
            game_rows = await conn.fetch(
                f"SELECT id FROM games WHERE (creator_id = ? OR id IN (SELECT game_id FROM seats WHERE user_id = ?))"
                f"{where}", [user_id, user_id, *extra])
            game_ids = [int(r[0]) for r in game_rows]
            changed = {"games": len(game_ids)}
            if game_ids:
                changed.update(await self._anonymise_games(conn, game_ids, user_id, anonymous))
            scoped = (lambda column: ("", [])) if guild_id is None else (lambda column: (f" AND {column} = ?",
                                                                                        [guild_id]))
            for table, column in (("ratings", "scope"), ("rating_history", "scope"), ("season_ratings", "guild_id")):
                clause, params = scoped(column)
                changed[table] = await conn.execute(f"UPDATE {table} SET user_id = ? WHERE user_id = ?{clause}",
                                                    [anonymous, user_id, *params])
            changed.update(await self._anonymise_tournaments(conn, user_id, anonymous, guild_id))
            clause, params = scoped("guild_id")
            changed["away"] = await conn.execute(f"DELETE FROM away WHERE user_id = ?{clause}", [user_id, *params])
            changed["settings"] = (await conn.execute("DELETE FROM player_prefs WHERE user_id = ?", (user_id,))
                                   if guild_id is None else 0)
            if guild_id is None:  # when each game was last told to them by DM (the digest leaves those out)
                prefix = f"dm:{user_id}:"
                changed["settings"] += await conn.execute("DELETE FROM meta WHERE substr(key, 1, ?) = ?",
                                                          (len(prefix), prefix))
        return anonymous, changed

    async def _anonymise_games(self, conn: Conn, game_ids: list[int], user_id: int,
                               anonymous: int) -> dict[str, int]:
        games, params = self.in_list("game_id", game_ids)
        ids, id_params = self.in_list("id", game_ids)
        changed: dict[str, int] = {}
        changed["seats"] = await conn.execute(f"UPDATE seats SET user_id = ? WHERE user_id = ? AND {games}",
                                              [anonymous, user_id, *params])
        await conn.execute(f"UPDATE games SET creator_id = ? WHERE creator_id = ? AND {ids}",
                           [anonymous, user_id, *id_params])
        await conn.execute(f"UPDATE games SET version = version + 1 WHERE {ids}", id_params)
        # The log is append-only (a trigger refuses any UPDATE), so the person's entries are taken out and put
        # back with the anonymous id: the same numbers, seats, actions and times.
        moves = await conn.fetch(f"SELECT {_ACTION} FROM actions WHERE user_id = ? AND {games}", [user_id, *params])
        if moves:
            await conn.execute(f"DELETE FROM actions WHERE user_id = ? AND {games}", [user_id, *params])
            await conn.executemany(
                "INSERT INTO actions (game_id, seq, seat, user_id, origin, action, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)", [(r[0], r[1], r[2], anonymous, r[3], r[4], r[5]) for r in moves])
        changed["moves"] = len(moves)
        changed["results"] = await conn.execute(
            f"UPDATE finished_seats SET user_id = ? WHERE user_id = ? AND {games}", [anonymous, user_id, *params])
        # The turn journals beside the games name their movers (the story since the last turn post).
        keys, key_params = self.in_list("key", [f"journal:{g}" for g in game_ids])
        for key, text in await conn.fetch(f"SELECT key, value FROM meta WHERE {keys}", key_params):
            try:
                swapped = json.dumps(_swap(json.loads(text), user_id, anonymous))
            except ValueError:
                continue
            await conn.execute("UPDATE meta SET value = ? WHERE key = ?", (swapped, key))
        return changed

    async def _anonymise_tournaments(self, conn: Conn, user_id: int, anonymous: int,
                                     guild_id: int | None) -> dict[str, int]:
        where, extra = ("", []) if guild_id is None else (" AND guild_id = ?", [guild_id])
        inside = f"tournament_id IN (SELECT id FROM tournaments WHERE 1 = 1{where})"
        pairings = await conn.fetch(
            f"SELECT tournament_id, round, board, players FROM tournament_pairings WHERE {inside} AND tournament_id "
            "IN (SELECT tournament_id FROM tournament_players WHERE user_id = ?)", [*extra, user_id])
        entries = await conn.execute(f"UPDATE tournament_players SET user_id = ? WHERE user_id = ? AND {inside}",
                                     [anonymous, user_id, *extra])
        organised = await conn.execute(f"UPDATE tournaments SET organiser_id = ? WHERE organiser_id = ?{where}",
                                       [anonymous, user_id, *extra])
        for tournament_id, round_, board, players in pairings:
            seated = json.loads(players)
            if user_id in seated:
                await conn.execute(
                    "UPDATE tournament_pairings SET players = ? WHERE tournament_id = ? AND round = ? AND board = ?",
                    (json.dumps([anonymous if u == user_id else u for u in seated]), tournament_id, round_, board))
        return {"tournament_entries": entries, "tournaments_organised": organised}
