"""The lobby of a table: create it, join and leave it, seat and unseat the bot, start it.

Every lobby change is a compare-and-set on the lobby's version, like a move: a change that loses to
another (a join against the start) reads the lobby again and is checked anew. The server's limit on
games against bots only is checked here, before such a game starts.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from bot.service import arguments as check
from bot.service.errors import BadRequest, GameClosed, GameMovedOn, NotSeated, ServiceError
from bot.service.games import Games
from bot.service.gate import operation
from bot.service.moves import Moves
from bot.service.outcomes import Outcome
from bot.service.table_rules import (
    BOT_GAMES_DEFAULT,
    BOT_GAMES_SETTING,
    BOT_LEVEL,
    DEADLINE_ACTIONS,
    MAX_WAIT_HOURS,
    MIN_WAIT_HOURS,
    check_bot_level,
    default_table_rules,
)
from bot.storage import AlreadyExists, GameRow, StaleVersion, TableFull, is_bot_user
from engine.core import Game, IllegalAction, Rng, State, get_game, mix_seed
from i18n import _, ngettext

#: How the game modes are named in storage.
MODES = ("table", "solo", "daily")
#: How often a lobby change is read and tried again when other lobby changes keep landing first.
LOBBY_TRIES = 12


class Lobby:
    def __init__(self, games: Games, moves: Moves) -> None:
        self.games = games
        self.moves = moves
        self.gate = games.gate

    @operation
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
            if key not in rules and key != BOT_LEVEL:
                raise ServiceError(_("Unknown table rule '{key}'.").format(key=key))
            rules[key] = value
        if BOT_LEVEL in rules:
            check_bot_level(engine, rules[BOT_LEVEL])
        if not isinstance(rules["deadline_action"], str) or rules["deadline_action"] not in DEADLINE_ACTIONS:
            raise ServiceError(_("The deadline action must be one of: {actions}.")
                                 .format(actions=", ".join(DEADLINE_ACTIONS)))
        for key, what in (("deadline_hours", "deadline"), ("reminder_hours", "reminder time")):
            hours = rules[key]
            if not isinstance(hours, bool) and isinstance(hours, int | float) and hours < 0:
                raise ServiceError(_("Reminder and deadline times cannot be negative."))
            hours = check.number(hours, f"{what} in hours", low=0, high=MAX_WAIT_HOURS)
            if 0 < hours < MIN_WAIT_HOURS:
                raise BadRequest((_("The deadline must be at least {least} hour (or 0 for none); {hours} h is too "
                                    "short to play.") if what == "deadline" else
                                  _("The reminder time must be at least {least} hour (or 0 for none); {hours} h is "
                                    "too short to play.")).format(least=f"{MIN_WAIT_HOURS:g}", hours=f"{hours:g}"))
            rules[key] = hours
        # The rules a game starts under: check-db tells a game begun before a rule fix from corruption.
        rules["engine_schema"] = engine.schema_version
        if mode == "table" and guild_id is not None and channel_id is not None:
            open_here = await self.games.storage.list_games(
                channel_id=channel_id, statuses=("lobby",), kind=kind, mode="table"
            )
            if any(g.creator_id == creator_id for g in open_here):
                raise ServiceError(
                    _("You already have a {game} table waiting for players in this channel (#{table}); start it or "
                      "leave it first.").format(game=engine.title, table=open_here[0].id)
                )
        try:
            game_id = await self.games.storage.create_game(
                kind=kind,
                mode=mode,
                guild_id=guild_id,
                channel_id=channel_id,
                creator_id=creator_id,
                seed=self.games.new_seed() if seed is None else seed,
                options=options or {},
                table_rules=rules,
                daily_date=daily_date,
            )
        except AlreadyExists as exc:
            raise ServiceError(_("You already have that game.")) from exc
        return await self.games.game(game_id)

    async def _change(self, game_id: int, change: Callable[[GameRow], Awaitable[None]]) -> GameRow:
        """Apply one lobby change as a compare-and-set on the lobby's version, re-reading and re-checking
        the lobby each time another change (a join, a leave, the start) lands first.

        `change` checks the lobby as read (raising the service's refusal) and writes with that lobby's
        version; a StaleVersion means the lobby moved: it is read again, so a join that lost to the start
        is refused by `change` itself ("started without you"), never told it joined.
        """
        for _attempt in range(LOBBY_TRIES):
            game = await self.games.game(game_id)
            try:
                await change(game)
            except StaleVersion:
                continue
            return await self.games.game(game_id)
        raise GameMovedOn(_("Table #{table} is changing very fast just now; nothing was changed. Try again.")
                            .format(table=game_id))

    @operation
    async def join(self, game_id: int, user_id: int) -> GameRow:
        user_id = check.whole(user_id, "player id", low=1)

        async def change(game: GameRow) -> None:
            if game.mode != "table":
                raise ServiceError(_("That is a private game."))
            if game.is_seated(user_id):  # before the capacity check: a seated player at a full table is seated
                raise ServiceError(_("You are already seated at table #{table}.").format(table=game_id))
            if game.status != "lobby":
                raise GameClosed(_("Game #{game} has already started without you; you can no longer join it.")
                                   .format(game=game_id))
            max_players = get_game(game.kind).max_players
            try:
                await self.games.storage.add_seat(game_id, user_id, max_seats=max_players,
                                                  expected_version=game.version)
            except AlreadyExists as exc:
                raise ServiceError(_("You are already seated in game #{game}.").format(game=game_id)) from exc
            except TableFull as exc:
                raise ServiceError(_("Game #{game} is full ({n} players).")
                                     .format(game=game_id, n=max_players)) from exc

        return await self._change(game_id, change)

    @operation
    async def leave(self, game_id: int, user_id: int) -> GameRow:
        user_id = check.whole(user_id, "player id", low=1)

        async def change(game: GameRow) -> None:
            if not game.is_seated(user_id):
                raise NotSeated(_("You are not seated in game #{game}.").format(game=game_id))
            if game.status != "lobby":
                raise GameClosed(_("The game has started; use resign to give up your seat."))
            gone = [user_id]
            if all(is_bot_user(s.user_id) for s in game.seats if s.user_id != user_id):
                gone += game.bot_users()  # nobody is left to play against the bots: close the table
            await self.games.storage.remove_seats(game_id, gone, expected_version=game.version)

        return await self._change(game_id, change)

    @operation
    async def add_bot(self, game_id: int, user_id: int, *, shown_bots: int | None = None) -> GameRow:
        """A seated player seats the AI in the lobby (one more bot seat, up to the table's size). With
        `shown_bots`, the number of bots the clicked lobby showed, the click asks for bot number
        `shown_bots + 1`: two clicks on the same lobby (two players at once, or a double click) seat one bot."""
        user_id = check.whole(user_id, "player id", low=1)
        if shown_bots is not None:
            shown_bots = check.whole(shown_bots, "number of bots", low=0, high=16)

        async def change(game: GameRow) -> None:
            if shown_bots is not None and len(game.bot_users()) > shown_bots and game.status == "lobby":
                return  # the bot this click asked for is seated already
            if game.mode != "table":
                raise ServiceError(_("That is a private game."))
            if game.status != "lobby":
                raise GameClosed(_("Game #{game} has already started; the bot can no longer join it.")
                                   .format(game=game_id))
            if not game.is_seated(user_id):
                raise NotSeated(_("Only a seated player can add the bot to table #{table}.").format(table=game_id))
            max_players = get_game(game.kind).max_players
            taken = set(game.bot_users())
            bot = next(b for b in range(-1, -max_players - 2, -1) if b not in taken)
            try:
                await self.games.storage.add_seat(game_id, bot, max_seats=max_players, expected_version=game.version)
            except (TableFull, AlreadyExists) as exc:
                raise ServiceError(_("Game #{game} is full ({n} players).")
                                     .format(game=game_id, n=max_players)) from exc

        return await self._change(game_id, change)

    @operation
    async def remove_bot(self, game_id: int, user_id: int) -> GameRow:
        """A seated player takes the last bot added off the table (lobby only)."""
        user_id = check.whole(user_id, "player id", low=1)

        async def change(game: GameRow) -> None:
            if not game.is_seated(user_id):
                raise NotSeated(_("Only a seated player can remove the bot from table #{table}.")
                                .format(table=game_id))
            if game.status != "lobby":
                raise GameClosed(_("The game has started; the bot plays it to the end."))
            bots = game.bot_users()
            if not bots:
                raise ServiceError(_("The bot is not seated at table #{table}.").format(table=game_id))
            await self.games.storage.remove_seats(game_id, [bots[-1]], expected_version=game.version)

        return await self._change(game_id, change)

    @operation
    async def start(self, game_id: int, user_id: int) -> Outcome:
        """Start the lobby with everyone seated in it. A join landing between the read and the write makes
        the write stale: the lobby is read again and started with that player too (`_change`)."""
        user_id = check.whole(user_id, "player id", low=1)
        started: list[tuple[Game, State]] = []

        async def change(game: GameRow) -> None:
            engine = get_game(game.kind)
            if game.status != "lobby":
                raise GameClosed(_("Game #{game} has already started.").format(game=game_id))
            if not game.is_seated(user_id):
                raise NotSeated(_("Only a seated player can start game #{game}.").format(game=game_id))
            people = [s.user_id for s in game.seats if not is_bot_user(s.user_id)]
            if game.bot_users() and len(people) == 1:
                await self.check_bot_games(people[0], game.guild_id)
            players = len(game.seats)
            if players < engine.min_players:
                raise ServiceError(
                    ngettext("{game} needs at least {least} players; {n} seated so far.",
                             "{game} needs at least {least} players; {n} seated so far.", players)
                             .format(game=engine.title, least=engine.min_players, n=players)
                )
            joined = [s.user_id for s in sorted(game.seats, key=lambda s: s.joined_at)]
            order = Rng(mix_seed(game.seed, "seats")).shuffled(joined)
            try:
                state = engine.new(players, game.seed, game.options)
            except IllegalAction as exc:
                raise ServiceError(exc.message) from exc
            await self.games.storage.start_game(game_id, order, engine.dump(state), expected_version=game.version)
            started[:] = [(engine, state)]

        game = await self._change(game_id, change)
        [(engine, state)] = started
        # A game can open with decisions for a seat that is bot-played (none today), or end at once.
        return await self.moves.after(game, engine, state, state, [], resign_users=(), force_write=False)

    # ----- games against the bot only --------------------------------------------------------------------
    async def bot_game_limit(self, guild_id: int | None) -> int:
        """The server's limit on running games against bots per person (`BOT_GAMES_SETTING`)."""
        stored = await self.games.storage.get_setting(guild_id, BOT_GAMES_SETTING) if guild_id is not None else None
        try:
            return max(0, int(stored)) if stored is not None else BOT_GAMES_DEFAULT
        except ValueError:
            return BOT_GAMES_DEFAULT

    async def bot_games_of(self, user_id: int, guild_id: int | None) -> list[int]:
        """The running games of `user_id` in this server in which every other seat is a bot."""
        games = await self.games.storage.list_games(user_id=user_id, guild_id=guild_id, statuses=("active",))
        return [g.id for g in games if g.bot_seats() and against_bots_only(g, user_id)]

    async def check_bot_games(self, user_id: int, guild_id: int | None) -> None:
        """Refuse a new game against bots only when `user_id` already has the server's limit of them."""
        user_id = check.whole(user_id, "player id", low=1)
        limit = await self.bot_game_limit(guild_id)
        running = await self.bot_games_of(user_id, guild_id)
        if len(running) < limit:
            return
        if limit == 0:
            raise ServiceError(_("This server does not host games against the bot (a server admin can allow them "
                                 "with `/settings botgames`). Invite people to a table instead."))
        listed = ", ".join(f"#{g}" for g in running[:10])
        raise ServiceError(
            ngettext("You already have {n} running game against the bot in this server ({listed}); this server "
                     "allows {limit} at a time. Finish one, or give it up with `/table resign`, before you start "
                     "another. Nothing was started.",
                     "You already have {n} running games against the bot in this server ({listed}); this server "
                     "allows {limit} at a time. Finish one, or give it up with `/table resign`, before you start "
                     "another. Nothing was started.", len(running)).format(n=len(running), listed=listed, limit=limit))


def against_bots_only(game: GameRow, user_id: int) -> bool:
    """Whether `user_id` is the only person seated at `game` (every other seat a bot)."""
    return all(is_bot_user(s.user_id) for s in game.seats if s.user_id != user_id)
