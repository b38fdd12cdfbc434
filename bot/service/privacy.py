"""A person's data on request: everything the bot keeps about them (`export`), or forgetting them (`forget`).

Forgetting first leaves what is still going on the way a player would leave it: every lobby they sit in is
left, every running game resigned (the AI plays the seat on, or the game ends by forfeit as a resignation
ends it), every tournament in sign-up or running left. Then, in one storage transaction, their id is
replaced everywhere by a new anonymous id (`bot.storage.privacy`): other players' games still replay, their
ratings and histories stay as they were. Their settings and time away are deleted. The bot keeps no names:
Discord is asked for a name whenever one is shown, and an anonymous seat is shown as "Player N".

A server admin may do the same for a member who left the server, limited to that server's games, ratings,
seasons, tournaments and time away (`guild_id`).
"""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import logging
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bot.service import arguments as check
from bot.service.errors import ServiceError
from bot.service.gate import operation
from bot.service.outcomes import Outcome
from bot.service.scope import ANYWHERE, request_caller
from bot.storage import is_bot_user
from bot.storage.privacy import is_anonymous

if TYPE_CHECKING:
    from bot.service.tables import TableService
    from bot.service.tournaments import TournamentService

log = logging.getLogger(__name__)

#: What the export's first lines say, so the file explains itself.
ABOUT = ("Everything Yokohama Bot keeps about you: the games you sat in or created (their public result, never "
         "another player's hidden cards), your own moves, your results and ratings, your daily attempts, your "
         "settings and time away, and your tournament entries. Times are Unix seconds (UTC). Ids are Discord's "
         "(servers, channels) or the bot's own (games, tournaments).")


@dataclass
class Forgotten:
    """What `forget` did: the anonymous id now in the person's place, the rows changed by kind, and what
    leaving their open games and tournaments did (to be told to the other players)."""

    anonymous: int
    changed: dict[str, int]
    outcomes: list[Outcome] = field(default_factory=list)
    left: list[int] = field(default_factory=list)  # games resigned or lobbies left


class Privacy:
    def __init__(self, tables: TableService, tournaments: TournamentService | None = None) -> None:
        self.tables = tables
        self.storage = tables.storage
        self.gate = tables.gate
        self._tournaments = tournaments

    def tournaments(self) -> TournamentService:
        if self._tournaments is None:
            from bot.service.tournaments import TournamentService

            self._tournaments = TournamentService(self.tables)
        return self._tournaments

    async def export(self, user_id: int) -> dict[str, Any]:
        """Everything kept about `user_id`, as plain JSON data."""
        user_id = _person(user_id)
        data = await self.storage.player_data(user_id)
        now = dt.datetime.fromtimestamp(self.tables.now(), dt.UTC).isoformat(timespec="seconds")
        return {"about": ABOUT, "exported_at": now, **data}

    async def export_json(self, user_id: int) -> bytes:
        return json.dumps(await self.export(user_id), indent=1, ensure_ascii=False).encode()

    @operation
    async def forget(self, user_id: int, *, guild_id: int | None = None) -> Forgotten:
        """Leave `user_id`'s open games and tournaments, then put an anonymous id in their place (with
        `guild_id`: only that server's), deleting their settings (everywhere only)."""
        user_id = _person(user_id)
        guild_id = check.optional_whole(guild_id, "server id", low=1)
        data = await self.storage.player_data(user_id)
        outcomes: list[Outcome] = []
        left: list[int] = []
        token = request_caller.set(ANYWHERE)  # their games in every scope, not only the caller's
        try:
            for game in data["games"] + data["daily_attempts"]:
                if game["status"] not in ("lobby", "active") or game["joined_at"] is None or game["resigned"]:
                    continue
                if guild_id is not None and game["guild_id"] != guild_id:
                    continue
                try:
                    outcomes.append(await self.tables.play.resign(int(game["id"]), user_id))
                    left.append(int(game["id"]))
                except ServiceError as exc:  # it ended meanwhile: nothing to leave
                    log.info("forget: game %s could not be left (%s)", game["id"], exc)
            for entry in data["tournament_entries"]:
                if entry["status"] not in ("signup", "running") or entry["left_round"] is not None:
                    continue
                if guild_id is not None and entry["guild_id"] != guild_id:
                    continue
                with contextlib.suppress(ServiceError):
                    _, forfeits = await self.tournaments().leave(int(entry["tournament_id"]), user_id)
                    outcomes += forfeits
        finally:
            request_caller.reset(token)
        anonymous, changed = await self.storage.forget_player(user_id, guild_id)
        # No id in the line: the log must not tie the person to their anonymous seat.
        log.info("forgot a player%s (%s)", " of one server" if guild_id else "",
                 ", ".join(f"{n} {k}" for k, n in changed.items() if n) or "nothing stored")
        return Forgotten(anonymous, changed, outcomes, left)


def _person(user_id: Any) -> int:
    user_id = check.whole(user_id, "player id", low=1)
    if is_bot_user(user_id) or is_anonymous(user_id):
        raise ServiceError("That is not a person the bot knows.")
    return user_id
