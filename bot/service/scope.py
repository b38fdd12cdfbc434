"""Who a request comes from, and the one scoped lookup every entry point resolves a game through.

Every game belongs to a scope: a table to the server it was opened in, a solo game or a daily attempt
to its owner (the player who made it). A request may reach a game only inside its scope; outside it
the game does not exist, with the very same words as a number nobody ever used, so a stranger learns
nothing (not even that the number is taken) by trying numbers one after another.

Rather than trusting each caller to pass and compare the server and the user, the Discord layer states
the caller once per interaction, from the interaction itself (`request_caller.set(Caller(...))`; never
from a button's custom id), and `scoped_game` compares it with the game. A direct message has no server,
so it reaches no table. The terminal, the tests and the sweep state nothing (`ANYWHERE`) and reach
every game.
"""

from __future__ import annotations

import contextvars
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from bot.service.arguments import MAX_INT
from bot.service.errors import GameNotFound
from i18n import _

if TYPE_CHECKING:
    from bot.storage import GameRow, Storage


class _Anywhere:
    """No caller stated: requests from the terminal, the tests, the sweep."""

    def __repr__(self) -> str:
        return "ANYWHERE"


ANYWHERE: Final = _Anywhere()


@dataclass(frozen=True)
class Caller:
    """The person behind a request and where they typed or clicked (guild_id None: a direct message)."""

    user_id: int
    guild_id: int | None
    #: The Discord interaction behind the request, for the log lines it leads to (never compared).
    interaction_id: int | None = field(default=None, compare=False)


#: The caller of the current request, or ANYWHERE.
request_caller: contextvars.ContextVar[Caller | _Anywhere] = contextvars.ContextVar(
    "request_caller", default=ANYWHERE
)

#: The game the current request resolved (`scoped_game`), for the log lines it leads to; None before.
request_game: contextvars.ContextVar[int | None] = contextvars.ContextVar("request_game", default=None)


@contextmanager
def acting_as(user_id: int, guild_id: int | None) -> Iterator[None]:
    """Run a block as a request by `user_id` from server `guild_id` (None: a direct message)."""
    token = request_caller.set(Caller(user_id, guild_id))
    try:
        yield
    finally:
        request_caller.reset(token)


@contextmanager
def from_server(guild_id: int | None) -> Iterator[None]:
    """Run a block as a request from server `guild_id` by nobody in particular (owns no private game)."""
    with acting_as(0, guild_id):
        yield


def in_scope(game: GameRow, caller: Caller | _Anywhere) -> bool:
    """Whether `caller` may see `game` at all: a table from its own server (never from a direct message),
    a private game (solo, daily) only by its owner, wherever they are."""
    if isinstance(caller, _Anywhere):
        return True
    if game.mode == "table":
        return caller.guild_id is not None and game.guild_id == caller.guild_id
    return game.creator_id == caller.user_id


def no_such_game(game_id: Any) -> GameNotFound:
    """The one refusal for a number that names no game the caller may see (absent or out of scope alike)."""
    shown = str(game_id) if isinstance(game_id, int) and not isinstance(game_id, bool) else repr(game_id)
    return GameNotFound(_("There is no game #{game}.").format(game=shown[:20]))


async def scoped_game(storage: Storage, game_id: Any, *, with_meta: str | None = None,
                      with_moves: bool = False) -> GameRow:
    """The stored game `game_id` if it exists and lies in the current caller's scope; else "no such game".

    Every entry point that takes a game number (play, look, log, replay, compare, admin, page buttons)
    resolves it here, so none can forget the check or word its refusal differently. `with_meta`, `with_moves`:
    read with the game, in the same statement (`GameRow.meta`, `GameRow.seat_moves`).
    """
    if isinstance(game_id, bool) or not isinstance(game_id, int) or not 0 < game_id <= MAX_INT:
        raise no_such_game(game_id)
    game = await storage.get_game(game_id, with_meta=with_meta, with_moves=with_moves)
    if game is None or not in_scope(game, request_caller.get()):
        raise no_such_game(game_id)
    request_game.set(game.id)  # lives as long as this request's task: its log lines name the game
    return game
