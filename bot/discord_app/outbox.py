"""Sending the posts the outbox owes (`bot.service.outbox`): one sender per kind of item, run in the
background beside the sweep (`kick`), never in its loop and never on a click's path.

Each post is sent with the item's `nonce`, so an item sent again after a crash that came between Discord's
answer and the mark "sent" is not posted twice (Discord returns the first message). A sender raises on any
failure; the item is then given back and sent again later (a 5xx, a dropped
connection, a timeout), or dropped at once when it can never go (`GiveUp`: the channel is gone, or the bot
may not post there). Each item is claimed just before its own send, so a crash or a failure mid-way holds
back only that item.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

import discord

from bot.discord_app.community import in_background, send_season_podium
from bot.discord_app.host import Host
from bot.service.outbox import Delivery, GiveUp
from bot.service.records import OutboxItem

log = logging.getLogger(__name__)

Sender = Callable[[Host, OutboxItem], Awaitable[None]]
#: The sender of each kind of item (registered by the modules that own the posts).
SENDERS: dict[str, Sender] = {"season": send_season_podium}
#: The delivery running per bot, and whether more was owed while it ran.
_RUNNING: dict[int, asyncio.Task[None]] = {}
_AGAIN: set[int] = set()


def nonce(item: OutboxItem) -> str:
    """The nonce an item's post is sent with: Discord returns the message already created with the same
    nonce in the last few minutes (`enforce_nonce`) instead of posting it again, so an item sent again after
    a crash between Discord's answer and `finish_outbox` (its lease ran out) is not posted twice."""
    return f"yk-outbox-{item.id}"[:25]


def sender(kind: str) -> Callable[[Sender], Sender]:
    def register(fn: Sender) -> Sender:
        SENDERS[kind] = fn
        return fn
    return register


async def send_item(bot: Host, item: OutboxItem) -> None:
    fn = SENDERS.get(item.kind)
    if fn is None:
        raise GiveUp(f"nothing sends {item.kind!r} items")
    try:
        await fn(bot, item)
    except (discord.NotFound, discord.Forbidden) as exc:
        raise GiveUp(f"{exc.status} {exc.text[:200]}") from exc


async def deliver_now(bot: Host) -> Delivery:
    """Send every due item, one at a time (the background job; tests call it to wait for it)."""
    return await bot.records.deliver_outbox(lambda item: send_item(bot, item), bot.service.now)


def kick(bot: Host) -> asyncio.Task[None] | None:
    """Start sending what is owed in the background (or, if a delivery runs, have it look again when done)."""
    key = id(bot)
    running = _RUNNING.get(key)
    if running is not None and not running.done():
        _AGAIN.add(key)
        return running

    async def run() -> None:
        try:
            while True:
                _AGAIN.discard(key)
                await deliver_now(bot)
                if key not in _AGAIN:
                    return
        finally:
            _RUNNING.pop(key, None)

    task = in_background(run(), name="outbox")
    _RUNNING[key] = task
    return task
