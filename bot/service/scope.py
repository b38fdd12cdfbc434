"""Which server a request comes from, so every table action is checked against the game's own server.

A table belongs to the server it was opened in; a user there must not join, play, resign or even see
another server's table by typing its number. Rather than trusting each caller to pass and compare the
server, the Discord layer states it once per interaction (`request_server.set(...)`) and the service's
one loader (`TableService.game`) compares it with the game's. The terminal and tests state nothing
(`ANYWHERE`) and reach every game.
"""

from __future__ import annotations

import contextvars
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Final


class _Anywhere:
    """No server stated: requests from the terminal, the tests, the sweep."""

    def __repr__(self) -> str:
        return "ANYWHERE"


ANYWHERE: Final = _Anywhere()

#: The server of the current request (None: a direct message), or ANYWHERE.
request_server: contextvars.ContextVar[int | None | _Anywhere] = contextvars.ContextVar(
    "request_server", default=ANYWHERE
)


@contextmanager
def from_server(guild_id: int | None) -> Iterator[None]:
    """Run a block as a request from server `guild_id` (None: a direct message)."""
    token = request_server.set(guild_id)
    try:
        yield
    finally:
        request_server.reset(token)
