"""The public turn post: where it goes, what it says and whom it pings, then each bot turn played after it."""

from __future__ import annotations

import contextlib
import logging
import time

import discord

from bot.discord_app import languages
from bot.discord_app.community import pingable, turn_notices
from bot.discord_app.game_ui import ui_for
from bot.discord_app.host import Host
from bot.discord_app.names import by_name, fill, seat_names
from bot.discord_app.panels.channels import game_channel, is_private
from bot.discord_app.panels.decision import public_view
from bot.discord_app.panels.pictures import lead_files
from bot.discord_app.panels.text import clip, final_standings, mention, only, quiet_users, story_text
from bot.observability.metrics import DM_ERRORS, TURN_POST
from bot.service import Outcome
from bot.service.records import is_bot_user
from i18n import N_, _, ngettext

log = logging.getLogger(__name__)


async def announce(bot: Host, outcome: Outcome, *, mover: int | None = None,
                   replace: discord.Message | None = None) -> None:
    """Post the turn in the game's thread or channel when someone new must act or the game ended, then
    each bot turn played right after it (`Outcome.bot_turn`), as its own post.

    The post names the mover and pings only whoever must act next (not someone whose open panel shows it:
    `quiet_users`); the end pings every seated person. A bot seat is named, never pinged. `replace` is the
    "… is thinking" line this post takes the place of (edited into it when nobody is to be pinged, since an
    edit notifies nobody; else deleted and posted anew).
    """
    started = time.perf_counter()
    async with languages.public(bot, outcome.game.guild_id):  # a post to the channel: the server's language
        for step in outcome.chain():
            await _announce_one(bot, step, mover=mover if step is outcome else None,
                                replace=replace if step is outcome else None)
    TURN_POST.observe(time.perf_counter() - started)


#: Said in place of the "… is thinking" line, and in the thread, when the final result goes to the channel.
_RESULT_IN_CHANNEL = N_("The game is over; the final result is posted in the channel.")


async def _announce_one(bot: Host, outcome: Outcome, *, mover: int | None = None,
                        replace: discord.Message | None = None) -> None:
    game = outcome.game
    if outcome.bots_stuck:
        await _replace_or_delete(replace, None)
        await _announce_stuck(bot, outcome)
        return
    special = ui_for(game.kind).announcer(game.mode)
    if special is not None:
        try:
            await special(bot, outcome)
        except discord.HTTPException:
            # The move is saved; a channel the bot may no longer post in must not turn it into an error.
            log.warning("could not post about game %s in channel %s", game.id, game.channel_id, exc_info=True)
        return
    if not _worth_a_post(outcome):
        await _replace_or_delete(replace, None)
        return
    private, channel = await _where(bot, outcome)
    if channel is None and not private:
        return
    names = await seat_names(bot, game)
    text = story_text(outcome.story, names, game.bot_seats())
    lines, pinged = _what(outcome, names, text, mover)
    pinged = await _whom(bot, outcome, channel, pinged, lines)
    files = []
    public = outcome.view(None)
    if public is not None:
        files = await lead_files(game.kind, public, game.id, names, text)
    content = clip("\n".join(lines), 2000)
    if channel is None:
        # A private game against bots: told by direct message to whoever must act and has no open panel.
        quiet = quiet_users.get()
        for user_id in [u for u in pinged if u not in quiet]:
            await _direct(bot, user_id, content + "\n" + _("(Open your panel with {command}.)").format(
                command=f"`/table panel game:{game.id}`"), files)
        return
    await _post(bot, outcome, channel, content, files, pinged, replace)


def _worth_a_post(outcome: Outcome) -> bool:
    """Whether the turn is told in the channel at all: a table's game with a channel, not an undo, and someone
    new must act (a person or a bot) or the game ended."""
    game = outcome.game
    if game.mode != "table" or game.channel_id is None or outcome.undo:
        return False
    return bool(outcome.finished or outcome.newly_waiting or outcome.bots_next)


async def _where(bot: Host, outcome: Outcome) -> tuple[bool, discord.abc.Messageable | None]:
    """Where the post goes: (whether the game plays privately, the thread or channel; the channel for the
    final result). No channel and not private: the channel is gone, and nothing is posted."""
    game = outcome.game
    private = await is_private(bot, game)
    channel = None if private else await game_channel(bot, game, lobby=outcome.finished, private=False)
    return private, channel


def _what(outcome: Outcome, names: list[str], text: str, mover: int | None) -> tuple[list[str], list[int]]:
    """What the post says (its lines: the headline, the story `text`, then the result or whose turn it is), and
    whom it would ping before anyone is told otherwise (`_whom`): whoever must act next, or at the end every
    seated person, but never `mover`, who sees it on their panel."""
    game = outcome.game
    headline = fill(outcome.engine.headline(outcome.state), by_name(names)) if outcome.state is not None else ""
    lines = [f"**{outcome.engine.title} #{game.id}**" + (f" — {headline}" if headline else "")]
    if text:
        lines.append(clip(text, 1500))
    if outcome.finished:
        lines.append(final_standings(game, names))
        seated = [s.user_id for s in game.seats if s.seat not in game.bot_seats()]
        result = game.result or {}
        forfeited = set(result.get("forfeited") or []) if result.get("reason") in ("deadline", "abandoned") else set()
        if forfeited:
            gone = _(" and ").join(f"**{names[s]}**" for s in sorted(forfeited) if s < len(names))
            if result.get("reason") == "abandoned":
                line = ngettext("{players} forfeits: the game is abandoned and nobody scores.",
                                "{players} forfeit: the game is abandoned and nobody scores.", len(forfeited))
            else:
                line = ngettext("{players} forfeits (the deadline passed on a turn).",
                                "{players} forfeit (the deadline passed on a turn).", len(forfeited))
            lines.append("🏳️ " + line.format(players=gone))
        stayed = [u for u in seated if game.seat_of(u) not in forfeited]
        if stayed:
            lines.append(_("Thanks for playing, {players}!").format(players=", ".join(mention(u) for u in stayed)))
        return lines, [u for u in seated if u != mover]
    pinged = [u for u in outcome.newly_waiting if u != mover]
    again = [u for u in outcome.newly_waiting if u == mover]
    turn = [mention(u) for u in pinged] + [f"**{names[game.seat_of(u) or 0]}**" for u in again]
    bots = [f"**{names[s]}**" for s in outcome.bots_next if s < len(names)]
    if turn:
        lines.append(_("Your turn: {players}").format(players=", ".join(turn + bots)))
    else:
        lines.append(_("Next: {players}.").format(players=", ".join(bots)))
    return lines, pinged


async def _whom(bot: Host, outcome: Outcome, channel: discord.abc.Messageable | None, pinged: list[int],
                lines: list[str]) -> list[int]:
    """Whom the post pings: during the game, those of `pinged` who take their turns by mention (the rest are
    told by direct message, `turn_notices`, which also adds to `lines` who is away), and anyone whose open
    panel shows it (`quiet_users`: `only` leaves them out of the ping)."""
    if outcome.finished:
        return await pingable(bot, pinged)  # the end pings only those who take their notices by mention
    quiet = quiet_users.get()
    told = await turn_notices(bot, outcome, channel, [u for u in pinged if u not in quiet], lines)
    return [u for u in pinged if u in quiet or u in told]


async def _post(bot: Host, outcome: Outcome, channel: discord.abc.Messageable, content: str,
                files: list[discord.File], pinged: list[int], replace: discord.Message | None) -> None:
    """Send the post: edited into `replace` (in the same channel) when nobody is to be pinged, else posted anew
    (`replace` deleted, or at the end pointing to the channel); at the end, the thread points to the channel."""
    game = outcome.game
    view = public_view(game.id, panel=not outcome.finished)
    quiet = quiet_users.get()
    try:
        same = replace is not None and getattr(replace.channel, "id", None) == getattr(channel, "id", None)
        if same and not [u for u in pinged if u not in quiet]:
            assert replace is not None
            await replace.edit(content=content, attachments=files, view=view, allowed_mentions=only(pinged))
            return
        moved = outcome.finished and replace is not None and not same
        await _replace_or_delete(replace, _(_RESULT_IN_CHANNEL) if moved else None)
        await channel.send(content, files=files, view=view, allowed_mentions=only(pinged))
        if outcome.finished and not (replace is not None and not same):
            thread = await game_channel(bot, game)
            if thread is not None and getattr(thread, "id", None) != getattr(channel, "id", None):
                await thread.send(_(_RESULT_IN_CHANNEL), allowed_mentions=discord.AllowedMentions.none())
    except discord.HTTPException:
        log.warning("could not post about game %s", game.id, exc_info=True)


async def _replace_or_delete(message: discord.Message | None, text: str | None) -> None:
    """The "… is thinking" line, once its turn is told elsewhere: edited into `text`, or deleted."""
    if message is None:
        return
    with contextlib.suppress(discord.HTTPException):
        if text:
            await message.edit(content=text, allowed_mentions=discord.AllowedMentions.none())
        else:
            await message.delete()


async def _direct(bot: Host, user_id: int, text: str, files: list[discord.File]) -> None:
    """A direct message (a private game's turn for someone without an open panel); never fails the move."""
    try:
        user = bot.get_user(user_id) or await bot.fetch_user(user_id)
        await user.send(clip(text, 2000), files=files, allowed_mentions=discord.AllowedMentions.none())
    except discord.HTTPException as exc:
        DM_ERRORS.labels(str(exc.code)).inc()
        log.info("could not send a direct message to %s", user_id, exc_info=True)


async def _announce_stuck(bot: Host, outcome: Outcome) -> None:
    """Tell the table that its bot could not move (the move before it is saved; the detail is in the log)."""
    game = outcome.game
    if game.mode != "table" or game.channel_id is None:
        return
    channel = await game_channel(bot, game)
    private = channel is None and await is_private(bot, game)
    if channel is None and not private:
        return
    names = await seat_names(bot, game)
    bots = ", ".join(f"**{names[s]}**" if s < len(names) else "**" + _("seat {n}").format(n=s + 1) + "**"
                     for s in outcome.bots_stuck)
    text = f"⚠️ **{outcome.engine.title} #{game.id}**: " + _(
        "{bots} could not make its move (this has been logged; every move so far is saved). A server admin can "
        "try again with {retry} or end the game with {end}.").format(
        bots=bots, retry=f"`/admin retry game:{game.id}`", end=f"`/admin end game:{game.id}`")
    if channel is None:  # a private game against bots: its person hears of it directly
        for seat in game.seats:
            if not is_bot_user(seat.user_id):
                await _direct(bot, seat.user_id, text, [])
        return
    try:
        await channel.send(clip(text, 2000), allowed_mentions=discord.AllowedMentions.none())
    except discord.HTTPException:
        log.warning("could not tell game %s that its bot is stuck", game.id, exc_info=True)
