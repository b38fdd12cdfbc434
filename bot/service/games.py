"""The ground every part of the table service stands on: one storage, the games in it looked up in scope.

`Games` holds what the parts share (the storage, the time, new seeds, the AI's budget, whether bot turns
are played inline, the gate of changing requests) and reads games: the scoped lookup every entry point
resolves a game through, its engine and state (or a clear refusal for a game that cannot be read), its
turn journal, and the summaries the lists and the status show. It changes nothing but a fault mark.
"""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Callable

from bot.service import arguments as check
from bot.service import journal
from bot.service.errors import GameUnreadable
from bot.service.gate import Gate
from bot.service.outcomes import Clause, GameSummary, users_of
from bot.service.scope import scoped_game
from bot.storage import GameRow, Storage
from engine.core import Game, State, get_game
from i18n import _

log = logging.getLogger(__name__)

#: The AI's thinking time per decision when the caller does not say (`Settings.ai_budget_s`).
AI_BUDGET_S = 2.0
#: How many waiting games the sweep reads at a time; it goes on batch after batch until every due game
#: has been seen, so the batch bounds memory and the length of one read, never how many games are served.
SWEEP_BATCH = 200


class Games:
    def __init__(
        self,
        storage: Storage,
        *,
        now: Callable[[], float] = time.time,
        new_seed: Callable[[], int] = lambda: secrets.randbits(62),
        ai_budget_s: float = AI_BUDGET_S,
        bots_inline: bool = True,
    ) -> None:
        self.storage = storage
        #: Whether a bot seat's turn is played within the request that led to it (the terminal, the tests),
        #: or left to the caller, who plays it in the background with `play.play_bots` (the Discord bot: the
        #: AI never holds a click).
        self.bots_inline = bots_inline
        self.ai_budget_s = ai_budget_s
        self.now = now
        self.new_seed = new_seed
        self.gate = Gate()

    # ----- one game ------------------------------------------------------------------------------
    async def game(self, game_id: int, *, for_play: bool = False) -> GameRow:
        """The stored game, if it exists and lies in the caller's scope (`bot.service.scope`): a table of the
        server the request comes from, a private game of the person asking. Else "no such game".

        `for_play`: what a click needs besides, in the same statement (one read): the turn journal, and each
        seat's number of moves (a panel's stamp counts them).
        """
        key = journal.key(game_id) if for_play else None
        return await scoped_game(self.storage, game_id, with_meta=key, with_moves=for_play)

    async def load(self, game_id: int, *, for_play: bool = False) -> tuple[GameRow, Game, State | None]:
        game = await self.game(game_id, for_play=for_play)
        engine, state = await self.readable(game)
        return game, engine, state

    async def readable(self, game: GameRow) -> tuple[Game, State | None]:
        """The game's engine and state, or a clear refusal (and a mark on the game) if they cannot be read."""
        try:
            engine = get_game(game.kind)
            state = engine.load(game.state) if game.state is not None else None
            if state is not None and game.status == "active":
                engine.to_act(state)  # a state that loads but cannot say whose turn it is is unplayable too
        except Exception as exc:  # any failure to read a stored game is reported the same way
            await self.mark_unreadable(game, f"state cannot be read: {type(exc).__name__}: {exc}")
            raise GameUnreadable(
                _("Game #{game} cannot be read; it has been reported. A server admin can end it with "
                  "`/admin end`.").format(game=game.id)
            ) from exc
        return engine, state

    async def mark_unreadable(self, game: GameRow, detail: str) -> None:
        """Log and mark a broken game once, so the sweep passes it by and admins can find it."""
        if game.fault is None:
            log.error("game %s is unreadable: %s", game.id, detail)
            try:
                await self.storage.mark_fault(game.id, detail[:500])
            except Exception:  # marking is best effort; the refusal still stands
                log.exception("could not mark game %s as unreadable", game.id)

    async def journal(self, game: GameRow) -> list[Clause]:
        """The game's turn journal: the story clauses since the last turn post (`bot.service.journal`); read
        with the game when it was loaded `for_play`, else read now."""
        key = journal.key(game.id)
        return journal.parse(game.meta[key] if key in game.meta else await self.storage.get_meta(key))

    async def log_length(self, game: GameRow) -> int:
        return len(await self.storage.actions(game.id))

    # ----- lists and status ------------------------------------------------------------------------
    async def summary(self, game: GameRow) -> GameSummary:
        engine = get_game(game.kind)
        waiting: list[int] = []
        headline = ""
        if game.state is not None:
            state = engine.load(game.state)
            headline = engine.headline(state)
            if game.status == "active":
                waiting = users_of(game, engine.to_act(state))
        return GameSummary(
            game_id=game.id,
            kind=game.kind,
            title=engine.title,
            mode=game.mode,
            status=game.status,
            guild_id=game.guild_id,
            channel_id=game.channel_id,
            players=[s.user_id for s in game.seats],
            waiting_on=waiting,
            headline=headline,
            version=game.version,
            seat_users=[game.user_of(seat) for seat in range(1 + max(
                (s.seat for s in game.seats if s.seat is not None), default=-1))],
        )

    async def games_of(self, user_id: int, guild_id: int | None = None) -> list[GameSummary]:
        """A user's open games (lobby and active), optionally only in one server."""
        user_id = check.whole(user_id, "player id", low=1)
        guild_id = check.optional_whole(guild_id, "server id", low=1)
        games = await self.storage.list_games(user_id=user_id, guild_id=guild_id)
        return [await self.summary(g) for g in games]

    async def status(self, game_id: int) -> GameSummary:
        return await self.summary(await self.game(game_id))
