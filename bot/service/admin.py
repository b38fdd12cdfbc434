"""What a server admin (or the operator) does to a game that is stuck: end it, have its bot try again,
and find every game whose stored state cannot be read."""

from __future__ import annotations

import logging

from bot.service import arguments as check
from bot.service.errors import GameClosed, GameMovedOn, GameUnreadable, ServiceError
from bot.service.games import SWEEP_BATCH, Games
from bot.service.gate import operation
from bot.service.moves import Moves
from bot.service.outcomes import Outcome
from bot.service.scope import no_such_game
from bot.storage import GameRow, StaleVersion
from i18n import _

log = logging.getLogger(__name__)


class Admin:
    def __init__(self, games: Games, moves: Moves) -> None:
        self.games = games
        self.moves = moves
        self.gate = games.gate

    @operation
    async def end_game(self, game_id: int, admin_id: int, reason: str = "") -> GameRow:
        """A server admin ends a stuck or abandoned game (lobby or running), without reading its state.

        It works on a game whose state cannot be read at all; the game is marked abandoned (no winner),
        the admin and reason are kept in its result, and the caller announces it.
        """
        admin_id = check.whole(admin_id, "admin id", low=1)
        reason = check.text(reason or "", "reason", longest=200).strip()
        game = await self.games.game(game_id)
        if game.mode != "table" and game.creator_id != admin_id:
            # A private game ends only by its owner, whoever else asks and from wherever (the scoped lookup
            # already hides it from other people on Discord; this holds for every caller).
            raise no_such_game(game_id)
        if game.status not in ("lobby", "active"):
            raise GameClosed(_("Game #{game} is already over.").format(game=game_id))
        result = {"scores": [], "ranking": [], "forfeited": [], "reason": "ended by admin",
                  "ended_by": admin_id, "note": reason}
        try:
            await self.games.storage.set_status(game_id, game.version, "abandoned", result)
        except StaleVersion as exc:
            raise GameMovedOn(_("The game changed just now; look at it again and repeat if it is still stuck.")) \
                from exc
        log.warning("game %s (%s) ended by admin %s: %s", game_id, game.kind, admin_id, reason or "no reason given")
        return await self.games.game(game_id)

    @operation
    async def retry_bot(self, game_id: int, admin_id: int) -> Outcome:
        """A server admin asks a stuck bot seat to try its turn again (after the AI failed, or an outage).

        The bot plays as it would after any move (its own versioned write and turn post); if it fails
        again the outcome names the stuck seats once more and the game stays marked for an admin.
        """
        admin_id = check.whole(admin_id, "admin id", low=1)
        game, engine, state = await self.games.load(game_id)
        if game.status != "active" or state is None:
            raise GameClosed(_("Game #{game} is not running.").format(game=game_id))
        if not set(engine.to_act(state)) & game.bot_seats():
            raise ServiceError(_("No bot seat owes a decision in game #{game}; there is nothing to retry.").format(
                game=game_id))
        log.warning("admin %s retries the bot of game %s (fault: %s)", admin_id, game_id, game.fault or "-")
        outcome = await self.moves.bot_turn(game, engine, state, 1)
        if outcome is None:
            raise GameMovedOn(_("Game #{game} moved on meanwhile; look at it again.").format(game=game_id))
        return outcome

    async def find_unreadable(self, batch: int = SWEEP_BATCH) -> list[tuple[int, str]]:
        """Every running game whose state cannot be read, marked as such: (game id, what is wrong).

        The bot runs this at start, so a damaged database is reported in the log at once instead of
        surfacing as one player's error days later.
        """
        found: list[tuple[int, str]] = []
        after = 0
        while True:
            games = await self.games.storage.games_after(after, statuses=("lobby", "active"), limit=batch)
            for game in games:
                try:
                    await self.games.readable(game)
                except GameUnreadable as exc:
                    cause = exc.__cause__
                    found.append((game.id, f"{type(cause).__name__}: {cause}" if cause else str(exc)))
            if len(games) < batch:
                return found
            after = games[-1].id
