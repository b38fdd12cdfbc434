"""What the Discord layer knows of each game: one typed description per game kind, looked up by kind.

The panels, turn posts and bot turns here work for every game. A game says how it differs in its `GameUI`:
lines under the header of a seat's panel, lines in the post that opens a table, whether its panel edits only
its text between pictures (and the label of the button that shows a fresh one), announcers that replace the
generic turn post for some modes, and its renderer (`rendering.contract.Renderer`, fixed signatures).

Each game's description lives in its own module under `bot/discord_app/games/`, the only part of the Discord
layer that may import a particular game's engine or renderer; `bot.discord_app.games` registers them all
(the client imports it at start). A kind without a description (a test's stand-in game) gets the generic
behaviour and no pictures. This module imports no game and none of the modules that use it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from bot.discord_app.host import Host
from bot.service import Outcome
from bot.service.records import GameRow
from rendering.contract import Renderer

#: Lines added under the header of a seat's private panel: (game, view for that seat, seat).
PanelNotes = Callable[[GameRow, dict[str, Any], int], list[str]]
#: Lines added to the public message that opens a game: (game, public view).
PublicNotes = Callable[[GameRow, dict[str, Any]], list[str]]
#: Replaces the generic turn post (`panels.turn_post.announce`) for a game's mode (e.g. the daily challenge's result).
Announcer = Callable[[Host, Outcome], Awaitable[None]]


@dataclass(frozen=True)
class GameUI:
    """How one game kind shows itself on Discord, beyond the generic panels and posts."""

    kind: str
    #: Draws the game's pictures; None: a game without pictures (its text says everything).
    renderer: Renderer | None = None
    panel_notes: PanelNotes | None = None
    public_notes: PublicNotes | None = None
    #: The label of the panel button that shows a fresh picture; "" sends the seat's picture after every click.
    #: A game with a label sends its seat's picture when it tells something new (the panel opened, a new turn
    #: or round, the end) and edits only the text in between (the whole picture after every click weighed
    #: ~20 MB a game).
    between_pictures: str = ""
    #: mode ("table", "daily", ...) -> the announcer that replaces the generic turn post for that mode.
    announcers: Mapping[str, Announcer] = field(default_factory=lambda: MappingProxyType({}))

    def announcer(self, mode: str) -> Announcer | None:
        return self.announcers.get(mode)


_GAMES: dict[str, GameUI] = {}


def register(ui: GameUI) -> GameUI:
    """Make `ui` the description of its kind (once per kind; registering the same description again is a no-op)."""
    known = _GAMES.get(ui.kind)
    if known is not None and known is not ui:
        raise ValueError(f"The game {ui.kind!r} already has a UI description.")
    _GAMES[ui.kind] = ui
    return ui


def ui_for(kind: str) -> GameUI:
    """The description of `kind`; a kind without one gets the generic behaviour (no notes, no pictures)."""
    return _GAMES.get(kind) or GameUI(kind)


def registered() -> Mapping[str, GameUI]:
    """Every registered description by kind (read-only)."""
    return MappingProxyType(_GAMES)
