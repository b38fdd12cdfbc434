"""/settings: per-server defaults (Manage Server permission), and `/settings me`, each player's own notifications."""

from __future__ import annotations

import time

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_app.client import YokohamaBot
from bot.service import away, seasons
from bot.service import notify as notify_service
from bot.service.table_rules import BOT_GAMES_DEFAULT, BOT_GAMES_SETTING, MIN_WAIT_HOURS
from bot.service.words import plural

#: Setting key -> (description, default shown when unset)
SERVER_SETTINGS = {
    "reminder_hours": "Hours a table waits before the bot reminds whoever it is waiting on",
    "announce_channel": "Channel where the bot announces daily challenges",
    "threads": "Each table plays in its own thread (lobby and final result stay in the channel)",
    seasons.LENGTH_KEY: "Rating seasons: a month or a quarter (the podium is posted when one ends)",
    seasons.CHANNEL_KEY: "Channel for the season podium",
    away.CAP_KEY: f"The most days a player may be away (/away) in any {away.WINDOW_DAYS} days",
    BOT_GAMES_SETTING: "Running games against the bot one person may have here at a time",
}


class ServerSettings(commands.Cog):
    # Everyone sees the group (`/settings me` is each player's own); every server setting keeps its
    # Manage Server check.
    settings = app_commands.Group(
        name="settings", description="Your notifications (/settings me) and the server's settings (Manage Server).",
        guild_only=True,
    )

    def __init__(self, bot: YokohamaBot) -> None:
        self.bot = bot

    @settings.command(name="show", description="Show this server's settings (anyone may look).")
    async def show(self, interaction: discord.Interaction) -> None:
        guild = interaction.guild_id or 0
        lines = []
        for key, description in SERVER_SETTINGS.items():
            value = await self.bot.records.setting(guild, key)
            if key == "reminder_hours":
                shown = f"{value} h" if value else f"{self.bot.settings.reminder_hours:g} h (default)"
            elif key == "threads":
                shown = "off" if value == "off" else "on" + ("" if value else " (default)")
            elif key == seasons.LENGTH_KEY:
                shown = value or "none (all-time ratings only)"
            elif key == away.CAP_KEY:
                shown = plural(int(value), "day") if value else f"{away.MAX_DAYS} days (default)"
            elif key == seasons.CHANNEL_KEY:
                channel, why = await self.bot.records.podium_channel(guild)
                shown = f"<#{value}>" if value else (
                    f"not set: the podium goes to {why}" + (f" (<#{channel}>)" if channel else ""))
            elif key == BOT_GAMES_SETTING:
                shown = f"{value}" if value is not None else f"{BOT_GAMES_DEFAULT} (default)"
            else:
                shown = f"<#{value}>" if value else "not set"
            lines.append(f"**{key}** — {description}: {shown}")
        lines.append("Members with the Manage Server permission change these with the other `/settings` commands.")
        await interaction.response.send_message("\n".join(lines), ephemeral=True,
                                                allowed_mentions=discord.AllowedMentions.none())

    @settings.command(name="reminders", description="Default hours before reminders for new tables (0 = never).")
    @app_commands.describe(hours="Hours a new table waits before reminding whoever it waits on (0 = never)")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def reminders(self, interaction: discord.Interaction, hours: app_commands.Range[float, 0, 720]) -> None:
        if 0 < hours < MIN_WAIT_HOURS:
            await interaction.response.send_message(
                f"Reminders come after at least {MIN_WAIT_HOURS:g} hour (or 0 for none); nothing was changed.",
                ephemeral=True)
            return
        await self.bot.records.set_setting(interaction.guild_id or 0, "reminder_hours", f"{hours:g}")
        await interaction.response.send_message(
            f"New tables will remind players after {hours:g} h." if hours else "New tables will not send reminders.",
            ephemeral=True)

    @settings.command(name="announcements", description="Channel for daily-challenge announcements (empty: none).")
    @app_commands.describe(channel="Where daily challenges (and, without a season channel, season podiums) go")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def announcements(self, interaction: discord.Interaction,
                            channel: discord.TextChannel | None = None) -> None:
        await self.bot.records.set_setting(interaction.guild_id or 0, "announce_channel",
                                           str(channel.id) if channel else None)
        await interaction.response.send_message(
            f"Daily challenges will be announced in {channel.mention}." if channel
            else "Daily challenges will not be announced.", ephemeral=True)

    @settings.command(name="threads", description="Play each table in its own thread (default: on).")
    @app_commands.describe(on="True: each new table gets its own thread; False: tables play in the channel")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def threads(self, interaction: discord.Interaction, on: bool) -> None:
        await self.bot.records.set_setting(interaction.guild_id or 0, "threads", "on" if on else "off")
        await interaction.response.send_message(
            "New tables will play in their own thread (where the bot may create threads; else in the channel)."
            if on else "New tables will play in their channel.", ephemeral=True)

    @settings.command(name="seasons", description="Rating seasons: a month or a quarter, or none.")
    @app_commands.describe(length="How long a season lasts (none: all-time ratings only)",
                           channel="Where the podium is posted (default: the announcements channel, else where "
                                   "the tables are played)")
    @app_commands.choices(length=[app_commands.Choice(name=n, value=n) for n in (*seasons.LENGTHS, "none")])
    @app_commands.checks.has_permissions(manage_guild=True)
    async def season_length(self, interaction: discord.Interaction, length: str,
                            channel: discord.TextChannel | None = None) -> None:
        guild = interaction.guild_id or 0
        await interaction.response.defer(ephemeral=True, thinking=True)  # re-cutting the seasons takes a moment
        await self.bot.records.set_season_length(guild, None if length == "none" else length, time.time())
        if channel is not None:
            await self.bot.records.set_setting(guild, seasons.CHANNEL_KEY, str(channel.id))
        if length == "none":
            text = "Rating seasons are off: `/standings` shows all-time ratings."
        else:
            current = seasons.season_of(length, time.time())
            where, why = await self.bot.records.podium_channel(guild)
            text = (f"Rating seasons last a {length}; the current one is **{seasons.title(current)}**. "
                    "`/standings` shows it by default (`season:all` for all time); its podium is posted when it "
                    "ends " + (f"in {channel.mention}." if channel else
                               f"in {why} (<#{where}>) unless you pick a channel." if where else
                               "in the channel of this server's latest table; no table has been played yet, so pick "
                               "a channel with `/settings seasons channel:` to be sure."))
        await interaction.followup.send(text, ephemeral=True)

    @settings.command(name="away", description=f"The most days a player may be away in any {away.WINDOW_DAYS} "
                                               "days (1-14).")
    @app_commands.describe(days=f"Days away a player may take in any {away.WINDOW_DAYS} days, however split (1-14)")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def away_cap(self, interaction: discord.Interaction, days: app_commands.Range[int, 1, away.MAX_DAYS]) -> None:
        await self.bot.records.set_away_cap(interaction.guild_id or 0, days)
        await interaction.response.send_message(
            f"Players may be away for at most {plural(days, 'day')} in any {away.WINDOW_DAYS} days, however they "
            "split it.", ephemeral=True)

    @settings.command(name="me", description="How you hear that a game waits on you (yours only).")
    @app_commands.describe(notify="mention: a ping in the game's thread; dm: a direct message; both; none")
    @app_commands.choices(notify=[app_commands.Choice(name=m, value=m) for m in notify_service.MODES])
    async def me(self, interaction: discord.Interaction, notify: str) -> None:
        await self.bot.records.set_notify_mode(interaction.user.id, notify)
        text = {
            "mention": "You will be mentioned in the game's thread when a game waits on you.",
            "dm": "You will get a direct message when a game waits on you (and a daily digest when several "
                  "do), instead of a mention.",
            "both": "You will be mentioned in the game's thread and get a direct message when a game waits on "
                    "you (and a daily digest when several do).",
            "none": "You will not be pinged when a game waits on you; `/games` shows whose turn it is.",
        }[notify]
        if notify in ("dm", "both"):
            text += " If your DMs are closed to the bot, you are mentioned instead and told so once."
        await interaction.response.send_message(text, ephemeral=True)


    @settings.command(name="botgames",
                      description="How many games against the bot one person may run here at a time (0 = none).")
    @app_commands.describe(limit=f"Running games against the bot per person (default {BOT_GAMES_DEFAULT}; 0 = none)")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def botgames(self, interaction: discord.Interaction, limit: app_commands.Range[int, 0, 50]) -> None:
        await self.bot.records.set_setting(interaction.guild_id or 0, BOT_GAMES_SETTING, str(limit))
        await interaction.response.send_message(
            f"Each person may now run {plural(limit, 'game')} against the bot here at a time."
            if limit else "Games against the bot are now off in this server (running ones play on).",
            ephemeral=True)


async def setup(bot: YokohamaBot) -> None:
    await bot.add_cog(ServerSettings(bot))
