"""A table's agreed rules: how long before a reminder, the deadline per decision and what happens at it.

Read by the lobby (a new table's rules are checked against these bounds), by the clock (reminders and
deadlines) and by the Discord layer (the lobby and a joiner's confirmation say them in words).
"""

from __future__ import annotations

from typing import Any

from bot.service.errors import ServiceError
from engine.core import Game
from i18n import _

#: How the table handles a player who lets the deadline pass.
DEADLINE_ACTIONS = ("auto", "forfeit")
#: The shortest reminder or deadline a table may set (0 turns either off). A deadline of minutes would
#: make joiners forfeit before they have seen the game; stored tables with less are held to this too.
MIN_WAIT_HOURS = 1.0
#: The longest reminder or deadline a table may set (30 days).
MAX_WAIT_HOURS = 720.0
#: Server setting: how many running games against bots only (one person, bots in every other seat) one
#: person may have in that server (`/settings botgames`); 0 = none. Unset: `BOT_GAMES_DEFAULT`.
BOT_GAMES_SETTING = "bot_games"
BOT_GAMES_DEFAULT = 3


#: The table rule naming the level the table's bots play (one of the game's `ai_levels`); absent: the first.
BOT_LEVEL = "bot_level"


def default_table_rules() -> dict[str, Any]:
    return {"reminder_hours": 12.0, "deadline_hours": 0.0, "deadline_action": "auto"}


def check_bot_level(engine: Game, level: Any) -> None:
    """Refuse a level the game's bot does not play, naming the ones it does."""
    if level not in engine.ai_levels:
        levels = engine.ai_levels
        raise ServiceError(_("{game}'s bot plays at one level for now: {level}.").format(
            game=engine.title, level=levels[0]) if len(levels) == 1 else
            _("{game}'s bot plays at these levels: {levels}.").format(game=engine.title, levels=", ".join(levels)))


def bot_level(rules: dict[str, Any], levels: tuple[str, ...]) -> str:
    """The level a table's bots play: the one it chose, else (none chosen, or one the game no longer
    offers) the game's first, so a stored game always plays on."""
    level = rules.get(BOT_LEVEL)
    return level if isinstance(level, str) and level in levels else levels[0]


def wait_hours(value: Any) -> float:
    """A stored reminder or deadline, held to the minimum (0 or unreadable: off)."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not value > 0:
        return 0.0
    return max(float(value), MIN_WAIT_HOURS)


def deadline_text(rules: dict[str, Any]) -> str:
    """The table's deadline in words, for the lobby and a joiner's confirmation ("" if none)."""
    hours = wait_hours(rules.get("deadline_hours"))
    if not hours:
        return ""
    auto = rules.get("deadline_action", "auto") == "auto"
    then = "the bot plays the late turn" if auto else "the late player forfeits"
    return f"{hours:g} h per decision, then {then}"
