"""Storage behind a small interface (`Storage`), with the SQLite backend."""

from bot.storage.base import (
    ActionRow,
    AlreadyExists,
    DiskFull,
    GameRow,
    NewAction,
    ReadOnly,
    SeatRow,
    StaleVersion,
    Storage,
    StorageError,
    TableFull,
)
from bot.storage.sqlite import SQLiteStorage

__all__ = [
    "ActionRow",
    "AlreadyExists",
    "DiskFull",
    "GameRow",
    "NewAction",
    "ReadOnly",
    "SQLiteStorage",
    "SeatRow",
    "StaleVersion",
    "Storage",
    "StorageError",
    "TableFull",
]
