"""Pictures of games (Pillow): one package per game, each turning a *view* into PNG bytes.

A renderer never sees more than the view it is given, so a public picture can never
show a hidden card. `picture_for(kind)` finds a game's renderer if it has one yet: a
function `picture(view) -> PNG bytes`, which may also take the viewer's display name as a
second argument, `picture(view, name)`, to title their own picture, or every seat's display
name as `picture(view, names=[...])`. A game with more than one public picture (Yokohama: the
map and the player boards) also offers `public_pictures(view, names=None) -> [(label, PNG)]`,
found by `public_pictures_for(kind)`. A turn post leads with `lead_picture(view, names=None, story="")`,
found by `lead_picture_for(kind)`: one picture that reads on a phone (whose turn, the last turn, the
scores); the full board is sent on request.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

Picture = Callable[..., bytes]  # picture(view) or picture(view, name)


def _renderer(kind: str) -> object | None:
    try:
        return importlib.import_module(f"rendering.{kind}")
    except ModuleNotFoundError as exc:
        if exc.name == f"rendering.{kind}":
            return None
        raise


def picture_for(kind: str) -> Picture | None:
    """The function drawing `view (, name) -> PNG bytes` for a game kind, or None if it has none."""
    return getattr(_renderer(kind), "picture", None)


PublicPictures = Callable[..., list[tuple[str, bytes]]]  # public_pictures(view, names=None)


def public_pictures_for(kind: str) -> PublicPictures | None:
    """The function drawing every public picture of a view as [(label, PNG)], or None if the game
    has only its one `picture`."""
    return getattr(_renderer(kind), "public_pictures", None)


def lead_picture_for(kind: str) -> Picture | None:
    """The function drawing the phone-first picture a turn post leads with, or None if the game has none."""
    return getattr(_renderer(kind), "lead_picture", None)
