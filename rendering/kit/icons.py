"""Icons the Yokohama games share: money, faith, cargo, trade goods, employees, Elites, shops, trading houses.

Each icon pairs a colour with a shape or a letter, so players who cannot tell the colours
apart still read it: money is a coin with "$", faith a diamond, cargo a crate, the four goods
are squares lettered F/T/S/C, "a good of your choice" is a square of all four colours, a shop
is a white house and a trading house a brown one with a door. Icons with a letter need the
game's `Palette` (the letter is a text sprite); pure shapes need only the `ImageDraw`.
"""

from __future__ import annotations

from math import cos, radians, sin

from PIL import Image, ImageDraw

from rendering.kit.colours import BROWN, GOLD, GOOD_COLOURS, GOOD_LETTERS, INK, RGB, SKY, WHITE
from rendering.kit.palette import Palette

KINDS = ("money", "faith", "cargo", "good", "fish", "tea", "silk", "copper", "employees", "elite", "shop", "trading")


def polygon(draw: ImageDraw.ImageDraw, points: list[tuple[float, float]], fill: RGB, outline: RGB = INK,
            width: int = 2) -> None:
    """A filled polygon with an outline. Pillow draws a wide outline through a mask the size of the whole
    picture (~0.6 ms on a 1200 x 1700 map, for a 30-px pawn), so the outline is drawn as a closed line."""
    draw.polygon(points, fill=fill)
    draw.line([*points, points[0]], fill=outline, width=width, joint="curve")


def draw_icon(pal: Palette, image: Image.Image, draw: ImageDraw.ImageDraw, kind: str, x: int, y: int, s: int) -> None:
    """One icon of `kind` (see KINDS) in the s x s box at (x, y); an unknown kind draws nothing."""
    if kind == "money":
        coin(pal, image, draw, x, y, s)
    elif kind == "faith":
        m = s // 2
        polygon(draw, [(x + m, y), (x + s - 1, y + m), (x + m, y + s - 1), (x, y + m)], SKY)
    elif kind == "cargo":
        draw.rectangle((x + 1, y + 3, x + s - 2, y + s - 2), fill=BROWN, outline=INK, width=2)
        draw.line((x + 2, y + s // 2, x + s - 3, y + s // 2), fill=INK, width=2)
        draw.line((x + s // 2, y + 4, x + s // 2, y + s - 3), fill=INK, width=2)
    elif kind == "good":
        any_good(draw, x, y, s)
    elif kind in GOOD_COLOURS:
        good_square(pal, image, draw, kind, x, y, s)
    elif kind == "employees":
        draw.ellipse((x + 2, y + 2, x + s - 3, y + s - 3), fill=WHITE, outline=INK, width=3)
    elif kind == "elite":
        star(draw, x + s / 2, y + s / 2, s / 2, GOLD)
    elif kind == "shop":
        house(draw, x, y, s, WHITE)
    elif kind == "trading":
        trading_house(draw, x, y, s)


def coin(pal: Palette, image: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int, s: int) -> None:
    draw.ellipse((x, y, x + s - 1, y + s - 1), fill=GOLD, outline=INK, width=2)
    pal.put_text(image, (x + s / 2, y + s / 2), "$", s * 2 // 3, INK, GOLD, "mm")


def any_good(draw: ImageDraw.ImageDraw, x: int, y: int, s: int) -> None:
    """A good of your choice: a square of the four goods' colours."""
    h = s // 2
    for (dx, dy), colour in zip(((0, 0), (h, 0), (0, h), (h, h)), GOOD_COLOURS.values(), strict=True):
        draw.rectangle((x + dx, y + dy, x + dx + h - 1, y + dy + h - 1), fill=colour)
    draw.rectangle((x, y, x + 2 * h - 1, y + 2 * h - 1), outline=INK, width=2)


def good_square(pal: Palette, image: Image.Image, draw: ImageDraw.ImageDraw, good: str, x: int, y: int, s: int) -> None:
    """One trade good: a square of its colour with its letter (F, T, S, C)."""
    colour = GOOD_COLOURS[good]
    draw.rectangle((x, y, x + s - 1, y + s - 1), fill=colour, outline=INK, width=2)
    pal.put_text(image, (x + s / 2, y + s / 2), GOOD_LETTERS[good], s * 2 // 3, WHITE, colour, "mm", bold=True)


def star(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB) -> None:
    """A five-pointed star of radius r centred on (cx, cy)."""
    points = []
    for k in range(10):
        radius = r if k % 2 == 0 else r * 0.45
        angle = -90 + k * 36
        points.append((cx + radius * cos(radians(angle)), cy + radius * sin(radians(angle))))
    polygon(draw, points, fill)


def house(draw: ImageDraw.ImageDraw, x: int, y: int, s: int, fill: RGB) -> None:
    """A house with a pointed roof in the s x s box (a shop when white)."""
    roof = s * 0.42
    # `polygon`, not Pillow's outlined polygon: that builds a mask the size of the whole picture (a Yokohama
    # map's printed layer has ~45 houses: 7 ms of masks).
    polygon(draw, [(x + 1, y + roof), (x + s / 2, y + 1), (x + s - 2, y + roof), (x + s - 2, y + s - 2),
                   (x + 1, y + s - 2)], fill)


def trading_house(draw: ImageDraw.ImageDraw, x: int, y: int, s: int) -> None:
    """A trading house: a brown house with a white door."""
    house(draw, x, y, s, BROWN)
    draw.rectangle((x + s * 0.35, y + s * 0.55, x + s * 0.65, y + s - 2), fill=WHITE)
