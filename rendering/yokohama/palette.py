"""Yokohama's fixed palette (the kit's `Palette`): which colours the pictures use and which text
colour/background pairs get anti-aliased edges. Everything is drawn in these colours only, so a
picture is a palette PNG without quantizing on the hot path."""

from __future__ import annotations

import functools

from PIL import Image, ImageDraw

from rendering.kit import Palette
from rendering.kit import fit as kit_fit
from rendering.kit import text_width as kit_text_width
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
    SILVER,
    SKY,
    SOFT,
    STRIPE,
    WHITE,
)

PAL = Palette(
    (PAPER, PANEL, BAND, STRIPE, SILVER, INK, SOFT, LINE, WHITE, HIGHLIGHT, DONE, DIM,
     GOLD, SKY, BROWN, BLUE, GREEN, PINK, ORANGE),
    (
        (INK, PAPER), (SOFT, PAPER), (INK, PANEL), (SOFT, PANEL), (INK, STRIPE), (SOFT, STRIPE), (INK, BAND),
        (INK, WHITE), (SOFT, WHITE), (INK, DONE), (SOFT, DONE), (INK, SKY), (INK, HIGHLIGHT), (INK, GOLD),
        (INK, SILVER), (WHITE, INK), (WHITE, ORANGE), (WHITE, BLUE), (WHITE, GREEN), (WHITE, PINK),
    ),
)  # fmt: skip

put_text = PAL.put_text


def new_canvas(width: int, height: int, mode: str = "P") -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A blank paper picture on Yokohama's palette ("RGB" for artwork drawn once, then `to_palette`)."""
    return PAL.canvas(width, height, mode)


def to_palette(image: Image.Image) -> Image.Image:
    return PAL.quantize(image)


@functools.lru_cache(maxsize=8192)
def text_width(text: str, size: int, bold: bool = False) -> int:
    """The kit's text measuring, cached: the same names, numbers and labels are measured on every turn."""
    return kit_text_width(text, size, bold)


@functools.lru_cache(maxsize=8192)
def fit(text: str, size: int, width: int, bold: bool = False) -> str:
    """The kit's `fit` (cut with '...' to fit `width` pixels), cached for the same reason."""
    return kit_fit(text, size, width, bold)
