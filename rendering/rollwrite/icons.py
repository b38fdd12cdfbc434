"""The sheet's bonus icons: money, faith, cargo, trade goods, employees, Elites, shops, trading houses.

Each icon pairs a colour with a shape or a letter, so players who cannot tell the colours
apart still read it: money is a coin with "$", faith a diamond, cargo a crate, the four
goods are squares lettered F/T/S/C, "a good of your choice" is a square of all four.
A bonus is drawn as amounts and icons ("2 [coin]", "[coin] / [diamond]", "2 [coin] > [crate]"): an
icon without a number means one.
"""

from __future__ import annotations

from math import cos, radians, sin
from typing import Any

from PIL import Image, ImageDraw

from rendering.rollwrite.canvas import (
    BROWN,
    GOLD,
    GOOD_COLOURS,
    GOOD_LETTERS,
    INK,
    PAPER,
    RGB,
    SKY,
    WHITE,
    put_text,
    text_width,
)

GAP = 4


def draw_icon(image: Image.Image, draw: ImageDraw.ImageDraw, kind: str, x: int, y: int, s: int) -> None:
    """One icon in the s x s box at (x, y)."""
    if kind == "money":
        draw.ellipse((x, y, x + s - 1, y + s - 1), fill=GOLD, outline=INK, width=2)
        put_text(image, (x + s / 2, y + s / 2), "$", s * 2 // 3, INK, GOLD, "mm")
    elif kind == "faith":
        m = s // 2
        draw.polygon([(x + m, y), (x + s - 1, y + m), (x + m, y + s - 1), (x, y + m)], fill=SKY, outline=INK, width=2)
    elif kind == "cargo":
        draw.rectangle((x + 1, y + 3, x + s - 2, y + s - 2), fill=BROWN, outline=INK, width=2)
        draw.line((x + 2, y + s // 2, x + s - 3, y + s // 2), fill=INK, width=2)
        draw.line((x + s // 2, y + 4, x + s // 2, y + s - 3), fill=INK, width=2)
    elif kind == "good":
        h = s // 2
        for (dx, dy), colour in zip(((0, 0), (h, 0), (0, h), (h, h)), GOOD_COLOURS.values(), strict=True):
            draw.rectangle((x + dx, y + dy, x + dx + h - 1, y + dy + h - 1), fill=colour)
        draw.rectangle((x, y, x + 2 * h - 1, y + 2 * h - 1), outline=INK, width=2)
    elif kind in GOOD_COLOURS:
        good_square(image, draw, kind, x, y, s)
    elif kind == "employees":
        draw.ellipse((x + 2, y + 2, x + s - 3, y + s - 3), fill=WHITE, outline=INK, width=3)
    elif kind == "elite":
        star(draw, x + s / 2, y + s / 2, s / 2, GOLD)
    elif kind == "shop":
        house(draw, x, y, s, WHITE)
    elif kind == "trading":
        house(draw, x, y, s, BROWN)
        draw.rectangle((x + s * 0.35, y + s * 0.55, x + s * 0.65, y + s - 2), fill=WHITE)


def good_square(image: Image.Image, draw: ImageDraw.ImageDraw, good: str, x: int, y: int, s: int) -> None:
    colour = GOOD_COLOURS[good]
    draw.rectangle((x, y, x + s - 1, y + s - 1), fill=colour, outline=INK, width=2)
    put_text(image, (x + s / 2, y + s / 2), GOOD_LETTERS[good], s * 2 // 3, WHITE, colour, "mm", bold=True)


def star(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB) -> None:
    points = []
    for k in range(10):
        radius = r if k % 2 == 0 else r * 0.45
        angle = -90 + k * 36
        points.append((cx + radius * cos(radians(angle)), cy + radius * sin(radians(angle))))
    draw.polygon(points, fill=fill, outline=INK, width=2)


def house(draw: ImageDraw.ImageDraw, x: int, y: int, s: int, fill: RGB) -> None:
    roof = s * 0.42
    draw.polygon(
        [(x + 1, y + roof), (x + s / 2, y + 1), (x + s - 2, y + roof), (x + s - 2, y + s - 2), (x + 1, y + s - 2)],
        fill=fill,
        outline=INK,
        width=2,
    )


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
            w, _ = put_text(image, (x, y + s / 2), str(value), int(s * 0.9), INK, bg, "lm")
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
