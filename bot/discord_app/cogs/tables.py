"""/table: open a table in a channel, look at a game, open your panel, resign."""

from __future__ import annotations

import io
import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_app import languages
from bot.discord_app.client import YokohamaBot
from bot.discord_app.cogs.common import my_game_ids, open_table, play_the_bot
from bot.discord_app.community import away_line, pingable
from bot.discord_app.names import by_name, fill, seat_names
from bot.discord_app.panels.channels import game_channel
from bot.discord_app.panels.decision import public_view, send_panel
from bot.discord_app.panels.lobby import public_lobby
from bot.discord_app.panels.pictures import MyBoardButton, describe, own_file, public_files
from bot.discord_app.panels.text import clip, final_standings, mention, only
from bot.discord_app.panels.turn_post import announce
from bot.discord_app.table_options import option_choices, parse_options
from bot.service import ServiceError
from bot.service.records import GameRow
from bot.service.table_rules import MAX_WAIT_HOURS, MIN_WAIT_HOURS, check_bot_level
from engine.core import available_games, get_game
from i18n import _, ngettext
from rendering import pool as drawing
from rendering.replay import replay_gif

log = logging.getLogger(__name__)


async def post_in_game_channel(bot: YokohamaBot, game: GameRow, text: str, *, ping: list[int] | None = None) -> None:
    """Post `text` in the game's own channel (wherever the command was typed), pinging only `ping`; a
    channel the bot can no longer post in is logged, never turns a saved change into an error."""
    try:
        channel = await game_channel(bot, game, lobby=True)
        if channel is not None:
            await channel.send(clip(text, 2000), allowed_mentions=only(ping or []))
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
        options="Rule variants, e.g. 'side: B, chinatown: yes' (pick from the suggestions)",
        opponent="Play against the AI: the game starts at once, the bot fills the other seats",
        players="With opponent: bot, how many seats in all, you included (default 2)",
        level="How strongly the bot plays (default easy; hard searches deeper, in every game)",
    )
    @app_commands.autocomplete(options=option_choices)
    @app_commands.choices(
        game=_game_choices(),
        deadline_action=[app_commands.Choice(name="the bot plays the turn", value="auto"),
                         app_commands.Choice(name="the late player forfeits", value="forfeit")],
        opponent=[app_commands.Choice(name="the bot", value="bot"),
                  app_commands.Choice(name="people who join with the button", value="people")],
        level=[app_commands.Choice(name="easy: today's AI, quick", value="easy"),
               app_commands.Choice(name="hard: searches deeper, slower", value="hard")],
    )
    async def new(
        self,
        interaction: discord.Interaction,
        game: str,
        deadline_hours: app_commands.Range[float, 0.0, MAX_WAIT_HOURS] = 0.0,
        deadline_action: str = "auto",
        reminder_hours: app_commands.Range[float, 0.0, MAX_WAIT_HOURS] | None = None,
        options: str | None = None,
        opponent: str = "people",
        players: app_commands.Range[int, 2, 20] | None = None,
        level: str | None = None,
    ) -> None:
        chosen = parse_options(game, options or "")
        if level is not None:
            check_bot_level(get_game(game), level)  # refused before any answer: private
        if opponent == "bot":
            await play_the_bot(self.bot, interaction, game, options=chosen or None, players=players,
                               deadline_hours=deadline_hours, deadline_action=deadline_action,
                               reminder_hours=reminder_hours, level=level)
            return
        if players is not None:
            raise ServiceError(_("**players** goes with **opponent: the bot**; at a table for people, everyone "
                                 "who presses Join plays."))
        await open_table(self.bot, interaction, game, options=chosen or None, deadline_hours=deadline_hours,
                         deadline_action=deadline_action, reminder_hours=reminder_hours, level=level)

    @table.command(name="status", description="Show a game: the board, the scores, whose turn it is.")
    @app_commands.describe(game="Game number",
                           public="Post it in the channel for everyone (a player of the game sees it privately "
                                  "by default)")
    @app_commands.autocomplete(game=my_game_ids)
    async def status(self, interaction: discord.Interaction, game: int, public: bool = False) -> None:
        # Every refusal comes before the defer, so it reaches only the asker (ephemeral). The lookup is
        # scoped: another server's table, or someone else's private game, is "no such game".
        row, engine, state = await self.bot.service.load(game)
        if row.mode != "table":
            raise ServiceError(_("Game #{game} is a private game.").format(game=game))
        seat = row.seat_of(interaction.user.id)
        # A player of the game gets the board and their own view privately; anyone else (or a player who
        # asks for `public`) posts the board in the channel.
        private = seat is not None and not public
        await interaction.response.defer(thinking=True, ephemeral=private)
        names = await seat_names(self.bot, row)
        if row.status == "lobby":
            text, view = await public_lobby(self.bot, row)
            await interaction.followup.send(text, view=view or discord.utils.MISSING,
                                            ephemeral=private, allowed_mentions=discord.AllowedMentions.none())
            return
        summary = await self.bot.service.summary(row)
        name_of = by_name(names)
        lines = [f"**{_(summary.title)} #{row.id}** — {fill(summary.headline, name_of) or row.status}"]
        if row.status == "active":
            assert state is not None  # an active game has a state
            lines.append(_("Waiting on {players}").format(
                players=", ".join(name_of(row.seat_of(u) or 0) for u in summary.waiting_on)))
            scores = engine.scores(state)
            lines.append(_("Scores so far: {scores}").format(scores=", ".join(
                f"{name_of(seat)} {s.get('total', 0)}" for seat, s in enumerate(scores))))
            if away := await away_line(self.bot, row, summary.players):  # time away (`community`)
                lines.append(away)
        else:
            lines.append(final_standings(row, names))
        files = []
        if state is not None:
            ranking = (row.result or {}).get("ranking") if row.status == "finished" else None
            files = await public_files(row.kind, engine.view(state, None), row.id, names, ranking)
        await interaction.followup.send(
            clip("\n".join(lines), 2000), files=files, ephemeral=private,
            view=public_view(row.id) if row.status == "active" else discord.utils.MISSING,
            allowed_mentions=discord.AllowedMentions.none())
        if state is not None and row.status == "active" and seat is not None:
            # A seated player also gets their own view (their hand, their decision), seen only by them.
            own = await own_file(row.kind, engine.view(state, seat), f"game-{row.id}-you.png",
                                 name=names[seat] if seat < len(names) else None, names=names)
            mine = discord.ui.View(timeout=None)
            mine.add_item(MyBoardButton(row.id))
            yours = interaction.user.id in summary.waiting_on
            text = (_("Your view of **#{game}** (only you can see this).").format(game=row.id) + " "
                    + (_("It is your turn: press **Open my panel** to decide.") if yours else
                       _("You are waiting for {players}.").format(players=_(" and ").join(
                           name_of(row.seat_of(u) or 0) for u in summary.waiting_on))))
            await interaction.followup.send(text, file=own or discord.utils.MISSING, ephemeral=True, view=mine,
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
            await interaction.response.send_message(_("Nothing changed: type `yes` in **confirm** to resign."),
                                                    ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        outcome = await self.bot.service.play.resign(game, interaction.user.id)
        if outcome.game.status == "lobby" or outcome.state is None:
            await interaction.followup.send(_("You left table #{table}.").format(table=game), ephemeral=True)
            return
        await interaction.followup.send(_("You resigned from game #{game}.").format(game=game), ephemeral=True)
        row = outcome.game
        channel = await game_channel(self.bot, row, lobby=outcome.finished) if row.mode == "table" else None
        if channel is not None:
            # The remaining players hear of it (pinged); the resigner is named, not pinged.
            names = await seat_names(self.bot, row)
            remaining = [s.user_id for s in row.seats if not s.resigned and s.user_id != interaction.user.id
                         and s.seat not in row.bot_seats()]
            async with languages.public(self.bot, row.guild_id):  # a post to the table: the server's language
                text = _("**{player}** resigned from **#{game}**.").format(player=interaction.user.display_name,
                                                                         game=game)
                if outcome.finished:
                    text += "\n" + final_standings(row, names)
                elif not outcome.newly_waiting:
                    text += " " + _("The bot plays their seat from now on.")
                if remaining:
                    players = ", ".join(mention(u) for u in remaining)
                    text += "\n" + (players if outcome.finished else _("{players}: the game goes on without them.")
                                    .format(players=players))
            await channel.send(clip(text, 2000), allowed_mentions=only(await pingable(self.bot, remaining)))
        if not outcome.finished:
            await announce(self.bot, outcome, mover=interaction.user.id)
        if outcome.bots_owe:
            self.bot.bot_turns.start(outcome.game.id)

    @table.command(name="log", description="Every move of a game in readable lines (hidden choices stay hidden).")
    @app_commands.describe(game="Game number")
    async def log(self, interaction: discord.Interaction, game: int) -> None:
        from bot.discord_app.standings_views import show_log

        await show_log(interaction, game, 0, edit=False)

    @table.command(name="replay", description="An animated replay of a finished game: a frame per turn or round.")
    @app_commands.describe(game="Game number", share="Post it in the channel for everyone (default: only you see it)")
    async def replay(self, interaction: discord.Interaction, game: int, share: bool = False) -> None:
        from bot.discord_app.names import picture_name

        row = await self.bot.service.game(game)  # scoped: this server's tables, the caller's own private games
        own_game = row.mode != "table"  # solo games and daily attempts: only their player, privately
        private = own_game or not share  # a replay is shown to whoever asked unless they share it
        if row.status != "finished":
            # Refused before anything is posted, so the refusal reaches only the asker, shared or not.
            raise ServiceError(_("Game #{game} is not finished yet; a replay is made once a game has ended.")
                               .format(game=game))
        await interaction.response.defer(thinking=True, ephemeral=private)
        engine, frames = await self.bot.records.replay_frames(row)
        players = sum(1 for s in row.seats if s.seat is not None)
        names = [await picture_name(self.bot, interaction.channel, row.user_of(s), s) for s in range(players)]
        views = [engine.view(f.state, None) for f in frames]
        gif = await drawing.draw(replay_gif, row.kind, views, names)
        if gif is None:
            raise ServiceError(_("{game} has no pictures yet, so it cannot be replayed.").format(game=_(engine.title)))
        await interaction.followup.send(
            f"**{_(engine.title)} #{game}** — " + ngettext(
                "replay in {n} frame (a frame per turn or round, each captioned with what happened and the points).",
                "replay in {n} frames (a frame per turn or round, each captioned with what happened and the "
                "points).", len(frames)).format(n=len(frames)),
            file=discord.File(io.BytesIO(gif), filename=f"game-{game}-replay.gif", description=describe(
                row.kind, views[-1], names, what=ngettext(
                    "Animated replay of {game} #{number} in {n} frame; the last frame",
                    "Animated replay of {game} #{number} in {n} frames; the last frame", len(frames)).format(
                    game=_(engine.title), number=game, n=len(frames)))), ephemeral=private,
            allowed_mentions=discord.AllowedMentions.none())


async def setup(bot: YokohamaBot) -> None:
    await bot.add_cog(Tables(bot))
