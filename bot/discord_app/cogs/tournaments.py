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
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_app import custom_ids as ids
from bot.discord_app import languages
from bot.discord_app.client import YokohamaBot
from bot.discord_app.community import turn_notices, when_text
from bot.discord_app.host import Host
from bot.discord_app.names import names_of_users
from bot.discord_app.panels.channels import channel_by_id, threads_wanted
from bot.discord_app.panels.clicks import bot_of, guarded
from bot.discord_app.panels.lobby import start_announcement
from bot.discord_app.panels.text import alt_text, clip, only
from bot.service.errors import ServiceError
from bot.service.records import Pairing, PairingResult, TournamentRow
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
SIGNUP = ids.Field("sign-up action", r"join|leave", numeric=False)
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


def signup_text(t: TournamentRow, note: str = "") -> str:
    engine = get_game(t.kind)
    rules = t.rules
    deadline = float(rules.get("deadline_hours", 0))
    rule = _("the bot plays the late turn") if rules.get("timeout_rule") == "bot" else _("the late player forfeits")
    rounds = ngettext("{n} round", "{n} rounds", t.rounds).format(n=t.rounds) if t.rounds \
        else _("rounds to suit the field")
    lines = ["🏆 " + _("**{name}** (tournament #{number}) — {game}, {format}, {rounds}.").format(
                 name=t.name, number=t.id, game=engine.title, format=format_title(t.format), rounds=rounds),
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
        lines.append(_("Sign-up is closed; the tournament has started. `/tournament standings` shows the table."))
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
        headers = ["Total", "Best", "Rnds", ""]
        rows = [Row(x.rank, n, _figure(x.points), str(x.best), str(x.played), "", x.left)
                for x, n in zip(lines, names, strict=True)]
    else:
        headers = ["Pts", "Buch.", "VP", "W-L"]
        rows = [Row(x.rank, n, _figure(x.points), _figure(x.buchholz), str(x.game_points), f"{x.wins}-{x.losses}",
                    x.left) for x, n in zip(lines, names, strict=True)]
    return headers, rows


def standings_text(t: TournamentRow, lines: list[Line], results: list[PairingResult]) -> str:
    where = {"signup": _("sign-up"), "running": _("round {round} of {rounds}").format(round=t.round, rounds=t.rounds),
             "finished": _("final"), "cancelled": _("cancelled")}[t.status]
    tie = _("total score, then the best round") if t.format == "samedice" else \
        _("points, then Buchholz (opponents' points), then the games' own points")
    out = [_("**{name}** — standings ({where}; ranked by {tie})").format(name=t.name, where=where, tie=tie)]
    for x in lines[:20]:
        figures = (_("{points} points, best round {best}").format(points=_figure(x.points), best=x.best)
                   if t.format == "samedice" else
                   _("{points} pts, Buchholz {buchholz}, {vp} VP").format(
                       points=_figure(x.points), buchholz=_figure(x.buchholz), vp=x.game_points))
        out.append(f"{x.rank}. <@{x.user_id}> — {figures}" + (" " + _("(left)") if x.left else ""))
    if len(lines) > 20:
        out.append(_("… and {n} more (the picture shows everyone).").format(n=len(lines) - 20))
    running = [r for r in results if r.pairing.round == t.round and not r.pairing.bye and r.status == "active"]
    if t.status == "running" and running:
        out.append(_("Still playing this round: {games}").format(
            games=", ".join(f"#{r.pairing.game_id}" for r in running)))
    return "\n".join(out)


async def standings_file(bot: YokohamaBot, t: TournamentRow, lines: list[Line]) -> discord.File:
    names = await names_of_users(bot, t.guild_id, [x.user_id for x in lines])
    headers, rows = standings_rows(t, lines, names)
    engine = get_game(t.kind)
    where = "final standings" if t.status == "finished" else f"after round {max(t.round - 1, 0)}" \
        if t.status == "running" else t.status
    picture = await asyncio.to_thread(
        standings_picture, f"{t.name} — {where}",
        f"{engine.title} · {FORMAT_TITLES[t.format]} · {len(lines)} players", headers, rows)
    table = "; ".join(f"{row.rank}. {row.name} {row.points}" for row in rows[:40])
    return discord.File(io.BytesIO(picture), filename=f"tournament-{t.id}.png",
                        description=alt_text(f"Standings of {t.name}, {where}: {table}"))


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
    """Post what the scheduler did: the start (the sign-up post loses its buttons), each round's pairings,
    a cancellation, the final standings with the podium."""
    for event in events:
        t = event.tournament
        channel = await channel_by_id(bot, t.channel_id)
        try:
            if event.kind in ("started", "cancelled"):
                await _close_signup(bot, t)
            if channel is None:
                continue
            async with languages.public(bot, t.guild_id):  # the tournament's channel: the server's language
                if event.kind == "cancelled":
                    await channel.send("🏆 " + _("**{name}** is cancelled: too few players signed up.").format(
                        name=t.name), allowed_mentions=discord.AllowedMentions.none())
                elif event.kind == "round":
                    await channel.send(clip(_round_text(t, event.round, event.pairings), 2000),
                                       allowed_mentions=discord.AllowedMentions.none())
                elif event.kind == "finished":
                    await _final_post(bot, t, channel)
        except discord.HTTPException:
            log.warning("could not post %s of tournament %s", event.kind, t.id, exc_info=True)


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
    lines.append(_("Each table gets its own thread; the round closes when every table has ended."))
    return "\n".join(lines)


async def _close_signup(bot: YokohamaBot, t: TournamentRow, note: str = "") -> None:
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
    return f"**#{t.id} {t.name}** — {engine.title}, {format_title(t.format)}: {state}"


async def _final_post(bot: YokohamaBot, t: TournamentRow, channel: Any) -> None:
    t, lines, _results = await service_of(bot).standings(t.id)
    top = [x for x in lines if x.rank <= 3][:3]
    names = await names_of_users(bot, t.guild_id, [x.user_id for x in top])
    unit = _("points") if t.format == "samedice" else _("pts")
    text = ["🏆 " + _("**{name}** is over! Final podium:").format(name=t.name)] + [
        f"{_MEDALS[x.rank - 1]} <@{x.user_id}> — {_figure(x.points)} {unit}" for x in top]
    text.append(_("`/tournament standings` keeps the full table. Thanks for playing!"))
    picture = await asyncio.to_thread(
        podium, t.name, [Step(x.rank, n, f"{_figure(x.points)} {unit}") for x, n in zip(top, names, strict=True)],
        subtitle=f"{get_game(t.kind).title} · {FORMAT_TITLES[t.format]}")
    said = "; ".join(f"{x.rank}. {n} {_figure(x.points)} {unit}" for x, n in zip(top, names, strict=True))
    files = [discord.File(io.BytesIO(picture), filename=f"tournament-{t.id}-podium.png",
                          description=alt_text(f"Final podium of {t.name}: {said}")),
             await standings_file(bot, t, lines)]
    await channel.send(clip("\n".join(text), 2000), files=files,
                       allowed_mentions=only([x.user_id for x in top]))


async def post_tables(bot: YokohamaBot) -> int:
    """Post every tournament table created but not yet posted (claimed one by one); how many were posted."""
    posted = 0
    for t, p, outcome in await service_of(bot).unannounced():
        channel = await channel_by_id(bot, t.channel_id)
        if channel is None:
            continue
        try:
            names = await names_of_users(bot, t.guild_id, list(p.players))
            async with languages.public(bot, t.guild_id):  # the tournament's channel: the server's language
                head = "🏆 " + _("**{name}** — round {round}, table {board}: {players} (game #{game})").format(
                    name=t.name, round=p.round, board=p.board, players=_(" vs ").join(f"**{n}**" for n in names),
                    game=p.game_id)
                announcement = await start_announcement(bot, outcome)
            message = await channel.send(clip(head, 2000), allowed_mentions=discord.AllowedMentions.none())
            where: Any = channel
            if isinstance(message, discord.Message) and await threads_wanted(bot, t.guild_id):
                engine = get_game(t.kind)
                try:
                    where = await message.create_thread(name=clip(f"{engine.title} #{p.game_id} · {t.name}", 100),
                                                        auto_archive_duration=10080)
                    await bot.records.set_thread(outcome.game.id, where.id)
                except discord.HTTPException:
                    log.info("no thread for tournament game %s; playing in the channel", p.game_id)
            announcement["allowed_mentions"] = only(await turn_notices(bot, outcome, where, outcome.waiting_on))
            await where.send(**announcement)
            posted += 1
        except discord.HTTPException:
            log.warning("could not post tournament game %s", p.game_id, exc_info=True)
    return posted


async def tournament_ids(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    """Autocomplete: this server's tournaments (open ones first)."""
    if interaction.guild_id is None:
        return []
    found = await service_of(bot_of(interaction)).of_server(interaction.guild_id)
    found.sort(key=lambda t: (t.status == "finished", -t.id))
    choices = []
    for t in found:
        label = f"#{t.id} {t.name} ({t.status})"
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
        """The scheduler, with every sweep: start, pair, create and post tables, close rounds, finish."""
        await publish(self.bot, await self.service.tick())
        await post_tables(self.bot)

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
        await post_tables(self.bot)

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
        channel = await channel_by_id(self.bot, t.channel_id)
        if channel is not None:
            try:
                await channel.send(cancelled,
                                   allowed_mentions=discord.AllowedMentions.none())
            except discord.HTTPException:
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
        t, outcomes = await self.service.leave(tournament, interaction.user.id)
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
        from bot.discord_app.panels.turn_post import announce

        for outcome in outcomes:
            await announce(self.bot, outcome, mover=interaction.user.id)

    @group.command(name="standings", description="A tournament's standings, with a picture of the table.")
    @app_commands.describe(tournament="Tournament number", public="Post it in the channel (default: only you)")
    @app_commands.autocomplete(tournament=tournament_ids)
    async def standings(self, interaction: discord.Interaction, tournament: int, public: bool = False) -> None:
        t, lines, results = await self.service.standings(tournament)
        await interaction.response.defer(thinking=True, ephemeral=not public)
        await interaction.followup.send(clip(standings_text(t, lines, results), 2000),
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
    t, _outcomes = await service.leave(tournament_id, interaction.user.id)
    async with languages.public(bot, t.guild_id):
        text, view = signup_text(t), signup_view(t)
    await interaction.response.edit_message(content=text, view=view, allowed_mentions=discord.AllowedMentions.none())


class SignupButton(ids.FromFields, discord.ui.DynamicItem[discord.ui.Button],
                   template=ids.template("yk:tour", "t", "w")):
    FIELDS = {"t": TOURNAMENT, "w": SIGNUP}
    STYLES = {"join": discord.ButtonStyle.success, "leave": discord.ButtonStyle.secondary}
    LABELS = {"join": N_("Join"), "leave": N_("Leave")}

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


__all__ = ["SignupButton", "Tournaments", "post_tables", "publish"]
