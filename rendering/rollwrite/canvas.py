"""The Roll & Write palette: which of the kit's colours the pictures use, and the text pairs.

Drawing, fonts and text come from `rendering.kit`; this module only fixes the Roll & Write
palette (`PALETTE`) and names its operations the way the sheet, sets and scoreboard use them.
"""

from __future__ import annotations

from rendering.kit import Palette, drawable, fit, font, text_width, wrap
from rendering.kit.colours import (
    BAND,
    BLUE,
    BROWN,
    DIM,
    DONE,
    GOLD,
    GOOD_COLOURS,
    GOOD_LETTERS,
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
    SILVER,
    SKY,
    SOFT,
    STRIPE,
    WHITE,
)

DIE_GRAY: RGB = (150, 150, 150)
DIE_FACES: dict[str, RGB] = {"white": WHITE, "gray": DIE_GRAY, "black": INK}

BASE_COLOURS: tuple[RGB, ...] = (
    PAPER, PANEL, BAND, STRIPE, SILVER, INK, SOFT, LINE, WHITE, HIGHLIGHT, DONE, DIM, RED,
    GOLD, SKY, BROWN, BLUE, GREEN, PINK, ORANGE, DIE_GRAY,
)  # fmt: skip
# (text colour, background) pairs whose anti-aliased edges get in-between palette entries
TEXT_PAIRS: tuple[tuple[RGB, RGB], ...] = (
    (INK, PAPER), (INK, PANEL), (INK, BAND), (SOFT, BAND), (INK, STRIPE), (SOFT, STRIPE), (INK, SILVER),
    (INK, WHITE), (INK, HIGHLIGHT), (INK, DONE), (INK, DIM),
    (SOFT, PAPER), (SOFT, PANEL), (SOFT, DIM), (INK, GOLD), (INK, SKY), (INK, DIE_GRAY),
    (WHITE, BLUE), (WHITE, GREEN), (WHITE, PINK), (WHITE, ORANGE), (WHITE, BROWN), (WHITE, INK),
    (RED, PAPER), (RED, PANEL), (WHITE, RED),
)  # fmt: skip

PALETTE = Palette(BASE_COLOURS, TEXT_PAIRS)
PALETTE_COLOURS: list[RGB] = PALETTE.colours
palette_image = PALETTE.image
to_palette = PALETTE.quantize
new_canvas = PALETTE.canvas
put_text = PALETTE.put_text

__all__ = [
    "BAND", "BLUE", "BROWN", "DIE_FACES", "DIE_GRAY", "DIM", "DONE", "GOLD", "GOOD_COLOURS", "GOOD_LETTERS",
    "GREEN", "HIGHLIGHT", "INK", "LINE", "ORANGE", "PALETTE", "PALETTE_COLOURS", "PANEL", "PAPER", "PINK",
    "RED", "RGB", "SILVER", "SKY", "SOFT", "STRIPE", "WHITE", "drawable", "fit", "font", "new_canvas",
    "palette_image", "put_text", "text_width", "to_palette", "wrap",
]  # fmt: skip
