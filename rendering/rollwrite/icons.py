"""The sheet's bonuses drawn as amounts and icons (the icons themselves are `rendering.kit.icons`).

Each icon pairs a colour with a shape or a letter, so players who cannot tell the colours
apart still read it: money is a coin with "$", faith a diamond, cargo a crate, the four
goods are squares lettered F/T/S/C, "a good of your choice" is a square of all four.
A bonus is drawn as amounts and icons ("2 [coin]", "[coin] / [diamond]", "2 [coin] > [crate]"): an
icon without a number means one.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from PIL import Image, ImageDraw

from rendering.kit import icons
from rendering.kit.icons import house, star
from rendering.rollwrite.canvas import INK, PALETTE, PAPER, RGB, put_text, text_width

GAP = 4

#: the kit's icons drawn with the Roll & Write palette
draw_icon = partial(icons.draw_icon, PALETTE)
good_square = partial(icons.good_square, PALETTE)

__all__ = [
    "bonus_width",
    "draw_bonus",
    "draw_bonus_centred",
    "draw_icon",
    "fitting_size",
    "good_square",
    "house",
    "star",
]


def _items(bonus: dict[str, Any]) -> list[tuple[str, Any]]:
    """A bonus as a flat list of ('amount', n), ('icon', kind) and ('text', sep) parts."""
    parts: list[tuple[str, Any]] = []
    for key, value in bonus.items():
        if parts:
            parts.append(("text", "+"))
        if key == "choice":
            for i, alt in enumerate(value):
                if i:
                    parts.append(("text", "/"))
                parts += _items(alt)
        elif key == "exchange":
            parts += _items(value["pay"])
            parts.append(("text", ">"))
            parts += _items(value["get"])
        elif value == 1:  # one of a thing is its icon alone, as on the printed sheet
            parts.append(("icon", key))
        else:
            parts.append(("amount", value))
            parts.append(("icon", key))
    return parts


def bonus_width(bonus: dict[str, Any], s: int) -> int:
    """How wide `draw_bonus` draws this bonus at icon size s."""
    width = 0
    for kind, value in _items(bonus):
        if kind == "icon":
            width += s + GAP
        else:
            width += text_width(str(value), int(s * 0.9)) + GAP
    return max(0, width - GAP)


def draw_bonus(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    bonus: dict[str, Any],
    x: int,
    y: int,
    s: int,
    bg: RGB = PAPER,
) -> int:
    """Draw a bonus with its left edge at x, icons s tall from y; return the width drawn."""
    start = x
    for kind, value in _items(bonus):
        if kind == "icon":
            draw_icon(image, draw, value, x, y, s)
            x += s + GAP
        else:
            w, _x = put_text(image, (x, y + s / 2), str(value), int(s * 0.9), INK, bg, "lm")
            x += w + GAP
    return max(0, x - start - GAP)


def draw_bonus_centred(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    bonus: dict[str, Any],
    cx: float,
    y: int,
    s: int,
    bg: RGB = PAPER,
) -> int:
    width = bonus_width(bonus, s)
    return draw_bonus(image, draw, bonus, round(cx - width / 2), y, s, bg)


def fitting_size(bonus: dict[str, Any], width: int, s: int) -> int:
    """The largest icon size up to s at which the bonus fits `width` pixels (never below 14)."""
    while s > 14 and bonus_width(bonus, s) > width:
        s -= 2
    return s
