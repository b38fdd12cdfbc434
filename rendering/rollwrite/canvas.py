"""Colours, the fixed palette, fonts and text for the Roll & Write pictures.

Every picture is sent as a palette PNG: it has few colours, and a palette image encodes
several times faster and smaller than RGB (DESIGN.md, Rendering). The static artwork is
drawn once in RGB, where text is anti-aliased, and mapped onto the fixed palette below; the
per-turn marks are then drawn straight onto a copy of that palette image. Text drawn per
turn (numbers, area names) is rendered once per (text, size, colours) into a small palette
sprite and pasted, so it keeps its anti-aliasing without the cost of re-quantizing.

Colours follow the Okabe-Ito set, which colour-blind players can tell apart, and every
coloured cue also has a second one (a letter or a shape), so colour is never the only hint.
"""

from __future__ import annotations

import functools
import threading
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

RGB = tuple[int, int, int]

PAPER: RGB = (250, 246, 236)
PANEL: RGB = (236, 229, 211)
INK: RGB = (33, 33, 38)
SOFT: RGB = (120, 116, 108)
LINE: RGB = (176, 168, 150)
WHITE: RGB = (255, 255, 255)
HIGHLIGHT: RGB = (255, 236, 160)
DONE: RGB = (203, 234, 214)
DIM: RGB = (214, 209, 198)
BAND: RGB = (229, 221, 201)
STRIPE: RGB = (243, 237, 222)
SILVER: RGB = (200, 200, 205)
RED: RGB = (190, 40, 40)

# resources and goods (Okabe-Ito), each with a letter or a shape as the second cue
GOLD: RGB = (240, 200, 60)
SKY: RGB = (86, 180, 233)
BROWN: RGB = (150, 100, 55)
BLUE: RGB = (0, 114, 178)
GREEN: RGB = (0, 158, 115)
PINK: RGB = (204, 121, 167)
ORANGE: RGB = (213, 94, 0)
DIE_GRAY: RGB = (150, 150, 150)

GOOD_COLOURS: dict[str, RGB] = {"fish": BLUE, "tea": GREEN, "silk": PINK, "copper": ORANGE}
GOOD_LETTERS: dict[str, str] = {"fish": "F", "tea": "T", "silk": "S", "copper": "C"}
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
STEPS = 5


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def _palette_colours() -> list[RGB]:
    colours: list[RGB] = list(BASE_COLOURS)
    for fg, bg in TEXT_PAIRS:
        for k in range(1, STEPS + 1):
            colour = _mix(fg, bg, k / (STEPS + 1))
            if colour not in colours:
                colours.append(colour)
    assert len(colours) <= 256, "the fixed palette holds at most 256 colours"
    return colours


PALETTE_COLOURS: list[RGB] = _palette_colours()


@functools.cache
def palette_image() -> Image.Image:
    """A 1x1 'P' image carrying the fixed palette, for `Image.quantize(palette=...)`."""
    image = Image.new("P", (1, 1))
    # unused entries repeat the paper colour, so nearest-colour matching never lands on them
    padded = PALETTE_COLOURS + [PAPER] * (256 - len(PALETTE_COLOURS))
    image.putpalette([channel for colour in padded for channel in colour])
    return image


def to_palette(image: Image.Image) -> Image.Image:
    """Map an RGB drawing onto the fixed palette (nearest colour, no dithering: crisp flat areas)."""
    return image.quantize(palette=palette_image(), dither=Image.Dither.NONE)


#: Pictures are drawn in worker threads (asyncio.to_thread); one FreeType face must not be used by
#: two threads at once, so every use of a font goes through this lock (text is cached, so it is rare).
FONT_LOCK = threading.RLock()
FONTS = Path(__file__).resolve().parent.parent / "fonts"
MISSING = "\U0010fffd"  # a private-use code point no font draws: its mask is the "missing glyph" box


@functools.cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans shipped in rendering/fonts (Latin, Greek, Cyrillic names draw correctly);
    Pillow's bundled font if the files are missing. Nothing is downloaded at run time.
    """
    path = FONTS / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
    if path.exists():
        return ImageFont.truetype(str(path), size)
    fallback = ImageFont.load_default(size=size)
    assert isinstance(fallback, ImageFont.FreeTypeFont), "Pillow >= 10.1 with FreeType is required"
    return fallback


def _glyph_picture(char: str, bold: bool) -> bytes:
    image = Image.new("L", (48, 48))
    with FONT_LOCK:
        ImageDraw.Draw(image).text((4, 4), char, font=font(24, bold), fill=255)
    return image.tobytes()


@functools.lru_cache(maxsize=8192)
def _has_glyph(char: str, bold: bool) -> bool:
    """Whether the font draws `char` as itself rather than as its "missing glyph" box."""
    if char.isascii():
        return True
    return _glyph_picture(char, bold) != _glyph_picture(MISSING, bold)


def drawable(text: str, bold: bool = False) -> str:
    """`text` with every character the font cannot draw (CJK, most emoji) replaced by '?'."""
    return "".join(c if _has_glyph(c, bold) else "?" for c in text)


def text_width(text: str, size: int, bold: bool = False) -> int:
    with FONT_LOCK:
        return int(font(size, bold).getlength(text))


def fit(text: str, size: int, width: int, bold: bool = False) -> str:
    """`text` (drawable), cut with '...' so that it fits `width` pixels."""
    text = drawable(text, bold)
    if text_width(text, size, bold) <= width:
        return text
    while text and text_width(text + "...", size, bold) > width:
        text = text[:-1]
    return text.rstrip() + "..."


@functools.lru_cache(maxsize=1024)
def wrap(text: str, size: int, width: int) -> tuple[str, ...]:
    """`text` broken at spaces into lines of at most `width` pixels (cached: the same lines recur)."""
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        candidate = f"{line} {word}".strip()
        if line and text_width(candidate, size) > width:
            lines.append(line)
            line = word
        else:
            line = candidate
    return tuple(lines + [line] if line else lines)


@functools.lru_cache(maxsize=4096)
def _sprite(text: str, size: int, fg: RGB, bg: RGB, bold: bool, mode: str) -> Image.Image:
    face = font(size, bold)
    text = drawable(text, bold)
    with FONT_LOCK:
        ascent, descent = face.getmetrics()
        width = max(1, int(face.getlength(text)) + 1)
        image = Image.new("RGB", (width, ascent + descent), bg)
        ImageDraw.Draw(image).text((0, 0), text, font=face, fill=fg)
    return to_palette(image) if mode == "P" else image


def put_text(
    image: Image.Image,
    xy: tuple[float, float],
    text: str,
    size: int,
    fg: RGB = INK,
    bg: RGB = PAPER,
    anchor: str = "lt",
    bold: bool = False,
) -> tuple[int, int]:
    """Paste `text` at `xy` (anchor: l/m/r then t/m/b, like Pillow's); return its width and height.

    The text is drawn on a rectangle of `bg`, so call it on a background of that colour.
    """
    sprite = _sprite(text, size, fg, bg, bold, image.mode)
    w, h = sprite.size
    x = xy[0] - {"l": 0, "m": w / 2, "r": w}[anchor[0]]
    y = xy[1] - {"t": 0, "m": h / 2, "b": h}[anchor[1]]
    image.paste(sprite, (round(x), round(y)))
    return w, h


def new_canvas(width: int, height: int, mode: str = "P") -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A blank PAPER picture. "P" draws straight onto the fixed palette (no quantizing afterwards;
    shapes take palette colours, text comes as cached sprites); "RGB" is for artwork drawn once.
    """
    if mode == "RGB":
        image = Image.new("RGB", (width, height), PAPER)
    else:
        image = Image.new("P", (width, height), PALETTE_COLOURS.index(PAPER))
        image.putpalette(palette_image().getpalette() or [])
    return image, ImageDraw.Draw(image)
