"""/tournament: sign-up posts with Join / Leave, the start, standings with a picture, the final podium; the
scheduler runs with every sweep. The logic is the service's (`bot.service.tournaments`); this cog parses,
calls it and posts.

Each round's tables are posted by whichever process claimed them (`TournamentService.unannounced`): a line in
the tournament's channel, a thread under it (like `/table new`), and the table's start in the thread.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import time
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_app import custom_ids as ids
from bot.discord_app import languages
from bot.discord_app.client import YokohamaBot
from bot.discord_app.community import pingable, turn_notices, when_text
from bot.discord_app.host import Host
from bot.discord_app.names import names_of_users
from bot.discord_app.outbox import kick, nonce, sender
from bot.discord_app.panels.channels import channel_by_id, threads_wanted
from bot.discord_app.panels.clicks import bot_of, guarded
from bot.discord_app.panels.lobby import start_announcement
from bot.discord_app.panels.text import alt_text, clip, only
from bot.service.errors import ServiceError
from bot.service.outbox import GiveUp
from bot.service.records import OutboxItem, Pairing, PairingResult, TournamentRow
from bot.service.table_rules import MAX_WAIT_HOURS
from bot.service.tournaments import (
    FORMAT_TITLES,
    MAX_PLAYERS,
    MAX_ROUNDS,
    MAX_SIGNUP_HOURS,
    Line,
    TickEvent,
    TournamentService,
)
from engine.core import get_game
from i18n import N_, _, ngettext
from rendering.charts import Step, podium
from rendering.tournament import Row, standings_picture

log = logging.getLogger(__name__)

TOURNAMENT = ids.Field("tournament number", r"[0-9]{1,20}", low=1)
SIGNUP = ids.Field("sign-up action", r"join|leave|quit", numeric=False)
#: The server setting naming the role (besides Manage Server) that may organise tournaments.
ROLE_SETTING = "tournament_role"
_MEDALS = ("🥇", "🥈", "🥉")
#: The formats as the posts name them (the service's `FORMAT_TITLES`, in the reader's language).
FORMATS = {"swiss": N_("Swiss"), "roundrobin": N_("round robin"), "groups": N_("Swiss groups"),
           "samedice": N_("same-dice rounds")}


def format_title(key: str) -> str:
    return _(FORMATS[key]) if key in FORMATS else FORMAT_TITLES.get(key, key)


def service_of(bot: Host) -> TournamentService:
    cog = bot.get_cog("Tournaments")
    assert isinstance(cog, Tournaments)
    return cog.service


def _figure(value: float) -> str:
    return f"{value:g}" if value == int(value) else f"{value:.2f}".rstrip("0")


def _points(points: float) -> str:
    """`1 point`, `1.5 points`, `3 points` in the reader's language (a fraction reads as the plural form)."""
    whole = float(points).is_integer()
    return ngettext("{n} point", "{n} points", int(points) if whole else 2).format(n=_figure(points))


def signup_text(t: TournamentRow, note: str = "") -> str:
    engine = get_game(t.kind)
    rules = t.rules
    deadline = float(rules.get("deadline_hours", 0))
    rule = _("the bot plays the late turn") if rules.get("timeout_rule") == "bot" else _("the late player forfeits")
    rounds = ngettext("{n} round", "{n} rounds", t.rounds).format(n=t.rounds) if t.rounds \
        else _("rounds to suit the field")
    lines = ["🏆 " + _("**{name}** (tournament #{number}) — {game}, {format}, {rounds}.").format(
                 name=t.name, number=t.id, game=_(engine.title), format=format_title(t.format), rounds=rounds),
             (_("Each decision: {hours} h, then {rule}.").format(hours=f"{deadline:g}", rule=rule) if deadline
              else _("No deadline per decision.")) + " " + _("Tournament games are rated."),
             _("Players ({n} of {most}): {players}").format(
                 n=len(t.players), most=t.max_players,
                 players=", ".join(f"<@{p.user_id}>" for p in t.players) or _("nobody yet"))]
    if t.status == "signup":
        lines.append(_("Press **Join** to sign up, **Leave** to change your mind.") + " "
                     + (_("Sign-up closes {when}; the organiser can start it sooner with `/tournament start`.")
                        .format(when=when_text(t.signup_until)) if t.signup_until
                        else _("The organiser can start it with `/tournament start`.")))
    elif t.status == "cancelled":
        lines.append(note or _("Too few players signed up; the tournament is cancelled."))
    else:
        lines.append(_("Sign-up is closed; the tournament has started. Its pairings, results and standings are "
                       "posted in its thread; `/tournament standings` shows the table."))
    return "\n".join(lines)


def signup_view(t: TournamentRow) -> discord.ui.View | None:
    if t.status != "signup":
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(SignupButton(t.id, "join"))
    view.add_item(SignupButton(t.id, "leave"))
    return view


def standings_rows(t: TournamentRow, lines: list[Line], names: list[str]) -> tuple[list[str], list[Row]]:
    if t.format == "samedice":
        # TRANSLATORS: column heads of the same-dice standings picture (narrow columns): total score, best
        # round, rounds played.
        headers = [_("Total"), _("Best"), _("Rnds"), ""]
        rows = [Row(x.rank, n, _figure(x.points), str(x.best), str(x.played), "", x.left)
                for x, n in zip(lines, names, strict=True)]
    else:
        # Wins and losses mean something only between two players: a Yokohama group ranks by place.
        duel = t.format != "groups"
        # TRANSLATORS: column heads of the tournament standings picture (narrow columns): points, Buchholz,
        # victory points, wins-losses.
        headers = [_("Pts"), _("Buch."), _("VP"), _("W-L") if duel else ""]
        rows = [Row(x.rank, n, _figure(x.points), _figure(x.buchholz), str(x.game_points),
                    f"{x.wins}-{x.losses}" if duel else "", x.left) for x, n in zip(lines, names, strict=True)]
    return headers, rows


def standings_text(t: TournamentRow, lines: list[Line], results: list[PairingResult], *,
                   after: int | None = None, away: dict[int, float] | None = None) -> str:
    where = {"signup": _("sign-up"), "running": _("round {round} of {rounds}").format(round=t.round, rounds=t.rounds),
             "finished": _("final"), "cancelled": _("cancelled")}[t.status]
    if after is not None:
        where = _("after round {round} of {rounds}").format(round=after, rounds=t.rounds)
    tie = _("total score, then the best round") if t.format == "samedice" else \
        _("points, then Buchholz (opponents' points), then the games' own points")
    out = [_("**{name}** — standings ({where}; ranked by {tie})").format(name=t.name, where=where, tie=tie)]
    for x in lines[:20]:
        points = _points(x.points)
        figures = (_("{points}, best round {best}").format(points=points, best=x.best)
                   if t.format == "samedice" else
                   _("{points}, Buchholz {buchholz}, {vp} VP").format(
                       points=points, buchholz=_figure(x.buchholz), vp=x.game_points))
        out.append(f"{x.rank}. <@{x.user_id}> — {figures}" + (" " + _("(left)") if x.left else "")
                   + (" 💤 " + _("away until {when}").format(when=when_text(away[x.user_id]))
                      if away and x.user_id in away else ""))
    if len(lines) > 20:
        out.append(_("… and {n} more (the picture shows everyone).").format(n=len(lines) - 20))
    running = [r for r in results if r.pairing.round == t.round and not r.pairing.bye and r.status == "active"]
    if t.status == "running" and running and after is None:
        out.append(_("Still playing this round: {games}").format(
            games=", ".join(f"#{r.pairing.game_id}" for r in running)))
    return "\n".join(out)


async def standings_file(bot: Host, t: TournamentRow, lines: list[Line], *, after: int | None = None) -> discord.File:
    names = await names_of_users(bot, t.guild_id, [x.user_id for x in lines])
    headers, rows = standings_rows(t, lines, names)
    engine = get_game(t.kind)
    shown_round = after if after is not None else max(t.round - 1, 0)
    where = (_("final standings") if t.status == "finished" and after is None
             else _("after round {round}").format(round=shown_round) if t.status == "running" or after is not None
             else t.status)
    players = ngettext("{n} player", "{n} players", len(lines)).format(n=len(lines))
    picture = await asyncio.to_thread(
        standings_picture, f"{t.name} — {where}",
        f"{_(engine.title)} · {format_title(t.format)} · {players}", headers, rows)
    table = _("; ").join(f"{row.rank}. {row.name} {row.points}" for row in rows[:40])
    return discord.File(io.BytesIO(picture), filename=f"tournament-{t.id}.png",
                        description=alt_text(f"{t.name} — {where}: {table}"))


async def is_organiser(bot: YokohamaBot, interaction: discord.Interaction) -> bool:
    member = interaction.user
    if not isinstance(member, discord.Member) or interaction.guild_id is None:
        return False
    if member.guild_permissions.manage_guild:
        return True
    role = await bot.records.setting(interaction.guild_id, ROLE_SETTING)
    return bool(role) and any(str(r.id) == role for r in member.roles)


async def must_organise(bot: YokohamaBot, interaction: discord.Interaction) -> None:
    if not await is_organiser(bot, interaction):
        role = await bot.records.setting(interaction.guild_id or 0, ROLE_SETTING)
        raise ServiceError(_("Organising tournaments needs the Manage Server permission or the {role} role.")
                           .format(role=f"<@&{role}>") if role else
                           _("Organising tournaments needs the Manage Server permission."))


# ----- posting -------------------------------------------------------------------------------------------------
async def publish(bot: YokohamaBot, events: list[TickEvent]) -> None:
    """What the scheduler did, shown where it belongs: the sign-up post loses its buttons at the start (or
    says the tournament is cancelled). Every other post (a round's pairings, each table's start, the final
    podium) is owed in the database and sent from the outbox (`kick`)."""
    for event in events:
        if event.kind in ("started", "cancelled"):
            await _close_signup(bot, event.tournament)
    kick(bot)


def _thread_key(t: TournamentRow) -> str:
    return f"tournament-thread:{t.id}"


async def tournament_thread(bot: Host, t: TournamentRow) -> Any:
    """The tournament's own thread (pairings, results, standings): opened under its sign-up post the first
    time it is needed (or, without a known sign-up post, as a thread of the channel); the channel itself when
    the server turned threads off or the bot may not open one."""
    known = await bot.records.thread_of_key(_thread_key(t))
    if known:
        found = await channel_by_id(bot, known)
        if found is not None:
            return found
    channel = await channel_by_id(bot, t.channel_id)
    if channel is None:
        raise GiveUp(f"the channel of tournament {t.id} is gone")
    if not await threads_wanted(bot, t.guild_id):
        return channel
    name = clip(f"🏆 {t.name}", 100)
    thread: Any = None
    signup = await bot.records.signup_message(t.id)
    if signup is not None:
        message = bot.get_partial_messageable(signup[0], guild_id=t.guild_id,
                                              type=discord.ChannelType.text).get_partial_message(signup[1])
        try:
            thread = await message.create_thread(name=name, auto_archive_duration=10080)
        except (discord.NotFound, discord.Forbidden):
            log.info("no thread under the sign-up post of tournament %s (deleted?)", t.id)
    if thread is None and isinstance(channel, discord.TextChannel):
        try:
            thread = await channel.create_thread(name=name, type=discord.ChannelType.public_thread,
                                                 auto_archive_duration=10080)
        except discord.Forbidden:
            log.info("no thread for tournament %s; posting in its channel", t.id)
    if thread is None:
        return channel
    await bot.records.set_thread_of_key(_thread_key(t), thread.id)
    return thread


@sender("round")
async def send_round(bot: Host, item: OutboxItem) -> None:
    """In the tournament's thread, one post a round: from round 2 the last round's results and the standings
    so far (with who is away), then the round's pairings."""
    t, lines, results = await service_of(bot).standings(int(item.payload["tournament"]))
    round_number = int(item.payload["round"])
    pairings = [r.pairing for r in results if r.pairing.round == round_number]
    where = await tournament_thread(bot, t)
    parts = []
    files = []
    async with languages.public(bot, t.guild_id):  # the tournament's thread: the server's language
        if round_number > 1:
            away = await bot.records.away_until(t.guild_id, [x.user_id for x in lines if not x.left], time.time())
            parts += [results_text(t, round_number - 1, results),
                      standings_text(t, lines, results, after=round_number - 1, away=away)]
            files = [await standings_file(bot, t, lines, after=round_number - 1)]
        parts.append(_round_text(t, round_number, pairings))
    await where.send(clip("\n".join(x for x in parts if x), 2000), files=files,
                     allowed_mentions=discord.AllowedMentions.none(), nonce=nonce(item))


@sender("table")
async def send_table(bot: Host, item: OutboxItem) -> None:
    """A table's start, in a thread of its own (a thread of the channel, with no post in the channel), pinging
    whoever acts first as they chose."""
    found = await service_of(bot).table_post(item.payload)
    if found is None:
        return
    t, p, outcome = found
    channel = await channel_by_id(bot, t.channel_id)
    if channel is None:
        raise GiveUp(f"the channel of tournament {t.id} is gone")
    where: Any = None
    thread_id = await bot.records.thread_of(outcome.game.id)
    if thread_id:
        where = await channel_by_id(bot, thread_id)
    if where is None and isinstance(channel, discord.TextChannel) and await threads_wanted(bot, t.guild_id):
        engine = get_game(t.kind)
        try:
            async with languages.public(bot, t.guild_id):
                title = _("{game} #{number} · {name} · round {round}").format(
                    game=_(engine.title), number=p.game_id, name=t.name, round=p.round)
            where = await channel.create_thread(
                name=clip(title, 100),
                type=discord.ChannelType.public_thread, auto_archive_duration=10080)
            await bot.records.set_thread(outcome.game.id, where.id)
        except discord.Forbidden:
            log.info("no thread for tournament game %s; playing in the tournament's thread", p.game_id)
            where = None
    if where is None:
        where = await tournament_thread(bot, t)
    names = await names_of_users(bot, t.guild_id, list(p.players))
    async with languages.public(bot, t.guild_id):  # the table's thread: the server's language
        announcement = await start_announcement(bot, outcome)
        head = "🏆 " + _("**{name}** — round {round}, table {board}: {players}").format(
            name=t.name, round=p.round, board=p.board, players=_(" vs ").join(f"**{n}**" for n in names))
        announcement["content"] = clip(head + "\n" + announcement["content"], 2000)
        stage = _("{name}, round {round}").format(name=t.name, round=p.round)
    announcement["allowed_mentions"] = only(await turn_notices(bot, outcome, where, outcome.waiting_on,
                                                               stage=stage))
    await where.send(**announcement, nonce=nonce(item))


@sender("final")
async def send_final(bot: Host, item: OutboxItem) -> None:
    t = await service_of(bot).tournament_row(int(item.payload["tournament"]))
    channel = await channel_by_id(bot, t.channel_id)
    if channel is None:
        raise GiveUp(f"the channel of tournament {t.id} is gone")
    async with languages.public(bot, t.guild_id):  # the channel: the server's language
        await _final_post(bot, t, channel, nonce=nonce(item))


@sender("unstarted")
async def send_unstarted(bot: Host, item: OutboxItem) -> None:
    """Too few players signed up: the sign-up post says so (no new post)."""
    t = await service_of(bot).tournament_row(int(item.payload["tournament"]))
    await _close_signup(bot, t)


def _round_text(t: TournamentRow, round_number: int, pairings: list[Pairing]) -> str:
    lines = ["🏆 " + _("**{name}** — round {round} of {rounds}:").format(name=t.name, round=round_number,
                                                                         rounds=t.rounds)]
    for p in pairings:
        if p.bye:
            lines.append("• " + _("{player} has a bye (it counts as a win)").format(player=f"<@{p.players[0]}>"))
        elif t.format != "samedice":
            lines.append("• " + _("Table {board}: {players}").format(
                board=p.board, players=_(" vs ").join(f"<@{u}>" for u in p.players)))
    if t.format == "samedice":
        lines.append(ngettext("Everyone plays the same dice on a sheet of their own ({n} sheet).",
                              "Everyone plays the same dice on a sheet of their own ({n} sheets).",
                              len(pairings)).format(n=len(pairings)))
    lines.append(_("Each table gets its own thread, where its players are pinged; the round closes when every "
                   "table has ended."))
    return "\n".join(lines)


def results_text(t: TournamentRow, round_number: int, results: list[PairingResult]) -> str:
    """How each table of a round ended: the winner (or the places), who forfeited; "" for same dice (the
    standings say it)."""
    if t.format == "samedice":
        return ""
    lines = [_("**Results of round {round}:**").format(round=round_number)]
    for r in results:
        p = r.pairing
        if r.pairing.round != round_number or p.bye:
            continue
        result = r.result or {}
        ranking = [p.players[s] for s in result.get("ranking", []) if s < len(p.players)]
        gone = {p.players[s] for s in result.get("forfeited", []) if s < len(p.players)}
        if r.status == "abandoned" or not ranking:
            lines.append("• " + _("Table {board}: abandoned, nobody scores").format(board=p.board))
        elif len(p.players) == 2:
            winner, loser = ranking[0], ranking[1]
            line = (_("Table {board}: {winner} beat {loser} (forfeit)") if loser in gone
                    else _("Table {board}: {winner} beat {loser}"))
            lines.append("• " + line.format(board=p.board, winner=f"<@{winner}>", loser=f"<@{loser}>"))
        else:
            lines.append("• " + _("Table {board}: {places}").format(board=p.board, places=", ".join(
                f"{place}. <@{u}>" + (" " + _("(forfeited)") if u in gone else "")
                for place, u in enumerate(ranking, 1))))
    return "\n".join(lines) if len(lines) > 1 else ""


async def _close_signup(bot: Host, t: TournamentRow, note: str = "") -> None:
    where = await bot.records.signup_message(t.id)
    if where is None:
        return
    channel_id, message_id = where
    async with languages.public(bot, t.guild_id):
        text = signup_text(t, note)
    with contextlib.suppress(discord.HTTPException):
        await bot.get_partial_messageable(channel_id).get_partial_message(message_id).edit(
            content=text, view=None, allowed_mentions=discord.AllowedMentions.none())


def cancel_text(t: TournamentRow, by: int, running: list[int]) -> str:
    """The post of an organiser's cancellation: no further rounds; the tables still playing play on."""
    text = "🏆 " + (_("**{name}** is cancelled by {organiser}: no further rounds will be played.") if t.round
                    else _("**{name}** is cancelled by {organiser}; it will not start.")).format(
        name=t.name, organiser=f"<@{by}>")
    if running:
        text += " " + _("The tables still playing ({games}) play on to their end as ordinary rated games.").format(
            games=", ".join(f"#{g}" for g in running))
    return text




def list_line(t: TournamentRow) -> str:
    """One tournament of `/tournament list`: number, name, game and format, its state, its players."""
    engine = get_game(t.kind)
    if t.status == "signup":
        state = (_("sign-up open ({n} of {most} players, closes {when})").format(
            n=len(t.players), most=t.max_players, when=when_text(t.signup_until)) if t.signup_until else
            _("sign-up open ({n} of {most} players)").format(n=len(t.players), most=t.max_players))
    elif t.status == "running":
        state = _("running, round {round} of {rounds} ({n} players)").format(round=t.round, rounds=t.rounds,
                                                                              n=len(t.active()))
    elif t.status == "cancelled":
        state = _("cancelled in round {round}").format(round=t.round) if t.round else _("cancelled")
    else:
        state = _("finished ({n} players)").format(n=len(t.players))
    return f"**#{t.id} {t.name}** — {_(engine.title)}, {format_title(t.format)}: {state}"


async def _final_post(bot: Host, t: TournamentRow, channel: Any, *, nonce: str | None = None) -> None:
    """The final podium in the channel: the best three of those still in (a player who left is neither on it
    nor pinged), with the podium and standings pictures."""
    t, lines, _results = await service_of(bot).standings(t.id)
    stayed = [x for x in lines if not x.left]
    top = stayed[:3]
    places = [1 + sum(1 for y in top if y.rank < x.rank) for x in top]
    names = await names_of_users(bot, t.guild_id, [x.user_id for x in top])
    text = ["🏆 " + _("**{name}** is over! Final podium:").format(name=t.name)] + [
        f"{_MEDALS[place - 1]} <@{x.user_id}> — "
        + _points(x.points)
        for place, x in zip(places, top, strict=True)]
    text.append(_("`/tournament standings` keeps the full table. Thanks for playing!"))
    picture = await asyncio.to_thread(
        podium, t.name, [Step(place, n, _points(x.points))
                         for place, x, n in zip(places, top, names, strict=True)],
        subtitle=f"{_(get_game(t.kind).title)} · {format_title(t.format)}")
    said = _("; ").join(f"{place}. {n} {_points(x.points)}" for place, x, n in zip(places, top, names, strict=True))
    files = [discord.File(io.BytesIO(picture), filename=f"tournament-{t.id}-podium.png",
                          description=alt_text(f"{t.name}: {said}")),
             await standings_file(bot, t, lines)]
    await channel.send(clip("\n".join(text), 2000), files=files,
                       allowed_mentions=only(await pingable(bot, [x.user_id for x in top])), nonce=nonce)


async def tournament_ids(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    """Autocomplete: this server's tournaments (open ones first)."""
    if interaction.guild_id is None:
        return []
    found = await service_of(bot_of(interaction)).of_server(interaction.guild_id)
    found.sort(key=lambda t: (t.status == "finished", -t.id))
    choices = []
    for t in found:
        status = {"signup": _("sign-up"), "running": _("running"), "finished": _("final"),
                  "cancelled": _("cancelled")}.get(t.status, t.status)
        label = f"#{t.id} {t.name} ({status})"
        if current and current.lower() not in label.lower():
            continue
        choices.append(app_commands.Choice(name=label[:100], value=t.id))
    return choices[:25]


class Tournaments(commands.Cog):
    group = app_commands.Group(name="tournament", description="Tournaments in this server: Swiss, round robin, "
                                                              "groups, same dice.", guild_only=True)

    def __init__(self, bot: YokohamaBot) -> None:
        self.bot = bot
        self.service = TournamentService(bot.service)

    async def cog_load(self) -> None:
        self.bot.periodic.append(self.tick)

    async def cog_unload(self) -> None:
        if self.tick in self.bot.periodic:
            self.bot.periodic.remove(self.tick)

    async def tick(self) -> None:
        """The scheduler, with every sweep: start, pair, create tables, close rounds, finish; what it owes is
        posted from the outbox, in the background."""
        await publish(self.bot, await self.service.tick())

    @group.command(name="new", description="Open a tournament's sign-up in this channel (organisers).")
    @app_commands.describe(
        game="Which game", format="Swiss / round robin (Duel), Swiss groups (Yokohama), same dice (Roll & Write)",
        rounds="How many rounds (default: to suit the field; a round robin plays everyone once)",
        deadline_hours="Hours per decision before the timeout rule (0 = none; default 48)",
        signup_hours="Hours the sign-up stays open before it starts by itself (0 = until /tournament start)",
        name="The tournament's name", max_players="The most players who may sign up (default 32)",
        timeout_rule="At a deadline: the bot plays the turn, or the late player forfeits")
    @app_commands.choices(
        game=[app_commands.Choice(name="Yokohama Duel", value="duel"),
              app_commands.Choice(name="Yokohama", value="yokohama"),
              app_commands.Choice(name="Yokohama Roll & Write", value="rollwrite")],
        format=[app_commands.Choice(name="Swiss (Duel)", value="swiss"),
                app_commands.Choice(name="round robin (Duel)", value="roundrobin"),
                app_commands.Choice(name="Swiss groups of 3-4 (Yokohama)", value="groups"),
                app_commands.Choice(name="same-dice rounds (Roll & Write)", value="samedice")],
        timeout_rule=[app_commands.Choice(name="the bot plays the turn", value="bot"),
                      app_commands.Choice(name="the late player forfeits", value="forfeit")])
    async def new(self, interaction: discord.Interaction, game: str, format: str,
                  rounds: app_commands.Range[int, 1, MAX_ROUNDS] | None = None,
                  deadline_hours: app_commands.Range[float, 0.0, MAX_WAIT_HOURS] = 48.0,
                  signup_hours: app_commands.Range[float, 0.0, MAX_SIGNUP_HOURS] = 24.0,
                  name: app_commands.Range[str, 1, 80] | None = None,
                  max_players: app_commands.Range[int, 2, MAX_PLAYERS] = 32,
                  timeout_rule: str = "bot") -> None:
        await must_organise(self.bot, interaction)
        t = await self.service.create(
            game, format, guild_id=interaction.guild_id or 0, channel_id=interaction.channel_id or 0,
            organiser_id=interaction.user.id, rounds=rounds, deadline_hours=deadline_hours,
            signup_hours=signup_hours, name=name or "", max_players=max_players, timeout_rule=timeout_rule)
        async with languages.public(self.bot, t.guild_id):  # the sign-up post: the server's language
            text, view = signup_text(t), signup_view(t)
        await interaction.response.send_message(text, view=view or discord.utils.MISSING,
                                                allowed_mentions=discord.AllowedMentions.none())
        with contextlib.suppress(discord.HTTPException):
            message = await interaction.original_response()
            await self.bot.records.set_signup_message(t.id, message.channel.id, message.id)

    @group.command(name="start", description="Start a tournament now, closing its sign-up (organisers).")
    @app_commands.describe(tournament="Tournament number")
    @app_commands.autocomplete(tournament=tournament_ids)
    async def start(self, interaction: discord.Interaction, tournament: int) -> None:
        t = await self.service.tournament(tournament)  # scoped: this server's tournaments only
        await must_organise(self.bot, interaction)
        if t.status == "signup" and len(t.players) < 2:
            raise ServiceError(_("**{name}** needs at least 2 players to start; {n} signed up.").format(
                name=t.name, n=len(t.players)))
        await interaction.response.defer(ephemeral=True, thinking=True)
        events = await self.service.start(t.id)
        await interaction.followup.send(
            _("**{name}** has started: round 1 is paired and its tables are opening.").format(name=t.name),
            ephemeral=True)
        await publish(self.bot, events)

    @group.command(name="cancel", description="Call a tournament off (organisers); tables still playing play on.")
    @app_commands.describe(tournament="Tournament number")
    @app_commands.autocomplete(tournament=tournament_ids)
    async def cancel(self, interaction: discord.Interaction, tournament: int) -> None:
        t = await self.service.tournament(tournament)  # scoped: this server's tournaments only
        await must_organise(self.bot, interaction)
        t, running = await self.service.cancel(t.id)
        await interaction.response.send_message(
            _("You cancelled **{name}**.").format(name=t.name) + (" " + ngettext(
                "Its {n} running table plays on as an ordinary rated game.",
                "Its {n} running tables play on as ordinary rated games.", len(running)).format(n=len(running))
                if running else ""),
            ephemeral=True)
        async with languages.public(self.bot, t.guild_id):
            note = _("The organiser cancelled the tournament ({organiser}).").format(
                organiser=f"<@{interaction.user.id}>")
            cancelled = clip(cancel_text(t, interaction.user.id, running), 2000)
        await _close_signup(self.bot, t, note)
        if not t.round:
            return  # the sign-up post says it: nothing else was ever posted
        try:  # told where its rounds were told: the tournament's thread
            where = await tournament_thread(self.bot, t)
            await where.send(cancelled, allowed_mentions=discord.AllowedMentions.none())
        except (discord.HTTPException, GiveUp):
            log.warning("could not post the cancellation of tournament %s", t.id, exc_info=True)

    @group.command(name="list", description="This server's tournaments and where each stands.")
    async def list_(self, interaction: discord.Interaction) -> None:
        found = await self.service.of_server(interaction.guild_id or 0,
                                             statuses=("signup", "running", "finished", "cancelled"))
        if not found:
            await interaction.response.send_message(
                _("This server has no tournaments yet. Organisers open one with `/tournament new`."), ephemeral=True)
            return
        order = {"signup": 0, "running": 0, "finished": 1, "cancelled": 1}
        found.sort(key=lambda t: (order[t.status], -t.id))
        lines = ["🏆 " + _("**Tournaments in this server** ({n}):").format(n=len(found))]
        for n, t in enumerate(found):
            line = list_line(t)
            if sum(len(x) + 1 for x in lines) + len(line) > 1900:
                lines.append(_("… and {n} older ones.").format(n=len(found) - n))
                break
            lines.append(line)
        lines.append(_("`/tournament standings tournament:` shows one's standings."))
        await interaction.response.send_message("\n".join(lines), ephemeral=True,
                                                allowed_mentions=discord.AllowedMentions.none())

    @group.command(name="leave", description="Leave a tournament (once it runs, you forfeit your remaining games).")
    @app_commands.describe(tournament="Tournament number", confirm="Type yes to confirm")
    @app_commands.autocomplete(tournament=tournament_ids)
    async def leave(self, interaction: discord.Interaction, tournament: int, confirm: str) -> None:
        if confirm.strip().lower() not in ("yes", "y"):
            await interaction.response.send_message(_("Nothing changed: type `yes` in **confirm** to leave."),
                                                    ephemeral=True)
            return
        await self._leave(interaction, tournament)

    async def _leave(self, interaction: discord.Interaction, tournament: int) -> None:
        await leave_and_tell(self.bot, interaction, tournament)

    @group.command(name="standings", description="A tournament's standings, with a picture of the table.")
    @app_commands.describe(tournament="Tournament number", public="Post it in the channel (default: only you)")
    @app_commands.autocomplete(tournament=tournament_ids)
    async def standings(self, interaction: discord.Interaction, tournament: int, public: bool = False) -> None:
        t, lines, results = await self.service.standings(tournament)
        await interaction.response.defer(thinking=True, ephemeral=not public)
        away = await self.bot.records.away_until(t.guild_id, [x.user_id for x in lines if not x.left], time.time())
        await interaction.followup.send(clip(standings_text(t, lines, results, away=away), 2000),
                                        file=await standings_file(self.bot, t, lines), ephemeral=not public,
                                        allowed_mentions=discord.AllowedMentions.none())

    @group.command(name="organisers", description="The role (besides Manage Server) that may organise tournaments.")
    @app_commands.describe(role="The role; leave out to allow only Manage Server")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def organisers(self, interaction: discord.Interaction, role: discord.Role | None = None) -> None:
        await self.bot.records.set_setting(interaction.guild_id or 0, ROLE_SETTING, str(role.id) if role else None)
        text = (_("Members with {role} (or Manage Server) may organise tournaments.").format(role=role.mention)
                if role else _("Only members with Manage Server may organise tournaments."))
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none())


async def leave_and_tell(bot: Host, interaction: discord.Interaction, tournament_id: int) -> None:
    """Leave a tournament: answered privately; once it runs, each table of the round the player forfeits is
    told who left (and the game's end, if it ended)."""
    t, outcomes = await service_of(bot).leave(tournament_id, interaction.user.id)
    if t.status == "signup":
        text = _("You left the sign-up of **{name}**.").format(name=t.name)
    else:
        games = f" (#{', #'.join(str(o.game.id) for o in outcomes)})" if outcomes else ""
        text = _("You left **{name}**: you forfeit your game of this round{games} and are not paired again. "
                 "Your results so far stay in the standings.").format(name=t.name, games=games)
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)
    from bot.discord_app.panels.channels import game_channel
    from bot.discord_app.panels.turn_post import announce

    for outcome in outcomes:
        where = await game_channel(bot, outcome.game)
        if where is not None:
            async with languages.public(bot, t.guild_id):  # the table's thread: the server's language
                line = "🏳️ " + _("**{player}** left the tournament **{name}** and forfeits **#{game}**.").format(
                    player=interaction.user.display_name, name=t.name, game=outcome.game.id)
            with contextlib.suppress(discord.HTTPException):
                await where.send(line, allowed_mentions=discord.AllowedMentions.none())
        await announce(bot, outcome, mover=interaction.user.id)


async def signup_click(interaction: discord.Interaction, tournament_id: int, what: str) -> None:
    bot = bot_of(interaction)
    service = service_of(bot)
    if what == "join":
        t = await service.join(tournament_id, interaction.user.id)
        async with languages.public(bot, t.guild_id):  # the sign-up post: the server's language
            text, view = signup_text(t), signup_view(t)
        await interaction.response.edit_message(content=text, view=view,
                                                allowed_mentions=discord.AllowedMentions.none())
        await interaction.followup.send(_("You are signed up for **{name}**. Your tables will ping you in their "
                                          "threads when it is your turn.").format(name=t.name), ephemeral=True)
        return
    if what == "quit":
        await leave_and_tell(bot, interaction, tournament_id)
        return
    t = await service.tournament(tournament_id)
    if t.status == "running" and (me := t.player(interaction.user.id)) is not None and me.left_round is None:
        # A Leave button left on the sign-up post (its edit failed): leaving now forfeits, so it asks first.
        view = discord.ui.View(timeout=None)
        view.add_item(SignupButton(t.id, "quit"))
        await interaction.response.send_message(
            _("**{name}** has started: leaving now forfeits your game of this round and every later one. "
              "Press **Leave and forfeit** to confirm; otherwise nothing changes.").format(name=t.name),
            view=view, ephemeral=True)
        return
    t, _outcomes = await service.leave(tournament_id, interaction.user.id)
    async with languages.public(bot, t.guild_id):
        text, view = signup_text(t), signup_view(t)
    await interaction.response.edit_message(content=text, view=view, allowed_mentions=discord.AllowedMentions.none())


class SignupButton(ids.FromFields, discord.ui.DynamicItem[discord.ui.Button],
                   template=ids.template("yk:tour", "t", "w")):
    FIELDS = {"t": TOURNAMENT, "w": SIGNUP}
    STYLES = {"join": discord.ButtonStyle.success, "leave": discord.ButtonStyle.secondary,
              "quit": discord.ButtonStyle.danger}
    LABELS = {"join": N_("Join"), "leave": N_("Leave"), "quit": N_("Leave and forfeit")}

    def __init__(self, tournament_id: int, what: str) -> None:
        super().__init__(discord.ui.Button(label=_(self.LABELS[what]), style=self.STYLES[what],
                                           custom_id=f"yk:tour:{tournament_id}:{what}"))
        self.tournament_id, self.what = tournament_id, what

    @classmethod
    def from_fields(cls, item: discord.ui.Item[Any], f: dict[str, Any]) -> SignupButton:
        return cls(f["t"], f["w"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, lambda: signup_click(interaction, self.tournament_id, self.what))


async def setup(bot: YokohamaBot) -> None:
    await bot.add_cog(Tournaments(bot))
    bot.add_dynamic_items(SignupButton)


__all__ = ["SignupButton", "Tournaments", "publish"]
