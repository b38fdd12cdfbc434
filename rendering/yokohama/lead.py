"""Yokohama's lead picture for a turn post (see `rendering.kit.lead`): whose turn, the last turn, the VP."""

from __future__ import annotations

from typing import Any

from PIL import Image

from rendering.kit.lead import LeadSeat, draw_lead
from rendering.kit.marks import initials
from rendering.yokohama.names import Names, seat_names
from rendering.yokohama.pieces import SEAT_SHAPES, letter_colour, seat_colour


def draw_lead_picture(view: dict[str, Any], names: Names = None, story: str = "") -> Image.Image:
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
    return draw_lead("Yokohama", status, seats, story, next_note="the game is over")
