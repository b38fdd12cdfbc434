"""Pictures of games (Pillow): one package per game, each turning a *view* into PNG bytes.

A renderer never sees more than the view it is given, so a public picture can never
show a hidden card. `picture_for(kind)` finds a game's renderer if it has one yet: a
function `picture(view) -> PNG bytes`, which may also take the viewer's display name as a
second argument, `picture(view, name)`, to title their own picture.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

Picture = Callable[..., bytes]  # picture(view) or picture(view, name)


def picture_for(kind: str) -> Picture | None:
    """The function drawing `view (, name) -> PNG bytes` for a game kind, or None if it has none."""
    try:
        module = importlib.import_module(f"rendering.{kind}")
    except ModuleNotFoundError as exc:
        if exc.name == f"rendering.{kind}":
            return None
        raise
    return getattr(module, "picture", None)
