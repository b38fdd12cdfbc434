"""The Duel's lead picture for a turn post (see `rendering.kit.lead`): whose turn, the last turn, the scores."""

from __future__ import annotations

from typing import Any

from PIL import Image

from rendering.duel.board import pending_text, seat_names
from rendering.duel.palette import SEAT_COLOURS, SEAT_SHAPES
from rendering.kit.lead import Lead, LeadSeat, describe, draw_lead
from rendering.kit.marks import initials


def lead_parts(view: dict[str, Any], names: list[str] | str | None = None) -> Lead:
    """What the lead picture and its alt text say: the title, the status line, the seats, who is next."""
    people = seat_names(view, names)
    marks = initials(people)
    scores = view.get("scores") or [{}, {}]
    acting = set(view.get("to_act") or [])
    seats = [LeadSeat(people[s], marks[s], SEAT_COLOURS[s % 2], SEAT_SHAPES[s % 2],
                      scores[s].get("total", 0) if s < len(scores) else 0, s in acting)
             for s in range(min(2, len(people)))]
    turn = view.get("turns_done_in_round", 0) // 2 + 1
    if view.get("phase") == "over":
        status = "Game over · final score"
    elif view.get("phase") == "setup":
        status = "Setup · " + pending_text(view, people)
    else:
        status = f"Round {view.get('round')} of {view.get('rounds', 4)} · turn {min(turn, 4)} of 4"
    return Lead("Yokohama Duel", status, seats, next_note="the game is over")


def draw_lead_picture(view: dict[str, Any], names: list[str] | str | None = None, story: str = "") -> Image.Image:
    return draw_lead(lead_parts(view, names), story)


def description(view: dict[str, Any], names: list[str] | str | None = None, story: str = "") -> str:
    """The alt text of this game's pictures: the game, whose turn, the scores, what just happened."""
    return describe(lead_parts(view, names), story)
