"""Community play on Discord: turn notices by DM, the daily digest, the closed-DMs notice, "away until"
beside a name, and the season podium post. The decisions are the service's (`bot.service.notify`,
`away`, `seasons`); this module only sends.

- A turn that now waits on someone: the turn post mentions whoever chose mentions (`mention`, `both`),
  and each player who chose DMs (`dm`, `both`) gets one direct message naming the game, what is asked and a
  link to the thread. A DM refused with 50007 (the player's DMs are closed) is noted in the database: the
  player is mentioned instead, now and from then on, and told so once, privately, at their next
  interaction with the bot (`closed_notice`). The mover, whose open panel shows their next decision
  already, is never sent a DM about it (the turn post names them without a ping).
- Digests: once a day (claimed per player and day in the database), a player with DMs on and several
  games waiting on them gets one DM listing them.
- Seasons: when a server's season ends, one process claims its podium and posts it with a picture.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.discord_app import languages
from bot.discord_app.host import Host
from bot.discord_app.names import by_name, display_name, fill, names_of_users, seat_names
from bot.discord_app.panels.text import alt_text
from bot.observability.metrics import DM_ERRORS
from bot.service import seasons
from bot.service.records import GameRow
from engine.core import available_games, get_game
from i18n import N_, _, ngettext, using
from rendering.charts import Step, podium

if TYPE_CHECKING:
    from bot.service import Outcome

log = logging.getLogger(__name__)

#: Discord's error code for "Cannot send messages to this user" (their DMs are closed to the bot).
DMS_CLOSED = 50007
CLOSED_NOTICE = N_("📭 I tried to send you a direct message about your turn, but your DMs are closed to me, so I "
                 "mention you in the game's thread instead. To get DMs, allow direct messages from this "
                 "server's members and choose again with `/settings me notify:`.")
#: How long the closed-DMs notice waits for the interaction it rides on to be answered.
NOTICE_WAIT_S = 3.0


def when_text(moment: float) -> str:
    """A moment every reader sees in their own time zone (Discord's timestamp markup)."""
    return f"<t:{int(moment)}:f>"


def thread_link(game: GameRow, where: Any) -> str:
    """The link to the game's thread (or channel)."""
    channel_id = getattr(where, "id", None) or game.channel_id
    return f"https://discord.com/channels/{game.guild_id or '@me'}/{channel_id}"


async def send_dm(bot: Host, user_id: int, content: str, **kwargs: Any) -> bool:
    """Send a direct message; False if it could not go (closed DMs are noted for the player)."""
    try:
        user = bot.get_user(user_id) or await bot.fetch_user(user_id)
        await user.send(content, allowed_mentions=discord.AllowedMentions.none(), **kwargs)
        return True
    except discord.Forbidden as exc:
        DM_ERRORS.labels(str(exc.code)).inc()
        if exc.code == DMS_CLOSED:
            log.info("DMs of %s are closed; mentioning them instead", user_id)
            await bot.records.mark_dms_closed(user_id, time.time())
        else:
            log.warning("could not DM %s: %s", user_id, exc)
        return False
    except discord.HTTPException as exc:
        DM_ERRORS.labels(str(exc.code)).inc()
        log.warning("could not DM %s: %s", user_id, exc)
        return False


async def turn_notices(bot: Host, outcome: Outcome, where: Any, pinged: Sequence[int],
                       lines: list[str] | None = None, *, stage: str = "") -> list[int]:
    """Tell the people a game now waits on (`pinged`) as each chose: DM those who chose DMs, and return
    whom the turn post pings (mentions, and the DMs that failed). With `lines`, the post's text, a line
    saying who is away (and until when) is added to it. `stage` (e.g. "round 3 of 12") follows the game's
    name in the DM."""
    game = outcome.game
    route = await bot.records.notify_route(pinged)
    mention = list(route.mention)
    if route.dm:
        names = await seat_names(bot, game)
        for user in route.dm:
            seat = game.seat_of(user)
            asked = ""
            if outcome.state is not None and seat is not None:
                with contextlib.suppress(Exception):
                    asked = fill(outcome.engine.pending_label(outcome.state, seat), by_name(names))
            text = (f"⏳ **{outcome.engine.title} #{game.id}**" + (f" ({stage})" if stage else "") + " "
                    + (_("is waiting on you: {asked}").format(asked=asked) if asked else _("is waiting on you."))
                    + f"\n{thread_link(game, where)}")
            if not await send_dm(bot, user, text[:2000]):
                mention.append(user)
    if lines is not None and game.mode == "table":
        note = await away_line(bot, game, [s.user_id for s in game.seats])
        if note:
            lines.append(note)
    return [u for u in pinged if u in mention]


async def away_line(bot: Host, game: GameRow, users: Sequence[int]) -> str:
    """`💤 bob — away until …` for the players of a table who are away now ("" if nobody is)."""
    away = await bot.records.away_until(game.guild_id, list(users), time.time())
    if not away:
        return ""
    parts = []
    for user, until in away.items():
        name = await display_name(bot, game.guild_id, user) or f"<@{user}>"
        parts.append(f"**{name}** — " + _("away until {when}").format(when=when_text(until)))
    return "💤 " + "; ".join(parts) + " " + _("(reminders paused, deadlines stretched)")


async def closed_notice(bot: Host, interaction: discord.Interaction) -> None:
    """Tell a player, once and privately, that their DMs are closed: on the first interaction of theirs
    after a DM failed, as a private follow-up once the interaction has been answered."""
    prefs = await bot.records.prefs(interaction.user.id)
    if prefs is None or prefs.dms_closed is None or prefs.closed_told:
        return
    waited = 0.0
    while not interaction.response.is_done() and waited < NOTICE_WAIT_S:
        await asyncio.sleep(0.05)
        waited += 0.05
    # A "thinking…" defer is replaced by the first follow-up: leave that interaction to its own answer.
    if not interaction.response.is_done() or (
            interaction.response.type is discord.InteractionResponseType.deferred_channel_message):
        return
    if not await bot.records.claim_closed_notice(interaction.user.id):
        return
    try:
        with using(prefs.language or str(interaction.locale)):  # this listener runs beside the interaction's task
            notice = _(CLOSED_NOTICE)
        await interaction.followup.send(notice, ephemeral=True)
    except discord.HTTPException:
        log.info("could not tell %s that their DMs are closed", interaction.user.id)


async def send_digests(bot: Host) -> int:
    """Send today's digests this process claimed; the number sent."""
    sent = 0
    for user in await bot.records.digests_due(time.time()):
        games = [g for g in await bot.service.games_of(user) if g.status == "active" and user in g.waiting_on]
        if len(games) < 2:
            continue
        with using(await bot.records.language(user)):  # a DM: the player's own choice, else English
            lines = ["📋 " + ngettext("**{n} game is waiting on you:**", "**{n} games are waiting on you:**",
                                     len(games)).format(n=len(games))]
        for summary in games[:20]:
            link = f"https://discord.com/channels/{summary.guild_id or '@me'}/{summary.channel_id}"
            lines.append(f"• **{summary.title} #{summary.game_id}** — {link}")
        if await send_dm(bot, user, "\n".join(lines)[:2000]):
            sent += 1
    return sent


async def post_podiums(bot: Host) -> int:
    """Post the podium of every season that ended (claimed once per server and season); the number posted."""
    kinds = [g.name for g in available_games() if g.max_players >= 2]
    posted = 0
    for due in await bot.records.due_podiums(time.time(), kinds):
        if due.channel_id is None or not due.tables:
            continue  # claimed all the same: nowhere to post, or nobody played
        channel = bot.get_partial_messageable(due.channel_id)
        name = seasons.title(due.season)
        locale = await languages.server_locale(bot, due.guild_id)  # a post to the server: its language
        with using(locale):
            lines = ["🏆 " + _("**The {season} season is over!** Final standings of this server's rated games:")
                     .format(season=name)]
        files = []
        for kind, top in due.tables.items():
            title = get_game(kind).title or kind
            names = await names_of_users(bot, due.guild_id, [r.user_id for r in top])
            places = _places([r.display for r in top])
            medals = ["🥇", "🥈", "🥉"]
            with using(locale):
                lines.append(f"**{title}**: " + ", ".join(
                    f"{medals[p - 1]} <@{r.user_id}> ({r.display}, "
                    + ngettext("{n} game", "{n} games", r.games).format(n=r.games) + ")"
                    for p, r in zip(places, top, strict=True)))
            picture = await asyncio.to_thread(
                podium, f"{title} — {name}", [Step(p, n, f"{r.display} · {r.games} game{'s' if r.games != 1 else ''}")
                                              for p, n, r in zip(places, names, top, strict=True)],
                subtitle="Season podium")
            said = "; ".join(f"{p}. {n} {r.display}" for p, n, r in zip(places, names, top, strict=True))
            files.append(discord.File(io.BytesIO(picture), filename=f"podium-{kind}-{due.season}.png",
                                      description=alt_text(f"{title} season podium: {said}")))
        with using(locale):
            lines.append(_("A new season starts now: everyone starts fresh (all-time ratings go on). {command} keeps "
                           "this season's final table.").format(command=f"`/standings season:{due.season}`"))
        try:
            await channel.send("\n".join(lines)[:2000], files=files[:10],
                               allowed_mentions=discord.AllowedMentions.none())
            posted += 1
        except discord.HTTPException:
            log.warning("could not post the %s podium of server %s", due.season, due.guild_id, exc_info=True)
    return posted


def _places(displays: Sequence[int]) -> list[int]:
    """Places with ties (equal ratings share a place)."""
    return [1 + sum(1 for other in displays if other > d) for d in displays]
