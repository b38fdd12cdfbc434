"""Time away: a player steps away from a server's tables for 1–14 days.

While away, the sweep sends them no reminder (one that fell due is sent once they are back) and their
deadlines stretch by the time away within the wait: a deadline of 24 h on a wait that began a day
before a three-day absence falls due three days later than it would have. Every period is kept (and
ended early by `/away end`), so the stretch is computed from stored facts by any process, any time.

Time away is a budget, not a cap per period: a player may be away at most the server's `away days`
(`away_cap_days`, default 14) in any rolling 30 days, however they cut it into periods, so chaining
periods cannot hold a game forever. A refusal says how many days are left now and from when the days asked
for fit. A deadline never stretches by more than that budget, so no wait (a tournament round's included)
lasts longer than its deadline plus the budget. Time away is per server, like the tables it pauses.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.service import arguments as check
from bot.service.errors import ServiceError
from bot.service.words import plural
from bot.storage import AwayPeriod, Storage, is_bot_user

if TYPE_CHECKING:
    from bot.storage import GameRow

#: The most days away in any `WINDOW_DAYS` (a server may set fewer).
MAX_DAYS = 14
#: The server setting: the budget of days away in any rolling window.
CAP_KEY = "away_cap_days"
DAY = 86400.0
#: The rolling window the budget counts in.
WINDOW_DAYS = 30
_WINDOW = WINDOW_DAYS * DAY
#: The step in which a refusal looks for when the days asked for fit again.
_STEP = 3600.0


async def cap_of(storage: Storage, guild_id: int) -> int:
    value = await storage.get_setting(guild_id, CAP_KEY)
    return int(value) if value and value.isdigit() and 1 <= int(value) <= MAX_DAYS else MAX_DAYS


async def set_cap(storage: Storage, guild_id: int, days: int | None) -> None:
    """Set a server's budget of days away in any rolling 30 days (1–14); None: the default, 14."""
    if days is not None:
        days = check.whole(days, "number of days", low=1, high=MAX_DAYS)
    await storage.set_setting(guild_id, CAP_KEY, None if days is None else str(days))


def most_in_a_window(periods: Sequence[tuple[float, float]]) -> float:
    """The most time away (seconds) in any window of `WINDOW_DAYS` over these non-overlapping periods: the
    busiest window starts at some period's start or ends at some period's end."""
    starts = [a for a, _ in periods] + [b - _WINDOW for _, b in periods]
    return max((sum(max(0.0, min(b, t + _WINDOW) - max(a, t)) for a, b in periods) for t in starts), default=0.0)


def _fits(past: Sequence[tuple[float, float]], start: float, seconds: float, budget: float) -> bool:
    return most_in_a_window([*past, (start, start + seconds)]) <= budget + 1.0


async def _past(storage: Storage, guild_id: int, user_id: int, now: float) -> list[tuple[float, float]]:
    """The player's periods that may share a window with one starting now (a running one ends now: a new
    period replaces it)."""
    return [(p.start, min(p.until, now)) for p in await storage.away_periods(guild_id, [user_id], now - _WINDOW)
            if p.start < now]


def days_left(past: Sequence[tuple[float, float]], now: float, budget_days: int) -> int:
    """Whole days a period starting now may last within the budget."""
    budget = budget_days * DAY
    return next((d for d in range(budget_days, 0, -1) if _fits(past, now, d * DAY, budget)), 0)


def fits_from(past: Sequence[tuple[float, float]], now: float, days: int, budget_days: int) -> float:
    """The first moment (in steps of an hour) from which `days` away fit the budget."""
    budget, start = budget_days * DAY, now
    while not _fits(past, start, days * DAY, budget) and start < now + 2 * _WINDOW:
        start += _STEP
    return start


async def go_away(storage: Storage, guild_id: int | None, user_id: int, days: int, now: float) -> float:
    """Start a player's time away in a server; when it ends. A new period replaces one still running. Refused
    when it would take them past the server's budget (days away in any rolling 30 days), saying how many
    days are left and from when the days asked for fit."""
    if guild_id is None:
        raise ServiceError("Time away belongs to a server's tables: use `/away` in the server.")
    days = check.whole(days, "number of days", low=1, high=MAX_DAYS)
    budget = await cap_of(storage, guild_id)
    past = await _past(storage, guild_id, user_id, now)
    if not _fits(past, now, days * DAY, budget * DAY):
        left = days_left(past, now, budget)
        when = fits_from(past, now, days, budget) if days <= budget else None
        text = (f"This server allows {plural(budget, 'day')} away in any {WINDOW_DAYS} days; "
                + (f"you have {plural(left, 'day')} left now" if left else "you have none left now"))
        if when is not None:
            text += f", and {plural(days, 'day')} from <t:{int(when)}:f>"
        raise ServiceError(text + ". Nothing was changed.")
    until = now + days * DAY
    await storage.start_away(guild_id, user_id, now, until)
    return until


async def budget_left(storage: Storage, guild_id: int, user_id: int, now: float) -> int:
    """Whole days a player could still be away from `now` on (after any period running now)."""
    periods = await storage.away_periods(guild_id, [user_id], now - _WINDOW)
    past = [(p.start, p.until) for p in periods]
    end = max([now, *(b for _, b in past)])
    budget = await cap_of(storage, guild_id)
    return next((d for d in range(budget, 0, -1) if _fits(past, end, d * DAY, budget * DAY)), 0)


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
    most = await cap_of(storage, game.guild_id) * DAY  # never stretched past the deadline plus the budget
    waited = now - game.waiting_since
    late = []
    for seat in owing:
        user = game.user_of(seat)
        if user is None or waited - min(most, stretch(periods, user, game.waiting_since, now)) \
                >= deadline_hours * 3600:
            late.append(seat)
    away_now = {p.user_id for p in periods if p.start <= now < p.until}
    return late, [u for u in users if u not in away_now]
