"""The bot process: loads the cogs, registers the persistent components, syncs commands,
runs the reminder/deadline sweep, and shuts down without cutting a write in half."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_app import languages
from bot.discord_app.bot_turns import BotTurns
from bot.discord_app.errors import report
from bot.discord_app.games import GAMES
from bot.discord_app.host import Host
from bot.discord_app.observed import install as measure_first_answers
from bot.discord_app.panels.clicks import caller_of, not_your_panel, panel_owner
from bot.discord_app.panels.registry import DYNAMIC_ITEMS
from bot.discord_app.panels.text import NO_MENTIONS_BUT_USERS
from bot.discord_app.panels.turn_post import announce
from bot.discord_app.translator import CatalogueTranslator
from bot.service import Outcome, SweepEvent, TableService
from bot.service.front_end import FrontEndRecords
from bot.service.records import Storage
from bot.service.scope import request_caller
from bot.settings import Settings
from i18n import N_, _, current_locale, resolve

log = logging.getLogger(__name__)

EXTENSIONS = (
    "bot.discord_app.cogs.general",
    "bot.discord_app.cogs.tables",
    "bot.discord_app.cogs.server_settings",
    "bot.discord_app.cogs.rollwrite",
    "bot.discord_app.cogs.daily",
    "bot.discord_app.cogs.standings",
    "bot.discord_app.cogs.admin",
    "bot.discord_app.cogs.community",
    "bot.discord_app.cogs.tournaments",
    "bot.discord_app.cogs.privacy",
)

Periodic = Callable[[], Awaitable[None]]

#: Every game's Discord description (panel notes, announcers, renderer), registered by kind when imported.
GAME_UIS = GAMES

#: What a click that no component of the bot handles is told (instead of Discord's "This interaction failed").
OUT_OF_DATE = N_("This panel is out of date, so nothing was done. Use `/games` to see your games and "
               "`/table panel` for a fresh panel.")
#: How long a shutdown waits for requests in flight before closing the database anyway (each write is
#: all or nothing, so a request cut off here is simply not saved, and its player was not told it was).
DRAIN_SECONDS = 5.0


class ServerScopedTree(app_commands.CommandTree):
    """The command tree; every slash command (and autocomplete) tells the service who asks and from which
    server, so every game number is resolved in the caller's scope (`bot.service.scope`)."""

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        request_caller.set(caller_of(interaction))  # lives as long as this interaction's task
        if interaction.type is discord.InteractionType.autocomplete:
            # Answered at once, without a read: the client's own language.
            current_locale.set(resolve(str(interaction.locale)))
        else:
            await languages.begin(self.client, interaction)
        return True


def _components(items: list[Any]) -> Iterator[Any]:
    """Every component of a message, rows and containers walked through."""
    for item in items:
        yield item
        yield from _components(list(getattr(item, "children", None) or getattr(item, "components", None) or []))


#: The longest one sweep event's post (a reminder, a deadline's turn post) may take.
DELIVER_TIMEOUT_S = 30.0


class YokohamaBot(Host):
    bot_turns: BotTurns
    #: The database this bot closes when it stops (the Discord helpers use `service` and `records`).
    storage: Storage

    def __init__(self, settings: Settings, storage: Storage, service: TableService | None = None,
                 **client_options: Any) -> None:
        # Slash commands and components need no privileged intents.
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default(),
                         help_command=None, allowed_mentions=NO_MENTIONS_BUT_USERS, tree_cls=ServerScopedTree,
                         **client_options)
        self.settings = settings
        self.storage = storage
        self.records = FrontEndRecords(storage)
        self.service = service or TableService(storage, ai_budget_s=settings.ai_budget_s)
        # The AI never holds a click: bot seats play in the background, after the person is answered.
        self.service.bots_inline = False
        self.bot_turns = BotTurns(self)
        #: Extra jobs run on every sweep (cogs add theirs, e.g. daily-challenge announcements).
        self.periodic: list[Periodic] = []
        self._sweeper: asyncio.Task[None] | None = None
        self._shutdown: asyncio.Future[None] | None = None
        self._templates: list[re.Pattern[str]] = []
        # In the context the bot is made in, which its gateway and interaction tasks inherit.
        measure_first_answers()

    async def announce(self, outcome: Outcome, *, mover: int | None = None,
                       replace: discord.Message | None = None) -> None:
        await announce(self, outcome, mover=mover, replace=replace)

    def add_dynamic_items(self, *items: type[discord.ui.DynamicItem[Any]]) -> None:
        super().add_dynamic_items(*items)
        self._templates += [item.__discord_ui_compiled_template__ for item in items]

    async def setup_hook(self) -> None:
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        self.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]
        await self.tree.set_translator(CatalogueTranslator())  # commands in ja, de, fr (`translator`)
        await self.sync_commands()
        self._sweeper = asyncio.create_task(self._sweep_forever(), name="sweep")

    async def sync_commands(self) -> None:
        if self.settings.dev_guild_id:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to guild %s", len(synced), self.settings.dev_guild_id)
        else:
            synced = await self.tree.sync()
            log.info("synced %d global commands (they can take up to an hour to appear)", len(synced))

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await report(interaction, error)

    async def on_ready(self) -> None:
        log.info("logged in as %s in %d servers", self.user, len(self.guilds))

    # ----- the catch-all for clicks nothing else handles --------------------------------------------------
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Answer a component click that no item of the bot will answer.

        discord.py drops a click silently when its custom id matches no registered template, or names a
        component the message does not have; the player would see "This interaction failed". Those get a
        short private answer instead. (Items that do match always answer: see `panels.registry`.)
        """
        if interaction.type is not discord.InteractionType.component or self._is_routed(interaction):
            return
        data: dict[str, Any] = interaction.data or {}  # type: ignore[assignment]
        log.info("unroutable click by %s: custom id %r", interaction.user, str(data.get("custom_id"))[:120])
        owner = panel_owner(interaction)
        await languages.begin(self, interaction)
        answer = not_your_panel(None) if owner is not None and owner != interaction.user.id else _(OUT_OF_DATE)
        with contextlib.suppress(discord.HTTPException):
            await interaction.response.send_message(answer, ephemeral=True)

    def _is_routed(self, interaction: discord.Interaction) -> bool:
        """Whether discord.py will hand this click to one of our components (which then answers it)."""
        data: dict[str, Any] = interaction.data or {}  # type: ignore[assignment]
        custom_id, kind = data.get("custom_id"), data.get("component_type")
        message = interaction.message
        if not isinstance(custom_id, str) or message is None:
            return False
        # A View sent with a message (not one of our dynamic items) handles its own clicks.
        tracked = getattr(getattr(self._connection, "_view_store", None), "_views", {})
        if message.id in tracked:
            return True
        if not any(t.fullmatch(custom_id) for t in self._templates):
            return False
        return any(getattr(c, "custom_id", None) == custom_id and getattr(c.type, "value", None) == kind
                   for c in _components(list(message.components)))

    # ----- reminders and deadlines ------------------------------------------------------------------
    async def _sweep_forever(self) -> None:
        await self.wait_until_ready()
        await self.bot_turns.resume()  # bot turns a stopped process left pending
        await self.report_unreadable()
        while not self.is_closed():
            await self.sweep_once()
            await asyncio.sleep(self.settings.sweep_seconds)

    async def report_unreadable(self) -> list[tuple[int, str]]:
        """Say in the log, at start, which running games cannot be read (they are marked; see check-db)."""
        try:
            bad = await self.service.admin.find_unreadable()
        except Exception:
            log.exception("could not look for unreadable games")
            return []
        for game_id, detail in bad:
            log.warning("game #%s cannot be read (%s); players get a clear refusal, an admin can end it "
                        "with /admin end", game_id, detail)
        if bad:
            log.warning("%d running game(s) cannot be read; run `yokohama-bot check-db` for details", len(bad))
        return bad

    async def sweep_once(self) -> None:
        try:
            events = await self.service.clock.sweep()
        except Exception:
            log.exception("sweep failed")
            events = []
        for event in events:
            try:
                # Bounded: one server's channel that does not answer must not hold every other server's
                # reminders and deadlines (the event's change is saved; only its post is lost).
                await asyncio.wait_for(self.deliver(event), DELIVER_TIMEOUT_S)
            except Exception:
                log.exception("could not deliver %s for game %s", event.kind, event.game.id)
        for job in list(self.periodic):
            try:
                await job()
            except Exception:
                log.exception("periodic job %s failed", getattr(job, "__name__", job))

    async def deliver(self, event: SweepEvent) -> None:
        if event.kind in ("deadline", "bot") and event.outcome is not None:
            await announce(self, event.outcome)
            if event.outcome.bots_owe:
                self.bot_turns.start(event.game.id)
            return
        from bot.discord_app.reminders import deliver_reminder

        # Each player as they chose (`/settings me notify:`): a mention, a DM, both, or nothing.
        await deliver_reminder(self, event.game, event.users)

    async def close(self) -> None:
        """Stop everything, once, to the end: whoever calls close (a signal, `async with`, a test) waits
        for the same shutdown, and a caller that is cancelled does not cut it short (`shield`)."""
        if self._shutdown is None:
            self._shutdown = asyncio.ensure_future(self._close_everything())
        await asyncio.shield(self._shutdown)

    async def _close_everything(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
        await super().close()  # no new interactions arrive after this
        for task in list(self.bot_turns.tasks.values()):
            task.cancel()  # a bot turn not yet written is played again at the next start
        if not await self.service.gate.drain(DRAIN_SECONDS):
            log.warning("requests still running after %.0f s; closing anyway (each write is all or nothing)",
                        DRAIN_SECONDS)
        await self.storage.close()


class ShardedYokohamaBot(YokohamaBot, commands.AutoShardedBot):
    """The bot for shards `SHARD_IDS` of `SHARD_COUNT` (Discord requires sharding past 2,500 servers).

    Several such processes, each with its own shards, share one PostgreSQL database; whatever must
    happen once (reminders, deadlines, announcements) is claimed in the database, not in memory.
    """

    def __init__(self, settings: Settings, storage: Storage, service: TableService | None = None) -> None:
        super().__init__(settings, storage, service, shard_count=settings.shard_count,
                         shard_ids=list(settings.shard_ids) if settings.shard_ids is not None else None)


def make_bot(settings: Settings, storage: Storage) -> YokohamaBot:
    """The bot this process runs: sharded when SHARD_COUNT is set, else one connection for everything."""
    if settings.shard_count is None:
        return YokohamaBot(settings, storage)
    return ShardedYokohamaBot(settings, storage)
