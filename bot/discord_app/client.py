"""The bot process: loads the cogs, registers the persistent components, syncs commands,
runs the reminder/deadline sweep, and shuts down without cutting a write in half."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_app.errors import report
from bot.discord_app.panels import DYNAMIC_ITEMS, NO_MENTIONS_BUT_USERS, announce, game_channel, mention
from bot.service import SweepEvent, TableService
from bot.settings import Settings
from bot.storage import Storage

log = logging.getLogger(__name__)

EXTENSIONS = (
    "bot.discord_app.cogs.general",
    "bot.discord_app.cogs.tables",
    "bot.discord_app.cogs.server_settings",
    "bot.discord_app.cogs.rollwrite",
    "bot.discord_app.cogs.daily",
    "bot.discord_app.cogs.standings",
)

Periodic = Callable[[], Awaitable[None]]


class YokohamaBot(commands.Bot):
    def __init__(self, settings: Settings, storage: Storage, service: TableService | None = None,
                 **client_options: Any) -> None:
        # Slash commands and components need no privileged intents.
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default(),
                         help_command=None, allowed_mentions=NO_MENTIONS_BUT_USERS, **client_options)
        self.settings = settings
        self.storage = storage
        self.service = service or TableService(storage)
        #: Extra jobs run on every sweep (cogs add theirs, e.g. daily-challenge announcements).
        self.periodic: list[Periodic] = []
        self._sweeper: asyncio.Task[None] | None = None

    async def setup_hook(self) -> None:
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        self.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]
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

    # ----- reminders and deadlines ------------------------------------------------------------------
    async def _sweep_forever(self) -> None:
        await self.wait_until_ready()
        while not self.is_closed():
            await self.sweep_once()
            await asyncio.sleep(self.settings.sweep_seconds)

    async def sweep_once(self) -> None:
        try:
            events = await self.service.sweep()
        except Exception:
            log.exception("sweep failed")
            events = []
        for event in events:
            try:
                await self.deliver(event)
            except Exception:
                log.exception("could not deliver %s for game %s", event.kind, event.game.id)
        for job in list(self.periodic):
            try:
                await job()
            except Exception:
                log.exception("periodic job %s failed", getattr(job, "__name__", job))

    async def deliver(self, event: SweepEvent) -> None:
        if event.kind == "deadline" and event.outcome is not None:
            await announce(self, event.outcome)
            return
        game = event.game
        text = (f"⏰ Reminder: **#{game.id}** is waiting on " + ", ".join(mention(u) for u in event.users)
                + ". Open your panel with `/table panel` or the button on the last game message.")
        if game.mode == "table" and game.channel_id is not None:
            channel = await game_channel(self, game)  # the table's thread, else its channel
            if channel is not None:
                await channel.send(text)
                return
        for user_id in event.users:  # private games: remind by direct message
            with contextlib.suppress(discord.HTTPException):
                user = self.get_user(user_id) or await self.fetch_user(user_id)
                await user.send(text)

    async def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
        await super().close()  # no new interactions arrive after this
        if not await self.service.drain():
            log.warning("requests still running after the wait; closing anyway (each write is all or nothing)")
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
