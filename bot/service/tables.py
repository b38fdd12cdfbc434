"""The table service: create, join, start, act, resign, remind, time out — with no Discord in sight.

Cogs, the terminal client and the tests all drive games through this one object, built over one storage.
It reads games itself (`Games`: the scoped lookup, status and lists) and holds a part per job, all sharing
the storage, the gate of changing requests and the one write path of a state change (`Moves`):

- `lobby`: create a table, join, leave, seat or unseat the bot, start (`bot.service.lobby`);
- `play`: a player's panel and decision, moves, undo, resignation, a bot turn in the background
  (`bot.service.play`);
- `clock`: reminders, deadlines and the sweep, bot turns a stopped process left (`bot.service.clock`);
- `admin`: end a stuck game, retry a stuck bot, find unreadable games (`bot.service.admin`).

Each change loads what it needs, asks the engine, and writes through the storage interface with the
game's version checked, so a refused request never changes anything and two requests on one game can
never both apply.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable

from bot.service.admin import Admin
from bot.service.clock import Clock
from bot.service.games import AI_BUDGET_S, Games
from bot.service.lobby import Lobby
from bot.service.moves import Moves
from bot.service.play import Play
from bot.storage import Storage


class TableService(Games):
    def __init__(
        self,
        storage: Storage,
        *,
        now: Callable[[], float] = time.time,
        new_seed: Callable[[], int] = lambda: secrets.randbits(62),
        ai_budget_s: float = AI_BUDGET_S,
        bots_inline: bool = True,
    ) -> None:
        super().__init__(storage, now=now, new_seed=new_seed, ai_budget_s=ai_budget_s, bots_inline=bots_inline)
        moves = Moves(self)
        self.lobby = Lobby(self, moves)
        self.play = Play(self, moves, self.lobby)
        self.clock = Clock(self, moves)
        self.admin = Admin(self, moves)
