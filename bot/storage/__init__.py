"""Storage behind a small interface (`Storage`), with the SQLite backend."""

from bot.storage.base import (
    ActionRow,
    AlreadyExists,
    GameRow,
    NewAction,
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
    "GameRow",
    "NewAction",
    "SQLiteStorage",
    "SeatRow",
    "StaleVersion",
    "Storage",
    "StorageError",
    "TableFull",
]
