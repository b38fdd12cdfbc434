"""What the table service needs from storage, independent of the database behind it.

The SQLite backend implements this today; a PostgreSQL (asyncpg) backend for deployments
that outgrow one process would implement the same methods. All SQL stays behind it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from bot.storage.outbox import OutboxItem


class StorageError(Exception):
    """The database cannot be used (corrupt, newer schema, unreadable)."""


class DiskFull(StorageError):
    """The disk under the database is full: the write was rolled back, nothing acknowledged is lost."""


class ReadOnly(StorageError):
    """The database (or its folder) cannot be written."""


class StaleVersion(Exception):
    """A write expected a game version that is no longer current: someone else moved first."""


class AlreadyExists(Exception):
    """A uniqueness rule refused the write (a second daily attempt, a seat taken twice)."""


class TableFull(Exception):
    """Every seat of the table is taken."""


@dataclass
class GameRow:
    id: int
    kind: str
    mode: str
    guild_id: int | None
    channel_id: int | None
    creator_id: int
    seed: int
    options: dict[str, Any]
    table_rules: dict[str, Any]
    status: str
    state: str | None
    version: int
    result: dict[str, Any] | None
    daily_date: str | None
    created_at: float
    updated_at: float
    waiting_since: float | None
    reminded_at: float | None
    seats: list[SeatRow] = field(default_factory=list)
    #: Why the game cannot be read or played, once the sweep or a load found out (None: healthy).
    #: Any successful write clears it; the sweep passes a marked game by; an admin can end it.
    fault: str | None = None
    #: Meta rows read in the same statement as the game (`get_game(..., with_meta=key)`), by key; None: no
    #: such row. Empty unless asked for; a row changed by a write is not carried over (`Moves.write`).
    meta: dict[str, str | None] = field(default_factory=dict, compare=False, repr=False)
    #: Each seat's number of log entries, read in the same statement as the game (`get_game(...,
    #: with_moves=True)`); empty unless asked for.
    seat_moves: dict[int, int] = field(default_factory=dict, compare=False, repr=False)
    #: The number of the log's last entry (0: none yet), read in the same statement as the game (`get_game(...,
    #: with_moves=True)`); None unless asked for.
    last_seq: int | None = field(default=None, compare=False, repr=False)

    def user_of(self, seat: int) -> int | None:
        for s in self.seats:
            if s.seat == seat:
                return s.user_id
        return None

    def seat_of(self, user_id: int) -> int | None:
        for s in self.seats:
            if s.user_id == user_id:
                return s.seat
        return None

    def is_seated(self, user_id: int) -> bool:
        return any(s.user_id == user_id for s in self.seats)

    def resigned_seats(self) -> set[int]:
        return {s.seat for s in self.seats if s.resigned and s.seat is not None}

    def is_bot(self, seat: int) -> bool:
        """Whether the AI holds `seat` (a bot seat: its user id is a negative sentinel, see `is_bot_user`)."""
        user = self.user_of(seat)
        return user is not None and is_bot_user(user)

    def bot_seats(self) -> set[int]:
        """The seats the AI plays from the start (empty in a game of people only)."""
        return {s.seat for s in self.seats if s.seat is not None and is_bot_user(s.user_id)}

    def bot_users(self) -> list[int]:
        """The sentinel user ids of the game's bot seats (-1, -2, …), seated or not yet."""
        return sorted((s.user_id for s in self.seats if is_bot_user(s.user_id)), reverse=True)


def is_bot_user(user_id: int) -> bool:
    """A bot seat is stored as a seat whose user id is negative (-1, -2, -3 for a table's first, second,
    third bot): Discord ids are positive, so no person can ever hold one, and every rule about seats
    (order, capacity, the log, replays) keeps working unchanged."""
    return user_id < 0


@dataclass
class SeatRow:
    user_id: int
    seat: int | None
    joined_at: float
    resigned: bool


@dataclass
class ActionRow:
    seq: int
    seat: int
    user_id: int | None
    origin: str
    action: Any
    created_at: float


@dataclass
class NewAction:
    """One entry for the log, applied as part of a single versioned write."""

    seat: int
    user_id: int | None
    origin: str
    action: Any
    #: Its number in the log, filled in by `Storage.record` once written (log numbers and versions differ:
    #: a write without entries bumps the version too).
    seq: int | None = None


@dataclass
class FinishedSeat:
    """One player's line of a finished game's result: the facts ratings are computed from."""

    user_id: int
    seat: int
    place: int  # 1 = first; tied seats share a place; a forfeited seat is last
    score: int
    forfeited: bool


@dataclass
class FinishedGame:
    """A finished game's result as standings keep it. `seq` numbers finished games in the order
    they were recorded: ratings are computed in that order, and a rebuild replays it."""

    game_id: int
    kind: str
    mode: str
    guild_id: int | None
    finished_at: float
    rated: bool
    why_unrated: str | None
    seats: list[FinishedSeat] = field(default_factory=list)
    seq: int = 0


@dataclass
class Rating:
    """A player's OpenSkill rating in one game, in one scope (a server id, or 0 for everyone)."""

    kind: str
    scope: int
    user_id: int
    mu: float
    sigma: float
    display: int
    games: int
    wins: int


@dataclass
class RatingPoint:
    """A player's rating right after one rated game: one point of the profile's line chart."""

    seq: int
    game_id: int
    finished_at: float
    display: int


#: Computes the new ratings of a game's players from their current ones (keyed by (scope, user id);
#: a player new to a scope is absent). Storage calls it inside the transaction that records the game.
RateGame = Callable[[FinishedGame, dict[tuple[int, int], Rating]], list[Rating]]

#: Computes the new season ratings of a game's players (scope: the game's server) from their current
#: ones in that season, keyed by user id (a player new to the season is absent).
RateSeason = Callable[[FinishedGame, dict[int, Rating]], list[Rating]]


@dataclass
class PlayerPrefs:
    """How a player wants to hear that a game waits on them, and what the bot learnt about their DMs."""

    user_id: int
    notify: str = "mention"  # "mention" | "dm" | "both" | "none"
    dms_closed: float | None = None  # when a DM to them failed with 50007 (None: not known to be closed)
    closed_told: bool = False  # whether they were told (privately, once) that their DMs are closed
    digest_day: str | None = None  # the last day a digest was claimed for them
    language: str | None = None  # their own language for private answers (None: their Discord client's)


@dataclass
class AwayPeriod:
    """A player's time away in one server: reminders pause, deadlines stretch by the time within a wait."""

    user_id: int
    start: float
    until: float


class Storage(Protocol):
    async def open(self) -> None: ...
    async def close(self) -> None: ...

    async def get_meta(self, key: str) -> str | None: ...
    async def set_meta(self, key: str, value: str) -> None: ...
    async def delete_meta(self, key: str) -> None: ...
    async def metas(self, prefix: str) -> list[tuple[str, str]]: ...
    async def claim_meta(self, key: str, value: str) -> str:
        """Store `value` under `key` unless a value is there already; return the stored one (first wins)."""
        ...

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
    ) -> int: ...

    async def get_game(self, game_id: int, *, with_meta: str | None = None,
                       with_moves: bool = False) -> GameRow | None: ...
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
    ) -> list[GameRow]: ...
    async def finished_daily(self, daily_date: str, guild_id: int | None = None) -> list[tuple[int, int, float]]:
        """(game id, player, finished at) of a date's finished daily attempts, optionally in one server.

        Light rows without the state: a leaderboard reads each final state once and caches the result.
        """
        ...
    async def all_game_ids(self) -> list[int]: ...
    async def waiting_games(
        self, *, before: float, after: tuple[float, int] | None, limit: int
    ) -> list[GameRow]:
        """Active, unmarked games waiting on someone since at or before `before`, the longest-waiting
        first, strictly after the key (waiting_since, id) `after`: one batch of the sweep's walk."""
        ...
    async def games_after(self, after_id: int, *, statuses: tuple[str, ...], limit: int) -> list[GameRow]:
        """Games with an id above `after_id` in `statuses`, by id: one batch of a walk over all games."""
        ...
    async def mark_fault(self, game_id: int, detail: str) -> None: ...

    # The lobby: every change is a compare-and-set on the lobby's version (the game's `version` while its
    # status is 'lobby'), like a move, so a join racing a start never leaves a seat outside the game.
    async def add_seat(self, game_id: int, user_id: int, *, max_seats: int, expected_version: int) -> None:
        """Seat `user_id` (TableFull, AlreadyExists), or StaleVersion if the lobby is no longer at
        `expected_version` (another lobby change, or the start, came first)."""
        ...
    async def remove_seats(self, game_id: int, user_ids: Sequence[int], *, expected_version: int) -> None:
        """Unseat `user_ids` in one change (an emptied lobby is abandoned), or StaleVersion as `add_seat`."""
        ...

    async def start_game(self, game_id: int, seat_order: list[int], state: str, *, expected_version: int) -> None:
        """Start the lobby with exactly `seat_order` seated (version 0 from then on), or StaleVersion if the
        lobby changed since `expected_version` was read."""
        ...
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
        """Append `entries`, store `state`, and bump the version, atomically, if the version is still
        `expected_version`; else raise StaleVersion. Every write bumps the version, one with no log
        entry (a resignation) too, so two such writes at once can never both pass. Returns the new version.
        `meta(entries)`, once they are numbered: meta rows written with them; `last_seq`: the log's last
        number as read with the game at `expected_version` (else read in the write)."""
        ...
    async def set_status(
        self, game_id: int, expected_version: int, status: str, result: dict[str, Any] | None
    ) -> int: ...
    async def claim_reminder(self, game_id: int, version: int, when: float) -> bool:
        """Claim the reminder for the current wait of `game_id` (compare-and-set on the version and the
        last reminder); False if another process claimed it first or the game moved."""
        ...
    async def actions(self, game_id: int) -> list[ActionRow]: ...

    async def get_setting(self, guild_id: int, key: str) -> str | None: ...
    async def set_setting(self, guild_id: int, key: str, value: str | None) -> None: ...
    async def guilds_with_setting(self, key: str) -> list[tuple[int, str]]: ...
    async def claim_setting(self, guild_id: int, key: str, value: str) -> bool:
        """Set `key` to `value` unless it already holds it; True for the one call that changed it.

        What must happen once per server (a day's announcement) is claimed this way, so several
        processes never do it twice."""
        ...

    # ----- standings (derived data: `rebuild_ratings` recomputes it from the finished games) -----------
    async def record_finish(self, finished: FinishedGame, rate: RateGame,
                            season: tuple[str, RateSeason] | None = None) -> bool:
        """Record a finished game's result and, if it is rated, its players' new ratings (and, with
        `season`, their ratings in that season of the game's server), in one transaction. False (and
        nothing written) if the game was recorded before: a game is rated once."""
        ...
    async def unrecorded_finished(self) -> list[int]:
        """Ids of finished games with no recorded result (finished before standings existed, or a
        crash between a game's last write and its result), in the order they finished."""
        ...
    async def finished_games(self) -> list[FinishedGame]:
        """Every recorded result, in the order recorded (for a rebuild)."""
        ...
    async def replace_ratings(self, ratings: list[Rating], history: list[tuple[int, Rating]]) -> None:
        """Replace every rating and rating-history row (game id, rating after it) in one transaction."""
        ...
    async def all_ratings(self) -> list[Rating]: ...
    async def rating_history_rows(self) -> list[tuple[int, Rating]]: ...
    async def leaderboard(self, kind: str, scope: int, offset: int, limit: int) -> tuple[list[Rating], int]:
        """One page of a leaderboard (best first) and the number of rated players in it."""
        ...
    async def rating_of(self, kind: str, scope: int, user_id: int) -> tuple[Rating, int] | None:
        """A player's rating and rank (1 = best) in one leaderboard; None if unrated there."""
        ...
    async def ratings_of(self, user_id: int, scope: int) -> list[Rating]: ...
    async def rating_points(self, user_id: int, kind: str, scope: int) -> list[RatingPoint]: ...
    async def results_of(
        self, user_id: int, *, kind: str | None = None, guild_id: int | None = None, offset: int = 0, limit: int = 10
    ) -> tuple[list[FinishedGame], int]:
        """A player's finished games, newest first, and how many there are."""
        ...
    # ----- community play: seasons, notifications, time away (`community.CommunityStore`) -------------
    async def season_leaderboard(self, kind: str, guild_id: int, season: str, offset: int,
                                 limit: int) -> tuple[list[Rating], int]: ...
    async def season_rating_of(self, kind: str, guild_id: int, season: str,
                               user_id: int) -> tuple[Rating, int] | None: ...
    async def seasons_played(self, guild_id: int, kind: str | None = None) -> list[str]: ...
    async def all_season_ratings(self, guild_id: int | None = None) -> list[tuple[str, Rating]]: ...
    async def replace_season_ratings(self, rows: Sequence[tuple[str, Rating]], guild_id: int | None = None) -> None: ...
    async def player_prefs(self, user_ids: Sequence[int]) -> dict[int, PlayerPrefs]: ...
    async def set_notify(self, user_id: int, notify: str) -> None: ...
    async def set_language(self, user_id: int, language: str | None) -> None: ...
    async def mark_dms_closed(self, user_id: int, when: float) -> bool: ...
    async def claim_closed_notice(self, user_id: int) -> bool: ...
    async def dm_players(self) -> list[int]: ...
    async def claim_digest(self, user_id: int, day: str) -> bool: ...
    async def start_away(self, guild_id: int, user_id: int, start: float, until: float) -> None: ...
    async def end_away(self, guild_id: int, user_id: int, now: float) -> bool: ...
    async def away_periods(self, guild_id: int, user_ids: Sequence[int], since: float) -> list[AwayPeriod]: ...

    async def add_outbox(self, key: str, kind: str, guild_id: int | None, payload: dict[str, Any],
                         now: float) -> bool: ...
    async def claim_setting_owing(self, guild_id: int, key: str, value: str,
                                  items: list[tuple[str, str, dict[str, Any]]], now: float) -> bool: ...
    async def due_outbox(self, now: float, limit: int = 100) -> list[OutboxItem]: ...
    async def claim_outbox(self, item_id: int, now: float, lease_s: float) -> bool: ...
    async def finish_outbox(self, item_id: int, now: float, note: str | None = None) -> None: ...
    async def release_outbox(self, item_id: int, retry_at: float, error: str) -> None: ...
    async def outbox_items(self, *, kind: str | None = None, unsent_only: bool = False) -> list[OutboxItem]: ...

    # ----- one person's data, and what operations read (`privacy.PrivacyStore`) ----------------------------
    async def ping(self) -> None: ...
    async def open_game_counts(self) -> list[tuple[str, str, int]]: ...
    async def player_data(self, user_id: int) -> dict[str, Any]: ...
    async def forget_player(self, user_id: int, guild_id: int | None = None) -> tuple[int, dict[str, int]]: ...

    async def score_stats(self, user_id: int, *, against_bot: bool = False) -> dict[str, tuple[int, int, float, int]]:
        """Per game kind: (finished games, best score, average score, wins) over the finished games without
        a bot seat, or (`against_bot`) over those with one. A win is a first place, shared or not."""
        ...
