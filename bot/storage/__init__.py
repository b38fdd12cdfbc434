"""Storage behind a small interface (`Storage`): SQLite (the default) and PostgreSQL backends."""

from pathlib import Path

from bot.storage.base import (
    ActionRow,
    AlreadyExists,
    AwayPeriod,
    DiskFull,
    FinishedGame,
    FinishedSeat,
    GameRow,
    NewAction,
    PlayerPrefs,
    RateGame,
    RateSeason,
    Rating,
    RatingPoint,
    ReadOnly,
    SeatRow,
    StaleVersion,
    Storage,
    StorageError,
    TableFull,
    is_bot_user,
)
from bot.storage.outbox import OutboxItem
from bot.storage.repository import Repository
from bot.storage.sqlite import SQLiteStorage


def storage_for(database_url: str | None, database_path: str | Path) -> Repository:
    """The backend a deployment asked for: PostgreSQL when `database_url` is a postgresql:// URL,
    else the SQLite file at `database_path` (a `sqlite:PATH` URL names one too)."""
    url = (database_url or "").strip()
    if url.startswith(("postgresql://", "postgres://")):
        from bot.storage.postgres import PostgresStorage  # asyncpg only loads when it is used

        return PostgresStorage(url)
    if url.startswith("sqlite:"):
        return SQLiteStorage(url.removeprefix("sqlite:").removeprefix("//"))
    if url:
        raise StorageError(f"DATABASE_URL must start with postgresql:// or sqlite:, not {url.split(':', 1)[0]!r}.")
    return SQLiteStorage(database_path)

__all__ = [
    "ActionRow",
    "AlreadyExists",
    "AwayPeriod",
    "DiskFull",
    "FinishedGame",
    "FinishedSeat",
    "is_bot_user",
    "GameRow",
    "NewAction",
    "OutboxItem",
    "PlayerPrefs",
    "RateGame",
    "RateSeason",
    "Rating",
    "RatingPoint",
    "ReadOnly",
    "Repository",
    "SQLiteStorage",
    "SeatRow",
    "StaleVersion",
    "Storage",
    "StorageError",
    "TableFull",
    "storage_for",
]
