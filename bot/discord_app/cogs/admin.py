"""/admin: what a server admin (Manage Server) can do about a stuck or abandoned game."""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_app import languages
from bot.discord_app.client import YokohamaBot
from bot.discord_app.cogs.tables import post_in_game_channel
from bot.discord_app.panels.lobby import close_lobby
from bot.discord_app.panels.text import mention
from bot.discord_app.panels.turn_post import announce
from bot.service.records import is_bot_user
from i18n import _

log = logging.getLogger(__name__)


class Admin(commands.Cog):
    admin = app_commands.Group(
        name="admin", description="Look after this server's games (Manage Server).",
        guild_only=True, default_permissions=discord.Permissions(manage_guild=True),
    )

    def __init__(self, bot: YokohamaBot) -> None:
        self.bot = bot

    @admin.command(name="end", description="End a stuck or abandoned game of this server (nobody wins).")
    @app_commands.describe(game="Game number", reason="Why (shown in the game's channel)")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def end(self, interaction: discord.Interaction, game: int,
                  reason: app_commands.Range[str, 0, 200] = "") -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        row = await self.bot.service.admin.end_game(game, interaction.user.id, reason)
        log.warning("admin %s (%s) ended game %s in server %s", interaction.user, interaction.user.id, row.id,
                    interaction.guild_id)
        players = [s.user_id for s in row.seats if not is_bot_user(s.user_id)]
        said = reason.strip().rstrip(".!?")
        async with languages.public(self.bot, row.guild_id):  # a post to the table: the server's language
            text = ("🛑 " + (_("Game **#{game}** was ended by **{admin}**, a server admin: {reason}.") if said
                            else _("Game **#{game}** was ended by **{admin}**, a server admin.")).format(
                game=row.id, admin=interaction.user.display_name, reason=said)
                    + " " + _("Nobody wins it.") + " " + ", ".join(mention(u) for u in players))
        await post_in_game_channel(self.bot, row, text, ping=players)
        await close_lobby(self.bot, row)  # its lobby message loses Join and Start
        await interaction.followup.send(
            _("Game #{game} is ended; its players were told in {channel}.").format(
                game=row.id, channel=f"<#{row.channel_id}>") if row.channel_id
            else _("Game #{game} is ended.").format(game=row.id), ephemeral=True)

    @admin.command(name="retry", description="Let a stuck bot seat of this server's table try its turn again.")
    @app_commands.describe(game="Game number")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def retry(self, interaction: discord.Interaction, game: int) -> None:
        """After "the bot could not move" (its AI and the fallback both failed), try again once the cause is
        fixed; the game is a table of this server (the scoped lookup), or "no such game"."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        outcome = await self.bot.service.admin.retry_bot(game, interaction.user.id)
        log.warning("admin %s (%s) retried the bot of game %s in server %s", interaction.user, interaction.user.id,
                    game, interaction.guild_id)
        if outcome.bots_stuck:
            await interaction.followup.send(_("The bot still cannot move in game #{game}; the log has the detail. "
                                              "You can end the game with `/admin end`.").format(game=game),
                                            ephemeral=True)
        else:
            await interaction.followup.send(_("The bot moved in game #{game}.").format(game=game), ephemeral=True)
        await announce(self.bot, outcome)
        if outcome.bots_owe:
            self.bot.bot_turns.start(outcome.game.id)


async def setup(bot: YokohamaBot) -> None:
    await bot.add_cog(Admin(bot))
