"""The one SQL implementation of `Storage`: the queries of every module above the core, over a dialect.

A backend subclasses `Repository` and supplies only what `sql.Dialect` asks for (connections,
transactions, locks, placeholders, list parameters, migrations, the whole-table copy).
"""

from __future__ import annotations

from bot.storage.community import CommunityStore
from bot.storage.daily import DailyStore
from bot.storage.games import GameStore
from bot.storage.outbox import OutboxStore
from bot.storage.privacy import PrivacyStore
from bot.storage.standings import StandingsStore
from bot.storage.tournaments import TournamentStore


class Repository(GameStore, StandingsStore, DailyStore, CommunityStore, TournamentStore, OutboxStore,
                 PrivacyStore):
    """Games, seats and the log (`games`), standings (`standings`), the daily challenge (`daily`), seasons,
    notification choices and time away (`community`), tournaments (`tournaments`), posts owed (`outbox`),
    one person's data read out or forgotten, and the figures operations read (`privacy`)."""
