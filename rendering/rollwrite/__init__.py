"""Pictures of Yokohama Roll & Write: a player's sheet, the round's three sets, the final scoreboard.

`picture(view)` is what the generic Discord panels call: a seat's view gives that seat's
sheet; the public view (viewer None) gives the round's dice-and-card sets, or the final
scoreboard once the game is over. Everything drawn comes from the view alone.

Drawing is synchronous Pillow work: callers run it off the event loop
(`asyncio.to_thread(picture, view)`).
"""

from __future__ import annotations

from typing import Any

from rendering.kit import png
from rendering.rollwrite.scoreboard import draw_scoreboard
from rendering.rollwrite.sets import draw_sets
from rendering.rollwrite.sheet import draw_sheet

__all__ = [
    "description",
    "own_picture","lead_picture", "picture", "render_sheet", "render_sets", "render_scoreboard"]


def picture(view: dict[str, Any], name: str | None = None) -> bytes:
    """PNG for a view: the viewer's own sheet (titled `name` if given), else the round's sets
    (the scoreboard once over)."""
    seat = view.get("viewer")
    if seat is not None and 0 <= seat < len(view["seats"]):
        return render_sheet(view, seat, name)
    if view["over"]:
        return render_scoreboard(view, [f"Player {s + 1}" for s in range(len(view["seats"]))])
    return render_sets(view)


def render_sheet(view: dict[str, Any], seat: int, name: str | None = None) -> bytes:
    """PNG of one seat's sheet with every mark the view shows (any seat: all sheets are open).

    `name` is the display name for the sheet's header; without it the header says "Player n".
    """
    if not 0 <= seat < len(view["seats"]):
        raise ValueError(f"There is no seat {seat} in this game (seats 0-{len(view['seats']) - 1}).")
    return png(draw_sheet(view, seat, name))


def render_sets(view: dict[str, Any]) -> bytes:
    """PNG of the round's three dice-and-card sets, with the round number and the start player's pick."""
    return png(draw_sets(view))


def render_scoreboard(view: dict[str, Any], names: list[str], places: list[int] | None = None) -> bytes:
    """PNG of the ranking (tie-breakers applied), points per category and achievements.

    `names[seat]` is each seat's display name; a missing name falls back to "Player n".
    `places[seat]` (1 = first, equal numbers share a place) is the caller's own ranking, e.g. with
    resigned players last; without it, places follow `GAME.places` (VP, then the tie-breakers).
    """
    return png(draw_scoreboard(view, names, places))


def lead_picture(view: dict[str, Any], names: list[str] | None = None, story: str = "") -> bytes:
    """The picture a turn post leads with, readable on a phone: whose turn, the last turn's `story`, the
    scores (`rendering.kit.lead`); the full board is a picture of its own."""
    from rendering.rollwrite.lead import draw_lead_picture

    return png(draw_lead_picture(view, names, story))


def own_picture(view: dict[str, Any], name: str | None = None) -> bytes:
    """The compact own view for a phone (`rendering.kit.own`): what to do now, money, faith, cargo, the
    choices and their costs, the open orders, first and large; the full sheet (`render_sheet`) a tap away."""
    from rendering.kit.own import own_png
    from rendering.rollwrite.own import own

    if view.get("viewer") is None:
        raise ValueError("An own picture needs a seat's view (viewer is None).")
    if view.get("over"):
        return picture(view, name)  # the game is over: the finished sheet with its score boxes
    return own_png(own(view, name))


def description(view: dict[str, Any], names: list[str] | None = None, story: str = "") -> str:
    """Alt text for this game's pictures of `view` (at most 1,024 characters): the game, whose turn, the
    scores, what just happened (`rendering.kit.lead.describe`)."""
    from rendering.rollwrite.lead import description as describe

    return describe(view, names, story)
