"""Play: what a seated player may decide now (their panel), and the moves they make.

A click is one pass: the game is read once, its state parsed once, the seat's option list built once,
the move written once (`Moves`), and the mover's next panel built from the state in hand. Undo and
resignation are moves too; `play_bots` is the background half of a move when bots are not played inline.
"""

from __future__ import annotations

import asyncio
import functools
from typing import Any

from bot.service import arguments as check
from bot.service.errors import GameClosed, GameMovedOn, NotSeated, NotYourTurn, ServiceError
from bot.service.games import Games
from bot.service.gate import operation
from bot.service.journal import undoable
from bot.service.lobby import Lobby
from bot.service.moves import BOT_TURNS_IN_A_ROW, Moves
from bot.service.outcomes import Applied, Choice, Clause, Decision, Outcome, Panel, Worded, users_of
from bot.service.replay import UNDO, effective, replay
from bot.storage import GameRow
from engine.core import Game, IllegalAction, State
from i18n import _


class Play:
    def __init__(self, games: Games, moves: Moves, lobby: Lobby) -> None:
        self.games = games
        self.moves = moves
        self.lobby = lobby
        self.gate = games.gate

    async def decision(self, game_id: int, user_id: int) -> Decision:
        """The options `user_id` has right now in game `game_id`."""
        panel = await self.panel(game_id, user_id)
        if panel.decision is None:
            assert panel.refusal is not None
            raise panel.refusal
        return panel.decision

    async def panel(self, game_id: int, user_id: int) -> Panel:
        """`user_id`'s panel in game `game_id` now: one read of the game (with its turn journal, in one statement)."""
        user_id = check.whole(user_id, "player id", low=1)
        game, engine, state = await self.games.load(game_id, for_play=True)
        journal = await self.games.journal(game) if game.status == "active" else []
        return await self._panel(game, engine, state, journal, user_id)

    async def _panel(self, game: GameRow, engine: Game, state: State | None, journal: list[Clause],
                     user_id: int, built: dict[int, list[Any]] | None = None) -> Panel:
        """The panel of `user_id` from a game and state in hand (no read of the game); `built`: option lists
        already built for this state, by seat."""
        seat = game.seat_of(user_id)
        panel = Panel(game, engine, state, seat)
        if game.status == "active" and state is not None:
            panel.waiting = engine.to_act(state)
            if seat is not None and seat not in game.resigned_seats():
                panel.can_undo = bool(undoable(journal, seat, user_id))
        try:
            acting = self._seat_to_act(game, engine, state, user_id)
        except ServiceError as exc:
            panel.refusal = exc
            return panel
        assert state is not None
        actions = built[acting] if built and acting in built else engine.legal(state, acting)
        word = functools.partial(engine.describe, state)
        panel.decision = Decision(
            game_id=game.id,
            version=game.version,
            seat=acting,
            # Labels and detail lines are worded when the panel reads them: one page of a long list.
            options=[Choice(i, None, a, word) for i, a in enumerate(actions)],
            prompt=engine.pending_label(state, acting),
            stamp=await self._stamp(game, engine, state, acting),
            can_undo=panel.can_undo,
            details=Worded(actions, functools.partial(safe_detail, engine, state)),
        )
        return panel

    async def _panel_after(self, outcome: Outcome, user_id: int) -> Outcome:
        """`outcome` with the mover's panel after it (after the bot turns played inline, if any)."""
        chain = outcome.chain()
        last = chain[-1]
        # A stuck bot wrote nothing: the journal is the one of the change before it.
        journal = next((o.journal for o in reversed(chain) if not o.bots_stuck), [])
        outcome.panel = await self._panel(last.game, last.engine, last.state, journal, user_id, last.options)
        return outcome

    async def can_undo(self, game_id: int, user_id: int) -> bool:
        """Whether `user_id` may take back a decision in `game_id` now (also when it is not their turn)."""
        game = await self.games.game(game_id, for_play=True)
        seat = game.seat_of(user_id)
        if game.status != "active" or seat is None or seat in game.resigned_seats():
            return False
        return bool(undoable(await self.games.journal(game), seat, user_id))

    async def _stamp(self, game: GameRow, engine: Game, state: State, seat: int, *, shown: bool = True) -> str:
        """The engine's decision stamp plus the seat's own move count ("" : only the exact version counts).

        Only in simultaneous phases can another seat move the game while a panel is open, so only then
        is a panel given a stamp (`shown`), worth the log read that counts this seat's own moves; a click
        that carries one is checked whatever the phase is now.
        """
        if shown and len(engine.to_act(state)) < 2:
            return ""
        digest = engine.decision_stamp(state, seat)
        if not digest:
            return ""
        own = game.seat_moves.get(seat)  # counted with the game when it was read for play
        if own is None:
            own = sum(1 for entry in await self.games.storage.actions(game.id) if entry.seat == seat)
        return f"{digest}{own:x}"

    @operation
    async def act(
        self, game_id: int, user_id: int, action: Any, *, expected_version: int | None = None
    ) -> Outcome:
        """Apply `action` for the seat `user_id` holds; the engine decides if it is legal."""
        check.plain_json(action, "action")
        game, engine, state, seat = await self._turn_of(game_id, user_id, expected_version)
        # Only an action that is, as canonical JSON, one the engine offers is played, and the engine's own
        # copy is what is applied and logged: `1.0` or `True` for `1` would otherwise poison the stored log.
        offered = engine.legal(state, seat)
        chosen = engine.match_legal(state, seat, action, offered=offered)
        if chosen is None:
            try:
                engine.apply(state, seat, action, offered=offered)  # raises IllegalAction with the engine's reason
            except IllegalAction as exc:
                raise ServiceError(exc.message) from exc
            raise ServiceError(_("That is not one of your options right now."))
        outcome = await self._play(game, engine, state, seat, user_id, chosen, offered)
        return await self._panel_after(outcome, user_id)

    @operation
    async def act_by_index(self, game_id: int, user_id: int, version: int, index: int, stamp: str = "") -> Outcome:
        """Apply option `index` of the decision shown at `version` (what a button carries).

        With a `stamp`, a panel shown before other seats moved still applies while this seat's own
        decision is unchanged (simultaneous phases never bounce a panel); a double click does not,
        because the seat's own move changes its stamp.
        """
        version = check.whole(version, "panel version")
        index = check.whole(index, "option number", low=-check.MAX_INT)
        stamp = check.text(stamp, "panel stamp", longest=64)
        game, engine, state, seat = await self._turn_of(game_id, user_id, None)
        stale = version != game.version
        if stale and (not stamp or stamp != await self._stamp(game, engine, state, seat, shown=False)):
            raise GameMovedOn(_("The game has moved on since that panel was shown; here is the current one."))
        actions = engine.legal(state, seat)
        if not 0 <= index < len(actions):
            raise GameMovedOn(_("That option is no longer offered; here is the current panel."))
        outcome = await self._play(game, engine, state, seat, user_id, actions[index], actions)
        return await self._panel_after(outcome, user_id)

    async def _turn_of(
        self, game_id: int, user_id: int, expected_version: int | None
    ) -> tuple[GameRow, Game, State, int]:
        """Load the game and the seat `user_id` must act for, refusing a stale panel or a wrong player."""
        user_id = check.whole(user_id, "player id", low=1)
        expected_version = check.optional_whole(expected_version, "panel version")
        game, engine, state = await self.games.load(game_id, for_play=True)
        if expected_version is not None and expected_version != game.version:
            raise GameMovedOn(_("The game has moved on since that panel was shown; here is the current one."))
        seat = self._seat_to_act(game, engine, state, user_id)
        assert state is not None
        return game, engine, state, seat

    async def _play(
        self, game: GameRow, engine: Game, state: State, seat: int, user_id: int, action: Any, offered: list[Any]
    ) -> Outcome:
        """Apply `action`, chosen from `offered` (the seat's legal list for this very state, built once: the
        engine checks against it, and a step game keeps the list it builds for the new state)."""
        try:
            # One decision costs well under a millisecond: cheaper inline than a hop to a thread.
            new_state = engine.apply(state, seat, action, offered=offered)
        except IllegalAction as exc:
            raise ServiceError(exc.message) from exc
        applied = [Applied.of(engine, state, seat, user_id, "player", action, new_state)]
        return await self.moves.after(game, engine, state, new_state, applied, resign_users=())

    @operation
    async def undo(self, game_id: int, user_id: int) -> Outcome:
        """Take back `user_id`'s last decision of this turn, with the formalities that followed it.

        The engine says which decisions close the window (a card or die drawn, hidden information
        shown, the turn handed on). The game is rebuilt by replaying its log without the entries
        taken back, and the undo is itself appended to the log, which stays append-only.
        """
        game, engine, state = await self.games.load(game_id, for_play=True)
        if game.status != "active" or state is None:
            raise GameClosed(_("Game #{game} is not running.").format(game=game_id))
        seat = game.seat_of(user_id)
        if seat is None:
            raise NotSeated(_("You are not playing in game #{game}.").format(game=game_id))
        if seat in game.resigned_seats():
            # The bot plays a resigned seat (Roll & Write plays on with the others): taking back its
            # decisions would be playing again.
            raise NotSeated(_("You resigned from game #{game}; there is nothing for you to take back.").format(
                game=game_id))
        journal = await self.games.journal(game)
        gone = undoable(journal, seat, user_id)
        if not gone:
            raise ServiceError(_("There is nothing you can take back now: undo works for your own decisions of "
                                 "this turn, until a card or die is drawn, something hidden is shown, or the "
                                 "turn passes."))
        log = await self.games.storage.actions(game.id)
        if not log:
            raise GameMovedOn(_("The game has moved on; here is the current panel."))
        # A move landing between the load and this read makes the write below fail its version check.
        kept = [e for e in effective(log) if e.seq not in set(gone)]
        players = sum(1 for s in game.seats if s.seat is not None)
        try:
            rebuilt = await asyncio.to_thread(replay, engine, players, game.seed, game.options, kept)
        except IllegalAction as exc:
            raise ServiceError(_("That decision cannot be taken back: other players' moves depend on it.")) from exc
        entry = Applied(seat, user_id, UNDO, {UNDO: gone}, "undo", "", False)
        outcome = await self.moves.after(game, engine, state, rebuilt, [entry], resign_users=(), undo=gone)
        return await self._panel_after(outcome, user_id)

    @operation
    async def resign(self, game_id: int, user_id: int) -> Outcome:
        user_id = check.whole(user_id, "player id", low=1)
        for _attempt in range(3):
            try:
                return await self._resign_once(game_id, user_id)
            except GameMovedOn:
                continue  # another write landed first (a move, another resignation): look again
        return await self._resign_once(game_id, user_id)

    async def _resign_once(self, game_id: int, user_id: int) -> Outcome:
        game, engine, state = await self.games.load(game_id, for_play=True)
        if game.status == "lobby":
            game = await self.lobby.leave(game_id, user_id)
            return Outcome(game=game, engine=engine, state=None)
        if game.status != "active" or state is None:
            raise GameClosed(_("Game #{game} is already over.").format(game=game_id))
        seat = game.seat_of(user_id)
        if seat is None:
            raise NotSeated(_("You are not seated in game #{game}.").format(game=game_id))
        if seat in game.resigned_seats():
            raise ServiceError(_("You have already resigned from this game."))
        return await self.moves.give_up(game, engine, state, [seat], reason="forfeit")

    @operation
    async def play_bots(self, game_id: int) -> Outcome | None:
        """One bot turn of `game_id`, if a bot seat owes a decision now (None: none owes, or the game is over).

        The background half of a move when bots are not played inline: the caller answers the person first,
        then calls this (again while `Outcome.bots_owe` says another bot is next). A person's move landing
        while the bot thinks makes the bot's write stale: the position is read again and the bot thinks anew.
        A bot that cannot move gives an outcome naming the stuck seats, as `Moves.bot_turn` does.
        """
        for _attempt in range(3):
            game = await self.games.storage.get_game(game_id)
            if game is None or game.status != "active" or game.state is None or not game.bot_seats():
                return None
            engine, state = await self.games.readable(game)
            assert state is not None
            if engine.is_over(state) or not set(engine.to_act(state)) & game.bot_seats():
                return None
            outcome = await self.moves.bot_turn(game, engine, state, BOT_TURNS_IN_A_ROW)
            if outcome is not None:
                return outcome
        return None

    def _seat_to_act(self, game: GameRow, engine: Game, state: State | None, user_id: int) -> int:
        if game.status == "lobby":
            raise GameClosed(_("Game #{game} has not started yet.").format(game=game.id))
        if game.status != "active" or state is None:
            raise GameClosed(_("Game #{game} is over.").format(game=game.id))
        seat = game.seat_of(user_id)
        if seat is None:
            raise NotSeated(_("You are not playing in game #{game}.").format(game=game.id))
        if seat in game.resigned_seats():
            raise NotSeated(_("You resigned from this game."))
        to_act = engine.to_act(state)
        if seat not in to_act:
            waiting = users_of(game, to_act)
            who = ", ".join(f"<@{u}>" for u in waiting) or _("nobody")
            raise NotYourTurn(_("It is not your turn in game #{game}; waiting on {players}.").format(game=game.id,
                                                                                                     players=who))
        return seat


def safe_detail(engine: Game, state: State, action: Any) -> str:
    try:
        return engine.detail(state, action)[:100]
    except Exception:  # noqa: BLE001 - a detail line is decoration; a failing one must not break the panel
        return ""
