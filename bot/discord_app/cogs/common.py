"""Small pieces several cogs share: opening a table, the game-id autocomplete."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.discord_app.names import names_of_users, plain, summary_line
from bot.discord_app.panels import (
    announce,
    lobby_text,
    lobby_view,
    remember_lobby,
    service_of,
    start_announcement,
)
from bot.service import ServiceError
from bot.service.tables import wait_hours
from engine.core import get_game

if TYPE_CHECKING:
    from bot.discord_app.client import YokohamaBot


async def _reminder_hours(bot: YokohamaBot, interaction: discord.Interaction, hours: float | None) -> float:
    """The reminder time asked for, else the server's default, else the bot's."""
    if hours is None:
        stored = await bot.storage.get_setting(interaction.guild_id or 0, "reminder_hours")
        # A default stored before the 1-hour minimum (or a REMINDER_HOURS below it) is held to the minimum.
        hours = wait_hours(float(stored) if stored else bot.settings.reminder_hours)
    return float(hours)


async def play_the_bot(
    bot: YokohamaBot,
    interaction: discord.Interaction,
    kind: str,
    *,
    options: dict[str, Any] | None,
    players: int | None,
    deadline_hours: float,
    deadline_action: str,
    reminder_hours: float | None,
) -> None:
    """`/table new opponent: bot`: a table where the AI fills every other seat, started at once.

    The start is posted in the channel like any table's (no lobby: nobody else is waited for); when the
    bot sits first, its opening turn follows right away.
    """
    engine = get_game(kind)
    low = max(2, engine.min_players)
    size = low if players is None else players
    if not low <= size <= engine.max_players:
        raise ServiceError(f"{engine.title} against the bot is for {low} to {engine.max_players} players "
                           f"(you and the bots), not {size}." if low < engine.max_players else
                           f"{engine.title} is for {low} players: you and the bot.")
    hours = await _reminder_hours(bot, interaction, reminder_hours)
    await interaction.response.defer(thinking=True)  # the bot may think for seconds before the first post
    service = bot.service
    row = await service.create(
        kind, creator_id=interaction.user.id, guild_id=interaction.guild_id, channel_id=interaction.channel_id,
        options=options,
        table_rules={"deadline_hours": float(deadline_hours), "deadline_action": deadline_action,
                     "reminder_hours": hours},
    )
    for _ in range(size - 1):
        await service.add_bot(row.id, interaction.user.id)
    outcome = await service.start(row.id, interaction.user.id)
    await interaction.followup.send(**await start_announcement(bot, outcome))
    if outcome.bot_turn is not None:
        await announce(bot, outcome.bot_turn)


async def open_table(
    bot: YokohamaBot,
    interaction: discord.Interaction,
    kind: str,
    *,
    options: dict[str, Any] | None,
    deadline_hours: float,
    deadline_action: str,
    reminder_hours: float | None,
) -> None:
    """Create a table in this channel and answer with its lobby (Join / Leave / Start)."""
    reminder_hours = await _reminder_hours(bot, interaction, reminder_hours)
    row = await bot.service.create(
        kind, creator_id=interaction.user.id, guild_id=interaction.guild_id, channel_id=interaction.channel_id,
        options=options,
        table_rules={"deadline_hours": float(deadline_hours), "deadline_action": deadline_action,
                     "reminder_hours": float(reminder_hours)},
    )
    await interaction.response.send_message(lobby_text(row), view=lobby_view(row) or discord.utils.MISSING,
                                            allowed_mentions=discord.AllowedMentions.none())
    await remember_lobby(bot, interaction, row.id)


async def my_game_ids(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    """Autocomplete a game id from the user's open games (in this server, or anywhere in DMs)."""
    service = service_of(interaction)
    games = await service.games_of(interaction.user.id, guild_id=interaction.guild_id)
    choices = []
    for g in games:
        # Names known without asking Discord: an autocomplete must answer at once.
        names = await names_of_users(interaction.client, g.guild_id, g.seat_users,  # type: ignore[arg-type]
                                     fetch=False)
        label = f"#{g.game_id} {g.title} — {summary_line(g.headline, g.status, plain(names))}"
        if current and current not in label:
            continue
        choices.append(app_commands.Choice(name=label[:100], value=g.game_id))
    return choices[:25]
