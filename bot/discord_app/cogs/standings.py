"""/standings, /profile and /history: ratings, leaderboards, player records and finished games.

The answers are private (ephemeral): a leaderboard names your own place, a profile or history is
asked for by one person. The rating rules are in docs/ratings.md; the logic in `bot/service`.
"""

from __future__ import annotations

import logging
import time

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_app.client import YokohamaBot
from bot.discord_app.standings_views import (
    QUIET,
    STANDINGS_ITEMS,
    profile_files,
    profile_text,
    rated_kinds,
    show_board,
    show_history,
    standings_of,
    title_of,
)
from bot.service import ServiceError, seasons
from bot.service.daily import DailyService
from bot.service.ratings import EVERYONE
from i18n import _

log = logging.getLogger(__name__)


def _game_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=title_of(kind), value=kind) for kind in rated_kinds()]


def _all_game_choices() -> list[app_commands.Choice[str]]:
    from engine.core import available_games

    return [app_commands.Choice(name=g.title or g.name, value=g.name) for g in available_games()]


_SCOPES = [app_commands.Choice(name="this server", value="server"), app_commands.Choice(name="everyone",
                                                                                         value="everyone")]


class StandingsCog(commands.Cog, name="Standings"):
    def __init__(self, bot: YokohamaBot) -> None:
        self.bot = bot
        self.daily = DailyService(bot.service, secret=bot.settings.daily_secret,
                                  grace_hours=bot.settings.daily_grace_hours)

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(*STANDINGS_ITEMS)
        self.bot.periodic.append(self.catch_up)

    async def cog_unload(self) -> None:
        if self.catch_up in self.bot.periodic:
            self.bot.periodic.remove(self.catch_up)

    async def catch_up(self) -> None:
        """Record (and rate) finished games whose result was missed at their end."""
        done = await self.bot.records.standings().record_pending()
        if done:
            log.info("recorded %d finished games missing from the standings", done)

    @app_commands.command(name="standings", description="The rating leaderboard of a game, with your own place.")
    @app_commands.describe(game="Which game", scope="This server's leaderboard (default) or everyone's",
                           season="The current season (default), a past one (e.g. 2026-11), or all for all time")
    @app_commands.choices(game=_game_choices(), scope=_SCOPES)
    async def standings(self, interaction: discord.Interaction, game: str, scope: str = "server",
                        season: app_commands.Range[str, 1, 20] | None = None) -> None:
        where = EVERYONE if scope == "everyone" or interaction.guild_id is None else interaction.guild_id
        if where == EVERYONE:
            if season not in (None, seasons.CURRENT, seasons.ALL_TIME):
                raise ServiceError(_("Seasons belong to a server: `/standings season:` works with this server's "
                                     "leaderboard, not everyone's."))
            picked = None
        else:
            length = await self.bot.records.setting(where, seasons.LENGTH_KEY)
            picked = seasons.pick(season, length, time.time())
        await show_board(interaction, game, where, 0, edit=False, season=picked)

    @standings.autocomplete("season")
    async def season_names(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The current season, all time, and the server's past seasons (newest first)."""
        options = [app_commands.Choice(name="the current season", value=seasons.CURRENT),
                   app_commands.Choice(name="all time", value=seasons.ALL_TIME)]
        if interaction.guild_id is not None:
            kind = getattr(interaction.namespace, "game", None)
            played = await self.bot.records.seasons_played(interaction.guild_id,
                                                           kind if isinstance(kind, str) else None)
            options += [app_commands.Choice(name=seasons.title(name), value=name) for name in played[:20]]
        typed = current.strip().lower()
        return [o for o in options if typed in o.name.lower() or typed in o.value][:25]

    @app_commands.command(name="profile", description="A player's ratings, records, recent results and daily record.")
    @app_commands.describe(user="Whose profile (default: yours)")
    async def profile(self, interaction: discord.Interaction, user: discord.User | None = None) -> None:
        target = user or interaction.user
        if target.bot:
            raise ServiceError(_("{player} is a bot; bots have no standings.").format(player=target.display_name))
        await interaction.response.defer(ephemeral=True, thinking=True)
        scope = interaction.guild_id or EVERYONE
        profile = await standings_of(interaction).profile(target.id, scope)
        daily = await self.daily.stats(target.id)
        if not profile.games and not daily.games:
            await interaction.followup.send(
                _("{player} has no finished games yet: nothing to show.").format(player=target.mention), ephemeral=True,
                allowed_mentions=QUIET)
            return
        name = target.display_name
        files = await profile_files(profile, name)
        await interaction.followup.send(profile_text(profile, name, daily), files=files, ephemeral=True,
                                        allowed_mentions=QUIET)

    @app_commands.command(name="history", description="Finished games: date, players, scores and winner.")
    @app_commands.describe(user="Whose games (default: yours)", game="Only this game")
    @app_commands.choices(game=_all_game_choices())
    async def history(self, interaction: discord.Interaction, user: discord.User | None = None,
                      game: str | None = None) -> None:
        target = user or interaction.user
        await show_history(interaction, target.id, game, 0, edit=False)


async def setup(bot: YokohamaBot) -> None:
    await bot.add_cog(StandingsCog(bot))
