"""A reminder that a game keeps waiting on someone, told the way each person chose (`/settings me notify:`)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.discord_app import languages
from bot.discord_app.community import send_dm, thread_link
from bot.discord_app.host import Host
from bot.discord_app.panels.channels import game_channel
from bot.discord_app.panels.text import mention, only
from bot.service.records import GameRow
from engine.core import get_game
from i18n import _, using


async def deliver_reminder(bot: Host, game: GameRow, users: Sequence[int]) -> None:
    """A reminder that a game has kept waiting on `users`, as each chose with `/settings me notify:`: a
    mention in the game's thread (`mention`), a direct message instead (`dm`), both (`both`), or nothing
    (`none`); a DM that cannot go (closed DMs, 50007) falls back to the mention. A private game (solo,
    daily) has no thread: its player is reminded by DM unless they chose `none`."""
    route = await bot.records.notify_route(users)
    table = game.mode == "table" and game.channel_id is not None
    channel = await game_channel(bot, game) if table else None
    title = get_game(game.kind).title
    mentioned = list(route.mention)
    for user in route.dm:
        link = f"\n{thread_link(game, channel)}" if channel is not None else ""
        with using(await bot.records.language(user)):  # a DM: the player's own choice, else English
            text = "⏰ " + _("Reminder: **{game} #{number}** is still waiting on you.").format(
                game=title, number=game.id) + link
        if not await send_dm(bot, user, text[:2000]) and user not in mentioned:
            mentioned.append(user)
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
        await send_dm(bot, user_id, text)
