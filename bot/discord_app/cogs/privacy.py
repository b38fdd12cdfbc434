"""/privacy: a player sees everything the bot keeps about them, or has it forgotten; a server admin has a
departed member forgotten in that server. The logic is in `bot.service.privacy`; docs/privacy.md says what
is kept, why and for how long."""

from __future__ import annotations

import gzip
import io
import logging
from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_app.client import YokohamaBot
from bot.discord_app.panels.lobby import close_lobby
from bot.discord_app.panels.turn_post import announce
from bot.service import ServiceError
from bot.service.privacy import Forgotten, Privacy
from i18n import _, ngettext

log = logging.getLogger(__name__)

#: Discord's smallest upload limit (a server without boosts); a bigger export is sent compressed.
UPLOAD_LIMIT = 8 * 1024 * 1024


class PrivacyCog(commands.Cog):
    privacy = app_commands.Group(name="privacy", description="What the bot keeps about you: see it, or have it "
                                                             "forgotten.")

    def __init__(self, bot: YokohamaBot) -> None:
        self.bot = bot
        self.service = Privacy(bot.service)

    @privacy.command(name="show", description="Get, privately, a file of everything the bot keeps about you.")
    async def show(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        data = await self.service.export_json(interaction.user.id)
        name = f"yokohama-data-{interaction.user.id}.json"
        if len(data) > UPLOAD_LIMIT:
            data, name = gzip.compress(data), name + ".gz"
        await interaction.followup.send(
            _("Here is everything the bot keeps about you: your games and daily attempts, your moves, results, "
              "ratings, settings and tournament entries. `/privacy forget` removes it from you (see "
              "docs/privacy.md for what stays, anonymous, and why)."),
            file=discord.File(io.BytesIO(data), filename=name,
                              description=_("A JSON file of everything the bot keeps about you.")), ephemeral=True)

    @privacy.command(name="forget", description="Remove your settings and your name from every game the bot keeps.")
    @app_commands.describe(confirm="Type yes: this cannot be undone")
    async def forget(self, interaction: discord.Interaction, confirm: Literal["yes"]) -> None:
        if confirm != "yes":
            raise ServiceError(_("Nothing was changed: confirm with `yes`."))
        await interaction.response.defer(ephemeral=True, thinking=True)
        done = await self.service.forget(interaction.user.id)
        await self._tell_tables(done)
        await interaction.followup.send(
            _("Done: your settings are deleted, and in every game you played your seat is now an anonymous "
              "player, so the others' games and ratings stay whole.")
            + (" " + ngettext("You left {n} open game first; the bot or the others play on.",
                              "You left {n} open games first; the bot or the others play on.",
                              len(done.left)).format(n=len(done.left)) if done.left else "")
            + " " + _("If you play again, you start afresh."), ephemeral=True)

    @privacy.command(name="forget-member",
                     description="Forget a member who left this server, in this server's games (Manage Server).")
    @app_commands.describe(member="The member who left (their id works too)", confirm="Type yes: this cannot be undone")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def forget_member(self, interaction: discord.Interaction, member: discord.User,
                            confirm: Literal["yes"]) -> None:
        guild = interaction.guild
        if guild is None:
            raise ServiceError(_("This works in a server, for a member who left it."))
        if confirm != "yes":
            raise ServiceError(_("Nothing was changed: confirm with `yes`."))
        if isinstance(member, discord.Member) or await _still_member(guild, member.id):
            raise ServiceError(_("{member} is still a member of this server: they can use `/privacy forget` "
                                 "themselves.").format(member=member.mention))
        await interaction.response.defer(ephemeral=True, thinking=True)
        done = await self.service.forget(member.id, guild_id=guild.id)
        log.warning("admin %s forgot a departed member in server %s", interaction.user.id, guild.id)
        await self._tell_tables(done)
        await interaction.followup.send(
            (ngettext("Done: in this server's games, ratings, seasons and tournaments that member is now an "
                      "anonymous player; {n} open game they sat in goes on without them.",
                      "Done: in this server's games, ratings, seasons and tournaments that member is now an "
                      "anonymous player; {n} open games they sat in go on without them.",
                      len(done.left)).format(n=len(done.left)) if done.left else
             _("Done: in this server's games, ratings, seasons and tournaments that member is now an anonymous "
               "player.")),
            ephemeral=True)

    async def _tell_tables(self, done: Forgotten) -> None:
        """Post what leaving did (a resignation, a lobby seat freed) where the games are played."""
        for outcome in done.outcomes:
            try:
                if outcome.state is None:  # a lobby left; one left with nobody but bots is closed
                    if outcome.game.status != "lobby":
                        await close_lobby(self.bot, outcome.game)
                    continue
                await announce(self.bot, outcome)
                if outcome.bots_owe:
                    self.bot.bot_turns.start(outcome.game.id)
            except Exception:  # the forgetting is done; a post that fails must not undo the answer
                log.exception("could not post a resignation of game %s", outcome.game.id)


async def _still_member(guild: discord.Guild, user_id: int) -> bool:
    if guild.get_member(user_id) is not None:
        return True
    try:
        await guild.fetch_member(user_id)
    except discord.NotFound:
        return False
    return True


async def setup(bot: YokohamaBot) -> None:
    await bot.add_cog(PrivacyCog(bot))
