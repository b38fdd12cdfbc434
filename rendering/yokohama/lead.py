"""Yokohama's lead picture for a turn post (see `rendering.kit.lead`): whose turn, the last turn, the VP."""

from __future__ import annotations

from typing import Any

from PIL import Image

from rendering.kit.lead import Lead, LeadSeat, describe, draw_lead
from rendering.kit.marks import initials
from rendering.yokohama.names import Names, seat_names
from rendering.yokohama.pieces import SEAT_SHAPES, letter_colour, seat_colour


def lead_parts(view: dict[str, Any], names: Names = None) -> Lead:
    """What the lead picture and its alt text say: the title, the status line, the seats, who is next."""
    who = seat_names(view, names)
    marks = initials(who)
    current = view.get("current")
    keeping = view.get("stage") == "keep" and not view.get("over")
    seats = [LeadSeat(who[s], marks[s], seat_colour(s), SEAT_SHAPES[s % len(SEAT_SHAPES)], int(info.get("vp", 0)),
                      acting=(s == current or keeping) and not view.get("over"), mark_colour=letter_colour(s))
             for s, info in enumerate(view["seats"])]
    if view.get("over"):
        status = "Game over · VP on the track (final scores below)"
    else:
        final = (view.get("end") or {}).get("final_round")
        status = f"Round {view['round']}" + (f" of {final}" if final is not None else "")
        stage = str(view.get("stage_text") or "")
        status += f" · {stage}" if stage else ""
    return Lead("Yokohama", status, seats, next_note="the game is over")


def draw_lead_picture(view: dict[str, Any], names: Names = None, story: str = "") -> Image.Image:
    return draw_lead(lead_parts(view, names), story)


def description(view: dict[str, Any], names: Names = None, story: str = "") -> str:
    """The alt text of this game's pictures: the game, whose turn, the scores, what just happened."""
    return describe(lead_parts(view, names), story)
