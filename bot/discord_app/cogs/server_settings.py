"""/settings: per-server defaults (Manage Server permission), and `/settings me`, each player's own notifications."""

from __future__ import annotations

import time

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_app.client import YokohamaBot
from bot.service import away, seasons
from bot.service import notify as notify_service
from bot.service.front_end import LANGUAGE_KEY
from bot.service.table_rules import BOT_GAMES_DEFAULT, BOT_GAMES_SETTING, MIN_WAIT_HOURS
from i18n import LANGUAGE_NAMES, N_, SHIPPED, _, labelled, ngettext, pgettext, using

#: `/settings language:` and `/settings me language:` offer each shipped language by its own name (never
#: translated); `auto` is the server's or the client's own language.
AUTO = "auto"
LANGUAGE_CHOICES = [app_commands.Choice(name=app_commands.locale_str(LANGUAGE_NAMES[code], translate=False),
                                        value=code) for code in SHIPPED]


def named(code: str) -> str:
    """A language's name as a sentence of the current language writes it ("in Japanese", "en japonais",
    "auf Japanisch"): the menu shows each language's name in itself, a sentence names it in its own words."""
    names = {"en": pgettext("a language, in a sentence", "English"),
             "ja": pgettext("a language, in a sentence", "Japanese"),
             "de": pgettext("a language, in a sentence", "German"),
             "fr": pgettext("a language, in a sentence", "French")}
    return names.get(code) or LANGUAGE_NAMES.get(code, code)


#: Setting key -> (description, default shown when unset)
SERVER_SETTINGS = {
    "reminder_hours": N_("Hours a table waits before the bot reminds whoever it is waiting on"),
    "announce_channel": N_("Channel where the bot announces daily challenges"),
    "threads": N_("Each table plays in its own thread (lobby and final result stay in the channel)"),
    seasons.LENGTH_KEY: N_("Rating seasons: a month or a quarter (the podium is posted when one ends)"),
    seasons.CHANNEL_KEY: N_("Channel for the season podium"),
    away.CAP_KEY: N_("The most days a player may be away (/away) in any 30 days"),
    BOT_GAMES_SETTING: N_("Running games against the bot one person may have here at a time"),
    LANGUAGE_KEY: N_("The language of the bot's posts in this server's channels"),
}


NOTIFY_TEXT = {
    "mention": N_("You will be mentioned in the game's thread when a game waits on you."),
    "dm": N_("You will get a direct message when a game waits on you (and a daily digest when several do), "
             "instead of a mention."),
    "both": N_("You will be mentioned in the game's thread and get a direct message when a game waits on you "
               "(and a daily digest when several do)."),
    "none": N_("You will not be pinged when a game waits on you; `/games` shows whose turn it is."),
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
        default = _("(default)")
        for key, description in SERVER_SETTINGS.items():
            value = await self.bot.records.setting(guild, key)
            if key == "reminder_hours":
                shown = f"{value} h" if value else f"{self.bot.settings.reminder_hours:g} h {default}"
            elif key == "threads":
                shown = _("off") if value == "off" else _("on") + ("" if value else f" {default}")
            elif key == seasons.LENGTH_KEY:
                shown = value or _("none (all-time ratings only)")
            elif key == away.CAP_KEY:
                days = int(value) if value else away.MAX_DAYS
                shown = ngettext("{n} day", "{n} days", days).format(n=days) + ("" if value else f" {default}")
            elif key == seasons.CHANNEL_KEY:
                channel, why = await self.bot.records.podium_channel(guild)
                shown = f"<#{value}>" if value else (
                    _("not set: the podium goes to {where}").format(where=_(why))
                    + (f" (<#{channel}>)" if channel else ""))
            elif key == BOT_GAMES_SETTING:
                shown = f"{value}" if value is not None else f"{BOT_GAMES_DEFAULT} {default}"
            elif key == LANGUAGE_KEY:
                preferred = interaction.guild.preferred_locale if interaction.guild else None
                shown = (LANGUAGE_NAMES.get(value, value) if value
                         else _("the server's own language ({locale})").format(locale=preferred or "en-US"))
            else:
                shown = f"<#{value}>" if value else _("not set")
            lines.append(labelled(f"**{key}** — {_(description)}", shown))
        lines.append(_("Members with the Manage Server permission change these with the other `/settings` "
                       "commands."))
        await interaction.response.send_message("\n".join(lines), ephemeral=True,
                                                allowed_mentions=discord.AllowedMentions.none())

    @settings.command(name="reminders", description="Default hours before reminders for new tables (0 = never).")
    @app_commands.describe(hours="Hours a new table waits before reminding whoever it waits on (0 = never)")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def reminders(self, interaction: discord.Interaction, hours: app_commands.Range[float, 0, 720]) -> None:
        if 0 < hours < MIN_WAIT_HOURS:
            await interaction.response.send_message(
                _("Reminders come after at least {hours} hour (or 0 for none); nothing was changed.").format(
                    hours=f"{MIN_WAIT_HOURS:g}"),
                ephemeral=True)
            return
        await self.bot.records.set_setting(interaction.guild_id or 0, "reminder_hours", f"{hours:g}")
        await interaction.response.send_message(
            _("New tables will remind players after {hours} h.").format(hours=f"{hours:g}") if hours
            else _("New tables will not send reminders."),
            ephemeral=True)

    @settings.command(name="announcements", description="Channel for daily-challenge announcements (empty: none).")
    @app_commands.describe(channel="Where daily challenges (and, without a season channel, season podiums) go")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def announcements(self, interaction: discord.Interaction,
                            channel: discord.TextChannel | None = None) -> None:
        await self.bot.records.set_setting(interaction.guild_id or 0, "announce_channel",
                                           str(channel.id) if channel else None)
        await interaction.response.send_message(
            _("Daily challenges will be announced in {channel}.").format(channel=channel.mention) if channel
            else _("Daily challenges will not be announced."), ephemeral=True)

    @settings.command(name="threads", description="Play each table in its own thread (default: on).")
    @app_commands.describe(on="True: each new table gets its own thread; False: tables play in the channel")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def threads(self, interaction: discord.Interaction, on: bool) -> None:
        await self.bot.records.set_setting(interaction.guild_id or 0, "threads", "on" if on else "off")
        await interaction.response.send_message(
            _("New tables will play in their own thread (where the bot may create threads; else in the channel).")
            if on else _("New tables will play in their channel."), ephemeral=True)

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
            text = _("Rating seasons are off: `/standings` shows all-time ratings.")
        else:
            current = seasons.season_of(length, time.time())
            where, why = await self.bot.records.podium_channel(guild)
            text = (_("Rating seasons last a month; the current one is **{season}**.") if length == "month"
                    else _("Rating seasons last a quarter; the current one is **{season}**.")).format(
                        season=seasons.title(current))
            text += " " + _("`/standings` shows it by default (`season:all` for all time).") + " "
            if channel:
                text += _("Its podium is posted when it ends in {where}.").format(where=channel.mention)
            elif where:
                text += _("Its podium is posted when it ends in {why} ({where}) unless you pick a channel.").format(
                    why=_(why), where=f"<#{where}>")
            else:
                text += _("Its podium is posted when it ends in the channel of this server's latest table; no table "
                          "has been played yet, so pick a channel with `/settings seasons channel:` to be sure.")
        await interaction.followup.send(text, ephemeral=True)

    @settings.command(name="away", description=f"The most days a player may be away in any {away.WINDOW_DAYS} "
                                               "days (1-14).")
    @app_commands.describe(days=f"Days away a player may take in any {away.WINDOW_DAYS} days, however split (1-14)")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def away_cap(self, interaction: discord.Interaction, days: app_commands.Range[int, 1, away.MAX_DAYS]) -> None:
        await self.bot.records.set_away_cap(interaction.guild_id or 0, days)
        await interaction.response.send_message(
            ngettext("Players may be away for at most {n} day in any {window} days, however they split it.",
                     "Players may be away for at most {n} days in any {window} days, however they split it.",
                     days).format(n=days, window=away.WINDOW_DAYS), ephemeral=True)

    @settings.command(name="language", description="The language of the bot's posts in this server.")
    @app_commands.describe(language="The language of turn posts, lobbies and tournaments here (auto: the server's)")
    @app_commands.choices(language=[*LANGUAGE_CHOICES, app_commands.Choice(name="auto", value=AUTO)])
    @app_commands.checks.has_permissions(manage_guild=True)
    async def language(self, interaction: discord.Interaction, language: str) -> None:
        await self.bot.records.set_setting(interaction.guild_id or 0, LANGUAGE_KEY,
                                           None if language == AUTO else language)
        if language == AUTO:
            text = _("The bot now posts in this server's own language (its Community setting), English where "
                     "it has no translation.")
        else:
            text = _("The bot now posts in {language} in this server's channels. Each player's private answers "
                     "keep their own language (`/settings me language:`).").format(language=named(language))
        await interaction.response.send_message(text, ephemeral=True)

    @settings.command(name="me", description="How you hear that a game waits on you, and your language (yours only).")
    @app_commands.describe(notify="mention: a ping in the game's thread; dm: a direct message; both; none",
                           language="The language of the bot's private answers to you (auto: your Discord's)")
    @app_commands.choices(notify=[app_commands.Choice(name=m, value=m) for m in notify_service.MODES],
                          language=[*LANGUAGE_CHOICES, app_commands.Choice(name="auto", value=AUTO)])
    async def me(self, interaction: discord.Interaction, notify: str | None = None,
                 language: str | None = None) -> None:
        if notify is None and language is None:
            await interaction.response.send_message(
                _("Choose `notify:`, `language:` or both; nothing was changed."), ephemeral=True)
            return
        lines = []
        if language is not None:
            await self.bot.records.set_language(interaction.user.id, None if language == AUTO else language)
            with using(str(interaction.locale) if language == AUTO else language):
                lines.append(_("The bot now answers you in {language}.").format(language=named(language))
                             if language != AUTO else _("The bot now answers you in your Discord's language."))
        if notify is not None:
            await self.bot.records.set_notify_mode(interaction.user.id, notify)
            lines.append(_(NOTIFY_TEXT[notify]))
            if notify in ("dm", "both"):
                lines.append(_("If your DMs are closed to the bot, you are mentioned instead and told so once."))
        await interaction.response.send_message(" ".join(lines), ephemeral=True)


    @settings.command(name="botgames",
                      description="How many games against the bot one person may run here at a time (0 = none).")
    @app_commands.describe(limit=f"Running games against the bot per person (default {BOT_GAMES_DEFAULT}; 0 = none)")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def botgames(self, interaction: discord.Interaction, limit: app_commands.Range[int, 0, 50]) -> None:
        await self.bot.records.set_setting(interaction.guild_id or 0, BOT_GAMES_SETTING, str(limit))
        await interaction.response.send_message(
            ngettext("Each person may now run {n} game against the bot here at a time.",
                     "Each person may now run {n} games against the bot here at a time.", limit).format(n=limit)
            if limit else _("Games against the bot are now off in this server (running ones play on)."),
            ephemeral=True)


async def setup(bot: YokohamaBot) -> None:
    await bot.add_cog(ServerSettings(bot))
