"""/daily: the Roll & Write daily challenge — play, leaderboard, stats — and its announcements.

The logic (seed, one attempt per day, grace period, ranking, streaks) is in
bot/service/daily.py; this cog parses, calls it and answers. A finished attempt posts a
result line in the channel where it was started, with the final sheet as a spoiler image, so
nobody sees another player's choices by accident.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import io
import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_app import languages
from bot.discord_app.client import YokohamaBot
from bot.discord_app.games.rollwrite import channel_of, sheet_file
from bot.discord_app.names import picture_name
from bot.discord_app.panels.decision import send_panel
from bot.discord_app.panels.text import alt_text, average, clip, clip_words, mention
from bot.discord_app.rollwrite_text import orders_fulfilled
from bot.service import Outcome, ServiceError
from bot.service.daily import (
    Challenge,
    Comparison,
    DailyService,
    Leaderboard,
    Par,
    Standing,
    duration,
    parse_date,
    shift_date,
)
from i18n import N_, _, ngettext
from rendering.charts import Series, line_chart

log = logging.getLogger(__name__)

KIND = "rollwrite"
SCOPES = [app_commands.Choice(name="this server", value="server"), app_commands.Choice(name="everyone", value="global")]
RIVALS = [app_commands.Choice(name="the leader", value="leader"),
          app_commands.Choice(name="the par (the AI)", value="par")]
MEDALS = {1: "🥇", 2: "🥈", 3: "🥉"}


def utc_time(when: float) -> str:
    return dt.datetime.fromtimestamp(when, dt.UTC).strftime("%Y-%m-%d %H:%M UTC")


#: The lines of `/daily help` (translated where shown; the grace period fills `{hours}`).
HELP_LINES = [
    N_("**The Roll & Write daily challenge**"),
    N_("• A new challenge starts every day at 00:00 UTC: the same areas, technologies, dice and employment cards "
       "for every player on every server."),
    N_("• `/daily play` starts your attempt, privately; run it again any time to continue where you stopped."),
    N_("• One attempt per person per day. You may finish it until the next challenge starts (00:00 UTC) plus a "
       "grace period of **{hours} hours**; after that it is closed and counts nowhere. "
       "`/daily play` continues an unfinished attempt from yesterday first, then starts today's."),
    N_("• When you finish, the bot posts your score here, with your sheet hidden behind a spoiler."),
    N_("• Every day has a **par**: the bot's AI plays the same dice before the day opens. Results, the "
       "leaderboard and your stats show your score against it; beating it on consecutive days is a par streak."),
    N_("• `/daily leaderboard [date] [scope]` ranks the finished attempts: most VP, then money + faith left, then "
       "unused employee circles. `/daily stats [user]`: games, best, average and streaks."),
    N_("• `/daily compare [with] [player] [date]`: once you have finished a day, your game against the leader's, "
       "the par's or another player's, round by round, with a score-race chart (only you see it)."),
    N_("• Server admins: `/settings announcements` picks a channel for each new challenge and yesterday's podium."),
]


def help_text(grace_hours: float) -> str:
    return "\n".join(_(line).format(hours=f"{grace_hours:g}") if "{hours}" in line else _(line)
                     for line in HELP_LINES)


def standing_line(s: Standing, *, tie: bool) -> str:
    line = f"{MEDALS.get(s.rank, '')}{' ' if s.rank in MEDALS else ''}{s.rank}. {mention(s.user_id)} — " \
           + _("{vp} VP · {orders} orders").format(vp=s.total, orders=s.orders)
    if tie:
        line += " " + _("(tie-break: {resources} money + faith, {circles} circles)").format(
            resources=s.resources, circles=s.circles)
    return line


def against_par(total: int, par: Par | None) -> str:
    """"+7 over par" / "3 under par" / "level with par" ("" without a par)."""
    if par is None:
        return ""
    diff = total - par.total
    if diff == 0:
        return _("level with par")
    return (_("{n} over par") if diff > 0 else _("{n} under par")).format(n=abs(diff))


def board_lines(board: Leaderboard, viewer: int | None, par: Par | None = None) -> list[str]:
    title = (_("**Daily challenge {date} — leaderboard for this server** ({n} finished)") if board.scope == "server"
             else _("**Daily challenge {date} — leaderboard for everyone** ({n} finished)"))
    lines = [title.format(date=board.date, n=board.players)]
    if par is not None:
        lines.append(_("Par (the bot's AI on the same dice): **{vp} VP** · {orders} orders").format(
            vp=par.total, orders=par.orders))
    if not board.entries:
        lines.append(_("Nobody has finished this challenge yet."))
        return lines
    totals = [s.total for s in board.entries]
    for s in board.entries:
        line = standing_line(s, tie=totals.count(s.total) > 1)
        lines.append(line + (f" · {against_par(s.total, par)}" if par is not None else ""))
    if viewer is not None:
        if board.you is None:
            lines.append(_("You have no finished attempt on this board."))
        elif all(s.user_id != viewer for s in board.entries):
            lines.append(_("You: {rank} of {n} — {vp} VP · {orders} orders").format(
                rank=board.you.rank, n=board.players, vp=board.you.total, orders=board.you.orders))
    lines.append(_("Ties on VP: more money + faith left, then more unused employee circles."))
    return lines


class Daily(commands.Cog):
    daily = app_commands.Group(name="daily", description="The Roll & Write daily challenge.", guild_only=True)

    def __init__(self, bot: YokohamaBot) -> None:
        self.bot = bot
        settings = bot.settings
        self.challenges = DailyService(bot.service, secret=settings.daily_secret,
                                       grace_hours=settings.daily_grace_hours, par_budget_s=settings.ai_budget_s)

    async def cog_load(self) -> None:
        await self.challenges.secret()  # first start: generate and store it now, not mid-game
        self.bot.periodic.append(self.announce_challenges)

    async def cog_unload(self) -> None:
        if self.announce_challenges in self.bot.periodic:
            self.bot.periodic.remove(self.announce_challenges)

    # ----- commands ------------------------------------------------------------------------------
    @daily.command(name="play", description="Start or continue your attempt at today's challenge (private).")
    async def play(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        attempt = await self.challenges.play(interaction.user.id, guild_id=interaction.guild_id,
                                             channel_id=interaction.channel_id)
        challenge = attempt.challenge
        note = (_("Your attempt at the daily challenge of **{date}** ({options}).") if attempt.created
                else _("Continuing your attempt at the daily challenge of **{date}** ({options}).")).format(
                    date=challenge.date, options=challenge.describe_options())
        note += " " + _("Finish by {when}.").format(when=utc_time(challenge.closes))
        await send_panel(interaction, attempt.game.id, note=note)

    @daily.command(name="leaderboard", description="Ranks and scores of a day's challenge.")
    @app_commands.describe(date="Which day, as YYYY-MM-DD (default: today, UTC)", scope="This server or everyone")
    @app_commands.choices(scope=SCOPES)
    async def leaderboard(self, interaction: discord.Interaction, date: str | None = None,
                          scope: str = "server") -> None:
        day = parse_date(date) if date else self.challenges.today()
        if day > self.challenges.today():
            raise ServiceError(_("The challenge of {day} has not started yet.").format(day=day))
        await interaction.response.defer(thinking=True)
        guild = interaction.guild_id if scope == "server" else None
        board = await self.challenges.leaderboard(day, guild_id=guild, viewer=interaction.user.id)
        par = await self.challenges.stored_par(day)
        async with languages.public(self.bot, interaction.guild_id):  # posted in the channel
            text = clip("\n".join(board_lines(board, interaction.user.id, par)), 2000)
        await interaction.followup.send(text,
                                        allowed_mentions=discord.AllowedMentions.none())

    @daily.command(name="stats", description="Daily-challenge record: games, best, average, streaks.")
    @app_commands.describe(user="Whose record (default: yours)")
    async def stats(self, interaction: discord.Interaction, user: discord.User | None = None) -> None:
        target = user.id if user is not None else interaction.user.id
        s = await self.challenges.stats(target)
        async with languages.public(self.bot, interaction.guild_id):  # posted in the channel
            text = stats_text(target, s)
        await interaction.response.send_message(text, allowed_mentions=discord.AllowedMentions.none())

    @daily.command(name="compare", description="Your finished daily game against the leader, the par or a player.")
    @app_commands.rename(with_="with")
    @app_commands.describe(with_="Compare with the day's leader or the par (default: the leader)",
                           player="Or compare with this player (they must have finished that day)",
                           date="Which day, as YYYY-MM-DD (default: today, UTC)")
    @app_commands.choices(with_=RIVALS)
    async def compare(self, interaction: discord.Interaction, with_: str = "leader",
                      player: discord.User | None = None, date: str | None = None) -> None:
        day = parse_date(date) if date else self.challenges.today()
        await interaction.response.defer(ephemeral=True, thinking=True)
        rival: str | int = player.id if player is not None else with_
        comparison = await self.challenges.compare(interaction.user.id, day, rival)
        other_name = (_("Par") if comparison.other.who == "par"
                      else await picture_name(self.bot, interaction.channel, comparison.other.user_id, 0))
        text, chart = comparison_text(comparison, other_name), await asyncio.to_thread(
            race_chart, comparison, other_name)
        await interaction.followup.send(clip(text, 2000), ephemeral=True,
                                        file=discord.File(io.BytesIO(chart), filename=f"daily-{day}-race.png",
                                                          description=race_text(comparison, other_name)),
                                        allowed_mentions=discord.AllowedMentions.none())

    @daily.command(name="help", description="How the daily challenge works, and until when you can finish.")
    async def help(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(help_text(self.challenges.grace_hours), ephemeral=True)

    # ----- what the bot posts by itself ------------------------------------------------------------
    async def announce_result(self, outcome: Outcome) -> None:
        """A finished attempt: a spoiler-safe line in its channel, the final sheet as a spoiler image."""
        bot = self.bot
        game = outcome.game
        if not outcome.finished or game.status != "finished" or outcome.state is None:
            return
        channel = await channel_of(bot, game.channel_id)
        if channel is None:
            return
        standing, players, streak = await self.challenges.result(game)
        par = await self.challenges.stored_par(game.daily_date) if game.daily_date else None
        line = "🎲 " + _("{player} finished the daily challenge of {date}: **{vp} VP**, {orders} — #{rank} of {n} "
                        "so far").format(player=mention(game.creator_id), date=game.daily_date, vp=standing.total,
                                         orders=orders_fulfilled(standing.orders), rank=standing.rank, n=players)
        line += " · 🔥 " + ngettext("streak {n} day", "streak {n} days", streak).format(n=streak)
        if par is not None:
            line += f" · {against_par(standing.total, par)} ({par.total})"
        name = await picture_name(bot, channel, game.creator_id, 0)
        picture = await sheet_file(outcome.state, 0, f"daily-{game.daily_date}.png", spoiler=True, name=name)
        await channel.send(line, files=[picture] if picture else [], allowed_mentions=discord.AllowedMentions.none())

    async def announce_challenges(self) -> None:
        """Periodic: close expired attempts, prepare today's and tomorrow's par, then announce today's
        challenge where a server asked for it."""
        await self.challenges.expire()
        await self.challenges.prepare_pars()
        due = await self.challenges.claim_announcements()
        if not due:
            return
        challenge = await self.challenges.challenge()
        for guild_id, channel_id in due:
            channel = await channel_of(self.bot, channel_id)
            if channel is not None:
                try:
                    async with languages.public(self.bot, guild_id):
                        text = await self.announcement(challenge, guild_id)
                    await channel.send(text,
                                       allowed_mentions=discord.AllowedMentions.none())
                except discord.HTTPException:
                    log.warning("cannot announce the daily challenge in channel %s of server %s", channel_id,
                                guild_id, exc_info=True)

    async def announcement(self, challenge: Challenge, guild_id: int) -> str:
        yesterday = shift_date(challenge.date, -1)
        lines = [
            "📅 " + _("**The daily challenge of {date} is open** ({options}). Everyone gets the same dice and cards; "
                      "`/daily play` takes your one attempt. Finish by {when} (`/daily help`).").format(
                date=challenge.date, options=challenge.describe_options(), when=utc_time(challenge.closes)),
        ]
        board = await self.challenges.leaderboard(yesterday, guild_id=guild_id, top=3)
        if board.entries:
            ends = challenge.opens + self.challenges.grace_hours * 3600
            podium = " · ".join(f"{MEDALS.get(s.rank, '')} {mention(s.user_id)} {s.total} VP" for s in board.entries)
            lines.append(_("Yesterday's podium here: {podium} (late attempts count until {when}, in {left}).").format(
                podium=podium, when=utc_time(ends), left=duration(ends - self.challenges.clock())))
        else:
            lines.append(_("Nobody here finished yesterday's challenge."))
        return "\n".join(lines)


def comparison_text(c: Comparison, other: str) -> str:
    """Round by round: the set each took and the total it led to (only for players who finished the day)."""
    lines = [_("**Daily challenge {date}: you ({vp} VP) vs {other} ({other_vp} VP)**").format(
        date=c.date, vp=c.you.total, other=other, other_vp=c.other.total)]
    for n in range(max(len(c.you.rounds), len(c.other.rounds))):
        you, them = _round_cell(c.you.rounds, c.you.sets, n), _round_cell(c.other.rounds, c.other.sets, n)
        lines.append(_("R{round}: you {you} · {other} {them}").format(round=n + 1, you=you, other=other, them=them))
    return "\n".join(lines)


def _round_cell(rounds: list[int], sets: list[str], n: int) -> str:
    if n >= len(rounds):
        return "—"
    return f"{clip_words(sets[n], 48) if n < len(sets) else '—'} → {rounds[n]}"


def race_text(c: Comparison, other: str) -> str:
    """The race chart's alt text: both players' points round by round."""
    none = _("no rounds")
    return alt_text(_("Daily challenge {date}, points round by round. You: {you}. {other}: {them}.").format(
        date=c.date, you=", ".join(map(str, c.you.rounds)) or none, other=other,
        them=", ".join(map(str, c.other.rounds)) or none))
def stats_text(target: int, s: Any) -> str:
    """A player's daily-challenge record, as `/daily stats` posts it."""
    if not s.games:
        return _("{player} has not finished a daily challenge yet. `/daily play` starts today's.").format(
            player=mention(target))
    assert s.best is not None and s.average is not None
    text = (_("**Daily challenge record of {player}**").format(player=mention(target)) + "\n"
            + _("Games: {games} · best: {best} VP · average: {average} VP").format(
                games=s.games, best=s.best, average=average(s.average)) + "\n"
            + ngettext("Current streak: {n} day", "Current streak: {n} days", s.current_streak).format(
                n=s.current_streak) + " · "
            + ngettext("best streak: {n} day", "best streak: {n} days", s.best_streak).format(n=s.best_streak)
            + " · " + _("last played {date}").format(date=s.last_date))
    if s.par_days:
        text += "\n" + _("Beat par on {beat} of {days} days · par streak: {streak} · best par streak: {best}").format(
            beat=s.beat_par, days=s.par_days, streak=s.par_streak, best=s.best_par_streak)
    return text


def race_chart(c: Comparison, other: str) -> bytes:
    return line_chart(_("Daily {date}: score race").format(date=c.date),
                      [Series(_("You"), c.you.rounds), Series(other, c.other.rounds)], x_label=_("Round"),
                      y_label=_("VP"))


async def setup(bot: YokohamaBot) -> None:
    await bot.add_cog(Daily(bot))
