"""The table service: everything a player can do to a game, without Discord."""

from bot.service.check import CheckResult, check_all, check_game
from bot.service.errors import GameClosed, GameMovedOn, GameNotFound, NotSeated, NotYourTurn, ServiceError
from bot.service.tables import (
    Applied,
    Choice,
    Decision,
    GameSummary,
    Outcome,
    Panel,
    SweepEvent,
    TableService,
    default_table_rules,
)

__all__ = [
    "Applied",
    "CheckResult",
    "Choice",
    "Decision",
    "GameClosed",
    "GameMovedOn",
    "GameNotFound",
    "GameSummary",
    "NotSeated",
    "NotYourTurn",
    "Outcome",
    "Panel",
    "ServiceError",
    "SweepEvent",
    "TableService",
    "check_all",
    "check_game",
    "default_table_rules",
]
