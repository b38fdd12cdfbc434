"""A reminder that a game keeps waiting on someone, told the way each person chose (`/settings me notify:`)."""

from __future__ import annotations

import time
from collections.abc import Sequence

from bot.discord_app import languages
from bot.discord_app.community import dm_or_mention, in_background, send_dm, thread_link
from bot.discord_app.host import Host
from bot.discord_app.panels.channels import game_channel
from bot.discord_app.panels.text import mention, only
from bot.service.records import GameRow
from engine.core import get_game
from i18n import _, using


async def deliver_reminder(bot: Host, game: GameRow, users: Sequence[int]) -> None:
    """A reminder that a game has kept waiting on `users`, as each chose with `/settings me notify:`: a
    mention in the game's thread (`mention`), a direct message instead (`dm`), both (`both`), or nothing
    (`none`). The DMs go in the background (never in the sweep's way), each within its bound; a DM that cannot
    go, whatever the failure, falls back to the mention. A private game (solo, daily) has no thread: its
    player is reminded by DM unless they chose `none`."""
    route = await bot.records.notify_route(users)
    table = game.mode == "table" and game.channel_id is not None
    channel = await game_channel(bot, game) if table else None
    title = get_game(game.kind).title
    mentioned = list(route.mention)
    if route.dm:
        in_background(_reminder_dms(bot, game, title, channel, list(route.dm), set(mentioned)),
                      name=f"reminder-dms-{game.id}")
    if not mentioned:
        return
    async with languages.public(bot, game.guild_id):  # a post to the table: the server's language
        text = "⏰ " + _("Reminder: **#{number}** is waiting on {players}. Open your panel with `/table panel` or "
                        "the button on the last game message.").format(
            number=game.id, players=", ".join(mention(u) for u in mentioned))
    if channel is not None:
        await channel.send(text, allowed_mentions=only(mentioned))
        return
    for user_id in mentioned if not table else []:  # private games: no thread to mention them in
        in_background(send_dm(bot, user_id, text), name=f"reminder-dm-{game.id}")


async def _reminder_dms(bot: Host, game: GameRow, title: str, channel: object, users: list[int],
                        mentioned: set[int]) -> None:
    link = f"\n{thread_link(game, channel)}" if channel is not None else ""
    public = await languages.server_locale(bot, game.guild_id)  # the fallback line: the thread's language
    for user in users:
        with using(await bot.records.language(user)):  # a DM: the player's own choice, else English
            text = "⏰ " + _("Reminder: **{game} #{number}** is still waiting on you.").format(
                game=title, number=game.id) + link
        with using(public):
            fallback = None if user in mentioned else "⏰ " + _(
                "Reminder: **#{number}** is waiting on {player} (a direct message could not be delivered).").format(
                number=game.id, player=mention(user))
        if await dm_or_mention(bot, user, text, channel, fallback):
            await bot.records.note_dm(user, game.id, time.time())
