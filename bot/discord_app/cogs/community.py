"""/away, and the community jobs of every sweep: season podiums and daily digests; the once-only notice
to a player whose DMs turned out closed. The logic is in `bot.service.away`, `notify` and `seasons`;
the sending in `bot.discord_app.community`."""

from __future__ import annotations

import logging
import time

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_app.client import YokohamaBot
from bot.discord_app.community import closed_notice, in_background, owe_podiums, send_digests, when_text
from bot.discord_app.outbox import kick
from bot.service import away
from i18n import _, ngettext

log = logging.getLogger(__name__)


class Community(commands.Cog):
    away_group = app_commands.Group(name="away", description="Time away: pause your reminders and stretch "
                                                             "your deadlines in this server.", guild_only=True)

    def __init__(self, bot: YokohamaBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.periodic += [self.season_podiums, self.digests]

    async def cog_unload(self) -> None:
        for job in (self.season_podiums, self.digests):
            if job in self.bot.periodic:
                self.bot.periodic.remove(job)

    async def season_podiums(self) -> None:
        owed = await owe_podiums(self.bot)
        if owed:
            log.info("%d season podium(s) owed", owed)
            kick(self.bot)

    async def digests(self) -> None:
        """Today's digests, sent in the background (never in the sweep's way)."""
        in_background(send_digests(self.bot), name="digests")

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A player whose DMs turned out closed is told once, privately, on their next interaction."""
        if interaction.type not in (discord.InteractionType.application_command, discord.InteractionType.component):
            return
        try:
            await closed_notice(self.bot, interaction)
        except Exception:  # a notice must never disturb the interaction it rides on
            log.exception("closed-DMs notice for %s failed", interaction.user.id)

    @away_group.command(name="start", description="Be away from this server's tables for 1-14 days.")
    @app_commands.describe(days=f"How many days (at most 14 in any {away.WINDOW_DAYS} days; the server may allow "
                                "fewer)")
    async def start(self, interaction: discord.Interaction, days: app_commands.Range[int, 1, away.MAX_DAYS]) -> None:
        now = time.time()
        until = await self.bot.records.go_away(interaction.guild_id, interaction.user.id, days, now)
        left = await self.bot.records.away_days_left(interaction.guild_id or 0, interaction.user.id, now)
        await interaction.response.send_message(
            "💤 " + _("You are away until {when}: no reminders until then, and your deadlines in this server's "
                      "tables stretch by the time you are away. Your tables show it beside your name. `/away end` "
                      "brings you back early.").format(when=when_text(until)) + " "
            + ngettext("After this you have {n} day of time away left in any {window} days.",
                       "After this you have {n} days of time away left in any {window} days.", left).format(
                           n=left, window=away.WINDOW_DAYS), ephemeral=True)

    @away_group.command(name="end", description="Come back early from time away.")
    async def end(self, interaction: discord.Interaction) -> None:
        if await self.bot.records.come_back(interaction.guild_id, interaction.user.id, time.time()):
            text = _("Welcome back! Reminders and deadlines run as usual again (the time you were away still counts).")
        else:
            text = _("You are not away in this server; nothing was changed.")
        await interaction.response.send_message(text, ephemeral=True)


async def setup(bot: YokohamaBot) -> None:
    await bot.add_cog(Community(bot))
