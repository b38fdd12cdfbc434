"""The laboratories' 12 technologies in play, face up as on the table (setup step 8), on the sheet.

Each card shows its name, level and the action power it costs, and its effect. The 12 cards differ
from game to game, so nothing here is cached per game (a cache keyed by game grows with every game a
bot hosts: about 2 MB each). What is cached is keyed by what is printed: the panel's frame by the two
laboratories' names, and each card by its own text and layer (as dealt, held by the seat, closed to
the seat by "only 1 of the 2 technologies of the same technology level of the same laboratory"), in
bounded caches. The technologies come from one fixed deck, so the cards a bot ever draws are few.
"""

from __future__ import annotations

import functools
import json
from typing import Any

import orjson
from PIL import Image, ImageDraw

from rendering.kit import draw_text
from rendering.rollwrite import layout as L
from rendering.rollwrite.canvas import (
    DIM,
    DONE,
    GREEN,
    INK,
    LINE,
    PANEL,
    RGB,
    SOFT,
    WHITE,
    fit,
    new_canvas,
    put_text,
    to_palette,
    wrap,
)

LEVELS: tuple[str, ...] = ("low", "mid", "high")
LABS: tuple[str, ...] = ("lab_a", "lab_b")
#: Card fill per layer: as dealt, held by this seat, closed to this seat.
FILLS: dict[str, RGB] = {"plain": WHITE, "held": DONE, "closed": DIM}


def card_key(card: dict[str, Any]) -> str:
    """What is printed on one card (name, level, power, effect), as a cache key."""
    return orjson.dumps(card, option=orjson.OPT_SORT_KEYS).decode()


def cards(labs: dict[str, Any]) -> list[tuple[int, int, dict[str, Any]]]:
    """(lab index, slot, card) of every technology in play, in panel order."""
    out = []
    for i, lab in enumerate(LABS):
        for level_index, level in enumerate(LEVELS):
            for k, card in enumerate(labs.get(lab, {}).get(level, [])[:2]):
                out.append((i, 2 * level_index + k, card))
    return out


TOP = L.LABS_Y - 12
#: The panel's height (the rows LABS_Y-12 to LABS_BOTTOM+12 of the sheet).
PANEL_H = L.LABS_BOTTOM + 12 - TOP
NOTES = {
    False: "the 12 technologies in play · green: yours · gray: closed to you",
    True: "the 12 technologies in play (each player's own: on their sheet)",
}


@functools.lru_cache(maxsize=8)
def panel_frame(titles: tuple[str, ...], public: bool = False) -> Image.Image:
    """The panel without its cards, as a palette image; `public`: for the table, not one seat's sheet."""
    image, draw = new_canvas(L.WIDTH, PANEL_H, "RGB")
    draw.rounded_rectangle((L.MARGIN - 12, 4, L.WIDTH - L.MARGIN + 12, L.LABS_BOTTOM + 10 - TOP), 14, fill=PANEL)
    title_w, _ = put_text(image, (L.MARGIN, L.LABS_Y - TOP), "LABORATORIES", L.TITLE, INK, PANEL, bold=True)
    note = NOTES[public]
    left = L.MARGIN + title_w + 16
    put_text(image, (left, L.LABS_Y - TOP + 4), fit(note, L.SMALL, L.WIDTH - L.MARGIN - left), L.SMALL, SOFT, PANEL)
    for i, title in enumerate(titles):
        x = L.MARGIN + i * (L.LAB_W + L.LAB_GAP)
        put_text(image, (x, L.LAB_CARDS_Y - 36 - TOP), title, L.TEXT, INK, PANEL, bold=True)
    return to_palette(image)


@functools.lru_cache(maxsize=256)
def card_picture(printed: str, layer: str) -> Image.Image:
    """One card in one layer, on the panel's colour, as a palette image the size of `L.lab_card`."""
    x0, y0, x1, y1 = L.lab_card(0, 0)
    image, draw = new_canvas(x1 - x0 + 1, y1 - y0 + 1, "RGB")
    draw.rectangle((0, 0, image.width, image.height), fill=PANEL)
    _draw_card(image, draw, (0, 0, x1 - x0, y1 - y0), json.loads(printed), FILLS[layer], layer == "held")
    return to_palette(image)


def _draw_card(
    image: Image.Image, draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], card: dict[str, Any], fill: RGB,
    held: bool,
) -> None:  # fmt: skip
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, 10, fill=fill, outline=GREEN if held else LINE, width=5 if held else 2)
    tag = f"{card.get('level', '').upper()} · {card.get('cost', '?')} power"
    tag_w, _ = put_text(image, (x1 - 12, y0 + 8), tag, L.SMALL, INK, fill, "rt")
    name = fit(card.get("name", card.get("id", "?")), L.TEXT, x1 - x0 - tag_w - 40, True)
    put_text(image, (x0 + 12, y0 + 4), name, L.TEXT, INK, fill, bold=True)
    lines = wrap(card.get("text", ""), L.SMALL, x1 - x0 - 24)
    if len(lines) > 2:
        lines = (lines[0], fit(" ".join(lines[1:]), L.SMALL, x1 - x0 - 24))
    # Drawn straight onto the card (it is drawn once, in RGB): a text sprite's background would cover the
    # descenders of the line above.
    for k, line in enumerate(lines):
        draw_text(draw, (x0 + 12, y0 + 31 + 23 * k), line, L.SMALL, INK)


def draw_labs(image: Image.Image, labs: dict[str, Any], held: list[str] | None, top: int = TOP) -> None:
    """Paste the panel onto a seat's sheet, its held technologies green, the closed ones gray; with `held`
    None, as the table shows it (every card as dealt), its top at `top`."""
    titles = tuple(labs.get(lab_id, {}).get("name", lab_id) for lab_id in LABS)
    image.paste(panel_frame(titles, held is None), (0, top))
    shift = top - TOP
    own = set(held or [])
    for lab, slot, card in cards(labs):
        pair = labs.get(LABS[lab], {}).get(LEVELS[slot // 2], [])
        if card.get("id") in own:
            layer = "held"
        elif any(other.get("id") in own for other in pair):
            layer = "closed"
        else:
            layer = "plain"
        x0, y0, _, _ = L.lab_card(lab, slot)
        image.paste(card_picture(card_key(card), layer), (x0, y0 + shift))
