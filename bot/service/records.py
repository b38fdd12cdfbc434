"""The records the service hands to its front ends, and the storage a process starts with.

A front end (the Discord layer, the terminal) never imports `bot.storage`: the rows it is given (a game, a
finished game, a rating, a tournament and its pairings), the refusals it may meet (`ReadOnly`,
`StorageError`), the test for a bot seat's user id, and the factory that opens the configured database
(`storage_for`, used once, where the process starts) all come through here.
"""

from __future__ import annotations

from bot.storage import (
    FinishedGame,
    GameRow,
    OutboxItem,
    PlayerPrefs,
    Rating,
    ReadOnly,
    SeatRow,
    Storage,
    StorageError,
    is_bot_user,
    storage_for,
)
from bot.storage.tournaments import Pairing, PairingResult, TournamentRow

__all__ = [
    "FinishedGame",
    "GameRow",
    "OutboxItem",
    "Pairing",
    "PairingResult",
    "PlayerPrefs",
    "Rating",
    "ReadOnly",
    "SeatRow",
    "Storage",
    "StorageError",
    "TournamentRow",
    "is_bot_user",
    "storage_for",
]
