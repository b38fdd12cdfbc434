"""The typed interface every game's renderer offers the bot: one object per game, fixed signatures.

A front end (the Discord layer) holds a game's `Renderer` and calls these methods, never a function found by
name and called after reading its parameters. Each game adapts its own drawing functions in
`rendering/<game>/renderer.py` (thin: it only binds arguments).

Each method returns the drawing to run, not the picture: the game's own module-level function bound to its
arguments (`functools.partial`). The caller decides where it runs (`await rendering.pool.draw(drawing)`): a
drawing process receives the game's function by name, exactly as before there was an interface, and a test
that replaces a game's drawing function is obeyed.

- `picture(view, names=..., name=...)`: the one picture of a view: a seat's own picture (its hand, its sheet)
  from that seat's view, else the public picture (the final scores once over). `names` are the display names
  by seat, `name` the viewer's own (a game that titles a seat's picture with one name uses that).
- `own_picture(view, names=..., name=..., choices=...)`: a seat's compact own view for a phone (what it holds,
  what it can do now and what that costs; `choices` are the labels of the choices offered now, where the caller
  has them); `picture` stays the full private board, one tap away.
- `description(view, names=..., story=...)`: the alt text of a picture of `view` (Discord's attachment
  description, at most 1,024 characters): the game, whose turn, the scores, what just happened. Cheap (no
  drawing), so it is made where the attachment is.
- `public_pictures(view, names=..., ranking=...)`: every public picture of a turn as (label, PNG); the label
  "" marks a game's one picture. `ranking` (seats, best first) is the caller's own order where it differs.
- `lead_picture(view, names=..., story=...)`: the phone-first picture a turn post leads with.
- `scoreboard(view, names=..., places=...)`: the final scores; `places[seat]` (1 = first) the caller's own.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

View = dict[str, Any]
#: A picture ready to draw: call it (in a drawing process, `rendering.pool.draw`) for the PNG bytes.
Drawing = Callable[[], bytes]
#: Several labelled pictures ready to draw: call it for [(label, PNG)].
Drawings = Callable[[], list[tuple[str, bytes]]]


@runtime_checkable
class Renderer(Protocol):
    """What a game's renderer offers; every drawing is made from `view` alone."""

    def picture(self, view: View, *, names: list[str] | None = None, name: str | None = None) -> Drawing: ...

    def own_picture(self, view: View, *, names: list[str] | None = None, name: str | None = None,
                    choices: Sequence[str] = ()) -> Drawing: ...

    def description(self, view: View, *, names: list[str] | None = None, story: str = "") -> str: ...

    def public_pictures(self, view: View, *, names: list[str] | None = None,
                        ranking: list[int] | None = None) -> Drawings: ...

    def lead_picture(self, view: View, *, names: list[str] | None = None, story: str = "") -> Drawing: ...

    def scoreboard(self, view: View, *, names: list[str], places: list[int] | None = None) -> Drawing: ...


def one_picture(picture: Callable[..., bytes], *args: Any) -> list[tuple[str, bytes]]:
    """A game's one public picture as the list `public_pictures` gives: [("", PNG)]."""
    return [("", picture(*args))]
