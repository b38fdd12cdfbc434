"""The table service: create, join, start, act, resign, list — with no Discord in sight.

Cogs, the terminal client and the tests all drive games through this one class. Each
method loads what it needs, asks the engine, and writes through the storage interface
with the game's version checked, so a refused request never changes anything and two
requests on one game can never both apply.
"""

from __future__ import annotations

import asyncio
import contextvars
import dataclasses
import functools
import json
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, ParamSpec, TypeVar

from bot.service import arguments as check
from bot.service import away
from bot.service.errors import (
    BadRequest,
    GameClosed,
    GameMovedOn,
    GameUnreadable,
    NotSeated,
    NotYourTurn,
    OutOfSpace,
    ServiceError,
)
from bot.service.replay import UNDO, effective, replay
from bot.service.scope import no_such_game, scoped_game
from bot.service.standings import record_result
from bot.storage import (
    AlreadyExists,
    DiskFull,
    GameRow,
    NewAction,
    StaleVersion,
    Storage,
    TableFull,
    is_bot_user,
)
from engine.core import Game, IllegalAction, Rng, State, get_game, mix_seed

log = logging.getLogger(__name__)

#: How the table handles a player who lets the deadline pass.
DEADLINE_ACTIONS = ("auto", "forfeit")
#: Upper bound on bot-played decisions in one go (a resigned seat's whole turn is a chain of them).
_AUTO_LIMIT = 5000
#: The shortest reminder or deadline a table may set (0 turns either off). A deadline of minutes would
#: make joiners forfeit before they have seen the game; stored tables with less are held to this too.
MIN_WAIT_HOURS = 1.0
#: The longest reminder or deadline a table may set (30 days).
MAX_WAIT_HOURS = 720.0
#: How many waiting games the sweep reads at a time; it goes on batch after batch until every due game
#: has been seen, so the batch bounds memory and the length of one read, never how many games are served.
SWEEP_BATCH = 200
#: How the game modes are named in storage.
MODES = ("table", "solo", "daily")
#: Log origin of a seat's only legal action, played for it by the service (the panel never shows it).
FORMALITY = "formality"
#: Origins the bot replays by itself after an undo (they are taken back with the decision that led to them).
_REPLAYED_BY_BOT = (FORMALITY, "auto")
#: The AI's thinking time per decision when the caller does not say (`Settings.ai_budget_s`).
AI_BUDGET_S = 2.0
#: Upper bound on bot turns played one after another in one request (a table of several bots takes turns
#: in a row; each is its own write and turn post). Past it the sweep carries on.
_BOT_TURNS_IN_A_ROW = 64
#: How often a lobby change is read and tried again when other lobby changes keep landing first.
_LOBBY_TRIES = 12
#: Server setting: how many running games against bots only (one person, bots in every other seat) one
#: person may have in that server (`/settings botgames`); 0 = none. Unset: `BOT_GAMES_DEFAULT`.
BOT_GAMES_SETTING = "bot_games"
BOT_GAMES_DEFAULT = 3


def _journal_key(game_id: int) -> str:
    """Storage meta key of a game's turn journal: the story clauses since the last turn post."""
    return f"journal:{game_id}"


@dataclass
class Choice:
    index: int
    label: str  # the public label: never names a hidden card (Game.public_label)
    action: Any


@dataclass
class Decision:
    """What one player may decide right now: the options as the engine lists them.

    `stamp` lets a panel outlive other seats' moves in simultaneous phases (the engine's decision
    stamp plus this seat's own move count); `can_undo` says whether the seat may take a decision back.
    """

    game_id: int
    version: int
    seat: int
    options: list[Choice]
    prompt: str = ""
    stamp: str = ""
    can_undo: bool = False
    details: list[str] = field(default_factory=list)


@dataclass
class Panel:
    """What one person's private panel shows now, built from a game and state already in hand.

    `decision` is their decision when they owe one; else `refusal` says why not, as the service words it
    (`NotYourTurn`: someone else acts; `GameClosed`: not started or over; `NotSeated`). `waiting` are the
    seats that owe a decision now; `can_undo` whether they may take a decision back (also off turn).
    """

    game: GameRow
    engine: Game
    state: State | None
    seat: int | None
    decision: Decision | None = None
    refusal: ServiceError | None = None
    waiting: list[int] = field(default_factory=list)
    can_undo: bool = False
    _views: dict[int, dict[str, Any]] = field(default_factory=dict, repr=False, compare=False)

    def headline(self) -> str:
        """The engine's headline of the state (seat tokens), "" before the game has a state."""
        return self.engine.headline(self.state) if self.state is not None else ""

    def view(self, seat: int | None = None) -> dict[str, Any] | None:
        """The view of the panel's seat (or `seat`), computed once; None without a state or a seat."""
        seat = self.seat if seat is None else seat
        if self.state is None or seat is None:
            return None
        if seat not in self._views:
            self._views[seat] = self.engine.view(self.state, seat)
        return self._views[seat]


@dataclass
class Clause:
    """One decision in the story of a turn: engine text with `{seat:N}` tokens, never a person's name."""

    seq: int
    seat: int
    user_id: int | None
    origin: str
    text: str
    closes: bool  # whether it closed the mover's undo window (drew randomness, revealed, passed the turn)
    #: Already told in a turn post: kept only so the mover may still undo a turn that a formality handed on
    #: (nothing revealed), until another seat acts.
    told: bool = False

    def as_json(self) -> dict[str, Any]:
        data = {"seq": self.seq, "seat": self.seat, "user": self.user_id, "origin": self.origin,
                "text": self.text, "closes": self.closes}
        return {**data, "told": True} if self.told else data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Clause:
        return cls(int(data["seq"]), int(data["seat"]), data.get("user"), str(data["origin"]),
                   str(data["text"]), bool(data["closes"]), bool(data.get("told", False)))


@dataclass
class Applied:
    seat: int
    user_id: int | None
    origin: str
    action: Any
    label: str  # the public label: never names a hidden card (Game.public_label)
    story: str = ""  # the engine's narration of this decision (seat tokens, nothing hidden)
    closes: bool = True  # the engine's closes_undo for it


@dataclass
class Outcome:
    """What a state change did, for the caller to announce."""

    game: GameRow
    engine: Game
    state: State | None
    before: State | None = None
    applied: list[Applied] = field(default_factory=list)
    finished: bool = False
    waiting_on: list[int] = field(default_factory=list)  # user ids that owe a decision now
    newly_waiting: list[int] = field(default_factory=list)  # of those, who did not owe one before
    #: The story of the turn so far (every decision since the last turn post), filled when this change
    #: ends a turn (someone new must act, or the game ended); else the decisions of this change.
    story: list[Clause] = field(default_factory=list)
    undo: bool = False  # this change took decisions back
    #: Bot seats that owe a decision now and did not before (named in the turn post, never pinged).
    bots_next: list[int] = field(default_factory=list)
    #: The bot's turn played right after this change (its own write and turn post), then the next, …
    bot_turn: Outcome | None = None
    #: Bot seats that owe a decision but could not make one (the AI and its fallback both failed): this
    #: change is saved all the same; the table is told, the game is marked, an admin can retry or end it.
    bots_stuck: list[int] = field(default_factory=list)
    #: Bot seats that owe a decision after this change (newly or not). With bots played in the background
    #: (`TableService(bots_inline=False)`), the caller starts their turn with `play_bots`.
    bots_owe: list[int] = field(default_factory=list)
    #: The turn journal as this change left it (the story so far and the undo window), as stored with it.
    journal: list[Clause] = field(default_factory=list)
    #: The mover's panel after this change (their next decision, or why they have none), built from the
    #: state in hand by `act`, `act_by_index` and `undo`, so a click needs no second read of the game.
    panel: Panel | None = None
    #: The option lists already built for `state`, by seat (settling asked them): not built again.
    options: dict[int, list[Any]] = field(default_factory=dict, repr=False)
    _views: dict[int | None, dict[str, Any]] = field(default_factory=dict, repr=False, compare=False)

    def view(self, seat: int | None) -> dict[str, Any] | None:
        """The engine's view of the state after this change for `seat` (None: public), computed once."""
        if self.state is None:
            return None
        if seat not in self._views:
            self._views[seat] = self.engine.view(self.state, seat)
        return self._views[seat]

    def chain(self) -> list[Outcome]:
        """This outcome and the bot turns that followed it, in order (what a caller announces)."""
        out: list[Outcome] = []
        step: Outcome | None = self
        while step is not None:
            out.append(step)
            step = step.bot_turn
        return out


@dataclass
class GameSummary:
    game_id: int
    kind: str
    title: str
    mode: str
    status: str
    guild_id: int | None
    channel_id: int | None
    players: list[int]
    waiting_on: list[int]
    headline: str  # engine text: seats as `{seat:N}` tokens, for the caller to fill with names
    version: int
    seat_users: list[int | None] = dataclasses.field(default_factory=list)  # the user in each seat, by seat


@dataclass
class SweepEvent:
    """A reminder to send, or a deadline that the service just enforced."""

    kind: str  # "reminder" | "deadline" | "bot" (a bot turn the sweep played)
    game: GameRow
    users: list[int]
    outcome: Outcome | None = None


P = ParamSpec("P")
R = TypeVar("R")
_inside_operation: contextvars.ContextVar[bool] = contextvars.ContextVar("inside_operation", default=False)


def _operation(method: Callable[P, Awaitable[R]]) -> Callable[P, Awaitable[R]]:
    """Count a changing request as in flight, so a shutdown can wait for it to finish.

    Once `drain()` has begun, new requests are refused with a clear message; requests
    already running (and the calls they make to other service methods) go on to the end.
    """

    @functools.wraps(method)
    async def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        service: TableService = args[0]  # type: ignore[assignment]
        if _inside_operation.get():
            return await method(*args, **kwargs)
        if service.closing:
            raise ServiceError("The bot is restarting; nothing was changed. Try again in a minute.")
        token = _inside_operation.set(True)
        service._in_flight += 1
        try:
            return await method(*args, **kwargs)
        except DiskFull as exc:
            log.error("disk full: %s", exc)
            raise OutOfSpace(
                "The bot's disk is full, so this was not saved (everything saved before is safe). "
                "Please tell the bot's operator; try again once they have made room."
            ) from exc
        finally:
            service._in_flight -= 1
            _inside_operation.reset(token)
            if service._in_flight == 0:
                service._idle.set()

    return wrapper


def default_table_rules() -> dict[str, Any]:
    return {"reminder_hours": 12.0, "deadline_hours": 0.0, "deadline_action": "auto"}


def wait_hours(value: Any) -> float:
    """A stored reminder or deadline, held to the minimum (0 or unreadable: off)."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not value > 0:
        return 0.0
    return max(float(value), MIN_WAIT_HOURS)


def deadline_text(rules: dict[str, Any]) -> str:
    """The table's deadline in words, for the lobby and a joiner's confirmation ("" if none)."""
    hours = wait_hours(rules.get("deadline_hours"))
    if not hours:
        return ""
    auto = rules.get("deadline_action", "auto") == "auto"
    then = "the bot plays the late turn" if auto else "the late player forfeits"
    return f"{hours:g} h per decision, then {then}"


class TableService:
    def __init__(
        self,
        storage: Storage,
        *,
        clock: Callable[[], float] = time.time,
        new_seed: Callable[[], int] = lambda: secrets.randbits(62),
        ai_budget_s: float = AI_BUDGET_S,
        bots_inline: bool = True,
    ) -> None:
        self.storage = storage
        #: Whether a bot seat's turn is played within the request that led to it (the terminal, the tests),
        #: or left to the caller, who plays it in the background with `play_bots` (the Discord bot: the AI
        #: never holds a click).
        self.bots_inline = bots_inline
        self.ai_budget_s = ai_budget_s
        self.clock = clock
        self.new_seed = new_seed
        self.closing = False
        self._in_flight = 0
        self._idle = asyncio.Event()
        self._idle.set()

    async def drain(self, timeout: float = 30.0) -> bool:
        """Refuse new changes and wait for those in flight; True if all finished in time."""
        self.closing = True
        if self._in_flight == 0:
            return True
        self._idle.clear()
        try:
            await asyncio.wait_for(self._idle.wait(), timeout)
        except TimeoutError:
            return False
        return True

    # ----- loading -----------------------------------------------------------------------------
    async def game(self, game_id: int) -> GameRow:
        """The stored game, if it exists and lies in the caller's scope (`bot.service.scope`): a table of the
        server the request comes from, a private game of the person asking. Else "no such game"."""
        return await scoped_game(self.storage, game_id)

    async def load(self, game_id: int) -> tuple[GameRow, Game, State | None]:
        game = await self.game(game_id)
        engine, state = await self._readable(game)
        return game, engine, state

    async def _readable(self, game: GameRow) -> tuple[Game, State | None]:
        """The game's engine and state, or a clear refusal (and a mark on the game) if they cannot be read."""
        try:
            engine = get_game(game.kind)
            state = engine.load(game.state) if game.state is not None else None
            if state is not None and game.status == "active":
                engine.to_act(state)  # a state that loads but cannot say whose turn it is is unplayable too
        except Exception as exc:  # noqa: BLE001 - any failure to read a stored game is reported the same way
            await self._mark_unreadable(game, f"state cannot be read: {type(exc).__name__}: {exc}")
            raise GameUnreadable(
                f"Game #{game.id} cannot be read; it has been reported. A server admin can end it with "
                "`/admin end`."
            ) from exc
        return engine, state

    async def _mark_unreadable(self, game: GameRow, detail: str) -> None:
        """Log and mark a broken game once, so the sweep passes it by and admins can find it."""
        if game.fault is None:
            log.error("game %s is unreadable: %s", game.id, detail)
            try:
                await self.storage.mark_fault(game.id, detail[:500])
            except Exception:  # noqa: BLE001 - marking is best effort; the refusal still stands
                log.exception("could not mark game %s as unreadable", game.id)

    # ----- the lobby ---------------------------------------------------------------------------
    @_operation
    async def create(
        self,
        kind: str,
        *,
        creator_id: int,
        guild_id: int | None = None,
        channel_id: int | None = None,
        options: dict[str, Any] | None = None,
        table_rules: dict[str, Any] | None = None,
        mode: str = "table",
        daily_date: str | None = None,
        seed: int | None = None,
    ) -> GameRow:
        check.text(kind, "game")
        creator_id = check.whole(creator_id, "player id", low=1)
        guild_id = check.optional_whole(guild_id, "server id", low=1)
        channel_id = check.optional_whole(channel_id, "channel id", low=1)
        check.text(mode, "game mode", allowed=MODES)
        if daily_date is not None:
            check.text(daily_date, "date", longest=10)
        seed = check.optional_whole(seed, "seed")
        options = check.json_object(options, "options")
        try:
            engine = get_game(kind)
        except KeyError as exc:
            raise ServiceError(str(exc.args[0])) from exc
        try:
            engine.normalize_options(options)  # refuse bad options now, not at start
        except IllegalAction as exc:
            raise ServiceError(exc.message) from exc
        rules = default_table_rules()
        for key, value in check.json_object(table_rules, "table rules").items():
            if key not in rules:
                raise ServiceError(f"Unknown table rule '{key}'.")
            rules[key] = value
        if not isinstance(rules["deadline_action"], str) or rules["deadline_action"] not in DEADLINE_ACTIONS:
            raise ServiceError(f"The deadline action must be one of: {', '.join(DEADLINE_ACTIONS)}.")
        for key, what in (("deadline_hours", "deadline"), ("reminder_hours", "reminder time")):
            hours = rules[key]
            if not isinstance(hours, bool) and isinstance(hours, int | float) and hours < 0:
                raise ServiceError("Reminder and deadline times cannot be negative.")
            hours = check.number(hours, f"{what} in hours", low=0, high=MAX_WAIT_HOURS)
            if 0 < hours < MIN_WAIT_HOURS:
                raise BadRequest(f"The {what} must be at least {MIN_WAIT_HOURS:g} hour (or 0 for none); "
                                 f"{hours:g} h is too short to play.")
            rules[key] = hours
        # The rules a game starts under: check-db tells a game begun before a rule fix from corruption.
        rules["engine_schema"] = engine.schema_version
        if mode == "table" and guild_id is not None and channel_id is not None:
            open_here = await self.storage.list_games(
                channel_id=channel_id, statuses=("lobby",), kind=kind, mode="table"
            )
            if any(g.creator_id == creator_id for g in open_here):
                raise ServiceError(
                    f"You already have a {engine.title} table waiting for players in this channel "
                    f"(#{open_here[0].id}); start it or leave it first."
                )
        try:
            game_id = await self.storage.create_game(
                kind=kind,
                mode=mode,
                guild_id=guild_id,
                channel_id=channel_id,
                creator_id=creator_id,
                seed=self.new_seed() if seed is None else seed,
                options=options or {},
                table_rules=rules,
                daily_date=daily_date,
            )
        except AlreadyExists as exc:
            raise ServiceError("You already have that game.") from exc
        return await self.game(game_id)

    async def _lobby_change(self, game_id: int, change: Callable[[GameRow], Awaitable[None]]) -> GameRow:
        """Apply one lobby change as a compare-and-set on the lobby's version, re-reading and re-checking
        the lobby each time another change (a join, a leave, the start) lands first.

        `change` checks the lobby as read (raising the service's refusal) and writes with that lobby's
        version; a StaleVersion means the lobby moved: it is read again, so a join that lost to the start
        is refused by `change` itself ("started without you"), never told it joined.
        """
        for _ in range(_LOBBY_TRIES):
            game = await self.game(game_id)
            try:
                await change(game)
            except StaleVersion:
                continue
            return await self.game(game_id)
        raise GameMovedOn(f"Table #{game_id} is changing very fast just now; nothing was changed. Try again.")

    @_operation
    async def join(self, game_id: int, user_id: int) -> GameRow:
        user_id = check.whole(user_id, "player id", low=1)

        async def change(game: GameRow) -> None:
            if game.mode != "table":
                raise ServiceError("That is a private game.")
            if game.is_seated(user_id):  # before the capacity check: a seated player at a full table is seated
                raise ServiceError(f"You are already seated at table #{game_id}.")
            if game.status != "lobby":
                raise GameClosed(f"Game #{game_id} has already started without you; you can no longer join it.")
            max_players = get_game(game.kind).max_players
            try:
                await self.storage.add_seat(game_id, user_id, max_seats=max_players, expected_version=game.version)
            except AlreadyExists as exc:
                raise ServiceError(f"You are already seated in game #{game_id}.") from exc
            except TableFull as exc:
                raise ServiceError(f"Game #{game_id} is full ({max_players} players).") from exc

        return await self._lobby_change(game_id, change)

    @_operation
    async def leave(self, game_id: int, user_id: int) -> GameRow:
        user_id = check.whole(user_id, "player id", low=1)

        async def change(game: GameRow) -> None:
            if not game.is_seated(user_id):
                raise NotSeated(f"You are not seated in game #{game_id}.")
            if game.status != "lobby":
                raise GameClosed("The game has started; use resign to give up your seat.")
            gone = [user_id]
            if all(is_bot_user(s.user_id) for s in game.seats if s.user_id != user_id):
                gone += game.bot_users()  # nobody is left to play against the bots: close the table
            await self.storage.remove_seats(game_id, gone, expected_version=game.version)

        return await self._lobby_change(game_id, change)

    @_operation
    async def add_bot(self, game_id: int, user_id: int) -> GameRow:
        """A seated player seats the AI in the lobby (one more bot seat, up to the table's size)."""
        user_id = check.whole(user_id, "player id", low=1)

        async def change(game: GameRow) -> None:
            if game.mode != "table":
                raise ServiceError("That is a private game.")
            if game.status != "lobby":
                raise GameClosed(f"Game #{game_id} has already started; the bot can no longer join it.")
            if not game.is_seated(user_id):
                raise NotSeated(f"Only a seated player can add the bot to table #{game_id}.")
            max_players = get_game(game.kind).max_players
            taken = set(game.bot_users())
            bot = next(b for b in range(-1, -max_players - 2, -1) if b not in taken)
            try:
                await self.storage.add_seat(game_id, bot, max_seats=max_players, expected_version=game.version)
            except (TableFull, AlreadyExists) as exc:
                raise ServiceError(f"Game #{game_id} is full ({max_players} players).") from exc

        return await self._lobby_change(game_id, change)

    @_operation
    async def remove_bot(self, game_id: int, user_id: int) -> GameRow:
        """A seated player takes the last bot added off the table (lobby only)."""
        user_id = check.whole(user_id, "player id", low=1)

        async def change(game: GameRow) -> None:
            if not game.is_seated(user_id):
                raise NotSeated(f"Only a seated player can remove the bot from table #{game_id}.")
            if game.status != "lobby":
                raise GameClosed("The game has started; the bot plays it to the end.")
            bots = game.bot_users()
            if not bots:
                raise ServiceError(f"The bot is not seated at table #{game_id}.")
            await self.storage.remove_seats(game_id, [bots[-1]], expected_version=game.version)

        return await self._lobby_change(game_id, change)

    @_operation
    async def start(self, game_id: int, user_id: int) -> Outcome:
        """Start the lobby with everyone seated in it. A join landing between the read and the write makes
        the write stale: the lobby is read again and started with that player too (`_lobby_change`)."""
        user_id = check.whole(user_id, "player id", low=1)
        started: list[tuple[Game, State]] = []

        async def change(game: GameRow) -> None:
            engine = get_game(game.kind)
            if game.status != "lobby":
                raise GameClosed(f"Game #{game_id} has already started.")
            if not game.is_seated(user_id):
                raise NotSeated(f"Only a seated player can start game #{game_id}.")
            people = [s.user_id for s in game.seats if not is_bot_user(s.user_id)]
            if game.bot_users() and len(people) == 1:
                await self.check_bot_games(people[0], game.guild_id)
            players = len(game.seats)
            if players < engine.min_players:
                raise ServiceError(
                    f"{engine.title} needs at least {engine.min_players} players; {players} seated so far."
                )
            joined = [s.user_id for s in sorted(game.seats, key=lambda s: s.joined_at)]
            order = Rng(mix_seed(game.seed, "seats")).shuffled(joined)
            try:
                state = engine.new(players, game.seed, game.options)
            except IllegalAction as exc:
                raise ServiceError(exc.message) from exc
            await self.storage.start_game(game_id, order, engine.dump(state), expected_version=game.version)
            started[:] = [(engine, state)]

        game = await self._lobby_change(game_id, change)
        [(engine, state)] = started
        # A game can open with decisions for a seat that is bot-played (none today), or end at once.
        return await self._after(game, engine, state, state, [], resign_users=(), force_write=False)

    # ----- games against the bot --------------------------------------------------------------------
    async def bot_game_limit(self, guild_id: int | None) -> int:
        """The server's limit on running games against bots per person (`BOT_GAMES_SETTING`)."""
        stored = await self.storage.get_setting(guild_id, BOT_GAMES_SETTING) if guild_id is not None else None
        try:
            return max(0, int(stored)) if stored is not None else BOT_GAMES_DEFAULT
        except ValueError:
            return BOT_GAMES_DEFAULT

    async def bot_games_of(self, user_id: int, guild_id: int | None) -> list[int]:
        """The running games of `user_id` in this server in which every other seat is a bot."""
        games = await self.storage.list_games(user_id=user_id, guild_id=guild_id, statuses=("active",))
        return [g.id for g in games if g.bot_seats() and _against_bots_only(g, user_id)]

    async def check_bot_games(self, user_id: int, guild_id: int | None) -> None:
        """Refuse a new game against bots only when `user_id` already has the server's limit of them."""
        user_id = check.whole(user_id, "player id", low=1)
        limit = await self.bot_game_limit(guild_id)
        running = await self.bot_games_of(user_id, guild_id)
        if len(running) < limit:
            return
        if limit == 0:
            raise ServiceError("This server does not host games against the bot (a server admin can allow them "
                               "with `/settings botgames`). Invite people to a table instead.")
        listed = ", ".join(f"#{g}" for g in running[:10])
        raise ServiceError(
            f"You already have {len(running)} running game{'s' if len(running) != 1 else ''} against the bot in "
            f"this server ({listed}); this server allows {limit} at a time. Finish one, or give it up with "
            "`/table resign`, before you start another. Nothing was started.")

    # ----- play --------------------------------------------------------------------------------
    async def decision(self, game_id: int, user_id: int) -> Decision:
        """The options `user_id` has right now in game `game_id`."""
        panel = await self.panel(game_id, user_id)
        if panel.decision is None:
            assert panel.refusal is not None
            raise panel.refusal
        return panel.decision

    async def panel(self, game_id: int, user_id: int) -> Panel:
        """`user_id`'s panel in game `game_id` now: one read of the game (and of its turn journal)."""
        user_id = check.whole(user_id, "player id", low=1)
        game, engine, state = await self.load(game_id)
        journal = await self._journal(game.id) if game.status == "active" else []
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
                panel.can_undo = bool(self._undoable(journal, seat, user_id))
        try:
            acting = self._seat_to_act(game, engine, state, user_id)
        except ServiceError as exc:
            panel.refusal = exc
            return panel
        assert state is not None
        actions = built[acting] if built and acting in built else engine.legal(state, acting)
        panel.decision = Decision(
            game_id=game.id,
            version=game.version,
            seat=acting,
            options=[Choice(i, engine.describe(state, a), a) for i, a in enumerate(actions)],
            prompt=engine.pending_label(state, acting),
            stamp=await self._stamp(game, engine, state, acting),
            can_undo=panel.can_undo,
            details=[_safe_detail(engine, state, a) for a in actions],
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
        game = await self.game(game_id)
        seat = game.seat_of(user_id)
        if game.status != "active" or seat is None or seat in game.resigned_seats():
            return False
        return bool(self._undoable(await self._journal(game.id), seat, user_id))

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
        own = sum(1 for entry in await self.storage.actions(game.id) if entry.seat == seat)
        return f"{digest}{own:x}"

    @_operation
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
            raise ServiceError("That is not one of your options right now.")
        outcome = await self._play(game, engine, state, seat, user_id, chosen, offered)
        return await self._panel_after(outcome, user_id)

    @_operation
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
            raise GameMovedOn("The game has moved on since that panel was shown; here is the current one.")
        actions = engine.legal(state, seat)
        if not 0 <= index < len(actions):
            raise GameMovedOn("That option is no longer offered; here is the current panel.")
        outcome = await self._play(game, engine, state, seat, user_id, actions[index], actions)
        return await self._panel_after(outcome, user_id)

    async def _turn_of(
        self, game_id: int, user_id: int, expected_version: int | None
    ) -> tuple[GameRow, Game, State, int]:
        """Load the game and the seat `user_id` must act for, refusing a stale panel or a wrong player."""
        user_id = check.whole(user_id, "player id", low=1)
        expected_version = check.optional_whole(expected_version, "panel version")
        game, engine, state = await self.load(game_id)
        if expected_version is not None and expected_version != game.version:
            raise GameMovedOn("The game has moved on since that panel was shown; here is the current one.")
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
        applied = [_applied(engine, state, seat, user_id, "player", action, new_state)]
        return await self._after(game, engine, state, new_state, applied, resign_users=())

    @_operation
    async def undo(self, game_id: int, user_id: int) -> Outcome:
        """Take back `user_id`'s last decision of this turn, with the formalities that followed it.

        The engine says which decisions close the window (a card or die drawn, hidden information
        shown, the turn handed on). The game is rebuilt by replaying its log without the entries
        taken back, and the undo is itself appended to the log, which stays append-only.
        """
        game, engine, state = await self.load(game_id)
        if game.status != "active" or state is None:
            raise GameClosed(f"Game #{game_id} is not running.")
        seat = game.seat_of(user_id)
        if seat is None:
            raise NotSeated(f"You are not playing in game #{game_id}.")
        journal = await self._journal(game.id)
        gone = self._undoable(journal, seat, user_id)
        if not gone:
            raise ServiceError("There is nothing you can take back now: undo works for your own decisions of "
                               "this turn, until a card or die is drawn, something hidden is shown, or the "
                               "turn passes.")
        log = await self.storage.actions(game.id)
        if not log:
            raise GameMovedOn("The game has moved on; here is the current panel.")
        # A move landing between the load and this read makes the write below fail its version check.
        kept = [e for e in effective(log) if e.seq not in set(gone)]
        players = sum(1 for s in game.seats if s.seat is not None)
        try:
            rebuilt = await asyncio.to_thread(replay, engine, players, game.seed, game.options, kept)
        except IllegalAction as exc:
            raise ServiceError("That decision cannot be taken back: other players' moves depend on it.") from exc
        entry = Applied(seat, user_id, UNDO, {UNDO: gone}, "undo", "", False)
        outcome = await self._after(game, engine, state, rebuilt, [entry], resign_users=(), undo=gone)
        return await self._panel_after(outcome, user_id)

    @staticmethod
    def _undoable(journal: list[Clause], seat: int, user_id: int) -> list[int]:
        """The log entries an undo by this seat would take back now ([] : none).

        Its last own decision in the turn journal, plus the formalities and bot moves after it; none
        of them may have closed the undo window. Other seats' own decisions stay (simultaneous phases).
        """
        mine = [i for i, c in enumerate(journal) if c.seat == seat and c.origin == "player" and c.user_id == user_id]
        if not mine:
            return []
        start = mine[-1]
        taken = [journal[start]]
        others_moved = False  # after another seat's own decision, its bot-played steps are its own business
        for clause in journal[start + 1:]:
            if clause.origin not in _REPLAYED_BY_BOT:
                others_moved = True
            elif clause.seat == seat or not others_moved:
                taken.append(clause)
        if any(c.closes for c in taken):
            return []
        return [c.seq for c in taken]

    async def _journal(self, game_id: int) -> list[Clause]:
        raw = await self.storage.get_meta(_journal_key(game_id))
        if not raw:
            return []
        try:
            return [Clause.from_json(item) for item in json.loads(raw)]
        except (ValueError, KeyError, TypeError):
            return []  # a damaged journal only costs the story and the undo of this turn

    @_operation
    async def resign(self, game_id: int, user_id: int) -> Outcome:
        user_id = check.whole(user_id, "player id", low=1)
        for _ in range(3):
            try:
                return await self._resign_once(game_id, user_id)
            except GameMovedOn:
                continue  # another write landed first (a move, another resignation): look again
        return await self._resign_once(game_id, user_id)

    async def _resign_once(self, game_id: int, user_id: int) -> Outcome:
        game, engine, state = await self.load(game_id)
        if game.status == "lobby":
            game = await self.leave(game_id, user_id)
            return Outcome(game=game, engine=engine, state=None)
        if game.status != "active" or state is None:
            raise GameClosed(f"Game #{game_id} is already over.")
        seat = game.seat_of(user_id)
        if seat is None:
            raise NotSeated(f"You are not seated in game #{game_id}.")
        if seat in game.resigned_seats():
            raise ServiceError("You have already resigned from this game.")
        return await self._give_up(game, engine, state, [seat], reason="forfeit")

    async def _give_up(self, game: GameRow, engine: Game, state: State, seats: list[int], *, reason: str) -> Outcome:
        """Seats `seats` leave the game at once (resigned, or all late at a forfeit deadline), all alike.

        With nobody else still playing, the game is abandoned (no winner); with one player left, that
        player wins by forfeit; with two or more left, the bot plays the departed seats from now on.
        """
        users = [u for u in (game.user_of(s) for s in seats) if u is not None]
        gone = sorted(game.resigned_seats() | set(seats))
        still_playing = [s.seat for s in game.seats if s.seat is not None and s.seat not in gone]
        if not still_playing:
            result = self._result(engine, state, forfeited=gone, reason="abandoned")
            return await self._write(game, engine, state, state, [], status="abandoned", result=result,
                                     resign_users=users)
        if not any(not game.is_bot(s) for s in still_playing):
            # Only bot seats are left: nobody plays on, and the bots win by forfeit.
            result = self._result(engine, state, forfeited=gone, reason=reason)
            return await self._write(game, engine, state, state, [], status="finished", result=result,
                                     resign_users=users)
        if len(still_playing) == 1 and len(game.seats) > 1:
            result = self._result(engine, state, forfeited=gone, reason=reason)
            return await self._write(game, engine, state, state, [], status="finished", result=result,
                                     resign_users=users)
        # Enough players remain: the bot plays the departed seats from now on.
        game.seats = [s if s.user_id not in users else type(s)(s.user_id, s.seat, s.joined_at, True)
                      for s in game.seats]
        return await self._after(game, engine, state, state, [], resign_users=users, force_write=True)

    # ----- lists and status ------------------------------------------------------------------------
    async def summary(self, game: GameRow) -> GameSummary:
        engine = get_game(game.kind)
        waiting: list[int] = []
        headline = ""
        if game.state is not None:
            state = engine.load(game.state)
            headline = engine.headline(state)
            if game.status == "active":
                waiting = self._users(game, engine.to_act(state))
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

    # ----- deadlines -----------------------------------------------------------------------------
    @_operation
    async def sweep(self, now: float | None = None, *, batch: int = SWEEP_BATCH) -> list[SweepEvent]:
        """Send due reminders and enforce passed deadlines; return what happened.

        Every waiting game is looked at, the longest-waiting first, `batch` at a time (a keyset walk on
        (waiting_since, id), so games that move meanwhile are neither skipped nor seen twice in one sweep).
        One game that cannot be read or played is logged, marked and passed by; the others go on.
        Reminders are claimed in the database (compare-and-set), deadlines by the versioned write, so
        several processes sweeping one database never remind or time out a game twice.
        """
        now = self.clock() if now is None else now
        horizon = now - MIN_WAIT_HOURS * 3600  # nobody is due before waiting the shortest possible time
        events: list[SweepEvent] = []
        after: tuple[float, int] | None = None
        while not self.closing:
            games = await self.storage.waiting_games(before=horizon, after=after, limit=batch)
            for game in games:
                try:
                    event = await self._sweep_one(game, now)
                except (GameMovedOn, GameClosed, StaleVersion):
                    continue  # somebody moved meanwhile; the next sweep looks again
                except DiskFull:
                    raise
                except Exception as exc:  # noqa: BLE001 - one broken game must not stop the sweep for all
                    log.exception("sweep: game %s failed; marking it and going on", game.id)
                    await self._mark_unreadable(game, f"sweep failed: {type(exc).__name__}: {exc}")
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
        engine, state = await self._readable(game)
        assert state is not None
        owing = engine.to_act(state)
        if set(owing) & game.bot_seats():
            outcome = await self._bot_turn(game, engine, state, 1)
            return SweepEvent("bot", outcome.game, [], outcome) if outcome is not None else None
        users = self._users(game, owing)
        # Time away (`bot.service.away`): nobody away is reminded, and their deadline is stretched.
        late, users = await away.sweep_view(self.storage, game, owing, users, now, deadline)
        if deadline_due and late:
            outcome = await self._enforce_deadline(game, engine, state, owing, rules["deadline_action"], late=late)
            return SweepEvent("deadline", outcome.game, self._users(game, late), outcome)
        if reminder_due and users and await self.storage.claim_reminder(game.id, game.version, now):
            return SweepEvent("reminder", game, users)
        return None

    async def _enforce_deadline(
        self, game: GameRow, engine: Game, state: State, owing: list[int], how: str, *, late: list[int] | None = None
    ) -> Outcome:
        """`late`: the owing seats whose deadline passed (others are away, their deadline stretched)."""
        late = owing if late is None else late
        if how == "forfeit":
            # Every late seat is treated alike (docs/rulings.md, "Deadlines"): all forfeit in one write.
            late = [s for s in late if s not in game.resigned_seats()]
            return await self._give_up(game, engine, state, late, reason="forfeit")
        new_state = state
        applied: list[Applied] = []
        # The bot finishes the late seats' current turn (a chain of decisions) and stops where the next
        # turn begins: when the game's turn marker changes, or when a seat that had no decision to make
        # (or had finished its own) owes one again.
        pending = set(late) - game.bot_seats()
        idle = {s for s in range(len(game.seats)) if s not in owing}
        marker = engine.turn_marker(state)
        base = await self._log_length(game)
        while pending and not engine.is_over(new_state):
            seats_now = [s for s in engine.to_act(new_state) if s in pending]
            if not seats_now:
                break
            seat = seats_now[0]
            # The AI thinks for up to its budget per decision: off the event loop.
            action = await asyncio.to_thread(self._ai, engine, new_state, seat, game.seed, base + len(applied))
            after = engine.apply(new_state, seat, action)
            applied.append(_applied(engine, new_state, seat, None, "timeout", action, after))
            new_state = after
            if len(applied) > _AUTO_LIMIT:
                raise ServiceError("The bot could not finish the late player's turn.")
            now_owing = set(engine.to_act(new_state))
            if seat not in now_owing:
                pending.discard(seat)
                idle.add(seat)
            if now_owing & idle or (marker is not None and engine.turn_marker(new_state) != marker):
                break
        return await self._after(game, engine, state, new_state, applied, resign_users=())

    # ----- administration ---------------------------------------------------------------------------
    @_operation
    async def end_game(self, game_id: int, admin_id: int, reason: str = "") -> GameRow:
        """A server admin ends a stuck or abandoned game (lobby or running), without reading its state.

        It works on a game whose state cannot be read at all; the game is marked abandoned (no winner),
        the admin and reason are kept in its result, and the caller announces it.
        """
        admin_id = check.whole(admin_id, "admin id", low=1)
        reason = check.text(reason or "", "reason", longest=200).strip()
        game = await self.game(game_id)
        if game.mode != "table" and game.creator_id != admin_id:
            # A private game ends only by its owner, whoever else asks and from wherever (the scoped lookup
            # already hides it from other people on Discord; this holds for every caller).
            raise no_such_game(game_id)
        if game.status not in ("lobby", "active"):
            raise GameClosed(f"Game #{game_id} is already over.")
        result = {"scores": [], "ranking": [], "forfeited": [], "reason": "ended by admin",
                  "ended_by": admin_id, "note": reason}
        try:
            await self.storage.set_status(game_id, game.version, "abandoned", result)
        except StaleVersion as exc:
            raise GameMovedOn("The game changed just now; look at it again and repeat if it is still stuck.") \
                from exc
        log.warning("game %s (%s) ended by admin %s: %s", game_id, game.kind, admin_id, reason or "no reason given")
        return await self.game(game_id)

    @_operation
    async def retry_bot(self, game_id: int, admin_id: int) -> Outcome:
        """A server admin asks a stuck bot seat to try its turn again (after the AI failed, or an outage).

        The bot plays as it would after any move (its own versioned write and turn post); if it fails
        again the outcome names the stuck seats once more and the game stays marked for an admin.
        """
        admin_id = check.whole(admin_id, "admin id", low=1)
        game, engine, state = await self.load(game_id)
        if game.status != "active" or state is None:
            raise GameClosed(f"Game #{game_id} is not running.")
        if not set(engine.to_act(state)) & game.bot_seats():
            raise ServiceError(f"No bot seat owes a decision in game #{game_id}; there is nothing to retry.")
        log.warning("admin %s retries the bot of game %s (fault: %s)", admin_id, game_id, game.fault or "-")
        outcome = await self._bot_turn(game, engine, state, 1)
        if outcome is None:
            raise GameMovedOn(f"Game #{game_id} moved on meanwhile; look at it again.")
        return outcome

    async def find_unreadable(self, batch: int = SWEEP_BATCH) -> list[tuple[int, str]]:
        """Every running game whose state cannot be read, marked as such: (game id, what is wrong).

        The bot runs this at start, so a damaged database is reported in the log at once instead of
        surfacing as one player's error days later.
        """
        found: list[tuple[int, str]] = []
        after = 0
        while True:
            games = await self.storage.games_after(after, statuses=("lobby", "active"), limit=batch)
            for game in games:
                try:
                    await self._readable(game)
                except GameUnreadable as exc:
                    cause = exc.__cause__
                    found.append((game.id, f"{type(cause).__name__}: {cause}" if cause else str(exc)))
            if len(games) < batch:
                return found
            after = games[-1].id

    # ----- internals ---------------------------------------------------------------------------------
    def _seat_to_act(self, game: GameRow, engine: Game, state: State | None, user_id: int) -> int:
        if game.status == "lobby":
            raise GameClosed(f"Game #{game.id} has not started yet.")
        if game.status != "active" or state is None:
            raise GameClosed(f"Game #{game.id} is over.")
        seat = game.seat_of(user_id)
        if seat is None:
            raise NotSeated(f"You are not playing in game #{game.id}.")
        if seat in game.resigned_seats():
            raise NotSeated("You resigned from this game.")
        to_act = engine.to_act(state)
        if seat not in to_act:
            waiting = self._users(game, to_act)
            who = ", ".join(f"<@{u}>" for u in waiting) or "nobody"
            raise NotYourTurn(f"It is not your turn in game #{game.id}; waiting on {who}.")
        return seat

    @staticmethod
    def _users(game: GameRow, seats: list[int]) -> list[int]:
        """The people holding `seats` (bot seats have nobody to ping, remind or time out)."""
        out: list[int] = []
        for seat in seats:
            user = game.user_of(seat)
            if user is not None and not is_bot_user(user):
                out.append(user)
        return out

    def _ai(self, engine: Game, state: State, seat: int, game_seed: int, index: int) -> Any:
        """The AI's decision for `seat`, as the log's entry number `index` (the seed derives from the game's
        seed and that number, so it is reproducible; the log stores the action, so replays never re-run it).

        An AI that fails or offers something the engine does not list falls back to the greedy player:
        a bot seat must never stall a game.
        """
        try:
            action = engine.ai_action(state, seat, seed=mix_seed(game_seed, "ai", index), budget_s=self.ai_budget_s)
            chosen = engine.match_legal(state, seat, action)
        except Exception:  # noqa: BLE001 - any AI failure is logged and the greedy player steps in
            log.exception("the %s AI failed for seat %s; the greedy player moves instead", engine.name, seat)
            chosen = None
        return chosen if chosen is not None else engine.auto_action(state, seat)

    async def _log_length(self, game: GameRow) -> int:
        return len(await self.storage.actions(game.id))

    def _play_bots(self, game: GameRow, engine: Game, state: State, base: int) -> tuple[State, list[Applied]]:
        """The bot seats' decisions from `state` until none of them owes one, or the turn passes after
        they moved (the next bot's turn is its own write and post). Runs in a worker thread."""
        bots = game.bot_seats()
        applied: list[Applied] = []
        marker = engine.turn_marker(state)
        while not engine.is_over(state):
            seat = next((s for s in engine.to_act(state) if s in bots), None)
            if seat is None or (applied and marker is not None and engine.turn_marker(state) != marker):
                break
            action = self._ai(engine, state, seat, game.seed, base + len(applied))
            after = engine.apply(state, seat, action)
            applied.append(_applied(engine, state, seat, game.user_of(seat), "auto", action, after))
            state = after
            if len(applied) > _AUTO_LIMIT:
                raise ServiceError("The bot could not finish its turn.")
        return state, applied

    async def _bot_turn(self, game: GameRow, engine: Game, state: State, depth: int) -> Outcome | None:
        """Play the bot seats' turn right away, off the event loop, as its own write (origin "auto").

        The move that led here is already saved, so a bot that cannot move (its AI and the fallback both
        fail) must not turn it into an error: the failure is logged, the game is marked (the sweep then
        leaves it alone instead of failing every few minutes), and the outcome names the stuck seats so
        the table is told; an admin can retry the bot (`retry_bot`) or end the game.
        """
        base = await self._log_length(game)
        try:
            new_state, applied = await asyncio.to_thread(self._play_bots, game, engine, state, base)
        except (DiskFull, StaleVersion, GameMovedOn):
            raise
        except Exception as exc:  # noqa: BLE001 - whatever the AI raised, the saved move stands
            stuck = sorted(set(engine.to_act(state)) & game.bot_seats())
            log.exception("game %s: the bot could not move for seat(s) %s", game.id, stuck)
            detail = f"bot seat(s) {stuck} could not move: {type(exc).__name__}: {exc}"
            try:
                await self.storage.mark_fault(game.id, detail[:500])
            except Exception:  # noqa: BLE001 - marking is best effort; the table is told either way
                log.exception("could not mark game %s as stuck", game.id)
            fresh = dataclasses.replace(game, fault=detail[:500])
            return Outcome(game=fresh, engine=engine, state=state, before=state,
                           waiting_on=self._users(game, engine.to_act(state)), bots_stuck=stuck)
        if not applied:
            return None
        try:
            return await self._after(game, engine, state, new_state, applied, resign_users=(), depth=depth)
        except GameMovedOn:
            # A person's move (a simultaneous phase, an undo) landed while the bot thought: that request's
            # own follow-up plays the bot from the new position.
            return None

    def _settle(self, game: GameRow, engine: Game, state: State, applied: list[Applied], base: int = 0,
                built: dict[int, list[Any]] | None = None) -> State:
        """Play what nobody needs to click: resigned seats' decisions (by the AI), and formalities.

        A formality is a seat's only legal action (`Game.is_formality`): the service plays it for the
        seat at once and logs it as played for them, so no panel ever shows a single forced choice.
        Bot seats are left alone: their turn is played after this change is written (`_bot_turn`).
        `base` is the log's length before this change (it seeds the AI's decisions). `built` receives the
        option lists asked of the engine for the returned state, by seat (each list is built once).
        """
        resigned = game.resigned_seats()
        bots = game.bot_seats()
        options: dict[int, list[Any]] = {}  # the legal lists built for `state`, by seat

        def offered(seat: int) -> list[Any]:
            if seat not in options:
                options[seat] = engine.legal(state, seat)
            return options[seat]

        for _ in range(_AUTO_LIMIT):
            if engine.is_over(state):
                break
            owing = [s for s in engine.to_act(state) if s not in bots]
            seat = next((s for s in owing if s in resigned), None)
            origin, user = "auto", None
            if seat is None:
                seat = next((s for s in owing if engine.is_formality(state, s, offered=offered(s))), None)
                origin, user = FORMALITY, game.user_of(seat) if seat is not None else None
            if seat is None:
                break
            if origin == "auto":
                action = self._ai(engine, state, seat, game.seed, base + len(applied))
                after = engine.apply(state, seat, action)
            else:
                action = offered(seat)[0]
                after = engine.apply(state, seat, action, offered=offered(seat))
            applied.append(_applied(engine, state, seat, user, origin, action, after))
            state = after
            options = {}
        else:
            raise ServiceError("The bot could not finish the decisions nobody needs to click.")
        if built is not None:
            built.update(options)
        return state

    async def _after(
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
        built: dict[int, list[Any]] = {}
        if game.resigned_seats():
            # Whole turns played by the AI take a while: keep them off the event loop.
            base = await self._log_length(game)
            state = await asyncio.to_thread(self._settle, game, engine, state, applied, base, built)
        else:
            state = self._settle(game, engine, state, applied, built=built)
        if not applied and not force_write:
            outcome = self._outcome(game, engine, before, state, applied)
        elif engine.is_over(state):
            result = self._result(engine, state, forfeited=sorted(game.resigned_seats()), reason="completed")
            outcome = await self._write(game, engine, before, state, applied, status="finished", result=result,
                                        resign_users=resign_users, undo=undo)
        else:
            outcome = await self._write(game, engine, before, state, applied, status="active", result=None,
                                        resign_users=resign_users, undo=undo)
        outcome.options = built
        fresh = outcome.game
        if fresh.status == "active" and not engine.is_over(state):
            outcome.bots_owe = sorted(set(engine.to_act(state)) & fresh.bot_seats())
        if outcome.bots_owe and self.bots_inline and depth < _BOT_TURNS_IN_A_ROW:
            outcome.bot_turn = await self._bot_turn(fresh, engine, state, depth + 1)
        return outcome

    @_operation
    async def play_bots(self, game_id: int) -> Outcome | None:
        """One bot turn of `game_id`, if a bot seat owes a decision now (None: none owes, or the game is over).

        The background half of a move when bots are not played inline: the caller answers the person first,
        then calls this (again while `Outcome.bots_owe` says another bot is next). A person's move landing
        while the bot thinks makes the bot's write stale: the position is read again and the bot thinks anew.
        A bot that cannot move gives an outcome naming the stuck seats, as `_bot_turn` does.
        """
        for _ in range(3):
            game = await self.storage.get_game(game_id)
            if game is None or game.status != "active" or game.state is None or not game.bot_seats():
                return None
            engine, state = await self._readable(game)
            assert state is not None
            if engine.is_over(state) or not set(engine.to_act(state)) & game.bot_seats():
                return None
            outcome = await self._bot_turn(game, engine, state, _BOT_TURNS_IN_A_ROW)
            if outcome is not None:
                return outcome
        return None

    async def bots_waiting(self, batch: int = SWEEP_BATCH) -> list[int]:
        """Running games in which a bot seat owes a decision now: the bot turns a stopped process left
        unplayed, for a new process to pick up at start (the sweep does too, after an hour)."""
        found: list[int] = []
        after: tuple[float, int] | None = None
        while True:
            games = await self.storage.waiting_games(before=self.clock() + 1, after=after, limit=batch)
            for game in games:
                if not game.bot_seats() or game.state is None:
                    continue
                try:
                    engine, state = await self._readable(game)
                except GameUnreadable:
                    continue
                if state is not None and not engine.is_over(state) and set(engine.to_act(state)) & game.bot_seats():
                    found.append(game.id)
            if len(games) < batch:
                return found
            last = games[-1]
            assert last.waiting_since is not None
            after = (last.waiting_since, last.id)

    async def _write(
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
        owed_before = set(engine.to_act(before)) if game.status == "active" else set()
        owed_after = set(engine.to_act(state)) if status == "active" else set()
        entries = [NewAction(a.seat, a.user_id, a.origin, a.action) for a in applied]
        newly_waiting = self._users(game, sorted(owed_after - owed_before))
        bots_next = [s for s in sorted(owed_after - owed_before) if game.is_bot(s)]  # named in the post, never pinged
        turn_over = bool(newly_waiting or bots_next) and undo is None or status in ("finished", "abandoned")
        journal = await self._journal(game.id)
        story: list[Clause] = []
        journal_now = list(journal)

        def journal_after(stored: Sequence[NewAction]) -> dict[str, str]:
            # Runs inside the move's own transaction, once the log entries have their numbers: the turn
            # story is stored with the move (no second write, and no story line lost to a race).
            kept, told = self._next_journal(journal, applied, [e.seq for e in stored], undo, turn_over=turn_over)
            story[:] = told
            journal_now[:] = kept
            return {_journal_key(game.id): json.dumps([c.as_json() for c in kept])}

        waiting_changed = bool(owed_after - owed_before) or not owed_before
        dumped = engine.dump(state)
        try:
            if entries or status != game.status or resign_users:
                new_version = await self.storage.record(
                    game.id, game.version, entries, dumped, status=status, result=result,
                    resign_users=list(resign_users), waiting_changed=waiting_changed, meta=journal_after,
                )
            else:
                new_version = game.version
        except StaleVersion as exc:
            raise GameMovedOn("Someone else moved first; the game has moved on. Here is the current panel.") \
                from exc
        if resign_users or new_version == game.version:
            fresh = await self.game(game.id)
        else:
            # The row as just written, without reading it back (the write was version-checked).
            now = time.time()
            fresh = dataclasses.replace(
                game, state=dumped, version=new_version, status=status, result=result, updated_at=now,
                fault=None, waiting_since=now if waiting_changed else game.waiting_since,
                reminded_at=None if waiting_changed else game.reminded_at)
        if fresh.status == "finished" and game.status != "finished":
            await record_result(self.storage, fresh)  # ratings and standings; never fails the move
        outcome = self._outcome(fresh, engine, before, state, applied)
        outcome.newly_waiting = self._users(fresh, sorted(owed_after - owed_before))
        outcome.bots_next = bots_next
        outcome.undo = undo is not None
        outcome.story = story
        outcome.journal = journal_now
        return outcome

    @staticmethod
    def _next_journal(journal: list[Clause], applied: list[Applied], seqs: list[int | None], undo: list[int] | None,
                      *, turn_over: bool) -> tuple[list[Clause], list[Clause]]:
        """The turn journal after this change, and the story to tell now: the whole turn's when the turn
        is over (and the journal starts afresh), else this change's own clauses.

        The journal lives in storage (not in a process's memory), so the story of a turn whose decisions
        went through several processes is still whole; it is written in the move's own transaction.
        """
        if undo is not None:
            # What stays of a turn taken back is told again, whole, when the turn is over once more.
            journal = [dataclasses.replace(c, told=False) for c in journal if c.seq not in set(undo)]
        clauses = [Clause(seq or 0, a.seat, a.user_id, a.origin, a.story, a.closes)
                   for seq, a in zip(seqs, applied, strict=True) if a.origin != UNDO]
        if clauses:
            journal = [c for c in journal if not c.told]  # someone acted on the turn handed on: no undo of it
        journal = journal + clauses
        if not turn_over:
            return journal, clauses
        # A turn handed on by a formality that revealed nothing stays undoable by its mover until another
        # seat acts: its clauses are kept, marked as told.
        last = clauses[-1] if clauses else None
        keep = last is not None and last.origin == FORMALITY and not last.closes
        story = [c for c in journal if not c.told]
        return ([dataclasses.replace(c, told=True) for c in journal] if keep else []), story

    def _outcome(self, game: GameRow, engine: Game, before: State, state: State, applied: list[Applied]) -> Outcome:
        over = game.status in ("finished", "abandoned")
        return Outcome(
            game=game,
            engine=engine,
            state=state,
            before=before,
            applied=applied,
            finished=over,
            waiting_on=[] if over else self._users(game, engine.to_act(state)),
        )

    @staticmethod
    def _result(engine: Game, state: State, *, forfeited: list[int], reason: str) -> dict[str, Any]:
        scores = engine.scores(state)
        ranking = engine.ranking(state)
        # Players who forfeited rank behind everyone who played on.
        ranking = [s for s in ranking if s not in forfeited] + [s for s in ranking if s in forfeited]
        return {"scores": scores, "ranking": ranking, "forfeited": forfeited, "reason": reason}


def _against_bots_only(game: GameRow, user_id: int) -> bool:
    """Whether `user_id` is the only person seated at `game` (every other seat a bot)."""
    return all(is_bot_user(s.user_id) for s in game.seats if s.user_id != user_id)


def _applied(engine: Game, before: State, seat: int, user_id: int | None, origin: str, action: Any,
             after: State) -> Applied:
    """One decision as the log and the turn story keep it: its public label, narration and undo window."""
    try:
        story = engine.narrate(before, seat, action, after)
    except Exception:  # a narrator must never turn an accepted move into an error
        story = engine.public_label(before, action)
    try:
        # A formality (played for the seat) that only hands the turn on leaves its undo open: `reveals`.
        closes = bool((engine.reveals if origin == FORMALITY else engine.closes_undo)(before, seat, action, after))
    except Exception:
        closes = True
    return Applied(seat, user_id, origin, action, engine.public_label(before, action), story, closes)


def _safe_detail(engine: Game, state: State, action: Any) -> str:
    try:
        return engine.detail(state, action)[:100]
    except Exception:
        return ""
