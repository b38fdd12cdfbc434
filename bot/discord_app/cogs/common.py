"""Small pieces several cogs share: opening a table, the game-id autocomplete."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.discord_app.panels import lobby_text, lobby_view, service_of
from bot.service.tables import wait_hours

if TYPE_CHECKING:
    from bot.discord_app.client import YokohamaBot


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
    if reminder_hours is None:  # the server's default, else the bot's
        stored = await bot.storage.get_setting(interaction.guild_id or 0, "reminder_hours")
        # A default stored before the 1-hour minimum (or a REMINDER_HOURS below it) is held to the minimum.
        reminder_hours = wait_hours(float(stored) if stored else bot.settings.reminder_hours)
    row = await bot.service.create(
        kind, creator_id=interaction.user.id, guild_id=interaction.guild_id, channel_id=interaction.channel_id,
        options=options,
        table_rules={"deadline_hours": float(deadline_hours), "deadline_action": deadline_action,
                     "reminder_hours": float(reminder_hours)},
    )
    await interaction.response.send_message(lobby_text(row), view=lobby_view(row),
                                            allowed_mentions=discord.AllowedMentions.none())


async def my_game_ids(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    """Autocomplete a game id from the user's open games (in this server, or anywhere in DMs)."""
    service = service_of(interaction)
    games = await service.games_of(interaction.user.id, guild_id=interaction.guild_id)
    choices = []
    for g in games:
        label = f"#{g.game_id} {g.title} — {g.headline or g.status}"
        if current and current not in label:
            continue
        choices.append(app_commands.Choice(name=label[:100], value=g.game_id))
    return choices[:25]
