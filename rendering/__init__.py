"""Pictures of games (Pillow): one package per game, each turning a *view* into PNG bytes.

A renderer never sees more than the view it is given, so a public picture can never
show a hidden card. `picture_for(kind)` finds a game's renderer if it has one yet.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

Picture = Callable[[dict[str, Any]], bytes]


def picture_for(kind: str) -> Picture | None:
    """The function drawing `view -> PNG bytes` for a game kind, or None if it has none."""
    try:
        module = importlib.import_module(f"rendering.{kind}")
    except ModuleNotFoundError as exc:
        if exc.name == f"rendering.{kind}":
            return None
        raise
    return getattr(module, "picture", None)
