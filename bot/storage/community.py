"""Community play: season leaderboards, players' notification choices, time away. Written once for
every backend (see `sql.Dialect`).

Season ratings are derived data like `ratings`: `StandingsStore.record_finish` updates them with a game's
result, `replace_season_ratings` stores a rebuild. Whatever must happen once across processes (a digest a
day, telling a player once that their DMs are closed) is a compare-and-set UPDATE whose row count says who
won.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.storage.base import AwayPeriod, PlayerPrefs, Rating
from bot.storage.sql import STANDINGS_LOCK, Dialect, Row

SEASON_COLUMNS = ("kind", "guild_id", "season", "user_id", "mu", "sigma", "display", "games", "wins")
_SEASON = ", ".join(SEASON_COLUMNS)
_SEASON_RATING = "kind, guild_id, user_id, mu, sigma, display, games, wins"
INSERT_SEASON = f"INSERT INTO season_ratings ({_SEASON}) VALUES ({', '.join('?' * len(SEASON_COLUMNS))})"
UPSERT_SEASON = (f"{INSERT_SEASON} ON CONFLICT (kind, guild_id, season, user_id) DO UPDATE SET "
                 "mu = excluded.mu, sigma = excluded.sigma, display = excluded.display, games = excluded.games, "
                 "wins = excluded.wins")
_PREFS = "user_id, notify, dms_closed, closed_told, digest_day, language"


def season_values(season: str, r: Rating) -> tuple[Any, ...]:
    """A season rating's row (its `scope` is the server)."""
    return (r.kind, r.scope, season, r.user_id, r.mu, r.sigma, r.display, r.games, r.wins)


def season_rating(r: Row) -> Rating:
    """A row of `_SEASON_RATING` as a Rating whose scope is the server."""
    return Rating(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7])


class CommunityStore(Dialect):
    # ----- seasons ------------------------------------------------------------------------------------
    async def season_leaderboard(self, kind: str, guild_id: int, season: str, offset: int,
                                 limit: int) -> tuple[list[Rating], int]:
        """One page of a server's season leaderboard (best first) and its number of players."""
        async with self._read() as conn:
            rows = await conn.fetch(
                f"SELECT {_SEASON_RATING} FROM season_ratings WHERE kind = ? AND guild_id = ? AND season = ? "
                "ORDER BY display DESC, games DESC, user_id LIMIT ? OFFSET ?", (kind, guild_id, season, limit, offset))
            total = await conn.fetchval(
                "SELECT count(*) FROM season_ratings WHERE kind = ? AND guild_id = ? AND season = ?",
                (kind, guild_id, season))
        return [season_rating(r) for r in rows], int(total or 0)

    async def season_rating_of(self, kind: str, guild_id: int, season: str, user_id: int) -> tuple[Rating, int] | None:
        async with self._read() as conn:
            rows = await conn.fetch(
                f"SELECT {_SEASON_RATING} FROM season_ratings WHERE kind = ? AND guild_id = ? AND season = ? "
                "AND user_id = ?", (kind, guild_id, season, user_id))
            if not rows:
                return None
            rating = season_rating(rows[0])
            ahead = await conn.fetchval(
                "SELECT count(*) FROM season_ratings WHERE kind = ? AND guild_id = ? AND season = ? AND display > ?",
                (kind, guild_id, season, rating.display))
        return rating, int(ahead) + 1

    async def seasons_played(self, guild_id: int, kind: str | None = None) -> list[str]:
        """The seasons of a server with at least one rated game (of `kind`), newest first."""
        sql = "SELECT DISTINCT season FROM season_ratings WHERE guild_id = ?"
        params: list[Any] = [guild_id]
        if kind is not None:
            sql += " AND kind = ?"
            params.append(kind)
        return [r[0] for r in await self._fetch(sql + " ORDER BY season DESC", params)]

    async def all_season_ratings(self, guild_id: int | None = None) -> list[tuple[str, Rating]]:
        sql = f"SELECT season, {_SEASON_RATING} FROM season_ratings"
        params: list[Any] = []
        if guild_id is not None:
            sql += " WHERE guild_id = ?"
            params.append(guild_id)
        rows = await self._fetch(sql + " ORDER BY guild_id, season, kind, user_id", params)
        return [(r[0], season_rating(tuple(r)[1:])) for r in rows]

    async def replace_season_ratings(self, rows: Sequence[tuple[str, Rating]], guild_id: int | None = None) -> None:
        """Replace every season rating (or one server's) in one transaction, under the standings lock."""
        async with self._transaction() as conn:
            await self._lock(conn, STANDINGS_LOCK)
            if guild_id is None:
                await conn.execute("DELETE FROM season_ratings")
            else:
                await conn.execute("DELETE FROM season_ratings WHERE guild_id = ?", (guild_id,))
            if rows:
                await conn.executemany(INSERT_SEASON, [season_values(season, r) for season, r in rows])

    # ----- notifications ----------------------------------------------------------------------------
    async def player_prefs(self, user_ids: Sequence[int]) -> dict[int, PlayerPrefs]:
        """The stored choices of these players (a player who never chose is absent: mentions)."""
        if not user_ids:
            return {}
        condition, params = self.in_list("user_id", list(user_ids))
        rows = await self._fetch(f"SELECT {_PREFS} FROM player_prefs WHERE {condition}", params)
        return {r[0]: _prefs(r) for r in rows}

    async def set_notify(self, user_id: int, notify: str) -> None:
        """Store a player's choice; choosing again forgets DMs found closed (they may have opened them)."""
        await self._execute(
            "INSERT INTO player_prefs (user_id, notify) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET "
            "notify = excluded.notify, dms_closed = NULL, closed_told = ?", (user_id, notify, False))

    async def set_language(self, user_id: int, language: str | None) -> None:
        """Store a player's own language (None: the language of their Discord client); their notification
        choice is kept (a new row gets the default)."""
        await self._execute(
            "INSERT INTO player_prefs (user_id, language) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET "
            "language = excluded.language", (user_id, language))

    async def mark_dms_closed(self, user_id: int, when: float) -> bool:
        """Note that a DM to this player failed (50007); True for the call that noted it first."""
        return await self._execute(
            "UPDATE player_prefs SET dms_closed = ?, closed_told = ? WHERE user_id = ? AND dms_closed IS NULL",
            (when, False, user_id)) == 1

    async def claim_closed_notice(self, user_id: int) -> bool:
        """True exactly once per closing of a player's DMs: the one call that should tell them."""
        return await self._execute(
            "UPDATE player_prefs SET closed_told = ? WHERE user_id = ? AND dms_closed IS NOT NULL "
            "AND closed_told = ?", (True, user_id, False)) == 1

    async def dm_players(self) -> list[int]:
        """Players who chose DMs (alone or with mentions) and whose DMs are not known to be closed."""
        rows = await self._fetch("SELECT user_id FROM player_prefs WHERE notify IN ('dm', 'both') "
                                 "AND dms_closed IS NULL ORDER BY user_id")
        return [r[0] for r in rows]

    async def claim_digest(self, user_id: int, day: str) -> bool:
        """Claim the digest of `day` for a player: True for the one call (of any process) that may send it."""
        return await self._execute(
            "UPDATE player_prefs SET digest_day = ? WHERE user_id = ? AND (digest_day IS NULL OR digest_day <> ?)",
            (day, user_id, day)) == 1

    # ----- time away ----------------------------------------------------------------------------------
    async def start_away(self, guild_id: int, user_id: int, start: float, until: float) -> None:
        """A player is away in a server from `start` to `until` (a period still running ends at `start`)."""
        async with self._transaction() as conn:
            await conn.execute("UPDATE away SET until = ? WHERE guild_id = ? AND user_id = ? AND until > ?",
                               (start, guild_id, user_id, start))
            await conn.execute("INSERT INTO away (guild_id, user_id, started_at, until) VALUES (?, ?, ?, ?)",
                               (guild_id, user_id, start, until))

    async def end_away(self, guild_id: int, user_id: int, now: float) -> bool:
        """End a running period now; False if the player was not away."""
        return await self._execute(
            "UPDATE away SET until = ? WHERE guild_id = ? AND user_id = ? AND started_at <= ? AND until > ?",
            (now, guild_id, user_id, now, now)) > 0

    async def away_periods(self, guild_id: int, user_ids: Sequence[int], since: float) -> list[AwayPeriod]:
        """The periods away of these players in a server that end after `since`, oldest first."""
        if not user_ids:
            return []
        condition, params = self.in_list("user_id", list(user_ids))
        rows = await self._fetch(
            f"SELECT user_id, started_at, until FROM away WHERE guild_id = ? AND until > ? AND {condition} "
            "ORDER BY started_at, id", [guild_id, since, *params])
        return [AwayPeriod(r[0], r[1], r[2]) for r in rows]


def _prefs(r: Row) -> PlayerPrefs:
    return PlayerPrefs(user_id=r[0], notify=r[1], dms_closed=r[2], closed_told=bool(r[3]), digest_day=r[4],
                       language=r[5])
