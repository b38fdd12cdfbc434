"""Roll & Write's lead picture for a round post (see `rendering.kit.lead`): who still plays, the last
round's story, the scores so far. The players write at once, so every seat still to act is marked."""

from __future__ import annotations

from typing import Any

from PIL import Image

from rendering.kit.colours import BLUE, GOLD, GREEN, INK, ORANGE, WHITE
from rendering.kit.lead import Lead, LeadSeat, describe, draw_lead
from rendering.kit.marks import initials

#: Roll & Write sheets have no seat colours of their own; these (Yokohama's order) tell the players apart.
CUES = ((ORANGE, "circle", WHITE), (BLUE, "square", WHITE), (GOLD, "triangle", INK), (GREEN, "diamond", WHITE))


def lead_parts(view: dict[str, Any], names: list[str] | None = None) -> Lead:
    """What the lead picture and its alt text say: the title, the status line, the seats, who is next."""
    count = len(view["seats"])
    given = list(names or [])
    people = [given[s] if s < len(given) and given[s] else f"Player {s + 1}" for s in range(count)]
    marks = initials(people)
    seats = []
    for s, info in enumerate(view["seats"]):
        colour, shape, ink = CUES[s % len(CUES)]
        seats.append(LeadSeat(people[s], marks[s], colour, shape, int(info["scores"]["total"]),
                              acting=bool(info.get("pending")) and not view["over"], mark_colour=ink))
    if view["over"]:
        status = "Game over · final scores"
    elif view["round"] < 1:
        status = "Setting up"
    else:
        status = f"Round {view['round']} of {view['rounds']}"
    return Lead("Yokohama Roll & Write", status, seats, next_note="everyone has played")


def draw_lead_picture(view: dict[str, Any], names: list[str] | None = None, story: str = "") -> Image.Image:
    return draw_lead(lead_parts(view, names), story)


def description(view: dict[str, Any], names: list[str] | None = None, story: str = "") -> str:
    """The alt text of this game's pictures: the game, whose turn, the scores, what just happened."""
    return describe(lead_parts(view, names), story)
