"""The table service: everything a player can do to a game, without Discord."""

from bot.service.check import CheckResult, check_all, check_game
from bot.service.errors import GameClosed, GameMovedOn, GameNotFound, NotSeated, NotYourTurn, ServiceError
from bot.service.outcomes import Applied, Choice, Decision, GameSummary, Outcome, Panel, SweepEvent
from bot.service.table_rules import default_table_rules
from bot.service.tables import TableService

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
