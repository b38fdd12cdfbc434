"""Standings: finished games' results, ratings and their history, written once for every backend.

Derived data: `rebuild_ratings` recomputes every rating from the recorded results.
"""

from __future__ import annotations

from typing import Any

from bot.storage.base import FinishedGame, FinishedSeat, RateGame, RateSeason, Rating, RatingPoint
from bot.storage.community import UPSERT_SEASON, season_rating, season_values
from bot.storage.sql import STANDINGS_LOCK, Dialect, Row, upsert

RATING_COLUMNS = ("kind", "scope", "user_id", "mu", "sigma", "display", "games", "wins")
_RATINGS = ", ".join(RATING_COLUMNS)
_FINISHED = "game_id, seq, kind, mode, guild_id, finished_at, rated, why_unrated"
_FINISHED_SEATS = "game_id, user_id, seat, place, score, forfeited"

_INSERT_RATING = f"INSERT INTO ratings ({_RATINGS}) VALUES ({', '.join('?' * len(RATING_COLUMNS))})"
_UPSERT_RATING = upsert("ratings", RATING_COLUMNS, ("kind", "scope", "user_id"))
_INSERT_HISTORY = (f"INSERT INTO rating_history (game_id, {_RATINGS}) "
                   f"VALUES ({', '.join('?' * (len(RATING_COLUMNS) + 1))})")



class StandingsStore(Dialect):
    async def record_finish(self, finished: FinishedGame, rate: RateGame,
                            season: tuple[str, RateSeason] | None = None) -> bool:
        async with self._transaction() as conn:
            # Ratings are read, computed and written as one step: games finishing at once on several
            # processes take turns here, so none overwrites another's update (and `seq` stays unique).
            await self._lock(conn, STANDINGS_LOCK)
            if await conn.fetchval("SELECT 1 FROM finished_games WHERE game_id = ?", (finished.game_id,)):
                return False
            finished.seq = int(await conn.fetchval("SELECT coalesce(max(seq), 0) + 1 FROM finished_games"))
            await conn.execute(
                f"INSERT INTO finished_games ({_FINISHED}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (finished.game_id, finished.seq, finished.kind, finished.mode, finished.guild_id,
                 finished.finished_at, int(finished.rated), finished.why_unrated))
            await conn.executemany(
                f"INSERT INTO finished_seats ({_FINISHED_SEATS}) VALUES (?, ?, ?, ?, ?, ?)",
                [(finished.game_id, p.user_id, p.seat, p.place, p.score, int(p.forfeited)) for p in finished.seats])
            if not finished.rated:
                return True
            scopes, scope_params = self.in_list("scope", [0] if finished.guild_id is None else [0, finished.guild_id])
            users, user_params = self.in_list("user_id", [p.user_id for p in finished.seats])
            rows = await conn.fetch(f"SELECT {_RATINGS} FROM ratings WHERE kind = ? AND {scopes} AND {users}",
                                    [finished.kind, *scope_params, *user_params])
            current = {(r.scope, r.user_id): r for r in map(_rating, rows)}
            new = rate(finished, current)
            await conn.executemany(_UPSERT_RATING, [_rating_values(r) for r in new])
            await conn.executemany(_INSERT_HISTORY, [(finished.game_id, *_rating_values(r)) for r in new])
            if season is not None and finished.guild_id is not None:
                name, rate_season = season
                rows = await conn.fetch(
                    "SELECT kind, guild_id, user_id, mu, sigma, display, games, wins FROM season_ratings "
                    f"WHERE kind = ? AND guild_id = ? AND season = ? AND {users}",
                    [finished.kind, finished.guild_id, name, *user_params])
                in_season = {r.user_id: r for r in map(season_rating, rows)}
                await conn.executemany(UPSERT_SEASON,
                                       [season_values(name, r) for r in rate_season(finished, in_season)])
        return True

    async def unrecorded_finished(self) -> list[int]:
        rows = await self._fetch(
            "SELECT id FROM games WHERE status = 'finished' "
            "AND id NOT IN (SELECT game_id FROM finished_games) ORDER BY updated_at, id")
        return [r[0] for r in rows]

    async def finished_games(self) -> list[FinishedGame]:
        async with self._read(snapshot=True) as conn:
            games = [_finished(r) for r in await conn.fetch(f"SELECT {_FINISHED} FROM finished_games ORDER BY seq")]
            seat_rows = await conn.fetch(f"SELECT {_FINISHED_SEATS} FROM finished_seats ORDER BY game_id, seat")
        _attach_seats(games, seat_rows)
        return games

    async def replace_ratings(self, ratings: list[Rating], history: list[tuple[int, Rating]]) -> None:
        async with self._transaction() as conn:
            await self._lock(conn, STANDINGS_LOCK)
            await conn.execute("DELETE FROM ratings")
            await conn.execute("DELETE FROM rating_history")
            if ratings:
                await conn.executemany(_INSERT_RATING, [_rating_values(r) for r in ratings])
            if history:
                await conn.executemany(_INSERT_HISTORY, [(game_id, *_rating_values(r)) for game_id, r in history])

    async def all_ratings(self) -> list[Rating]:
        return [_rating(r) for r in await self._fetch(f"SELECT {_RATINGS} FROM ratings ORDER BY kind, scope, user_id")]

    async def rating_history_rows(self) -> list[tuple[int, Rating]]:
        rows = await self._fetch(f"SELECT game_id, {_RATINGS} FROM rating_history ORDER BY game_id, scope, user_id")
        return [(r[0], _rating(tuple(r)[1:])) for r in rows]

    async def leaderboard(self, kind: str, scope: int, offset: int, limit: int) -> tuple[list[Rating], int]:
        async with self._read() as conn:
            rows = await conn.fetch(
                f"SELECT {_RATINGS} FROM ratings WHERE kind = ? AND scope = ? "
                "ORDER BY display DESC, games DESC, user_id LIMIT ? OFFSET ?", (kind, scope, limit, offset))
            total = await conn.fetchval("SELECT count(*) FROM ratings WHERE kind = ? AND scope = ?", (kind, scope))
        return [_rating(r) for r in rows], int(total or 0)

    async def rating_of(self, kind: str, scope: int, user_id: int) -> tuple[Rating, int] | None:
        async with self._read() as conn:
            rows = await conn.fetch(f"SELECT {_RATINGS} FROM ratings WHERE kind = ? AND scope = ? AND user_id = ?",
                                    (kind, scope, user_id))
            if not rows:
                return None
            rating = _rating(rows[0])
            ahead = await conn.fetchval("SELECT count(*) FROM ratings WHERE kind = ? AND scope = ? AND display > ?",
                                        (kind, scope, rating.display))
        return rating, int(ahead) + 1

    async def ratings_of(self, user_id: int, scope: int) -> list[Rating]:
        rows = await self._fetch(f"SELECT {_RATINGS} FROM ratings WHERE user_id = ? AND scope = ? ORDER BY kind",
                                 (user_id, scope))
        return [_rating(r) for r in rows]

    async def rating_points(self, user_id: int, kind: str, scope: int) -> list[RatingPoint]:
        rows = await self._fetch(
            "SELECT f.seq, h.game_id, f.finished_at, h.display FROM rating_history h "
            "JOIN finished_games f ON f.game_id = h.game_id "
            "WHERE h.user_id = ? AND h.kind = ? AND h.scope = ? ORDER BY f.seq", (user_id, kind, scope))
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
        async with self._read(snapshot=True) as conn:
            total = await conn.fetchval(f"SELECT count(*) FROM finished_games g WHERE {where}", params)
            games = [_finished(r) for r in await conn.fetch(
                f"SELECT {_FINISHED} FROM finished_games g WHERE {where} ORDER BY g.seq DESC LIMIT ? OFFSET ?",
                [*params, limit, offset])]
            seat_rows: list[Row] = []
            if games:
                condition, ids = self.in_list("game_id", [g.game_id for g in games])
                seat_rows = await conn.fetch(
                    f"SELECT {_FINISHED_SEATS} FROM finished_seats WHERE {condition} ORDER BY game_id, place, seat",
                    ids)
        _attach_seats(games, seat_rows)
        return games, int(total or 0)

    async def score_stats(self, user_id: int, *, against_bot: bool = False) -> dict[str, tuple[int, int, float, int]]:
        bots = "EXISTS" if against_bot else "NOT EXISTS"
        rows = await self._fetch(
            "SELECT g.kind, count(*), max(s.score), avg(s.score), sum(CASE WHEN s.place = 1 THEN 1 ELSE 0 END) "
            "FROM finished_seats s JOIN finished_games g ON g.game_id = s.game_id WHERE s.user_id = ? AND "
            f"{bots} (SELECT 1 FROM finished_seats b WHERE b.game_id = s.game_id AND b.user_id < 0) GROUP BY g.kind",
            (user_id,))
        return {r[0]: (int(r[1]), int(r[2]), float(r[3]), int(r[4])) for r in rows}


def _rating_values(r: Rating) -> tuple[Any, ...]:
    return (r.kind, r.scope, r.user_id, r.mu, r.sigma, r.display, r.games, r.wins)


def _rating(r: Row) -> Rating:
    return Rating(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7])


def _finished(r: Row) -> FinishedGame:
    return FinishedGame(game_id=r[0], seq=r[1], kind=r[2], mode=r[3], guild_id=r[4], finished_at=r[5],
                        rated=bool(r[6]), why_unrated=r[7])


def _attach_seats(games: list[FinishedGame], seat_rows: list[Row]) -> None:
    seats: dict[int, list[FinishedSeat]] = {}
    for r in seat_rows:
        seats.setdefault(r[0], []).append(FinishedSeat(user_id=r[1], seat=r[2], place=r[3], score=r[4],
                                                       forfeited=bool(r[5])))
    for game in games:
        game.seats = seats.get(game.game_id, [])
