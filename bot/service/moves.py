"""The one write path of a state change, shared by every part of the service.

After a change (a move, a start, an undo, a resignation, a deadline), `Moves.after` plays what nobody
needs to click, writes the log entries, the new state and the turn journal in one version-checked write,
records a finished game's result, and plays the bot seats' turn that follows (each its own write).
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import time
from collections import Counter
from collections.abc import Sequence
from typing import Any

from bot.service import bots, journal
from bot.service.errors import GameMovedOn
from bot.service.games import Games
from bot.service.outcomes import Applied, Clause, Outcome, users_of
from bot.service.standings import record_result
from bot.storage import DiskFull, GameRow, NewAction, StaleVersion
from engine.core import Game, State
from i18n import _

log = logging.getLogger(__name__)

#: Upper bound on bot turns played one after another in one request (a table of several bots takes turns
#: in a row; each is its own write and turn post). Past it the sweep carries on.
BOT_TURNS_IN_A_ROW = 64


class Moves:
    def __init__(self, games: Games) -> None:
        self.games = games

    async def after(
        self,
        game: GameRow,
        engine: Game,
        before: State,
        state: State,
        applied: list[Applied],
        *,
        resign_users: Sequence[int],
        force_write: bool = True,
        undo: list[int] | None = None,
        depth: int = 0,
    ) -> Outcome:
        """Settle, write and follow up the change from `before` to `state` (`applied`: its decisions)."""
        built: dict[int, list[Any]] = {}
        budget = self.games.ai_budget_s
        if game.resigned_seats():
            # Whole turns played by the AI take a while: keep them off the event loop.
            base = await self.games.log_length(game)
            state = await asyncio.to_thread(bots.settle, game, engine, state, applied, budget, base, built)
        else:
            state = bots.settle(game, engine, state, applied, budget, built=built)
        if not applied and not force_write:
            outcome = outcome_of(game, engine, before, state, applied)
        else:
            over = engine.is_over(state)
            result = (result_of(engine, state, forfeited=sorted(game.resigned_seats()), reason="completed")
                      if over else None)
            outcome = await self.write(game, engine, before, state, applied, status="finished" if over else "active",
                                       result=result, resign_users=resign_users, undo=undo)
        outcome.options = built
        fresh = outcome.game
        if fresh.status == "active" and not engine.is_over(state):
            outcome.bots_owe = sorted(set(engine.to_act(state)) & fresh.bot_seats())
        if outcome.bots_owe and self.games.bots_inline and depth < BOT_TURNS_IN_A_ROW:
            outcome.bot_turn = await self.bot_turn(fresh, engine, state, depth + 1)
        return outcome

    async def write(
        self,
        game: GameRow,
        engine: Game,
        before: State,
        state: State,
        applied: list[Applied],
        *,
        status: str,
        result: dict[str, Any] | None,
        resign_users: Sequence[int],
        undo: list[int] | None = None,
    ) -> Outcome:
        """One version-checked write: the log entries, the state, the status and the turn journal."""
        owed_before = set(engine.to_act(before)) if game.status == "active" else set()
        owed_after = set(engine.to_act(state)) if status == "active" else set()
        entries = [NewAction(a.seat, a.user_id, a.origin, a.action) for a in applied]
        newly_waiting = users_of(game, sorted(owed_after - owed_before))
        bots_next = [s for s in sorted(owed_after - owed_before) if game.is_bot(s)]  # named in the post, never pinged
        turn_over = bool(newly_waiting or bots_next) and undo is None or status in ("finished", "abandoned")
        told_before = await self.games.journal(game)
        story: list[Clause] = []
        journal_now = list(told_before)

        def journal_after(stored: Sequence[NewAction]) -> dict[str, str]:
            # Runs inside the move's own transaction, once the log entries have their numbers: the turn
            # story is stored with the move (no second write, and no story line lost to a race).
            kept, told = journal.after_change(told_before, applied, [e.seq for e in stored], undo,
                                              turn_over=turn_over)
            story[:] = told
            journal_now[:] = kept
            # A journal left as it was (a one-decision turn after another: empty before and after) is not
            # written again.
            return {} if kept == told_before else {journal.key(game.id): journal.dumps(kept)}

        waiting_changed = bool(owed_after - owed_before) or not owed_before
        dumped = engine.dump(state)
        storage = self.games.storage
        try:
            if entries or status != game.status or resign_users:
                new_version = await storage.record(
                    game.id, game.version, entries, dumped, status=status, result=result,
                    resign_users=list(resign_users), waiting_changed=waiting_changed, meta=journal_after,
                    last_seq=game.last_seq,
                )
            else:
                new_version = game.version
        except StaleVersion as exc:
            raise GameMovedOn(_("Someone else moved first; the game has moved on. Here is the current panel.")) \
                from exc
        if resign_users or new_version == game.version:
            fresh = await self.games.game(game.id)
        else:
            # The row as just written, without reading it back (the write was version-checked); of what was
            # read with it, the seats' move counts go on (the journal was rewritten: it is dropped).
            now = time.time()
            added = Counter(e.seat for e in entries)
            fresh = dataclasses.replace(
                game, state=dumped, version=new_version, status=status, result=result, updated_at=now,
                fault=None, meta={}, seat_moves={s: n + added[s] for s, n in game.seat_moves.items()},
                last_seq=None if game.last_seq is None else game.last_seq + len(entries),
                waiting_since=now if waiting_changed else game.waiting_since,
                reminded_at=None if waiting_changed else game.reminded_at)
        if fresh.status == "finished" and game.status != "finished":
            await record_result(storage, fresh)  # ratings and standings; never fails the move
        outcome = outcome_of(fresh, engine, before, state, applied)
        outcome.newly_waiting = users_of(fresh, sorted(owed_after - owed_before))
        outcome.bots_next = bots_next
        outcome.undo = undo is not None
        outcome.story = story
        outcome.journal = journal_now
        return outcome

    async def give_up(self, game: GameRow, engine: Game, state: State, seats: list[int], *, reason: str) -> Outcome:
        """Seats `seats` leave the game at once (resigned, or all late at a forfeit deadline), all alike.

        With nobody else still playing, the game is abandoned (no winner); with one player left, that
        player wins by forfeit; with two or more left, the bot plays the departed seats from now on.
        """
        users = [u for u in (game.user_of(s) for s in seats) if u is not None]
        gone = sorted(game.resigned_seats() | set(seats))
        still_playing = [s.seat for s in game.seats if s.seat is not None and s.seat not in gone]
        if not still_playing:
            result = result_of(engine, state, forfeited=gone, reason="abandoned")
            return await self.write(game, engine, state, state, [], status="abandoned", result=result,
                                    resign_users=users)
        if not any(not game.is_bot(s) for s in still_playing):
            # Only bot seats are left: nobody plays on, and the bots win by forfeit.
            result = result_of(engine, state, forfeited=gone, reason=reason)
            return await self.write(game, engine, state, state, [], status="finished", result=result,
                                    resign_users=users)
        if len(still_playing) == 1 and len(game.seats) > 1:
            result = result_of(engine, state, forfeited=gone, reason=reason)
            return await self.write(game, engine, state, state, [], status="finished", result=result,
                                    resign_users=users)
        # Enough players remain: the bot plays the departed seats from now on.
        game.seats = [s if s.user_id not in users else type(s)(s.user_id, s.seat, s.joined_at, True)
                      for s in game.seats]
        return await self.after(game, engine, state, state, [], resign_users=users, force_write=True)

    async def bot_turn(self, game: GameRow, engine: Game, state: State, depth: int) -> Outcome | None:
        """Play the bot seats' turn right away, off the event loop, as its own write (origin "auto").

        The move that led here is already saved, so a bot that cannot move (its AI and the fallback both
        fail) must not turn it into an error: the failure is logged, the game is marked (the sweep then
        leaves it alone instead of failing every few minutes), and the outcome names the stuck seats so
        the table is told; an admin can retry the bot (`admin.retry_bot`) or end the game.
        """
        base = await self.games.log_length(game)
        try:
            new_state, applied = await asyncio.to_thread(bots.bot_turn, game, engine, state, base,
                                                         self.games.ai_budget_s)
        except (DiskFull, StaleVersion, GameMovedOn):
            raise
        except Exception as exc:  # whatever the AI raised, the saved move stands
            stuck = sorted(set(engine.to_act(state)) & game.bot_seats())
            log.exception("game %s: the bot could not move for seat(s) %s", game.id, stuck)
            detail = f"bot seat(s) {stuck} could not move: {type(exc).__name__}: {exc}"
            try:
                await self.games.storage.mark_fault(game.id, detail[:500])
            except Exception:  # marking is best effort; the table is told either way
                log.exception("could not mark game %s as stuck", game.id)
            fresh = dataclasses.replace(game, fault=detail[:500])
            return Outcome(game=fresh, engine=engine, state=state, before=state,
                           waiting_on=users_of(game, engine.to_act(state)), bots_stuck=stuck)
        if not applied:
            return None
        try:
            return await self.after(game, engine, state, new_state, applied, resign_users=(), depth=depth)
        except GameMovedOn:
            # A person's move (a simultaneous phase, an undo) landed while the bot thought: that request's
            # own follow-up plays the bot from the new position.
            return None


def outcome_of(game: GameRow, engine: Game, before: State, state: State, applied: list[Applied]) -> Outcome:
    over = game.status in ("finished", "abandoned")
    return Outcome(
        game=game,
        engine=engine,
        state=state,
        before=before,
        applied=applied,
        finished=over,
        waiting_on=[] if over else users_of(game, engine.to_act(state)),
    )


def result_of(engine: Game, state: State, *, forfeited: list[int], reason: str) -> dict[str, Any]:
    scores = engine.scores(state)
    ranking = engine.ranking(state)
    # Players who forfeited rank behind everyone who played on.
    ranking = [s for s in ranking if s not in forfeited] + [s for s in ranking if s in forfeited]
    return {"scores": scores, "ranking": ranking, "forfeited": forfeited, "reason": reason}
