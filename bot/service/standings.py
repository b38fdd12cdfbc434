"""Standings without Discord: record finished games, rate them, and answer leaderboards, profiles,
histories and game logs.

A finished game's result is recorded once (`record`), with its players' new ratings in the same
transaction; `record_pending` catches up games that finished without it (before standings existed,
or a crash in between). Ratings are derived data: `rebuild` recomputes them from the recorded
results, in the order they were recorded, and stores exactly what the incremental updates stored.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field

from bot.service import ratings, seasons
from bot.service.errors import ServiceError
from bot.service.scope import scoped_game
from bot.service.words import plural
from bot.storage import FinishedGame, GameRow, Rating, RatingPoint, Storage
from engine.core import Game, IllegalAction, State, get_game
from i18n import _

log = logging.getLogger(__name__)

#: Leaderboard and history lines per page.
PAGE_SIZE = 10
#: Games shown as "recent results" on a profile.
RECENT = 5


@dataclass
class BoardLine:
    rank: int
    rating: Rating

    @property
    def provisional(self) -> bool:
        return ratings.is_provisional(self.rating)


@dataclass
class Board:
    """One page of a leaderboard, and the viewer's own line (also when it is on another page)."""

    kind: str
    scope: int
    page: int
    pages: int
    players: int
    lines: list[BoardLine]
    you: BoardLine | None
    season: str | None = None  # a season of the server (None: all time)


@dataclass
class GameRecord:
    """A player's standing in one game: rating and rank (here and everywhere), wins, scores."""

    kind: str
    rating: Rating | None  # in the scope asked for (this server, or everyone)
    rank: int | None
    players: int  # rated players in that leaderboard
    everyone: Rating | None
    everyone_rank: int | None
    finished: int  # finished games of this kind, rated or not
    best: int | None  # over games between people only
    average: float | None
    points: list[RatingPoint] = field(default_factory=list)
    #: Games against the bot, kept apart: (finished, best score, average score, wins), or None.
    against_bot: tuple[int, int, float, int] | None = None


@dataclass
class Profile:
    user_id: int
    scope: int
    games: list[GameRecord]
    recent: list[FinishedGame]


@dataclass
class HistoryPage:
    user_id: int
    kind: str | None
    page: int
    pages: int
    total: int
    games: list[FinishedGame]


@dataclass
class LogLine:
    seq: int
    seat: int
    user_id: int | None
    origin: str  # "player", "auto", "timeout", ... as stored
    text: str  # engine text: seats named by {seat:N} tokens, for the caller to fill with names


@dataclass
class GameLog:
    game: GameRow
    engine: Game
    lines: list[LogLine]
    complete: bool  # True: a finished game, every choice shown; False: hidden choices left out


class Standings:
    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    # ----- recording --------------------------------------------------------------------------------
    async def record(self, game: GameRow) -> bool:
        """Record a finished game's result and rate it; False if it was recorded before (or is not finished)."""
        if game.status != "finished" or game.result is None:
            return False
        finished = ratings.finished_game(game)
        season = await seasons.season_for(self.storage, finished)
        return await self.storage.record_finish(finished, ratings.rate,
                                                (season, ratings.rate_season) if season else None)

    async def record_pending(self) -> int:
        """Record every finished game whose result is missing, in the order they finished."""
        done = 0
        for game_id in await self.storage.unrecorded_finished():
            game = await self.storage.get_game(game_id)
            if game is not None and await self.record(game):
                done += 1
        return done

    async def rebuild(self) -> tuple[int, int]:
        """Recompute every rating from the recorded results; (rated games, ratings) stored."""
        await self.record_pending()
        games = await self.storage.finished_games()
        current, history = await asyncio.to_thread(ratings.rate_all, games)
        await self.storage.replace_ratings(current, history)
        await seasons.rebuild(self.storage)
        return sum(1 for g in games if g.rated), len(current)

    # ----- leaderboards ------------------------------------------------------------------------------
    async def board(self, kind: str, scope: int, *, viewer: int | None, page: int = 0,
                    season: str | None = None) -> Board:
        """One page of a leaderboard: all time, or (`season`, a server's only) one season of the server."""
        _engine(kind)
        if season is not None and scope == ratings.EVERYONE:
            raise ServiceError(_("Seasons belong to a server: ask for a season in that server."))
        name = season

        async def leaderboard(offset: int) -> tuple[list[Rating], int]:
            if name is None:
                return await self.storage.leaderboard(kind, scope, offset, PAGE_SIZE)
            return await self.storage.season_leaderboard(kind, scope, name, offset, PAGE_SIZE)

        page = max(0, page)
        top, players = await leaderboard(page * PAGE_SIZE)
        pages = max(1, -(-players // PAGE_SIZE))
        if page >= pages and players:
            page = pages - 1
            top, players = await leaderboard(page * PAGE_SIZE)
        lines = await self._ranked(kind, scope, top, season)
        you = None
        if viewer is not None:
            mine = await self._rating_of(kind, scope, viewer, season)
            if mine is not None:
                you = BoardLine(mine[1], mine[0])
        return Board(kind=kind, scope=scope, page=page, pages=pages, players=players, lines=lines, you=you,
                     season=season)

    async def _rating_of(self, kind: str, scope: int, user_id: int, season: str | None) -> tuple[Rating, int] | None:
        if season is None:
            return await self.storage.rating_of(kind, scope, user_id)
        return await self.storage.season_rating_of(kind, scope, season, user_id)

    async def _ranked(self, kind: str, scope: int, top: list[Rating], season: str | None = None) -> list[BoardLine]:
        """Ranks for a page: equal ratings share a rank (1, 2, 2, 4)."""
        lines: list[BoardLine] = []
        for i, rating in enumerate(top):
            if lines and lines[-1].rating.display == rating.display:
                rank = lines[-1].rank
            elif i == 0:
                found = await self._rating_of(kind, scope, rating.user_id, season)
                rank = found[1] if found else 1
            else:
                rank = lines[0].rank + i
            lines.append(BoardLine(rank, rating))
        return lines

    # ----- profiles and history -----------------------------------------------------------------------
    async def profile(self, user_id: int, scope: int) -> Profile:
        stats = await self.storage.score_stats(user_id)
        bot_stats = await self.storage.score_stats(user_id, against_bot=True)
        here = {r.kind: r for r in await self.storage.ratings_of(user_id, scope)}
        everywhere = {r.kind: r for r in await self.storage.ratings_of(user_id, ratings.EVERYONE)}
        records: list[GameRecord] = []
        for kind in sorted(set(stats) | set(bot_stats) | set(here) | set(everywhere), key=_kind_order):
            finished, best, average, _ = stats.get(kind, (0, None, None, 0))
            rank = players = None
            if kind in here:
                found = await self.storage.rating_of(kind, scope, user_id)
                rank = found[1] if found else None
            _, players = await self.storage.leaderboard(kind, scope, 0, 0)
            everyone_rank = None
            if kind in everywhere and scope != ratings.EVERYONE:
                found = await self.storage.rating_of(kind, ratings.EVERYONE, user_id)
                everyone_rank = found[1] if found else None
            points = await self.storage.rating_points(user_id, kind, scope) if kind in here else []
            records.append(GameRecord(
                kind=kind, rating=here.get(kind), rank=rank, players=players or 0,
                everyone=everywhere.get(kind) if scope != ratings.EVERYONE else None, everyone_rank=everyone_rank,
                finished=finished, best=best, average=average, points=points, against_bot=bot_stats.get(kind),
            ))
        recent, _ = await self.storage.results_of(user_id, limit=RECENT)
        return Profile(user_id=user_id, scope=scope, games=records, recent=recent)

    async def history(self, user_id: int, *, kind: str | None = None, guild_id: int | None = None,
                      page: int = 0) -> HistoryPage:
        if kind is not None:
            _engine(kind)
        page = max(0, page)
        games, total = await self.storage.results_of(user_id, kind=kind, guild_id=guild_id,
                                                     offset=page * PAGE_SIZE, limit=PAGE_SIZE)
        pages = max(1, -(-total // PAGE_SIZE))
        if page >= pages and total:
            page = pages - 1
            games, total = await self.storage.results_of(user_id, kind=kind, guild_id=guild_id,
                                                         offset=page * PAGE_SIZE, limit=PAGE_SIZE)
        return HistoryPage(user_id=user_id, kind=kind, page=page, pages=pages, total=total, games=games)

    # ----- the move log -------------------------------------------------------------------------------
    async def game_log(self, game_id: int) -> GameLog:
        """Every decision of a game, in order, as public text (all of it once the game is over).

        The game is resolved through the one scoped lookup (`bot.service.scope`): a table's log is open to
        its own server only (never to a direct message, which has no server), a solo game's or a daily
        attempt's only to its player (a daily log would tell others the day's dice); anything else is
        "no such game", worded as for a number nobody used.
        """
        game = await scoped_game(self.storage, game_id)
        if game.state is None:
            raise ServiceError(_("Game #{game} has not started yet; there is nothing in its log.").format(game=game_id))
        engine = get_game(game.kind)
        entries = await self.storage.actions(game_id)
        complete = game.status in ("finished", "abandoned")
        players = sum(1 for s in game.seats if s.seat is not None)
        lines = await asyncio.to_thread(_narrate_log, engine, game, players, entries, complete)
        return GameLog(game=game, engine=engine, lines=lines, complete=complete)


def _narrate_log(engine: Game, game: GameRow, players: int, entries: list, complete: bool) -> list[LogLine]:
    """Replay the log and tell each decision: the public story while the game runs, and the
    player's own label too (the hidden choice) once it is over. An undo entry rewinds."""
    state: State = engine.new(players, game.seed, game.options)
    before: dict[int, State] = {}
    lines: list[LogLine] = []
    for entry in entries:
        action = entry.action
        if entry.origin == "undo":
            taken = [int(s) for s in (action.get("undo", []) if isinstance(action, dict) else [])]
            if taken and min(taken) in before:
                state = before[min(taken)]
            lines.append(LogLine(entry.seq, entry.seat, entry.user_id, entry.origin,
                                 f"took back {plural(len(taken), 'decision')}"))
            continue
        before[entry.seq] = state
        try:
            after = engine.apply(state, entry.seat, action)
        except IllegalAction:
            lines.append(LogLine(entry.seq, entry.seat, entry.user_id, entry.origin,
                                 "(this decision no longer replays)"))
            break
        text = engine.narrate(state, entry.seat, action, after).strip()
        if complete:
            full = engine.describe(state, action)
            if full and full != engine.public_label(state, action) and full not in text:
                text = f"{text} — {full}" if text else full
        if not text:  # a decision with no public story (a hidden pick): say that one was made
            text = (engine.public_label(state, action) or "").strip() or (
                "took the only option left" if entry.origin == "formality"
                else "made a decision (hidden until the end)")
        lines.append(LogLine(entry.seq, entry.seat, entry.user_id, entry.origin, text))
        state = after
    return lines


def _engine(kind: str) -> Game:
    try:
        return get_game(kind)
    except KeyError as exc:
        raise ServiceError(f"There is no game called {kind!r}.") from exc


def _kind_order(kind: str) -> tuple[int, str]:
    order = ("yokohama", "duel", "rollwrite")
    return (order.index(kind) if kind in order else len(order), kind)


async def record_result(storage: Storage, game: GameRow) -> None:
    """The table service's hook when a game ends: record and rate it, never failing the move itself
    (a result missed here is caught up by `record_pending` on the next sweep or rebuild)."""
    try:
        await Standings(storage).record(game)
    except Exception:  # the finished game is saved; standings catch up later
        log.exception("could not record the result of game %s", game.id)
