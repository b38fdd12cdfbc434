"""The clock of the tables: reminders, deadlines, and bot turns a stopped process left unplayed.

The sweep walks every waiting game, the longest-waiting first, reminds who kept a game waiting, enforces
a passed deadline as the table agreed (the bot plays the late turn, or the late players forfeit) and plays
a bot turn left pending. Whatever must happen once is claimed in the database, so several processes
sweeping one database never remind or time out a game twice.
"""

from __future__ import annotations

import asyncio
import logging
import time

from bot.observability import metrics
from bot.service import away
from bot.service.bots import AUTO_LIMIT, ai_decision
from bot.service.errors import GameClosed, GameMovedOn, GameUnreadable, ServiceError
from bot.service.games import SWEEP_BATCH, Games
from bot.service.gate import operation
from bot.service.moves import Moves
from bot.service.outcomes import Applied, Outcome, SweepEvent, users_of
from bot.service.table_rules import MIN_WAIT_HOURS, default_table_rules, wait_hours
from bot.storage import DiskFull, GameRow, StaleVersion
from engine.core import Game, State
from i18n import _

log = logging.getLogger(__name__)

class Clock:
    def __init__(self, games: Games, moves: Moves) -> None:
        self.games = games
        self.moves = moves
        self.gate = games.gate

    @operation
    async def sweep(self, now: float | None = None, *, batch: int = SWEEP_BATCH) -> list[SweepEvent]:
        """Send due reminders and enforce passed deadlines; return what happened.

        Every waiting game is looked at, the longest-waiting first, `batch` at a time (a keyset walk on
        (waiting_since, id), so games that move meanwhile are neither skipped nor seen twice in one sweep).
        One game that cannot be read or played is logged, marked and passed by; the others go on.
        Reminders are claimed in the database (compare-and-set), deadlines by the versioned write, so
        several processes sweeping one database never remind or time out a game twice.
        """
        now = self.games.now() if now is None else now
        started, seen, ended = time.perf_counter(), [0], False
        try:
            events = await self._sweep(now, batch, seen)
            ended = True
            return events
        finally:
            metrics.sweep_done(time.perf_counter() - started, seen[0], ok=ended)

    async def _sweep(self, now: float, batch: int, seen: list[int]) -> list[SweepEvent]:
        """The walk of `sweep`; `seen[0]` counts the games looked at."""
        horizon = now - MIN_WAIT_HOURS * 3600  # nobody is due before waiting the shortest possible time
        events: list[SweepEvent] = []
        after: tuple[float, int] | None = None
        while not self.gate.closing:
            games = await self.games.storage.waiting_games(before=horizon, after=after, limit=batch)
            seen[0] += len(games)
            for game in games:
                try:
                    event = await self._sweep_one(game, now)
                except (GameMovedOn, GameClosed, StaleVersion):
                    continue  # somebody moved meanwhile; the next sweep looks again
                except DiskFull:
                    raise
                except Exception as exc:  # one broken game must not stop the sweep for all
                    log.exception("sweep: game %s failed; marking it and going on", game.id)
                    await self.games.mark_unreadable(game, f"sweep failed: {type(exc).__name__}: {exc}")
                    continue
                if event is not None:
                    events.append(event)
            if len(games) < batch:
                break
            last = games[-1]
            assert last.waiting_since is not None
            after = (last.waiting_since, last.id)
        return events

    async def _sweep_one(self, game: GameRow, now: float) -> SweepEvent | None:
        if game.waiting_since is None or game.state is None:
            return None
        rules = {**default_table_rules(), **game.table_rules}
        waited_hours = (now - game.waiting_since) / 3600
        deadline = wait_hours(rules["deadline_hours"])
        reminder = wait_hours(rules["reminder_hours"])
        deadline_due = bool(deadline) and waited_hours >= deadline
        reminder_due = bool(reminder) and waited_hours >= reminder and (
            game.reminded_at is None or game.reminded_at < game.waiting_since)
        # A bot seat owing a decision this long means the process stopped between a move and the bot's
        # answer: the sweep plays the bot's turn.
        bot_may_owe = bool(game.bot_seats()) and waited_hours >= MIN_WAIT_HOURS
        if not (deadline_due or reminder_due or bot_may_owe):
            return None  # decided from the row alone: the state is read only for games that are due
        engine, state = await self.games.readable(game)
        assert state is not None
        owing = engine.to_act(state)
        if set(owing) & game.bot_seats():
            outcome = await self.moves.bot_turn(game, engine, state, 1)
            return SweepEvent("bot", outcome.game, [], outcome) if outcome is not None else None
        users = users_of(game, owing)
        # Time away (`bot.service.away`): nobody away is reminded, and their deadline is stretched.
        late, users = await away.sweep_view(self.games.storage, game, owing, users, now, deadline)
        if deadline_due and late:
            outcome = await self._enforce_deadline(game, engine, state, owing, rules["deadline_action"], late=late)
            return SweepEvent("deadline", outcome.game, users_of(game, late), outcome)
        if reminder_due and users and await self.games.storage.claim_reminder(game.id, game.version, now):
            return SweepEvent("reminder", game, users)
        return None

    async def _enforce_deadline(
        self, game: GameRow, engine: Game, state: State, owing: list[int], how: str, *, late: list[int] | None = None
    ) -> Outcome:
        """`late`: the owing seats whose deadline passed (others are away, their deadline stretched)."""
        late = owing if late is None else late
        if how == "forfeit" and game.table_rules.get("tournament"):
            # A tournament's game ends by forfeit only for a missed real turn: a seat's opening decision
            # (its first, e.g. the setup step both players of a Duel make at once) is played by the bot,
            # and that seat's deadline starts again with its first real decision.
            acted = {a.seat for a in await self.games.storage.actions(game.id)}
            opening = [s for s in late if s not in acted and s not in game.resigned_seats()]
            if opening:
                return await self._enforce_deadline(game, engine, state, owing, "auto", late=opening)
        if how == "forfeit":
            # Every late seat is treated alike (docs/rulings.md, "Deadlines"): all forfeit in one write.
            late = [s for s in late if s not in game.resigned_seats()]
            return await self.moves.give_up(game, engine, state, late, reason="deadline")
        new_state = state
        done: list[Applied] = []
        # The bot finishes the late seats' current turn (a chain of decisions) and stops where the next
        # turn begins: when the game's turn marker changes, or when a seat that had no decision to make
        # (or had finished its own) owes one again.
        pending = set(late) - game.bot_seats()
        idle = {s for s in range(len(game.seats)) if s not in owing}
        marker = engine.turn_marker(state)
        base = await self.games.log_length(game)
        while pending and not engine.is_over(new_state):
            seats_now = [s for s in engine.to_act(new_state) if s in pending]
            if not seats_now:
                break
            seat = seats_now[0]
            # The AI thinks for up to its budget per decision: off the event loop.
            action = await asyncio.to_thread(ai_decision, engine, new_state, seat, game.seed, base + len(done),
                                           self.games.ai_budget_s)
            after = engine.apply(new_state, seat, action)
            done.append(Applied.of(engine, new_state, seat, None, "timeout", action, after))
            new_state = after
            if len(done) > AUTO_LIMIT:
                raise ServiceError(_("The bot could not finish the late player's turn."))
            now_owing = set(engine.to_act(new_state))
            if seat not in now_owing:
                pending.discard(seat)
                idle.add(seat)
            if now_owing & idle or (marker is not None and engine.turn_marker(new_state) != marker):
                break
        return await self.moves.after(game, engine, state, new_state, done, resign_users=())

    async def bots_waiting(self, batch: int = SWEEP_BATCH) -> list[int]:
        """Running games in which a bot seat owes a decision now: the bot turns a stopped process left
        unplayed, for a new process to pick up at start (the sweep does too, after an hour)."""
        found: list[int] = []
        after: tuple[float, int] | None = None
        while True:
            games = await self.games.storage.waiting_games(before=self.games.now() + 1, after=after, limit=batch)
            for game in games:
                if not game.bot_seats() or game.state is None:
                    continue
                try:
                    engine, state = await self.games.readable(game)
                except GameUnreadable:
                    continue
                if state is not None and not engine.is_over(state) and set(engine.to_act(state)) & game.bot_seats():
                    found.append(game.id)
            if len(games) < batch:
                return found
            last = games[-1]
            assert last.waiting_since is not None
            after = (last.waiting_since, last.id)
