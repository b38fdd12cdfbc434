"""What the Discord helpers (panels, names, announcements, bot turns) know of the bot that runs them.

`Host` is a discord.py bot with the table service, the records the service keeps for the Discord layer
(`records`: threads, lobby messages, settings, preferences; never the storage itself), the settings, and a
runner for bot turns in the background. `YokohamaBot` (`client`) is the one real host; the helpers are
typed against this class, so none of them imports the client that imports them (no import circle:
`tests/test_import_graph.py`); the same holds between the panel modules, which reach the turn post
through `Host.announce`. Here too is what a click and the bot-turn runner share: a person's open
panel (`LivePanel`) and the "… is thinking" line.
"""

from __future__ import annotations

import datetime
from collections.abc import Collection
from dataclasses import dataclass
from typing import Protocol

import discord
from discord.ext import commands

from bot.service import Outcome, TableService
from bot.service.front_end import FrontEndRecords
from bot.settings import Settings
from i18n import _, ngettext

#: An interaction's token lasts 15 minutes; a panel older than this is not edited (nor counted as open).
PANEL_LIFETIME = datetime.timedelta(minutes=14)


@dataclass
class LivePanel:
    """A person's private panel, open on the bot's turn: it is updated in place when the bot is done, so the
    turn post does not ping that person."""

    interaction: discord.Interaction
    user_id: int
    name: str

    def fresh(self) -> bool:
        age = discord.utils.utcnow() - self.interaction.created_at
        return age < PANEL_LIFETIME and not self.interaction.is_expired()


def thinking_line(names: list[str], seats: Collection[int]) -> str:
    """"🤔 **Yokohama AI** is thinking…" for the bot seats that owe a decision."""
    who = _(" and ").join(f"**{names[s]}**" if s < len(names) else "**" + _("seat {n}").format(n=s + 1) + "**"
                          for s in sorted(seats))
    return "🤔 " + ngettext("{players} is thinking…", "{players} are thinking…", len(seats)).format(players=who)


class TurnRunner(Protocol):
    """Plays a game's bot seats in the background (`bot_turns.BotTurns`)."""

    def start(self, game_id: int, panel: LivePanel | None = None) -> None: ...


class Host(commands.Bot):
    """A discord.py bot that hosts the games: the attributes every helper may use (set by `YokohamaBot`)."""

    settings: Settings
    #: What the Discord layer keeps beside the games (threads, lobby messages, settings, preferences).
    records: FrontEndRecords
    service: TableService
    bot_turns: TurnRunner

    async def announce(self, outcome: Outcome, *, mover: int | None = None,
                       replace: discord.Message | None = None) -> None:
        """Post a finished turn where the table reads it (`panels.turn_post.announce`). The decision panel hands
        its turns here, so it never imports the turn post (which builds on the panel's public buttons)."""
        raise NotImplementedError
