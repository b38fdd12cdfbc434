"""Pictures of Yokohama Duel: the public board, a seat's private view, the final score.

`picture(view, names=None)` is what the Discord panels and turn posts call (`picture_for("duel")`):
the public view (viewer None) gives the board, a seat's view gives the board plus that seat's hand,
face-down Church cards and decision, and a finished game gives the final score. `names` are the
display names by seat ("Player n" only when none are given). Everything drawn comes from the view
alone, so a public picture cannot show a hidden card. Keys a view gains later are ignored.

Drawing is synchronous Pillow work: callers run it off the event loop (`asyncio.to_thread`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rendering.duel.board import draw_board
from rendering.duel.final import draw_final
from rendering.duel.private import draw_private
from rendering.kit import png

__all__ = [
    "description",
    "own_picture","lead_picture", "final_picture", "picture", "render_board", "render_private"]


def picture(view: dict[str, Any], names: list[str] | str | None = None) -> bytes:
    """PNG for a view: the final score once over, else the viewer's own view, else the public board."""
    if view.get("phase") == "over":
        return final_picture(view, names)
    seat = view.get("viewer")
    if seat is not None and 0 <= seat < len(view["players"]):
        return render_private(view, seat, names)
    return render_board(view, names)


def render_board(view: dict[str, Any], names: list[str] | str | None = None) -> bytes:
    """PNG of the public board (only public fields of the view are read, whoever's view it is)."""
    return png(draw_board(view, names))


def render_private(view: dict[str, Any], seat: int, names: list[str] | str | None = None) -> bytes:
    """PNG of the board plus `seat`'s hand, Church cards and decision (needs `seat`'s own view)."""
    if view.get("viewer") != seat:
        raise ValueError(f"Seat {seat}'s private picture needs seat {seat}'s view, not viewer {view.get('viewer')}.")
    return png(draw_private(view, seat, names))


def final_picture(view: dict[str, Any], names: list[str] | str | None = None) -> bytes:
    """PNG of the 11 scoring categories side by side with the totals and the winner marked."""
    return png(draw_final(view, names))


def lead_picture(view: dict[str, Any], names: list[str] | str | None = None, story: str = "") -> bytes:
    """The picture a turn post leads with, readable on a phone: whose turn, the last turn's `story`, the
    scores (`rendering.kit.lead`); the full board is a picture of its own."""
    from rendering.duel.lead import draw_lead_picture

    return png(draw_lead_picture(view, names, story))


def own_picture(view: dict[str, Any], names: list[str] | str | None = None, choices: Sequence[str] = ()) -> bytes:
    """The compact own view for a phone (`rendering.kit.own`): money, goods, hand, the choices now and what
    they cost, first and large; the full private board (`render_private`) stays a tap away."""
    from rendering.duel.own import own
    from rendering.kit.own import own_png

    seat = view.get("viewer")
    if seat is None or not 0 <= seat < len(view["players"]):
        raise ValueError("An own picture needs a seat's view (viewer is None).")
    if view.get("phase") == "over":
        return final_picture(view, names)  # the game is over: the final scores are what a player looks up
    return own_png(own(view, seat, names, choices))


def description(view: dict[str, Any], names: list[str] | None = None, story: str = "") -> str:
    """Alt text for this game's pictures of `view` (at most 1,024 characters): the game, whose turn, the
    scores, what just happened (`rendering.kit.lead.describe`)."""
    from rendering.duel.lead import description as describe

    return describe(view, names, story)
