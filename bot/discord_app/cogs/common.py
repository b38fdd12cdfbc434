"""Small pieces several cogs share: the game-id autocomplete."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.discord_app.panels import service_of


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
