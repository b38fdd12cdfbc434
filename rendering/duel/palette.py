"""The Duel's palette, seat colours and seat markers.

The two seats are told apart three ways: colour (sky blue, yellow: far apart for every kind of
colour blindness), shape (seat 1's tokens are circles, seat 2's squares) and the initial of the
player's display name inside the marker.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from rendering.kit import Palette
from rendering.kit.colours import (
    BAND,
    BLUE,
    BROWN,
    DIM,
    DONE,
    GOLD,
    GREEN,
    HIGHLIGHT,
    INK,
    LINE,
    ORANGE,
    PANEL,
    PAPER,
    PINK,
    RED,
    RGB,
    SOFT,
    WHITE,
)

SEAT_COLOURS: tuple[RGB, RGB] = ((86, 180, 233), (240, 228, 66))
SEAT_SHAPES: tuple[str, str] = ("circle", "square")
SEAT_SOFT: tuple[RGB, RGB] = ((214, 236, 248), (250, 246, 200))  # the seats' panel backgrounds

BASE: tuple[RGB, ...] = (
    PAPER, PANEL, BAND, INK, SOFT, LINE, WHITE, DIM, HIGHLIGHT, DONE, RED, GOLD, BROWN,
    BLUE, GREEN, PINK, ORANGE, *SEAT_COLOURS, *SEAT_SOFT,
)  # fmt: skip
TEXT_PAIRS: tuple[tuple[RGB, RGB], ...] = (
    (INK, PAPER), (SOFT, PAPER), (INK, PANEL), (SOFT, PANEL), (INK, WHITE), (SOFT, WHITE), (INK, DIM),
    (SOFT, DIM), (INK, BAND), (INK, HIGHLIGHT), (INK, DONE), (INK, GOLD), (WHITE, INK),
    (WHITE, BLUE), (WHITE, GREEN), (WHITE, PINK), (WHITE, ORANGE), (WHITE, BROWN), (RED, PANEL), (RED, WHITE),
    (INK, SEAT_COLOURS[0]), (INK, SEAT_COLOURS[1]), (INK, SEAT_SOFT[0]), (INK, SEAT_SOFT[1]),
    (SOFT, SEAT_SOFT[0]), (SOFT, SEAT_SOFT[1]),
)  # fmt: skip

PALETTE = Palette(BASE, TEXT_PAIRS)
put_text = PALETTE.put_text


def seat_marker(image: Image.Image, draw: ImageDraw.ImageDraw, seat: int, letter: str, x: int, y: int, s: int) -> None:
    """The seat's marker in the s x s box at (x, y): its shape, in its colour, with a letter in it."""
    colour = SEAT_COLOURS[seat % 2]
    box = (x, y, x + s - 1, y + s - 1)
    if SEAT_SHAPES[seat % 2] == "circle":
        draw.ellipse(box, fill=colour, outline=INK, width=2)
    else:
        draw.rectangle(box, fill=colour, outline=INK, width=2)
    put_text(image, (x + s / 2, y + s / 2), letter, max(12, s * 3 // 5), INK, colour, "mm", bold=True)


def seat_token(
    image: Image.Image, draw: ImageDraw.ImageDraw, seat: int, text: str, x: int, y: int, w: int, h: int
) -> None:
    """A played card or piece of a seat: its shape (round or square corners), colour and a short text."""
    colour = SEAT_COLOURS[seat % 2]
    box = (x, y, x + w - 1, y + h - 1)
    radius = h // 2 if SEAT_SHAPES[seat % 2] == "circle" else 2
    draw.rounded_rectangle(box, radius, fill=colour, outline=INK, width=2)
    put_text(image, (x + w / 2, y + h / 2), text, max(14, h * 3 // 5), INK, colour, "mm", bold=True)
