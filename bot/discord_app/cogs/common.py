"""Small pieces several cogs share: opening a table, the game-id autocomplete."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.discord_app import languages
from bot.discord_app.bot_turns import LivePanel
from bot.discord_app.community import turn_notices
from bot.discord_app.host import Host
from bot.discord_app.names import names_of_users, plain, seat_names, summary_line
from bot.discord_app.panels.channels import open_thread, threads_wanted
from bot.discord_app.panels.clicks import service_of
from bot.discord_app.panels.decision import send_panel
from bot.discord_app.panels.lobby import PRIVATE_NOTE, public_lobby, remember_lobby, start_announcement
from bot.discord_app.panels.text import only
from bot.service import ServiceError
from bot.service.table_rules import BOT_LEVEL, bot_level, wait_hours
from engine.core import get_game
from i18n import _


async def _reminder_hours(bot: Host, interaction: discord.Interaction, hours: float | None) -> float:
    """The reminder time asked for, else the server's default, else the bot's."""
    if hours is None:
        stored = await bot.records.setting(interaction.guild_id or 0, "reminder_hours")
        # A default stored before the 1-hour minimum (or a REMINDER_HOURS below it) is held to the minimum.
        hours = wait_hours(float(stored) if stored else bot.settings.reminder_hours)
    return float(hours)


def table_rules(deadline_hours: float, deadline_action: str, reminder_hours: float, level: str | None
                ) -> dict[str, Any]:
    """A new table's rules as `/table new` chose them (the bots' level only when one was chosen)."""
    rules: dict[str, Any] = {"deadline_hours": float(deadline_hours), "deadline_action": deadline_action,
                             "reminder_hours": reminder_hours}
    if level is not None:
        rules[BOT_LEVEL] = level
    return rules


async def play_the_bot(
    bot: Host,
    interaction: discord.Interaction,
    kind: str,
    *,
    options: dict[str, Any] | None,
    players: int | None,
    deadline_hours: float,
    deadline_action: str,
    reminder_hours: float | None,
    level: str | None = None,
) -> None:
    """`/table new opponent: bot`: a table where the AI fills every other seat, started at once.

    Like any table it plays in its own thread, under one short line in the channel; where the server has no
    threads for tables (or the bot may not open one) it plays privately: the start is the person's own panel.
    The server's limit on running games against the bot per person is checked first (a private refusal).
    When the bot sits first, its opening turn is played in the background (`bot_turns`).
    """
    engine = get_game(kind)
    low = max(2, engine.min_players)
    size = low if players is None else players
    if not low <= size <= engine.max_players:
        raise ServiceError(_("{game} against the bot is for {low} to {high} players (you and the bots), not "
                             "{size}.").format(game=engine.title, low=low, high=engine.max_players, size=size)
                           if low < engine.max_players else
                           _("{game} is for {low} players: you and the bot.").format(game=engine.title, low=low))
    service = bot.service
    await service.lobby.check_bot_games(interaction.user.id, interaction.guild_id)  # refused before any answer: private
    hours = await _reminder_hours(bot, interaction, reminder_hours)
    perms = interaction.app_permissions
    in_thread = (await threads_wanted(bot, interaction.guild_id)
                 and isinstance(interaction.channel, discord.TextChannel)
                 and perms.create_public_threads and perms.send_messages_in_threads)
    # Answered first (Discord's 3-second window): publicly when the game gets a thread, else privately.
    await interaction.response.defer(thinking=True, ephemeral=not in_thread)
    row = await service.lobby.create(
        kind, creator_id=interaction.user.id, guild_id=interaction.guild_id, channel_id=interaction.channel_id,
        options=options,
        table_rules=table_rules(deadline_hours, deadline_action, hours, level),
    )
    for _seat in range(size - 1):
        await service.lobby.add_bot(row.id, interaction.user.id)
    outcome = await service.lobby.start(row.id, interaction.user.id)
    game = outcome.game
    names = await seat_names(bot, game)
    async with languages.public(bot, interaction.guild_id):  # the line and the thread are public
        bots = _(" and ").join(f"**{names[s]}**" for s in sorted(game.bot_seats()) if s < len(names))
        if (chosen := bot_level(game.table_rules, engine.ai_levels)) != engine.ai_levels[0]:
            bots += " " + _("(playing {level})").format(level=chosen)
        line = _("**{player}** plays **{game} #{number}** against {bots}, in the thread below.").format(
            player=interaction.user.display_name, game=engine.title, number=game.id, bots=bots)
        announcement = await start_announcement(bot, outcome) if in_thread else None
    if in_thread and announcement is not None:
        await interaction.followup.send(line, allowed_mentions=discord.AllowedMentions.none())
        # That line is the answer itself (it replaced "thinking…"); the thread opens under it.
        thread = await open_thread(interaction, game, await interaction.original_response())
        if thread is not None:
            # Pinged only as they chose (`/settings me notify:`): a mention, a DM, or nothing.
            announcement["allowed_mentions"] = only(await turn_notices(bot, outcome, thread, outcome.waiting_on))
            await thread.send(**announcement)
            if outcome.bots_owe:
                bot.bot_turns.start(game.id)
            return
    # No thread here (threads off, not allowed, or it could not be opened): the game plays privately, on the
    # person's own panel.
    await bot.records.set_plays_privately(game.id)
    bots = _(" and ").join(f"**{names[s]}**" for s in sorted(game.bot_seats()) if s < len(names))
    if chosen != engine.ai_levels[0]:
        bots += " " + _("(playing {level})").format(level=chosen)
    await send_panel(interaction, game.id, note=_("**{game} #{number}** against {bots} has started.").format(
        game=engine.title, number=game.id, bots=bots) + "\n" + _(PRIVATE_NOTE))
    if outcome.bots_owe:
        live = LivePanel(interaction, interaction.user.id, interaction.user.display_name) if not in_thread else None
        bot.bot_turns.start(game.id, live)


async def open_table(
    bot: Host,
    interaction: discord.Interaction,
    kind: str,
    *,
    options: dict[str, Any] | None,
    deadline_hours: float,
    deadline_action: str,
    reminder_hours: float | None,
    level: str | None = None,
) -> None:
    """Create a table in this channel and answer with its lobby (Join / Leave / Start); `level` is what
    the bots added with **Add the bot** play."""
    reminder_hours = await _reminder_hours(bot, interaction, reminder_hours)
    row = await bot.service.lobby.create(
        kind, creator_id=interaction.user.id, guild_id=interaction.guild_id, channel_id=interaction.channel_id,
        options=options,
        table_rules=table_rules(deadline_hours, deadline_action, float(reminder_hours), level),
    )
    text, view = await public_lobby(bot, row)
    await interaction.response.send_message(text, view=view or discord.utils.MISSING,
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
