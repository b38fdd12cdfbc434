"""/games and /help: where do I stand, and how does this work."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_app.client import YokohamaBot
from bot.discord_app.names import names_of_users, plain, summary_line
from bot.discord_app.panels.text import clip, mention, players_text
from engine.core import available_games
from i18n import N_, _, labelled

HELP_TEXT = {
    N_("Playing"): N_(
        "`/table new` opens a table in this channel (`options:` suggests each game's variants); others press "
        "**Join**; any seated player presses **Start**. The game then plays in its own thread (unless the server "
        "turned threads off). After every turn the bot posts the board and the story of the turn, and pings only "
        "whoever is next. Press **Open my panel** (or `/table panel`) to decide privately; each decision shows "
        "the next one in place, and steps with a single possible option are played for you. **Undo** takes back "
        "your own decisions of this turn until a card or die is drawn or the turn passes."
    ),
    N_("Against the bot"): N_(
        "`/table new opponent: the bot` starts a game against the AI at once (Yokohama: `players:` sets how many "
        "seats, the bots fill the rest; every game: `level: hard` for a stronger, slower bot). "
        "In a lobby, **Add the bot** seats the AI. It moves right after your turn and is never pinged; games "
        "with a bot seat are not rated."
    ),
    N_("Roll & Write"): N_(
        "`/rollwrite new` opens a Roll & Write table (side A/B, expansions, a per-round deadline); "
        "`/rollwrite solo` plays a private game at your own pace; `/rollwrite sheet` shows a player's sheet."
    ),
    N_("Daily challenge"): N_(
        "Everyone plays the same dice and cards each UTC day: `/daily play` (one attempt a day, private), "
        "`/daily leaderboard`, `/daily stats`, `/daily help` (including how long you have to finish)."
    ),
    N_("Your games"): N_("`/games` lists your open games in this server and whose turn it is."),
    N_("Leaving"): N_("`/table resign` gives up your seat. With 3+ players the bot plays your seat from then on; "
                      "with 2 players the other player wins."),
    N_("Deadlines"): N_("A table can set a deadline per decision (`/table new deadline_hours:`): after it the bot "
                        "plays the late turn or the late player forfeits, as the table chose. Reminders come "
                        "before that."),
    N_("Notifications"): N_(
        "`/settings me notify:` is how you hear that a game waits on you: `mention` (a ping in the game's "
        "thread, the default), `dm` (one direct message per turn, and a daily digest when several games wait), "
        "`both`, or `none`. If your DMs are closed to the bot, you are mentioned instead."
    ),
    N_("Time away"): N_(
        "`/away start days:` (1–14) pauses your reminders in this server's tables and stretches your deadlines "
        "by the time you are away; your tables show \"away until …\" beside your name. `/away end` comes back "
        "early. Time away is a budget: at most the server's away days in any 30 days, however you split it."
    ),
    N_("Your data"): N_(
        "`/privacy show` sends you, privately, a file of everything the bot keeps about you. "
        "`/privacy forget confirm:yes` removes your settings and replaces you by an anonymous seat in finished "
        "games (your running games are resigned first); other players' games and ratings stay whole."
    ),
    N_("Ratings and seasons"): N_(
        "`/standings` is a game's leaderboard; `/profile` and `/history` your record. A server may cut its "
        "ratings into seasons of a month or a quarter (`/settings seasons`): everyone starts each season fresh, "
        "its podium is posted when it ends, and `/standings season:` picks a past season or `all` time."
    ),
    N_("Tournaments"): N_(
        "`/tournament new` opens a sign-up with **Join** / **Leave**: Swiss or round robin for the Duel, "
        "groups of 3–4 for Yokohama, same-dice rounds for Roll & Write. The bot pairs every round and opens its "
        "tables. `/tournament list` shows this server's tournaments, `/tournament standings` one's standings, "
        "`/tournament leave` leaves. Organisers (Manage Server, or the role `/tournament organisers` names) may "
        "`/tournament start` it early or `/tournament cancel` it (running tables play on, rated)."
    ),
    N_("Languages"): N_(
        "`/settings me language:` chooses the language of the bot's private answers to you (by default, your "
        "Discord's). A server's admins choose the language of its public posts with `/settings language:` "
        "(by default, the server's own). English, 日本語, Deutsch and Français are available."
    ),
    N_("Admins"): N_("`/settings` (Manage Server permission): the default reminder time, the announcement channel, "
                     "whether tables play in their own thread (`/settings threads`), rating seasons "
                     "(`/settings seasons`), the longest time away (`/settings away`) and the language of the "
                     "bot's posts (`/settings language`)."),
}


class General(commands.Cog):
    def __init__(self, bot: YokohamaBot) -> None:
        self.bot = bot

    @app_commands.command(name="games", description="Your open games in this server and whose turn it is.")
    async def games(self, interaction: discord.Interaction) -> None:
        games = await self.bot.service.games_of(interaction.user.id, guild_id=interaction.guild_id)
        if not games:
            await interaction.response.send_message(
                _("You have no open games here. Start one with `/table new`."), ephemeral=True)
            return
        lines = []
        for g in games:
            if g.status == "lobby":
                state = _("waiting for players ({n} seated)").format(n=len(g.players))
            elif interaction.user.id in g.waiting_on:
                state = _("**your turn**")
            else:
                state = _("waiting on {players}").format(
                    players=_(", ").join(mention(u) for u in g.waiting_on) or _("nobody"))
            thread = await self.bot.records.thread_of(g.game_id) if g.mode == "table" else None
            where = f" in <#{thread or g.channel_id}>" if g.channel_id and g.mode == "table" else f" ({g.mode})"
            names = await names_of_users(self.bot, g.guild_id, g.seat_users)
            headline = f" — {summary_line(g.headline, '', plain(names))}" if g.headline else ""
            lines.append(labelled(f"**#{g.game_id} {_(g.title)}**{where}{headline}", state))
        await interaction.response.send_message(clip("\n".join(lines), 2000), ephemeral=True,
                                                allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="help", description="How to play Yokohama games with this bot.")
    async def help(self, interaction: discord.Interaction) -> None:
        embed = discord.Embed(
            title=_("Yokohama bot"),
            description=_("Play Hisashi Hayashi's Yokohama games at your own pace, turn by turn."),
            colour=discord.Colour.dark_teal(),
        )
        games = available_games()
        embed.add_field(
            name=_("Games"),
            value="\n".join(f"**{_(g.title)}** (`{g.name}`): {players_text(g)}"
                            + (_("; options: {options}").format(
                                options=", ".join(_(s.title) if s.title else s.name for s in g.option_specs()))
                               if g.option_specs() else "") for g in games)
            or _("No games are installed."),
            inline=False,
        )
        for name, value in HELP_TEXT.items():
            embed.add_field(name=_(name), value=_(value), inline=False)
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: YokohamaBot) -> None:
    await bot.add_cog(General(bot))
