"""How players hear that a game waits on them: a mention in the game's thread, a direct message, both,
or nothing (`/settings me notify:`).

The service decides who is told how; the Discord layer sends. A player whose DMs turn out closed
(Discord's 50007) is mentioned instead from then on, and told so once, privately, at their next
interaction with the bot (`claim_closed_notice`, a compare-and-set). With DMs, a player also gets a daily
digest on a day when several games wait on them, claimed once per player and day (`claim_digest`), so
several processes never send two.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.service.errors import ServiceError
from bot.storage import Storage, is_bot_user
from i18n import _

MODES = ("mention", "dm", "both", "none")
#: The hour (UTC) from which the day's digests go out.
DIGEST_HOUR = 9


@dataclass
class Route:
    """Who is pinged in the game's thread, and who gets a direct message."""

    mention: list[int] = field(default_factory=list)
    dm: list[int] = field(default_factory=list)


async def set_mode(storage: Storage, user_id: int, mode: str) -> None:
    if mode not in MODES:
        raise ServiceError(_("Notifications are one of: {modes}; not {mode}.").format(
            modes=", ".join(MODES), mode=repr(str(mode)[:20])))
    await storage.set_notify(user_id, mode)


async def mode_of(storage: Storage, user_id: int) -> str:
    prefs = (await storage.player_prefs([user_id])).get(user_id)
    return prefs.notify if prefs is not None else "mention"


async def route(storage: Storage, users: Sequence[int]) -> Route:
    """How each of `users` (people a game now waits on) is told: by their choice, a DM only while their
    DMs are not known to be closed (else a mention)."""
    people = [u for u in users if not is_bot_user(u)]
    prefs = await storage.player_prefs(people)
    out = Route()
    for user in people:
        mine = prefs.get(user)
        mode = mine.notify if mine is not None else "mention"
        dm_ok = mine is not None and mine.dms_closed is None
        if mode in ("dm", "both") and dm_ok:
            out.dm.append(user)
        if mode in ("mention", "both") or (mode == "dm" and not dm_ok):
            out.mention.append(user)
    return out


def digest_day(now: float) -> str | None:
    """The day whose digests may go out at `now` (None before the digest hour)."""
    moment = dt.datetime.fromtimestamp(now, dt.UTC)
    return moment.date().isoformat() if moment.hour >= DIGEST_HOUR else None


async def digests_due(storage: Storage, now: float) -> list[int]:
    """The players whose digest of today this process claimed (each checked once a day, by one process)."""
    day = digest_day(now)
    if day is None:
        return []
    return [user for user in await storage.dm_players() if await storage.claim_digest(user, day)]
