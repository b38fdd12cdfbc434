"""The Roll & Write daily challenge, without Discord: one challenge per UTC date for everyone.

Every player on every server meets the same areas, technologies, dice and employment cards on
a given date, because the engine fixes all of them at `new()` from the seed, and the seed is
`mix_seed("daily", date, secret)`. The secret comes from the `DAILY_SECRET` setting or is
generated once and kept in the database's `meta` table, so reading the source code does not
tell anybody tomorrow's rolls.

An attempt is an ordinary one-seat game (mode 'daily') that the table service stores and
replays like any other; the database's unique (daily_date, creator) index makes a second
attempt impossible even under a race. An attempt can be finished until the next challenge
starts plus `grace_hours`; after that the sweep closes it (it then counts nowhere).
"""

from __future__ import annotations

import datetime as dt
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.service.errors import GameClosed, ServiceError
from bot.service.tables import TableService
from bot.storage import GameRow
from engine.core import Rng, get_game, mix_seed
from engine.rollwrite.scoring import tie_break_key

KIND = "rollwrite"
SECRET_KEY = "daily_secret"
#: Guild setting: the channel where new challenges are announced (set by /settings announcements).
ANNOUNCE_CHANNEL = "announce_channel"
#: Guild setting: the last date announced there, so each challenge is announced once per server.
ANNOUNCED_DATE = "daily_announced"
#: Enough for every attempt of a day; the leaderboard reads them all to rank the caller too.
_ALL = 1_000_000
_SEED_MASK = (1 << 62) - 1
#: Up to this many attempts missing from the cache are read one by one; more, all in one query.
_FEW = 20


@dataclass(frozen=True)
class Challenge:
    """One date's challenge: its seed, the options every attempt plays with, and its time window."""

    date: str  # ISO date, UTC
    seed: int
    options: dict[str, Any]
    opens: float  # epoch seconds: midnight UTC of `date`
    next_opens: float  # the next challenge starts here
    closes: float  # the last moment an attempt can be finished: next_opens + grace

    def describe_options(self) -> str:
        extras = [name for key, name in (("chinatown", "Chinatown"), ("chamber_of_commerce", "Chamber of Commerce"))
                  if self.options.get(key)]
        return f"sheet side {self.options['side']}" + (f", with {' and '.join(extras)}" if extras else "")


@dataclass
class Attempt:
    game: GameRow
    challenge: Challenge
    created: bool  # True when this call started it, False when it continues one


@dataclass(frozen=True)
class Standing:
    """One finished attempt on a leaderboard; equal (total, resources, circles) share a rank."""

    rank: int
    user_id: int
    game_id: int
    total: int
    orders: int
    resources: int  # tie-breaker 1: money + faith not consumed
    circles: int  # tie-breaker 2: unused circles on the employee tracks
    finished_at: float

    @property
    def key(self) -> tuple[int, int, int]:
        return self.total, self.resources, self.circles


@dataclass
class Leaderboard:
    date: str
    scope: str  # "server" | "global"
    entries: list[Standing]  # the top of the board
    you: Standing | None  # the viewer's own standing, wherever it is
    players: int  # finished attempts on this board


@dataclass
class Stats:
    user_id: int
    games: int  # finished attempts
    best: int | None
    average: float | None
    current_streak: int  # consecutive days up to today (or yesterday, while today is still open)
    best_streak: int
    last_date: str | None


def utc_date(when: float) -> str:
    return dt.datetime.fromtimestamp(when, dt.UTC).date().isoformat()


def parse_date(text: str) -> str:
    """A date as the player typed it (YYYY-MM-DD), normalised; a clear message otherwise."""
    try:
        return dt.date.fromisoformat(text.strip()).isoformat()
    except ValueError as exc:
        raise ServiceError(f"'{text}' is not a date; write it as YYYY-MM-DD, e.g. 2026-11-29.") from exc


def shift_date(date: str, days: int) -> str:
    return (dt.date.fromisoformat(date) + dt.timedelta(days=days)).isoformat()


def _midnight(date: str) -> float:
    day = dt.date.fromisoformat(date)
    return dt.datetime(day.year, day.month, day.day, tzinfo=dt.UTC).timestamp()


def options_for(seed: int) -> dict[str, Any]:
    """The day's variant, drawn from its seed: the side of the sheet and, some days, the expansion areas."""
    rng = Rng(mix_seed(seed, "options"))
    return {
        "side": "AB"[rng.below(2)],
        "start_player_priority": False,
        "chinatown": rng.below(3) == 0,
        "chamber_of_commerce": rng.below(3) == 0,
    }


def streaks(dates: list[str], today: str) -> tuple[int, int]:
    """(current, best) runs of consecutive dates; the current run may end today or yesterday."""
    days = sorted({dt.date.fromisoformat(d) for d in dates})
    best = run = 0
    previous: dt.date | None = None
    for day in days:
        run = run + 1 if previous is not None and day - previous == dt.timedelta(days=1) else 1
        best = max(best, run)
        previous = day
    if previous is None:
        return 0, 0
    gap = dt.date.fromisoformat(today) - previous
    current = run if gap <= dt.timedelta(days=1) else 0
    return current, best


class DailyService:
    def __init__(
        self,
        tables: TableService,
        *,
        secret: str = "",
        grace_hours: float = 12.0,
        clock: Callable[[], float] | None = None,
    ) -> None:
        self.tables = tables
        self.storage = tables.storage
        self.grace_hours = grace_hours
        self.clock = clock or tables.clock or time.time
        self._secret = secret
        #: A finished attempt never changes, so its standing is read from its state only once.
        self._standings: dict[int, Standing] = {}

    # ----- the challenge ---------------------------------------------------------------------------
    async def secret(self) -> str:
        """The configured secret, else the stored one, else a new one stored now (first start)."""
        if self._secret:
            return self._secret
        stored = await self.storage.get_meta(SECRET_KEY)
        if not stored:
            # Two processes starting at once both get here; the database keeps the first one's and
            # both read that back, so every process plays the same dice.
            stored = await self.storage.claim_meta(SECRET_KEY, secrets.token_hex(32))
        self._secret = stored
        return stored

    def today(self) -> str:
        return utc_date(self.clock())

    async def challenge(self, date: str | None = None) -> Challenge:
        date = date or self.today()
        # 62 bits, like every table's seed: SQLite stores signed 64-bit integers.
        seed = mix_seed("daily", date, await self.secret()) & _SEED_MASK
        next_opens = _midnight(shift_date(date, 1))
        return Challenge(date=date, seed=seed, options=options_for(seed), opens=_midnight(date),
                         next_opens=next_opens, closes=next_opens + self.grace_hours * 3600)

    # ----- playing -----------------------------------------------------------------------------------
    async def play(self, user_id: int, *, guild_id: int | None, channel_id: int | None) -> Attempt:
        """Continue the user's open attempt, or start today's; refuse a second attempt at a date."""
        now = self.clock()
        open_attempts = await self.storage.list_games(user_id=user_id, mode="daily", kind=KIND, statuses=("active",))
        for game in sorted(open_attempts, key=lambda g: g.daily_date or ""):
            challenge = await self.challenge(game.daily_date)
            if now < challenge.closes:
                return Attempt(game, challenge, created=False)
            await self._close(game)  # its grace period is over; the sweep would close it in a moment anyway
        challenge = await self.challenge(utc_date(now))
        done = await self.storage.list_games(user_id=user_id, mode="daily", kind=KIND, daily_date=challenge.date,
                                             statuses=("finished", "abandoned"))
        if done:
            raise ServiceError(self._already_played(done[0], challenge, now))
        try:
            row = await self.tables.create(
                KIND, creator_id=user_id, guild_id=guild_id, channel_id=channel_id, options=challenge.options,
                table_rules={"reminder_hours": 0.0}, mode="daily", daily_date=challenge.date, seed=challenge.seed,
            )
        except ServiceError as exc:  # the unique index: another click started it a moment ago
            raise ServiceError("You already have an attempt at today's challenge; use /daily play again.") from exc
        outcome = await self.tables.start(row.id, user_id)
        return Attempt(outcome.game, challenge, created=True)

    def _already_played(self, game: GameRow, challenge: Challenge, now: float) -> str:
        wait = duration(challenge.next_opens - now)
        if game.status == "finished":
            total = (game.result or {}).get("scores", [{}])[0].get("total", 0)
            return (f"You have already played the challenge of {challenge.date} ({total} VP): one attempt per day. "
                    f"The next challenge starts in {wait}.")
        return (f"Your attempt at the challenge of {challenge.date} was closed unfinished: one attempt per day. "
                f"The next challenge starts in {wait}.")

    async def expire(self, now: float | None = None) -> list[GameRow]:
        """Close attempts whose grace period has ended; they then count on no leaderboard."""
        now = self.clock() if now is None else now
        closed = []
        for game in await self.storage.list_games(mode="daily", kind=KIND, statuses=("active",), limit=_ALL):
            challenge = await self.challenge(game.daily_date)
            if now < challenge.closes:
                continue
            row = await self._close(game)
            if row is not None:
                closed.append(row)
        return closed

    async def _close(self, game: GameRow) -> GameRow | None:
        """Close an attempt whose time is up (status 'abandoned'); None if it finished meanwhile."""
        try:
            return (await self.tables.resign(game.id, game.creator_id)).game
        except GameClosed:
            return None

    # ----- results -----------------------------------------------------------------------------------
    def standing_of(self, game: GameRow) -> Standing:
        """Score and tie-breakers of a finished attempt, read from its final state (once)."""
        known = self._standings.get(game.id)
        if known is None:
            known = self._standings[game.id] = self._read_standing(game)
        return known

    @staticmethod
    def _read_standing(game: GameRow) -> Standing:
        engine = get_game(KIND)
        assert game.state is not None
        state = engine.load(game.state)
        resources, circles = tie_break_key(state["sheets"][0])
        return Standing(rank=0, user_id=game.creator_id, game_id=game.id, total=engine.scores(state)[0]["total"],
                        orders=engine.orders_fulfilled(state, 0), resources=resources, circles=circles,
                        finished_at=game.updated_at)

    async def leaderboard(self, date: str | None, *, guild_id: int | None, viewer: int | None = None,
                          top: int = 10) -> Leaderboard:
        """Finished attempts of `date`, best first: in one server (`guild_id`) or everywhere (None)."""
        date = date or self.today()
        ids = [game_id for game_id, _, _ in await self.storage.finished_daily(date, guild_id)]
        missing = [game_id for game_id in ids if game_id not in self._standings]
        if len(missing) > _FEW:  # one query for all of them beats one query each
            for game in await self.storage.list_games(mode="daily", kind=KIND, daily_date=date,
                                                      statuses=("finished",), guild_id=guild_id, limit=_ALL):
                self.standing_of(game)
        for game_id in missing:
            if game_id not in self._standings:
                self.standing_of(await self.tables.game(game_id))
        standings = ranked([self._standings[game_id] for game_id in ids])
        you = next((s for s in standings if s.user_id == viewer), None) if viewer is not None else None
        return Leaderboard(date=date, scope="global" if guild_id is None else "server", entries=standings[:top],
                           you=you, players=len(standings))

    async def result(self, game: GameRow) -> tuple[Standing, int, int]:
        """A finished attempt's standing on the global board of its date, that board's size, the player's streak."""
        board = await self.leaderboard(game.daily_date, guild_id=None, viewer=game.creator_id, top=0)
        standing = board.you or self.standing_of(game)
        stats = await self.stats(game.creator_id)
        return standing, board.players, stats.current_streak

    async def stats(self, user_id: int) -> Stats:
        games = await self.storage.list_games(user_id=user_id, mode="daily", kind=KIND, statuses=("finished",),
                                              limit=_ALL)
        totals = [(g.result or {}).get("scores", [{}])[0].get("total", 0) for g in games]
        dates = [g.daily_date for g in games if g.daily_date]
        current, best_run = streaks(dates, self.today())
        return Stats(
            user_id=user_id,
            games=len(games),
            best=max(totals) if totals else None,
            average=sum(totals) / len(totals) if totals else None,
            current_streak=current,
            best_streak=best_run,
            last_date=max(dates) if dates else None,
        )

    # ----- announcements -------------------------------------------------------------------------
    async def due_announcements(self) -> list[tuple[int, int]]:
        """(guild, channel) pairs that have not yet seen today's challenge announced."""
        today = self.today()
        due = []
        for guild_id, channel in await self.storage.guilds_with_setting(ANNOUNCE_CHANNEL):
            if await self.storage.get_setting(guild_id, ANNOUNCED_DATE) == today:
                continue
            try:
                due.append((guild_id, int(channel)))
            except ValueError:
                continue  # not a channel id; /settings announcements only ever stores one
        return due

    async def mark_announced(self, guild_id: int, date: str) -> None:
        await self.storage.set_setting(guild_id, ANNOUNCED_DATE, date)


def ranked(standings: list[Standing]) -> list[Standing]:
    """Best first by VP, then the rulebook's tie-breakers; attempts equal on all three share a rank."""
    ordered = sorted(standings, key=lambda s: (-s.total, -s.resources, -s.circles, s.finished_at))
    out: list[Standing] = []
    for i, s in enumerate(ordered):
        rank = out[-1].rank if out and out[-1].key == s.key else i + 1
        out.append(Standing(rank, s.user_id, s.game_id, s.total, s.orders, s.resources, s.circles, s.finished_at))
    return out


def duration(seconds: float) -> str:
    """`3 h 05 min` / `12 min`: how long until something, for messages."""
    minutes = max(0, int(seconds // 60))
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min" if hours else f"{minutes} min"
