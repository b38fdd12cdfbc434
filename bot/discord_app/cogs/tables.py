"""/table: open a table in a channel, look at a game, open your panel, resign."""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_app.client import YokohamaBot
from bot.discord_app.cogs.common import my_game_ids, open_table
from bot.discord_app.panels import (
    NO_MENTIONS_BUT_USERS,
    announce,
    clip,
    draw,
    final_standings,
    lobby_text,
    lobby_view,
    mention,
    public_view,
    send_panel,
)
from bot.service import ServiceError
from bot.service.tables import MAX_WAIT_HOURS, MIN_WAIT_HOURS
from bot.storage import GameRow
from engine.core import available_games

log = logging.getLogger(__name__)


async def post_in_game_channel(bot: YokohamaBot, game: GameRow, text: str) -> None:
    """Post `text` in the game's own channel (wherever the command was typed); a channel the bot can no
    longer post in is logged, never turns a saved change into an error."""
    if game.channel_id is None:
        return
    try:
        channel = bot.get_channel(game.channel_id) or await bot.fetch_channel(game.channel_id)
        await channel.send(text, allowed_mentions=NO_MENTIONS_BUT_USERS)  # type: ignore[union-attr]
    except discord.HTTPException:
        log.warning("could not post about game %s in channel %s", game.id, game.channel_id, exc_info=True)


def _game_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=g.title or g.name, value=g.name) for g in available_games()]


class Tables(commands.Cog):
    table = app_commands.Group(name="table", description="Play a game at a table in this channel.",
                               guild_only=True)

    def __init__(self, bot: YokohamaBot) -> None:
        self.bot = bot

    @table.command(name="new", description="Open a table in this channel; others join with the button.")
    @app_commands.describe(
        game="Which game",
        deadline_hours=f"Hours each decision may take before the deadline action (0 = none; at least "
                       f"{MIN_WAIT_HOURS:g})",
        deadline_action="What happens at the deadline",
        reminder_hours="Hours before the bot reminds whoever it is waiting on (default: the server's)",
    )
    @app_commands.choices(
        game=_game_choices(),
        deadline_action=[app_commands.Choice(name="the bot plays the turn", value="auto"),
                         app_commands.Choice(name="the late player forfeits", value="forfeit")],
    )
    async def new(
        self,
        interaction: discord.Interaction,
        game: str,
        deadline_hours: app_commands.Range[float, 0.0, MAX_WAIT_HOURS] = 0.0,
        deadline_action: str = "auto",
        reminder_hours: app_commands.Range[float, 0.0, MAX_WAIT_HOURS] | None = None,
    ) -> None:
        await open_table(self.bot, interaction, game, options=None, deadline_hours=deadline_hours,
                         deadline_action=deadline_action, reminder_hours=reminder_hours)

    @table.command(name="status", description="Show a game: the board, the scores, whose turn it is.")
    @app_commands.describe(game="Game number")
    @app_commands.autocomplete(game=my_game_ids)
    async def status(self, interaction: discord.Interaction, game: int) -> None:
        await interaction.response.defer(thinking=True)
        row, engine, state = await self.bot.service.load(game)
        if row.guild_id is not None and row.guild_id != interaction.guild_id:
            raise ServiceError(f"Game #{game} belongs to another server.")
        if row.mode != "table":
            raise ServiceError(f"Game #{game} is a private game.")
        if row.status == "lobby":
            await interaction.followup.send(lobby_text(row), view=lobby_view(row) or discord.utils.MISSING,
                                            allowed_mentions=discord.AllowedMentions.none())
            return
        summary = await self.bot.service.summary(row)
        lines = [f"**{summary.title} #{row.id}** — {summary.headline or row.status}"]
        if row.status == "active":
            lines.append("Waiting on " + ", ".join(mention(u) for u in summary.waiting_on))
            scores = engine.scores(state)
            lines.append("Scores so far: " + ", ".join(
                f"{mention(row.user_of(seat))} {s.get('total', 0)}" for seat, s in enumerate(scores)))
        else:
            lines.append(final_standings(row))
        files = []
        if state is not None:
            picture = await draw(row.kind, engine.view(state, None), f"game-{row.id}.png")
            if picture:
                files.append(picture)
        await interaction.followup.send(
            clip("\n".join(lines), 2000), files=files,
            view=public_view(row.id) if row.status == "active" else discord.utils.MISSING,
            allowed_mentions=discord.AllowedMentions.none())

    @table.command(name="panel", description="Open your private decision panel for a game.")
    @app_commands.describe(game="Game number")
    @app_commands.autocomplete(game=my_game_ids)
    async def panel(self, interaction: discord.Interaction, game: int) -> None:
        await send_panel(interaction, game)

    @table.command(name="resign", description="Give up your seat in a game (cannot be undone).")
    @app_commands.describe(game="Game number", confirm="Type yes to confirm")
    @app_commands.autocomplete(game=my_game_ids)
    async def resign(self, interaction: discord.Interaction, game: int, confirm: str) -> None:
        if confirm.strip().lower() not in ("yes", "y"):
            await interaction.response.send_message("Nothing changed: type `yes` in **confirm** to resign.",
                                                    ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        outcome = await self.bot.service.resign(game, interaction.user.id)
        if outcome.game.status == "lobby" or outcome.state is None:
            await interaction.followup.send(f"You left table #{game}.", ephemeral=True)
            return
        await interaction.followup.send(f"You resigned from game #{game}.", ephemeral=True)
        if outcome.game.mode == "table":
            text = f"{mention(interaction.user.id)} resigned from **#{game}**."
            if outcome.finished:
                text += "\n" + final_standings(outcome.game)
            elif not outcome.newly_waiting:
                text += " The bot plays their seat from now on."
            await post_in_game_channel(self.bot, outcome.game, text)
        if not outcome.finished:
            await announce(self.bot, outcome)


async def setup(bot: YokohamaBot) -> None:
    await bot.add_cog(Tables(bot))
