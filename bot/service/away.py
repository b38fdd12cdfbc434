"""Time away: a player steps away from a server's tables for 1–14 days.

While away, the sweep sends them no reminder (one that fell due is sent once they are back) and their
deadlines stretch by the time away within the wait: a deadline of 24 h on a wait that began a day
before a three-day absence falls due three days later than it would have. Every period is kept (and
ended early by `/away end`), so the stretch is computed from stored facts by any process, any time.
A server may cap the days (`away_cap_days`); time away is per server, like the tables it pauses.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.service import arguments as check
from bot.service.errors import ServiceError
from bot.storage import AwayPeriod, Storage, is_bot_user

if TYPE_CHECKING:
    from bot.storage import GameRow

#: The longest time away a player may take at once, in days.
MAX_DAYS = 14
#: The server setting that caps it lower.
CAP_KEY = "away_cap_days"
DAY = 86400.0


async def cap_of(storage: Storage, guild_id: int) -> int:
    value = await storage.get_setting(guild_id, CAP_KEY)
    return int(value) if value and value.isdigit() and 1 <= int(value) <= MAX_DAYS else MAX_DAYS


async def set_cap(storage: Storage, guild_id: int, days: int | None) -> None:
    """Cap a server's time away at `days` (1–14); None lifts the cap (14 days)."""
    if days is not None:
        days = check.whole(days, "number of days", low=1, high=MAX_DAYS)
    await storage.set_setting(guild_id, CAP_KEY, None if days is None else str(days))


async def go_away(storage: Storage, guild_id: int | None, user_id: int, days: int, now: float) -> float:
    """Start a player's time away in a server; when it ends. A new period replaces one still running."""
    if guild_id is None:
        raise ServiceError("Time away belongs to a server's tables: use `/away` in the server.")
    days = check.whole(days, "number of days", low=1, high=MAX_DAYS)
    cap = await cap_of(storage, guild_id)
    if days > cap:
        raise ServiceError(f"This server allows at most {cap} day{'s' if cap != 1 else ''} away at a time; "
                           "nothing was changed.")
    until = now + days * DAY
    await storage.start_away(guild_id, user_id, now, until)
    return until


async def come_back(storage: Storage, guild_id: int | None, user_id: int, now: float) -> bool:
    """End a player's time away now; False if they were not away."""
    if guild_id is None:
        raise ServiceError("Time away belongs to a server's tables: use `/away end` in the server.")
    return await storage.end_away(guild_id, user_id, now)


async def away_until(storage: Storage, guild_id: int | None, user_ids: Sequence[int], now: float) -> dict[int, float]:
    """Who of these players is away in the server right now, and until when."""
    people = [u for u in user_ids if not is_bot_user(u)]
    if guild_id is None or not people:
        return {}
    return {p.user_id: p.until for p in await storage.away_periods(guild_id, people, now) if p.start <= now}


def stretch(periods: Sequence[AwayPeriod], user_id: int, since: float, now: float) -> float:
    """Seconds of `user_id`'s time away between `since` and `now` (periods never overlap: a new one ends
    the one before)."""
    return sum(max(0.0, min(p.until, now) - max(p.start, since)) for p in periods if p.user_id == user_id)


async def sweep_view(storage: Storage, game: GameRow, owing: list[int], users: list[int], now: float,
                     deadline_hours: float) -> tuple[list[int], list[int]]:
    """What the sweep does about a waiting game with time away taken into account: the seats whose
    (stretched) deadline has passed, and the people to remind (nobody who is away now)."""
    if game.mode != "table" or game.guild_id is None or game.waiting_since is None or not users:
        return owing, users
    periods = await storage.away_periods(game.guild_id, users, game.waiting_since)
    if not periods:
        return owing, users
    waited = now - game.waiting_since
    late = []
    for seat in owing:
        user = game.user_of(seat)
        if user is None or waited - stretch(periods, user, game.waiting_since, now) >= deadline_hours * 3600:
            late.append(seat)
    away_now = {p.user_id for p in periods if p.start <= now < p.until}
    return late, [u for u in users if u not in away_now]
