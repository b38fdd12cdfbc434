"""Copy a whole database from one backend to another (`yokohama-bot copy-db`).

Every table the two schemas share is copied row by row, ids included, so game ids, versions
and action logs stay exactly as they were and `check-db` on the target replays every game.
The target must be empty (freshly migrated): copying onto live data would mix two histories.
"""

from __future__ import annotations

from typing import Any, Protocol

from bot.storage.base import StorageError

#: Parents before children, so foreign keys hold while rows arrive; other tables follow by name.
_FIRST = ("meta", "guild_settings", "games", "seats", "actions", "tournaments")


class Copyable(Protocol):
    async def table_names(self) -> list[str]: ...
    async def table_columns(self, table: str) -> list[str]: ...
    async def read_table(self, table: str) -> tuple[list[str], list[tuple[Any, ...]]]: ...
    async def write_table(self, table: str, columns: list[str], rows: list[tuple[Any, ...]]) -> None: ...
    async def all_game_ids(self) -> list[int]: ...


async def copy_database(source: Copyable, target: Copyable) -> dict[str, int]:
    """Copy every shared table; returns the number of rows per table."""
    if await target.all_game_ids():
        raise StorageError("The target database already holds games; copy into an empty database.")
    shared = set(await source.table_names()) & set(await target.table_names())
    order = [t for t in _FIRST if t in shared] + sorted(shared - set(_FIRST))
    counts: dict[str, int] = {}
    for table in order:
        columns, rows = await source.read_table(table)
        target_columns = set(await target.table_columns(table))
        keep = [i for i, c in enumerate(columns) if c in target_columns]
        await target.write_table(table, [columns[i] for i in keep], [tuple(r[i] for i in keep) for r in rows])
        counts[table] = len(rows)
    return counts
