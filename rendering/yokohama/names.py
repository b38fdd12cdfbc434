"""Who is who in a picture: display names by seat, falling back to the seat's colour."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

Names = Sequence[str | None] | str | None


def seat_names(view: dict[str, Any], names: Names = None) -> list[str]:
    """One name per seat. `names` is a list by seat (the bot's display names); a single string is the
    viewer's own name (the older `picture(view, name)` convention). A missing name falls back to the
    seat's colour ("Red"), which the engine's own text uses too."""
    seats = view["seats"]
    fallback = [str(s.get("colour") or f"Player {i + 1}") for i, s in enumerate(seats)]
    if names is None:
        return fallback
    if isinstance(names, str):
        viewer = view.get("viewer")
        if viewer is not None and 0 <= viewer < len(seats) and names:
            fallback[viewer] = names
        return fallback
    out = list(fallback)
    for seat, name in enumerate(list(names)[: len(seats)]):
        if name:
            out[seat] = str(name)
    return out
