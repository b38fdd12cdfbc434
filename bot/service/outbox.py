"""Sending what the outbox owes, one item at a time (see `bot.storage.outbox`).

`deliver` takes the due items and, for each in turn, claims it (a lease: one process sends it), hands it to
the front end's `send` under a bounded time, and marks it sent. A send that fails (an HTTP 5xx, a dropped
connection, a timeout) gives only that item back, due again after a back-off that grows with its attempts;
the next item is still sent. A process killed mid-way leaves at most the one item it held, whose lease runs
out, so the next sweep sends it. An item that keeps failing is given up after `MAX_ATTEMPTS` and logged.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from bot.storage import OutboxItem, Storage

log = logging.getLogger(__name__)

#: How long a claimed item is held before another process may take it (longer than any send may take).
LEASE_S = 120.0
#: The longest a single send may take before it counts as failed.
SEND_TIMEOUT_S = 30.0
#: Sends of one item before it is given up.
MAX_ATTEMPTS = 8
#: The wait before the n-th retry: 30 s, 1 min, 2 min, … up to an hour.
BACKOFF_S = 30.0


class GiveUp(Exception):
    """A send that can never succeed (the channel is gone, no permission): the item is dropped now."""


@dataclass
class Delivery:
    """What one `deliver` did."""

    sent: list[OutboxItem] = field(default_factory=list)
    failed: list[OutboxItem] = field(default_factory=list)
    dropped: list[OutboxItem] = field(default_factory=list)


def backoff(attempts: int) -> float:
    return min(3600.0, BACKOFF_S * 2 ** max(0, attempts - 1))


async def deliver(storage: Storage, send: Callable[[OutboxItem], Awaitable[None]], now: Callable[[], float], *,
                  limit: int = 50, timeout_s: float = SEND_TIMEOUT_S) -> Delivery:
    """Send the due items one by one (each claimed on its own, just before its send)."""
    done = Delivery()
    for item in await storage.due_outbox(now(), limit):
        if not await storage.claim_outbox(item.id, now(), LEASE_S):
            continue  # another process holds it, or sent it meanwhile
        item.attempts += 1
        try:
            await asyncio.wait_for(send(item), timeout_s)
        except GiveUp as exc:
            log.warning("outbox item %s (%s) dropped: %s", item.id, item.key, exc)
            await storage.finish_outbox(item.id, now(), f"dropped: {exc}"[:500])
            done.dropped.append(item)
            continue
        except Exception as exc:  # noqa: BLE001 - any failure of one send must leave the others to go
            if item.attempts >= MAX_ATTEMPTS:
                log.warning("outbox item %s (%s) given up after %d attempts: %r", item.id, item.key,
                            item.attempts, exc)
                await storage.finish_outbox(item.id, now(), f"given up: {exc!r}"[:500])
                done.dropped.append(item)
            else:
                log.info("outbox item %s (%s) failed (%r); retrying later", item.id, item.key, exc)
                await storage.release_outbox(item.id, now() + backoff(item.attempts), repr(exc))
                done.failed.append(item)
            continue
        await storage.finish_outbox(item.id, now())
        done.sent.append(item)
    return done
