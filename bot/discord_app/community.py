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
- Seasons: when a server's season ends, its podium is owed once (the outbox) and posted with a picture.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import time
from collections.abc import Coroutine, Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.discord_app import languages
from bot.discord_app.host import Host
from bot.discord_app.names import by_name, display_name, fill, names_of_users, seat_names
from bot.discord_app.panels.text import alt_text
from bot.observability.metrics import DM_ERRORS
from bot.service import seasons
from bot.service.outbox import GiveUp
from bot.service.records import GameRow, OutboxItem
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


#: The longest one direct message (or its fallback mention) may take; a DM never holds anything else.
DM_TIMEOUT_S = 10.0
#: Background sends still running (kept so they are not collected; `settle` waits for them).
_BACKGROUND: set[asyncio.Task[Any]] = set()


def in_background(work: Coroutine[Any, Any, Any], name: str) -> asyncio.Task[Any]:
    """Run `work` beside the click or the sweep that asked for it, never in its way; any failure is logged."""
    async def guarded() -> None:
        try:
            await work
        except Exception:  # a notification must never surface anywhere else
            log.warning("background send %s failed", name, exc_info=True)

    task = asyncio.create_task(guarded(), name=name)
    _BACKGROUND.add(task)
    task.add_done_callback(_BACKGROUND.discard)
    return task


async def settle() -> None:
    """Wait for every background send started so far (tests, and a clean shutdown)."""
    while _BACKGROUND:
        await asyncio.gather(*list(_BACKGROUND), return_exceptions=True)


async def send_dm(bot: Host, user_id: int, content: str, **kwargs: Any) -> bool:
    """Send a direct message within `DM_TIMEOUT_S`; False if it could not go, whatever the reason (closed DMs,
    noted for the player; an HTTP error; a dropped connection; a timeout)."""
    try:
        async with asyncio.timeout(DM_TIMEOUT_S):
            user = bot.get_user(user_id) or await bot.fetch_user(user_id)
            await user.send(content, allowed_mentions=discord.AllowedMentions.none(), **kwargs)
        return True
    except discord.Forbidden as exc:
        DM_ERRORS.labels(str(exc.code)).inc()
        if exc.code == DMS_CLOSED:
            log.info("DMs of %s are closed; mentioning them instead", user_id)
            with contextlib.suppress(Exception):
                await bot.records.mark_dms_closed(user_id, time.time())
        else:
            log.warning("could not DM %s: %s", user_id, exc)
        return False
    except discord.HTTPException as exc:
        DM_ERRORS.labels(str(exc.code)).inc()
        log.warning("could not DM %s: %s", user_id, exc)
        return False
    except Exception as exc:  # noqa: BLE001 - dropped connections, timeouts: all fall back to the mention
        DM_ERRORS.labels(type(exc).__name__).inc()
        log.warning("could not DM %s: %r", user_id, exc)
        return False


async def dm_or_mention(bot: Host, user_id: int, text: str, where: Any, fallback: str | None) -> bool:
    """A direct message; if it cannot go, `fallback` (a line mentioning the player) in `where`, the game's
    thread, within the same bound. Whether the DM went."""
    if await send_dm(bot, user_id, text[:2000]):
        return True
    if fallback and where is not None:
        try:
            async with asyncio.timeout(DM_TIMEOUT_S):
                await where.send(fallback[:2000], allowed_mentions=discord.AllowedMentions(
                    everyone=False, roles=False, replied_user=False, users=[discord.Object(id=user_id)]))
        except Exception:  # the thread may be gone too; the player still has /games
            log.warning("could not mention %s after a failed DM", user_id, exc_info=True)
    return False


def _turn_dm(bot: Host, outcome: Outcome, user: int, names: list[str], where: Any, stage: str) -> str:
    game = outcome.game
    seat = game.seat_of(user)
    asked = ""
    if outcome.state is not None and seat is not None:
        with contextlib.suppress(Exception):
            asked = fill(outcome.engine.pending_label(outcome.state, seat), by_name(names))
    return (f"⏳ **{_(outcome.engine.title)} #{game.id}**" + (f" ({stage})" if stage else "") + " "
            + (_("is waiting on you: {asked}").format(asked=asked) if asked else _("is waiting on you."))
            + f"\n{thread_link(game, where)}")


async def _send_turn_dms(bot: Host, outcome: Outcome, where: Any, users: list[int], mentioned: set[int],
                         stage: str) -> None:
    game = outcome.game
    names = await seat_names(bot, game)
    public = await languages.server_locale(bot, game.guild_id)  # the fallback line: the thread's language
    for user in users:
        with using(public):
            fallback = None if user in mentioned else "⏳ " + _(
                "{player}: **{game} #{number}** is waiting on you (a direct message could not be delivered).").format(
                player=f"<@{user}>", game=_(outcome.engine.title), number=game.id)
        with using(await bot.records.language(user)):  # a DM: the player's own choice, else English
            text = _turn_dm(bot, outcome, user, names, where, stage)
        if await dm_or_mention(bot, user, text, where, fallback):
            with contextlib.suppress(Exception):
                await bot.records.note_dm(user, game.id, time.time())


async def pingable(bot: Host, users: Sequence[int]) -> list[int]:
    """Those of `users` who take their notices by mention (`mention`, `both`, or `dm` with DMs found closed):
    whom a post that is not a turn notice (a game's end, a podium) may ping; the others are named only."""
    route = await bot.records.notify_route(list(users))
    return [u for u in users if u in route.mention]


async def turn_notices(bot: Host, outcome: Outcome, where: Any, pinged: Sequence[int],
                       lines: list[str] | None = None, *, stage: str = "") -> list[int]:
    """Tell the people a game now waits on (`pinged`) as each chose, and return whom the post pings (those who
    chose mentions). The DMs of those who chose DMs go in the background, after the post, each within
    `DM_TIMEOUT_S`; a DM that cannot go (whatever the failure) becomes a mention in `where`. Nobody who chose
    `none` is pinged. With `lines`, the post's text, a line saying who is away (and until when) is added to
    it. `stage` (e.g. "round 3 of 12") follows the game's name in the DM."""
    game = outcome.game
    route = await bot.records.notify_route(pinged)
    mention = list(route.mention)
    if route.dm:
        in_background(_send_turn_dms(bot, outcome, where, list(route.dm), set(mention), stage),
                      name=f"turn-dms-{game.id}")
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
    return "💤 " + _("; ").join(parts) + " " + _("(reminders paused, deadlines stretched)")


async def closed_notice(bot: Host, interaction: discord.Interaction) -> None:
    """Tell a player, once and privately, that their DMs are closed: on the first interaction of theirs
    after a DM failed, as a private follow-up once the interaction has been answered."""
    waited = 0.0
    while not interaction.response.is_done() and waited < NOTICE_WAIT_S:
        await asyncio.sleep(0.05)
        waited += 0.05
    # The interaction's own handler read the player's preferences already (`languages.begin`): read again
    # only when it did not.
    extras = getattr(interaction, "extras", None)
    if isinstance(extras, dict) and languages.PREFS_KEY in extras:
        prefs = extras[languages.PREFS_KEY]
    else:
        prefs = await bot.records.prefs(interaction.user.id)
    if prefs is None or prefs.dms_closed is None or prefs.closed_told:
        return
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


async def game_link(bot: Host, guild_id: int | None, channel_id: int | None, game_id: int) -> str:
    """The link to a game's own thread (or, without one, its channel)."""
    thread = await bot.records.thread_of(game_id)
    return f"https://discord.com/channels/{guild_id or '@me'}/{thread or channel_id}"


async def send_digests(bot: Host) -> int:
    """Send today's digests this process claimed, each within `DM_TIMEOUT_S`; the number sent. A digest lists
    only the games no DM has told of since they began waiting on the player (a turn DM or a reminder DM is
    not repeated), each linking to its thread, and goes only when at least two remain."""
    sent = 0
    for user in await bot.records.digests_due(time.time()):
        rows = {g.id: g for g in await bot.records.games(user_id=user, statuses=("active",))}
        games = []
        for summary in await bot.service.games_of(user):
            row = rows.get(summary.game_id)
            if summary.status != "active" or user not in summary.waiting_on or row is None:
                continue
            if not await bot.records.told_by_dm(user, row):
                games.append(summary)
        if len(games) < 2:
            continue
        with using(await bot.records.language(user)):  # a DM: the player's own choice, else English
            lines = ["📋 " + ngettext("**{n} game is waiting on you:**", "**{n} games are waiting on you:**",
                                     len(games)).format(n=len(games))]
        for summary in games[:20]:
            link = await game_link(bot, summary.guild_id, summary.channel_id, summary.game_id)
            lines.append(f"• **{_(summary.title)} #{summary.game_id}** — {link}")
        if await send_dm(bot, user, "\n".join(lines)[:2000]):
            sent += 1
            for summary in games[:20]:
                await bot.records.note_dm(user, summary.game_id, time.time())
    return sent


async def owe_podiums(bot: Host) -> int:
    """Owe the podium of every season that ended (once per server and season, in the database); how many.
    The outbox sends them (`send_season_podium`)."""
    return len(await bot.records.owe_podiums(time.time()))


async def send_season_podium(bot: Host, item: OutboxItem) -> None:
    """Post one season's podium (an outbox item): where `seasons.podium_channel` says, with a picture per
    game; nothing when nobody played a rated game that season. Raises on any failure (the outbox retries)."""
    kinds = [g.name for g in available_games() if g.max_players >= 2]
    season = str(item.payload.get("season", ""))
    due = await bot.records.podium_of(item.guild_id or 0, season, kinds)
    if not due.tables:
        return  # nobody played: nothing to post
    if due.channel_id is None:
        raise GiveUp("no channel to post the season podium in")
    channel = bot.get_partial_messageable(due.channel_id)
    name = seasons.title(due.season)
    locale = await languages.server_locale(bot, due.guild_id)  # a post to the server: its language
    with using(locale):
        lines = ["🏆 " + _("**The {season} season is over!** Final standings of this server's rated games:")
                 .format(season=name)]
    files = []
    medals = ["🥇", "🥈", "🥉"]
    for kind, top in due.tables.items():
        title = _(get_game(kind).title) or kind
        names = await names_of_users(bot, due.guild_id, [r.user_id for r in top])
        places = _places([r.display for r in top])
        with using(locale):
            lines.append(f"**{title}**: " + ", ".join(
                f"{medals[p - 1]} <@{r.user_id}> ({r.display}, "
                + ngettext("{n} game", "{n} games", r.games).format(n=r.games) + ")"
                for p, r in zip(places, top, strict=True)))
            steps = [Step(p, n, f"{r.display} · " + ngettext("{n} game", "{n} games", r.games).format(n=r.games))
                     for p, n, r in zip(places, names, top, strict=True)]
            subtitle = _("Season podium")
        picture = await asyncio.to_thread(podium, f"{title} — {name}", steps, subtitle=subtitle)
        said = _("; ").join(f"{step.place}. {step.name} {step.figure}" for step in steps)
        files.append(discord.File(io.BytesIO(picture), filename=f"podium-{kind}-{due.season}.png",
                                  description=alt_text(f"{title} — {name}, {subtitle}: {said}")))
    with using(locale):
        lines.append(_("A new season starts now: everyone starts fresh (all-time ratings go on). {command} keeps "
                       "this season's final table.").format(command=f"`/standings season:{due.season}`"))
    # The outbox item's nonce: sent again after a crash, Discord returns this post instead of a second one.
    await channel.send("\n".join(lines)[:2000], files=files[:10], allowed_mentions=discord.AllowedMentions.none(),
                       nonce=f"yk-outbox-{item.id}"[:25])


def _places(displays: Sequence[int]) -> list[int]:
    """Places with ties (equal ratings share a place)."""
    return [1 + sum(1 for other in displays if other > d) for d in displays]
