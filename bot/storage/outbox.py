"""The outbox: posts the bot owes besides a click's own answer, kept until Discord has taken them.

An item is written in the transaction of the change that causes it (`enqueue`, on that transaction's
connection), under a `key` that names it once: writing the same key again changes nothing, so a change
retried, or run by two processes, owes one post. A sender then takes items one at a time:
`claim_outbox` leases one item (a compare-and-set on its lease, so one process sends it), the send
happens, and `finish_outbox` marks it sent; a failed send gives the item back with a later `due_at`
(`release_outbox`), and a process that dies mid-send leaves a lease that runs out, so the next sweep
sends it again. Nothing claimed together can be lost together.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from bot.storage.sql import Conn, Dialect, Row, upsert

#: The compare-and-set of a server setting (the same as `GameStore.claim_setting`).
_CLAIM_SETTING = upsert("guild_settings", ("guild_id", "key", "value"), ("guild_id", "key"),
                        when="guild_settings.value <> excluded.value")
_ITEM = "id, key, kind, guild_id, payload, created_at, due_at, attempts, sent_at, last_error"


@dataclass
class OutboxItem:
    id: int
    key: str
    kind: str
    guild_id: int | None
    payload: dict[str, Any] = field(default_factory=dict)
    created_at: float = 0.0
    due_at: float = 0.0
    attempts: int = 0
    sent_at: float | None = None
    last_error: str | None = None


async def enqueue(conn: Conn, key: str, kind: str, guild_id: int | None, payload: dict[str, Any],
                  now: float, due_at: float | None = None) -> bool:
    """Owe a post, inside the caller's transaction; False if an item with this key exists already."""
    return await conn.execute(
        "INSERT INTO outbox (key, kind, guild_id, payload, created_at, due_at) VALUES (?, ?, ?, ?, ?, ?) "
        "ON CONFLICT (key) DO NOTHING",
        (key, kind, guild_id, json.dumps(payload, sort_keys=True), now, now if due_at is None else due_at)) == 1


class OutboxStore(Dialect):
    async def add_outbox(self, key: str, kind: str, guild_id: int | None, payload: dict[str, Any],
                         now: float) -> bool:
        """Owe a post in a transaction of its own; False if it was owed (or sent) already."""
        async with self._transaction() as conn:
            return await enqueue(conn, key, kind, guild_id, payload, now)

    async def claim_setting_owing(self, guild_id: int, key: str, value: str,
                                  items: list[tuple[str, str, dict[str, Any]]], now: float) -> bool:
        """Set a server's setting `key` to `value` only if it holds something else (a compare-and-set), and
        owe the posts `items` (key, kind, payload) in the same transaction; True for the one caller that
        changed it."""
        async with self._transaction() as conn:
            if await conn.execute(_CLAIM_SETTING, (guild_id, key, value)) != 1:
                return False
            for item_key, kind, payload in items:
                await enqueue(conn, item_key, kind, guild_id, payload, now)
        return True

    async def due_outbox(self, now: float, limit: int = 100) -> list[OutboxItem]:
        """Unsent items whose time has come and whose lease (if any) has run out, oldest first."""
        rows = await self._fetch(
            f"SELECT {_ITEM} FROM outbox WHERE sent_at IS NULL AND due_at <= ? "
            "AND (claimed_until IS NULL OR claimed_until <= ?) ORDER BY due_at, id LIMIT ?", (now, now, limit))
        return [_item(r) for r in rows]

    async def claim_outbox(self, item_id: int, now: float, lease_s: float) -> bool:
        """Lease one item for `lease_s` seconds: True for the one caller that may send it now."""
        return await self._execute(
            "UPDATE outbox SET claimed_until = ?, attempts = attempts + 1 WHERE id = ? AND sent_at IS NULL "
            "AND (claimed_until IS NULL OR claimed_until <= ?)", (now + lease_s, item_id, now)) == 1

    async def finish_outbox(self, item_id: int, now: float, note: str | None = None) -> None:
        """The item was sent (or given up, with `note` saying why): never sent again."""
        await self._execute("UPDATE outbox SET sent_at = ?, claimed_until = NULL, last_error = ? WHERE id = ?",
                            (now, note, item_id))

    async def release_outbox(self, item_id: int, retry_at: float, error: str) -> None:
        """The send failed: the item is due again at `retry_at`."""
        await self._execute(
            "UPDATE outbox SET claimed_until = NULL, due_at = ?, last_error = ? WHERE id = ? AND sent_at IS NULL",
            (retry_at, error[:500], item_id))

    async def outbox_items(self, *, kind: str | None = None, unsent_only: bool = False) -> list[OutboxItem]:
        """Every item (of `kind`), oldest first (tests and admins)."""
        sql = f"SELECT {_ITEM} FROM outbox WHERE 1 = 1"
        params: list[Any] = []
        if kind is not None:
            sql += " AND kind = ?"
            params.append(kind)
        if unsent_only:
            sql += " AND sent_at IS NULL"
        return [_item(r) for r in await self._fetch(sql + " ORDER BY id", params)]


def _item(r: Row) -> OutboxItem:
    return OutboxItem(id=r[0], key=r[1], kind=r[2], guild_id=r[3], payload=json.loads(r[4] or "{}"),
                      created_at=r[5], due_at=r[6], attempts=r[7], sent_at=r[8], last_error=r[9])
