"""Where a game's posts go: its thread or channel (none for a game against bots that plays privately),
and the thread a table opens under its lobby message.
"""

from __future__ import annotations

import logging

import discord

from bot.discord_app.host import Host
from bot.discord_app.panels.clicks import bot_of
from bot.discord_app.panels.text import clip
from bot.service.records import GameRow, is_bot_user
from engine.core import get_game

log = logging.getLogger(__name__)


async def channel_by_id(bot: Host, channel_id: int) -> discord.abc.Messageable | None:
    channel = bot.get_channel(channel_id)
    if channel is None:
        try:
            channel = await bot.fetch_channel(channel_id)
        except discord.HTTPException:
            log.warning("channel %s is gone", channel_id)
            return None
    return channel  # type: ignore[return-value]


async def is_private(bot: Host, game: GameRow) -> bool:
    """Whether a table against bots plays privately (where it could not have a thread): its turns are told on
    its person's panel (or by direct message when no panel is open), never in the channel."""
    return game.mode == "table" and bool(game.bot_seats()) and await bot.records.plays_privately(game.id)


def against_bots_only(game: GameRow) -> bool:
    """One person at the table, bots in every other seat."""
    return bool(game.bot_seats()) and sum(1 for s in game.seats if not is_bot_user(s.user_id)) == 1


async def game_channel(bot: Host, game: GameRow, *, lobby: bool = False,
                       private: bool | None = None) -> discord.abc.Messageable | None:
    """Where a game's posts go: its own thread if it has one (turns), else its channel (and always the
    channel for the lobby and the final result, `lobby=True`, except for a tournament's table). None for a game
    against bots that plays privately (`is_private`; `private` when the caller has just asked): nothing of it
    goes to the channel."""
    if private if private is not None else await is_private(bot, game):
        return None
    # A tournament's table has no lobby and ends in its own thread: the tournament's channel keeps only its
    # sign-up and its final podium.
    if not lobby or game.table_rules.get("tournament"):
        thread = await bot.records.thread_of(game.id)
        if thread:
            found = await channel_by_id(bot, thread)
            if found is not None:
                return found
    return await channel_by_id(bot, game.channel_id) if game.channel_id is not None else None


async def threads_wanted(bot: Host, guild_id: int | None) -> bool:
    """The server's `threads` setting: a thread per table, on unless an admin turned it off."""
    if guild_id is None:
        return False
    return (await bot.records.setting(guild_id, "threads") or "on") != "off"


async def open_thread(interaction: discord.Interaction, game: GameRow,
                      message: discord.Message | None = None) -> discord.Thread | None:
    """A thread for the game under its lobby message (or `message`), when the server wants it and the bot may;
    else None."""
    bot = bot_of(interaction)
    message = message or interaction.message
    perms = interaction.app_permissions
    if (message is None or not isinstance(interaction.channel, discord.TextChannel)
            or not (perms.create_public_threads and perms.send_messages_in_threads)
            or not await threads_wanted(bot, interaction.guild_id)):
        return None
    engine = get_game(game.kind)
    try:
        thread = await message.create_thread(name=clip(f"{engine.title} #{game.id}", 100),
                                             auto_archive_duration=10080)
    except discord.HTTPException:
        log.info("could not open a thread for game %s; playing in the channel", game.id, exc_info=True)
        return None
    await bot.records.set_thread(game.id, thread.id)
    return thread
