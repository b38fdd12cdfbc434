"""/settings: per-server defaults, for members with the Manage Server permission."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_app.client import YokohamaBot
from bot.service.tables import BOT_GAMES_DEFAULT, BOT_GAMES_SETTING, MIN_WAIT_HOURS

#: Setting key -> (description, default shown when unset)
SERVER_SETTINGS = {
    "reminder_hours": "Hours a table waits before the bot reminds whoever it is waiting on",
    "announce_channel": "Channel where the bot announces daily challenges",
    "threads": "Each table plays in its own thread (lobby and final result stay in the channel)",
    BOT_GAMES_SETTING: "Running games against the bot one person may have here at a time",
}


class ServerSettings(commands.Cog):
    settings = app_commands.Group(
        name="settings", description="Server settings for the Yokohama bot (Manage Server).",
        guild_only=True, default_permissions=discord.Permissions(manage_guild=True),
    )

    def __init__(self, bot: YokohamaBot) -> None:
        self.bot = bot

    @settings.command(name="show", description="Show this server's settings.")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def show(self, interaction: discord.Interaction) -> None:
        guild = interaction.guild_id or 0
        lines = []
        for key, description in SERVER_SETTINGS.items():
            value = await self.bot.storage.get_setting(guild, key)
            if key == "reminder_hours":
                shown = f"{value} h" if value else f"{self.bot.settings.reminder_hours:g} h (default)"
            elif key == "threads":
                shown = "off" if value == "off" else "on" + ("" if value else " (default)")
            elif key == BOT_GAMES_SETTING:
                shown = f"{value}" if value is not None else f"{BOT_GAMES_DEFAULT} (default)"
            else:
                shown = f"<#{value}>" if value else "not set"
            lines.append(f"**{key}** — {description}: {shown}")
        await interaction.response.send_message("\n".join(lines), ephemeral=True)

    @settings.command(name="reminders", description="Default hours before reminders for new tables (0 = never).")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def reminders(self, interaction: discord.Interaction, hours: app_commands.Range[float, 0, 720]) -> None:
        if 0 < hours < MIN_WAIT_HOURS:
            await interaction.response.send_message(
                f"Reminders come after at least {MIN_WAIT_HOURS:g} hour (or 0 for none); nothing was changed.",
                ephemeral=True)
            return
        await self.bot.storage.set_setting(interaction.guild_id or 0, "reminder_hours", f"{hours:g}")
        await interaction.response.send_message(
            f"New tables will remind players after {hours:g} h." if hours else "New tables will not send reminders.",
            ephemeral=True)

    @settings.command(name="announcements", description="Channel for daily-challenge announcements (empty: none).")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def announcements(self, interaction: discord.Interaction,
                            channel: discord.TextChannel | None = None) -> None:
        await self.bot.storage.set_setting(interaction.guild_id or 0, "announce_channel",
                                           str(channel.id) if channel else None)
        await interaction.response.send_message(
            f"Daily challenges will be announced in {channel.mention}." if channel
            else "Daily challenges will not be announced.", ephemeral=True)

    @settings.command(name="threads", description="Play each table in its own thread (default: on).")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def threads(self, interaction: discord.Interaction, on: bool) -> None:
        await self.bot.storage.set_setting(interaction.guild_id or 0, "threads", "on" if on else "off")
        await interaction.response.send_message(
            "New tables will play in their own thread (where the bot may create threads; else in the channel)."
            if on else "New tables will play in their channel.", ephemeral=True)


    @settings.command(name="botgames",
                      description="How many games against the bot one person may run here at a time (0 = none).")
    @app_commands.describe(limit=f"Running games against the bot per person (default {BOT_GAMES_DEFAULT}; 0 = none)")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def botgames(self, interaction: discord.Interaction, limit: app_commands.Range[int, 0, 50]) -> None:
        await self.bot.storage.set_setting(interaction.guild_id or 0, BOT_GAMES_SETTING, str(limit))
        await interaction.response.send_message(
            f"Each person may now run {limit} game{'s' if limit != 1 else ''} against the bot here at a time."
            if limit else "Games against the bot are now off in this server (running ones play on).",
            ephemeral=True)


async def setup(bot: YokohamaBot) -> None:
    await bot.add_cog(ServerSettings(bot))
