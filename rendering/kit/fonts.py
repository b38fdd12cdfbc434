"""Fonts and text measuring: the DejaVu faces shipped in `rendering/fonts`, fitting and wrapping.

Names come from Discord and may hold any script: `drawable` replaces what the font cannot draw
(CJK, most emoji) by '?', so a picture never shows the "missing glyph" box.
"""

from __future__ import annotations

import functools
import threading
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

#: Pictures are drawn in worker threads (asyncio.to_thread); one FreeType face must not be used by
#: two threads at once, so every use of a font goes through this lock (text is cached, so it is rare).
FONT_LOCK = threading.RLock()
FONTS = Path(__file__).resolve().parent.parent / "fonts"
MISSING = "\U0010fffd"  # a private-use code point no font draws: its mask is the "missing glyph" box


@functools.lru_cache(maxsize=64)
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


@functools.lru_cache(maxsize=16384)
def text_width(text: str, size: int, bold: bool = False) -> int:
    """Width of `text` in pixels (cached: pictures measure the same labels turn after turn)."""
    with FONT_LOCK:
        return int(font(size, bold).getlength(text))


@functools.lru_cache(maxsize=8192)
def fit(text: str, size: int, width: int, bold: bool = False) -> str:
    """`text` (drawable), cut with '...' so that it fits `width` pixels."""
    text = drawable(text, bold)
    if text_width(text, size, bold) <= width:
        return text
    while text and text_width(text + "...", size, bold) > width:
        text = text[:-1]
    return text.rstrip() + "..."


@functools.lru_cache(maxsize=1024)
def wrap(text: str, size: int, width: int, bold: bool = False) -> tuple[str, ...]:
    """`text` broken at spaces into lines of at most `width` pixels (cached: the same lines recur)."""
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        candidate = f"{line} {word}".strip()
        if line and text_width(candidate, size, bold) > width:
            lines.append(line)
            line = word
        else:
            line = candidate
    return tuple(lines + [line] if line else lines)
