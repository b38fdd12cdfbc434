"""Rating seasons: a server may cut its ratings into months or quarters.

A season is derived from the stored results like every rating: a rated game of a server with a season
length belongs to the season its `finished_at` falls in (UTC), and each season rates its games from
nothing, in the order the results were recorded. So `rebuild-ratings` recomputes every season exactly,
and a season's final table is simply its ratings once no more games fall in it. All-time ratings (the
`ratings` table) go on untouched. Changing a server's season length re-cuts its seasons at once (they are
rebuilt from the results), so stored seasons always equal what a rebuild computes.

At a season's end the sweep owes the podium post once per server and season: the compare-and-set on
`season_posted` and the outbox item are one transaction (`owe_podiums`), and a sweep after downtime that
spanned several season ends owes each of them. The outbox sends each podium once, retrying after a failure.
With no channel set, the podium goes to the announcements channel, else where the server's tables are
played (`podium_channel`; `/settings show` says which).
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field

from bot.service import ratings
from bot.service.errors import ServiceError
from bot.storage import FinishedGame, Rating, Storage
from i18n import N_, _

#: The season lengths a server may choose.
LENGTHS = ("month", "quarter")
#: Server settings: the season length, and the last season whose podium was claimed.
LENGTH_KEY = "season_length"
POSTED_KEY = "season_posted"
CHANNEL_KEY = "season_channel"
#: What `/standings season:` takes besides a season's name.
CURRENT, ALL_TIME = "current", "all"
#: A season's name: `2026-12` (a month) or `2026-Q4` (a quarter).
_NAME = re.compile(r"(?P<year>[0-9]{4})-(?:(?P<month>0[1-9]|1[0-2])|Q(?P<quarter>[1-4]))")
_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December")


def season_of(length: str, when: float) -> str:
    """The name of the season (`length`: month or quarter) that the moment `when` falls in, in UTC."""
    day = dt.datetime.fromtimestamp(when, dt.UTC)
    if length == "quarter":
        return f"{day.year}-Q{(day.month - 1) // 3 + 1}"
    return f"{day.year}-{day.month:02d}"


def bounds(name: str) -> tuple[float, float]:
    """The season's first moment and the first moment after it (UTC timestamps)."""
    match = _NAME.fullmatch(name)
    if match is None:
        raise ServiceError(_("{name} is not a season: write it like 2026-11 (a month) or 2026-Q4 (a quarter).")
                           .format(name=repr(name[:20])))
    year = int(match["year"])
    first = int(match["month"]) if match["month"] else 3 * (int(match["quarter"]) - 1) + 1
    months = 1 if match["month"] else 3
    start = dt.datetime(year, first, 1, tzinfo=dt.UTC)
    end_month = first + months
    end = dt.datetime(year + (end_month - 1) // 12, (end_month - 1) % 12 + 1, 1, tzinfo=dt.UTC)
    return start.timestamp(), end.timestamp()


def previous(length: str, now: float) -> str:
    """The season that ended last before `now`."""
    start, _ = bounds(season_of(length, now))
    return season_of(length, start - 1)


def title(name: str) -> str:
    """`November 2026`, `Q4 2026 (October–December)`."""
    match = _NAME.fullmatch(name)
    if match is None:
        return name
    if match["month"]:
        return f"{_MONTHS[int(match['month']) - 1]} {match['year']}"
    q = int(match["quarter"])
    return f"Q{q} {match['year']} ({_MONTHS[3 * q - 3]}–{_MONTHS[3 * q - 1]})"


def is_season_name(text: str) -> bool:
    return _NAME.fullmatch(text) is not None


def rate_seasons(games: list[FinishedGame], lengths: dict[int, str]) -> list[tuple[str, Rating]]:
    """Every season rating, replaying `games` (in the order recorded) per server and season."""
    current: dict[tuple[str, int, str], dict[int, Rating]] = {}
    for game in games:
        if not game.rated or game.guild_id is None or game.guild_id not in lengths:
            continue
        name = season_of(lengths[game.guild_id], game.finished_at)
        table = current.setdefault((game.kind, game.guild_id, name), {})
        for rating in ratings.rate_season(game, table):
            table[rating.user_id] = rating
    return [(name, r) for (_, _, name), table in current.items() for r in table.values()]


async def lengths_of(storage: Storage) -> dict[int, str]:
    """Each server's season length (servers without seasons are absent)."""
    return {guild: value for guild, value in await storage.guilds_with_setting(LENGTH_KEY) if value in LENGTHS}


async def season_for(storage: Storage, game: FinishedGame) -> str | None:
    """The season a rated server game counts for, or None (no seasons in that server)."""
    if not game.rated or game.guild_id is None:
        return None
    length = await storage.get_setting(game.guild_id, LENGTH_KEY)
    return season_of(length, game.finished_at) if length in LENGTHS else None


async def rebuild(storage: Storage, guild_id: int | None = None) -> int:
    """Recompute every season (or one server's) from the recorded results; the ratings stored."""
    lengths = await lengths_of(storage)
    if guild_id is not None:
        lengths = {guild_id: lengths[guild_id]} if guild_id in lengths else {}
    rows = rate_seasons(await storage.finished_games(), lengths)
    await storage.replace_season_ratings(rows, guild_id)
    return len(rows)


async def set_length(storage: Storage, guild_id: int, length: str | None, now: float) -> None:
    """Turn seasons on (month, quarter) or off (None) for a server, and re-cut its seasons at once.

    The season that ended before now gets no podium: only seasons that end from now on are announced.
    """
    if length is not None and length not in LENGTHS:
        raise ServiceError(_("A season is a month or a quarter, not {length}.").format(length=repr(str(length)[:20])))
    await storage.set_setting(guild_id, LENGTH_KEY, length)
    if length is not None:
        await storage.set_setting(guild_id, POSTED_KEY, previous(length, now))
    await rebuild(storage, guild_id)


@dataclass
class Podium:
    """A season that just ended in one server: its name and, per game, its final top three."""

    guild_id: int
    season: str
    channel_id: int | None
    tables: dict[str, list[Rating]] = field(default_factory=dict)


def ended_since(length: str, posted: str | None, now: float, most: int = 12) -> list[str]:
    """The seasons that ended after `posted` (the last one whose podium was owed) and before `now`, oldest
    first: one after a sweep at each season's end, several after downtime that spanned more than one."""
    last = previous(length, now)
    if posted == last:
        return []
    if posted is None or not is_season_name(posted) or (length == "quarter") != ("Q" in posted):
        return [last]
    out: list[str] = []
    name = last
    while name != posted and len(out) < most:
        out.append(name)
        start, _ = bounds(name)
        name = season_of(length, start - 1)
        if bounds(name)[0] < bounds(posted)[0]:
            break
    return out[::-1]


async def owe_podiums(storage: Storage, now: float) -> list[tuple[int, str]]:
    """Owe the podium of every season that ended since the last one owed (each server, each season once:
    the `season_posted` compare-and-set and the outbox items are one transaction); what was owed."""
    owed: list[tuple[int, str]] = []
    for guild_id, length in (await lengths_of(storage)).items():
        posted = await storage.get_setting(guild_id, POSTED_KEY)
        names = ended_since(length, posted, now)
        if not names:
            continue  # decided without a write: the usual case, every sweep
        items = [(f"season:{guild_id}:{name}", "season", {"season": name}) for name in names]
        if await storage.claim_setting_owing(guild_id, POSTED_KEY, names[-1], items, now):
            owed += [(guild_id, name) for name in names]
    return owed


async def podium_channel(storage: Storage, guild_id: int) -> tuple[int | None, str]:
    """Where a server's season podium goes, and why there: the season channel, else the announcements
    channel, else the channel where the server's latest table was played; (None, why) when there is none. `why`
    is marked for the catalogue and translated where it is shown."""
    for key, why in ((CHANNEL_KEY, N_("the season channel")), ("announce_channel", N_("the announcements channel"))):
        value = await storage.get_setting(guild_id, key)
        if value and value.isdigit():
            return int(value), why
    for statuses in (("active",), ("finished", "abandoned")):
        games = await storage.list_games(guild_id=guild_id, statuses=statuses, mode="table", limit=1)
        if games and games[0].channel_id is not None:
            return int(games[0].channel_id), N_("the channel of the server's latest table")
    return None, N_("nowhere yet (no channel is set and no table has been played)")


async def podium_of(storage: Storage, guild_id: int, season: str, kinds: list[str]) -> Podium:
    """A season's podium as it stands (its ratings are final once the season has ended)."""
    channel, _why = await podium_channel(storage, guild_id)
    podium = Podium(guild_id, season, channel)
    for kind in kinds:
        top, _ = await storage.season_leaderboard(kind, guild_id, season, 0, 3)
        if top:
            podium.tables[kind] = top
    return podium


def pick(season: str | None, length: str | None, now: float) -> str | None:
    """The season `/standings season:` asks for: a season's name, or None for all time.

    Without seasons in the server, the default is all time; naming a season there is refused.
    """
    wanted = (season or CURRENT).strip()
    if wanted == ALL_TIME:
        return None
    if length not in LENGTHS:
        if wanted == CURRENT:
            return None
        raise ServiceError(_("This server has no rating seasons (an admin turns them on with "
                             "`/settings seasons`); `/standings` shows all-time ratings."))
    if wanted == CURRENT:
        return season_of(length, now)
    if not is_season_name(wanted):
        raise ServiceError(_("{name} is not a season: pick one from the list, write it like 2026-11 or 2026-Q4, "
                             "or `all` for all time.").format(name=repr(wanted[:20])))
    if is_season_name(wanted) and (length == "quarter") != ("Q" in wanted):
        raise ServiceError((_("This server's seasons are months: write a season like {example}.") if length == "month"
                            else _("This server's seasons are quarters: write a season like {example}.")).format(
            example=season_of(length, now)))
    return wanted
