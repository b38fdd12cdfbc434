"""The daily challenge's queries, written once for every backend."""

from __future__ import annotations

from bot.storage.sql import Dialect


class DailyStore(Dialect):
    async def finished_daily(self, daily_date: str, guild_id: int | None = None) -> list[tuple[int, int, float]]:
        """(game id, player, finished at) of a date's finished daily attempts, optionally in one server."""
        sql = ("SELECT id, creator_id, updated_at FROM games WHERE mode = 'daily' AND status = 'finished' "
               "AND daily_date = ?")
        params: list[object] = [daily_date]
        if guild_id is not None:
            sql += " AND guild_id = ?"
            params.append(guild_id)
        return [(r[0], r[1], r[2]) for r in await self._fetch(sql + " ORDER BY id", params)]
