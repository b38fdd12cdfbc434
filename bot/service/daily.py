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

import asyncio
import datetime as dt
import json
import secrets
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from bot.service import arguments as check
from bot.service.errors import GameClosed, ServiceError
from bot.service.replay import effective
from bot.service.tables import TableService
from bot.storage import GameRow
from engine.core import Rng, get_game, mix_seed
from engine.rollwrite.game import RollWriteGame
from engine.rollwrite.scoring import tie_break_key
from i18n import _

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
#: Meta key of a date's par (the AI's game on that day's dice), stored once, first writer wins.
PAR_KEY = "daily_par:{date}"


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
    beat_par: int = 0  # finished attempts that scored more than that day's par
    par_days: int = 0  # finished attempts on days with a par
    par_streak: int = 0  # consecutive days (up to today or yesterday) beating par
    best_par_streak: int = 0


@dataclass(frozen=True)
class Par:
    """The AI's game on a day's dice: the score to beat, and its game round by round."""

    date: str
    total: int
    orders: int
    resources: int
    circles: int
    rounds: list[int]  # the total after each round
    sets: list[str]  # what it took in each round (the round's first decision, publicly labelled)
    log: list[Any] = field(default_factory=list)  # [seat, action] pairs: the whole game, replayable

    def to_json(self) -> str:
        return json.dumps(asdict(self), sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> Par:
        return cls(**json.loads(text))


@dataclass(frozen=True)
class Line:
    """One game of a comparison: whose, and its score after each round with the set taken."""

    who: str  # "you", "par", or a user id as text
    user_id: int | None
    total: int
    rounds: list[int]
    sets: list[str]


@dataclass(frozen=True)
class Comparison:
    date: str
    you: Line
    other: Line


def _rollwrite() -> RollWriteGame:
    """The Roll & Write engine with its own surface (orders fulfilled), as registered."""
    engine = get_game(KIND)
    assert isinstance(engine, RollWriteGame)
    return engine


def round_story(seed: int, options: dict[str, Any], log: list[tuple[int, Any]]) -> tuple[list[int], list[str]]:
    """Replay a one-seat game: its total after each round and the public label of each round's first decision."""
    engine = get_game(KIND)
    state = engine.new(1, seed, options)
    rounds: list[int] = []
    sets: list[str] = []
    current = None
    for seat, action in log:
        number = state.get("round")
        if number != current:
            if current is not None:
                rounds.append(engine.scores(state)[seat]["total"])
            current = number
            sets.append(engine.public_label(state, action))
        state = engine.apply(state, seat, action)
    rounds.append(engine.scores(state)[0]["total"])
    return rounds, sets


def play_par(date: str, seed: int, options: dict[str, Any], budget_s: float) -> Par:
    """The AI plays a day's challenge alone (deterministic under the day's seed)."""
    engine = _rollwrite()
    state = engine.new(1, seed, options)
    log: list[tuple[int, Any]] = []
    while not engine.is_over(state):
        seat = engine.to_act(state)[0]
        action = engine.ai_action(state, seat, seed=mix_seed(seed, "par", len(log)), budget_s=budget_s)
        state = engine.apply(state, seat, action)
        log.append((seat, action))
    resources, circles = tie_break_key(state["sheets"][0])
    rounds, sets = round_story(seed, options, log)
    return Par(date=date, total=engine.scores(state)[0]["total"], orders=engine.orders_fulfilled(state, 0),
               resources=resources, circles=circles, rounds=rounds, sets=sets,
               log=[[seat, action] for seat, action in log])


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
        par_budget_s: float = 1.0,
    ) -> None:
        self.tables = tables
        self.storage = tables.storage
        self.grace_hours = grace_hours
        self.clock = clock or tables.now
        self._secret = secret
        #: The AI's thinking time per decision when it plays a day's par.
        self.par_budget_s = par_budget_s
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
            row = await self.tables.lobby.create(
                KIND, creator_id=user_id, guild_id=guild_id, channel_id=channel_id, options=challenge.options,
                table_rules={"reminder_hours": 0.0}, mode="daily", daily_date=challenge.date, seed=challenge.seed,
            )
        except ServiceError as exc:  # the unique index: another click started it a moment ago
            raise ServiceError(_("You already have an attempt at today's challenge; use /daily play again.")) from exc
        outcome = await self.tables.lobby.start(row.id, user_id)
        return Attempt(outcome.game, challenge, created=True)

    def _already_played(self, game: GameRow, challenge: Challenge, now: float) -> str:
        wait = duration(challenge.next_opens - now)
        if game.status == "finished":
            total = (game.result or {}).get("scores", [{}])[0].get("total", 0)
            return _("You have already played the challenge of {date} ({vp} VP): one attempt per day. The next "
                     "challenge starts in {wait}.").format(date=challenge.date, vp=total, wait=wait)
        return _("Your attempt at the challenge of {date} was closed unfinished: one attempt per day. The next "
                 "challenge starts in {wait}.").format(date=challenge.date, wait=wait)

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
            return (await self.tables.play.resign(game.id, game.creator_id)).game
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
        engine = _rollwrite()
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
                # The board's own rows (every player's finished attempt of the date, by design public as a
                # score), not a game number someone typed: read directly, not through the scoped lookup.
                row = await self.storage.get_game(game_id)
                if row is not None:
                    self.standing_of(row)
        standings = ranked([self._standings[game_id] for game_id in ids if game_id in self._standings])
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
        beaten: list[str] = []
        par_days = 0
        for game, total in zip(games, totals, strict=True):
            par = await self.stored_par(game.daily_date) if game.daily_date else None
            if par is not None:
                par_days += 1
                if total > par.total:
                    beaten.append(game.daily_date or "")
        par_current, par_best = streaks(beaten, self.today())
        return Stats(
            user_id=user_id,
            games=len(games),
            best=max(totals) if totals else None,
            average=sum(totals) / len(totals) if totals else None,
            current_streak=current,
            best_streak=best_run,
            last_date=max(dates) if dates else None,
            beat_par=len(beaten),
            par_days=par_days,
            par_streak=par_current,
            best_par_streak=par_best,
        )

    # ----- the par and comparisons -------------------------------------------------------------
    async def stored_par(self, date: str) -> Par | None:
        text = await self.storage.get_meta(PAR_KEY.format(date=date))
        return Par.from_json(text) if text else None

    async def par(self, date: str | None = None) -> Par:
        """The day's par: stored once (the AI plays the day's seed off the event loop, first writer wins)."""
        date = date or self.today()
        known = await self.stored_par(date)
        if known is not None:
            return known
        challenge = await self.challenge(date)
        computed = await asyncio.to_thread(play_par, date, challenge.seed, challenge.options, self.par_budget_s)
        # Several processes may compute it at once; every one of them keeps the first one stored.
        return Par.from_json(await self.storage.claim_meta(PAR_KEY.format(date=date), computed.to_json()))

    async def prepare_pars(self) -> None:
        """Periodic: today's and tomorrow's par, so each is ready before its day opens."""
        today = self.today()
        for date in (today, shift_date(today, 1)):
            await self.par(date)

    async def compare(self, viewer: int, date: str | None, with_: str | int) -> Comparison:
        """The viewer's finished attempt against the leader's, the par's or another player's, round by round.

        Only for players who finished that day's challenge (no spoilers); past days work too.
        """
        viewer = check.whole(viewer, "player id", low=1)
        date = date or self.today()
        mine = await self._finished_attempt(viewer, date)
        if mine is None:
            raise ServiceError(_("Finish your attempt at the challenge of {date} first: comparisons are only for "
                                 "players who finished it, so nobody sees the day's dice spoiled.").format(date=date))
        # The viewer's own attempt, resolved like any game number (it is the caller's own private game).
        mine = await self.tables.game(mine.id)
        challenge = await self.challenge(date)
        you = await self._line(mine, "you", challenge)
        if with_ == "par":
            par = await self.par(date)
            other = Line("par", None, par.total, par.rounds, par.sets)
        else:
            if with_ == "leader":
                board = await self.leaderboard(date, guild_id=None, top=2)
                rivals = [s for s in board.entries if s.user_id != viewer]
                if not rivals:
                    raise ServiceError(_("Nobody else has finished the challenge of {date} yet; try `with: par`.")
                                       .format(date=date))
                rival_id = rivals[0].user_id
            else:
                # A player from the command (a forged one may carry any number): bounded like every id. Their
                # attempt is read only as the day's board shows it, to someone who finished that day too.
                rival_id = check.whole(with_ if isinstance(with_, int) else _number(with_), "player id", low=1)
                if rival_id == viewer:
                    raise ServiceError(_("Pick someone else to compare with (or `leader` / `par`)."))
            rival = await self._finished_attempt(rival_id, date)
            if rival is None:
                raise ServiceError(_("That player has no finished attempt at the challenge of {date}.")
                                   .format(date=date))
            other = await self._line(rival, str(rival_id), challenge)
        return Comparison(date=date, you=you, other=other)

    async def _finished_attempt(self, user_id: int, date: str) -> GameRow | None:
        games = await self.storage.list_games(user_id=user_id, mode="daily", kind=KIND, daily_date=date,
                                              statuses=("finished",))
        return games[0] if games else None

    async def _line(self, game: GameRow, who: str, challenge: Challenge) -> Line:
        log = [(a.seat, a.action) for a in effective(await self.storage.actions(game.id))]
        rounds, sets = await asyncio.to_thread(round_story, challenge.seed, challenge.options, log)
        return Line(who, game.creator_id, self.standing_of(game).total, rounds, sets)

    # ----- announcements -------------------------------------------------------------------------
    async def claim_announcements(self) -> list[tuple[int, int]]:
        """(guild, channel) pairs where this process announces today's challenge.

        Each server's announcement is claimed in the database before it is sent (the server's
        "announced date" moves to today in one compare-and-set), so however many processes sweep,
        each server hears it once. A claimed announcement that cannot be delivered is not retried:
        a channel the bot may not post in would otherwise be tried every sweep.
        """
        today = self.today()
        due = []
        for guild_id, channel in await self.storage.guilds_with_setting(ANNOUNCE_CHANNEL):
            try:
                channel_id = int(channel)
            except ValueError:
                continue  # not a channel id; /settings announcements only ever stores one
            if await self.storage.claim_setting(guild_id, ANNOUNCED_DATE, today):
                due.append((guild_id, channel_id))
        return due


def ranked(standings: list[Standing]) -> list[Standing]:
    """Best first by VP, then the rulebook's tie-breakers; attempts equal on all three share a rank."""
    ordered = sorted(standings, key=lambda s: (-s.total, -s.resources, -s.circles, s.finished_at))
    out: list[Standing] = []
    for i, s in enumerate(ordered):
        rank = out[-1].rank if out and out[-1].key == s.key else i + 1
        out.append(Standing(rank, s.user_id, s.game_id, s.total, s.orders, s.resources, s.circles, s.finished_at))
    return out


def _number(text: str) -> int | str:
    """`text` as a whole number if it is one of sensible length, else as it is (for the refusal to show)."""
    return int(text) if isinstance(text, str) and text.isdigit() and len(text) <= 20 else text


def duration(seconds: float) -> str:
    """`3 h 05 min` / `12 min`: how long until something, for messages."""
    minutes = max(0, int(seconds // 60))
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min" if hours else f"{minutes} min"
