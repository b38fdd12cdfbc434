"""The typed interface every game's renderer offers the bot (issue 24): one object per game, fixed signatures.

A front end (the Discord layer) holds a game's `Renderer` and calls these methods, never a function found by
name and called after reading its parameters. Each game adapts its own drawing functions in
`rendering/<game>/renderer.py` (thin: it only forwards). The methods are those of a module-level object, so
a drawing process (`rendering.pool`) receives them by name without importing anything but `rendering`.

- `picture(view, names=..., name=...)`: the one picture of a view: a seat's own picture (its hand, its sheet)
  from that seat's view, else the public picture (the final scores once over). `names` are the display names
  by seat, `name` the viewer's own (a game that titles a seat's picture with one name uses that).
- `public_pictures(view, names=..., ranking=...)`: every public picture of a turn as (label, PNG); the label
  "" marks a game's one picture. `ranking` (seats, best first) is the caller's own order where it differs.
- `lead_picture(view, names=..., story=...)`: the phone-first picture a turn post leads with.
- `scoreboard(view, names=..., places=...)`: the final scores; `places[seat]` (1 = first) the caller's own.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

View = dict[str, Any]


@runtime_checkable
class Renderer(Protocol):
    """What a game's renderer offers; every method returns PNG bytes drawn from `view` alone."""

    def picture(self, view: View, *, names: list[str] | None = None, name: str | None = None) -> bytes: ...

    def public_pictures(self, view: View, *, names: list[str] | None = None,
                        ranking: list[int] | None = None) -> list[tuple[str, bytes]]: ...

    def lead_picture(self, view: View, *, names: list[str] | None = None, story: str = "") -> bytes: ...

    def scoreboard(self, view: View, *, names: list[str], places: list[int] | None = None) -> bytes: ...
