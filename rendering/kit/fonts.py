"""Fonts and text measuring: a fallback chain of faces shipped in `rendering/fonts`, fitting and wrapping.

Names come from Discord and may hold any script. DejaVu Sans draws Latin, Greek and Cyrillic; subsets of
Noto draw Arabic, Hebrew, Thai, Devanagari, Japanese kana and kanji (then the common Chinese hanzi),
Hangul and emoji (Noto Emoji, monochrome). A text is split into runs by which face has each character
(`runs`) and each run is drawn with its face on one baseline (`draw_text`), so a name mixing scripts draws
whole. Only a character no shipped face holds is replaced by '?' (`drawable`), never drawn as the
"missing glyph" box. Which face holds what comes from `rendering/fonts/coverage.json` (each face's cmap,
written by `rendering/fonts/build.py`), so choosing a face costs no font parsing.

Every string that enters a picture is made plain first (`rendering.kit.plain`: no Discord markup) and drawn
by `draw_text` or pasted as a sprite drawn by it; `recording_drawn_text` lets a test read what was drawn, and
`recording_text_boxes` where each text stands on which picture (a test holds every text inside its picture and
clear of the others, in every language).
"""

from __future__ import annotations

import bisect
import functools
import json
import threading
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from PIL import Image, ImageDraw, ImageFont, features

from rendering.kit.plain import plain

#: Pictures are drawn in worker threads (asyncio.to_thread); one FreeType face must not be used by
#: two threads at once, so every use of a font goes through this lock (text is cached, so it is rare).
FONT_LOCK = threading.RLock()
FONTS = Path(__file__).resolve().parent.parent / "fonts"
REGULAR = "DejaVuSans.ttf"
BOLD = "DejaVuSans-Bold.ttf"
#: The fallback faces, in the order they are tried after DejaVu (regular or bold). The script faces come
#: first for their own scripts: DejaVu holds rough Arabic and Hebrew letters that Noto draws better.
SCRIPT_FACES = ("NotoSansArabic-subset.ttf", "NotoSansHebrew-subset.ttf", "NotoSansThai-subset.ttf",
                "NotoSansDevanagari-subset.ttf")
EMOJI = "NotoEmoji-subset.ttf"
LATER_FACES = ("NotoSansCJKjp-kana-hangul.otf", "NotoSansCJKjp-han1.otf", "NotoSansCJKjp-han2.otf",
               "NotoSansCJKjp-han3.otf", EMOJI)
#: Characters that shape with the one before them (joiners, variation selectors, skin tones, combining
#: marks): they stay in its run, whatever face holds them, so emoji sequences and marks shape as one.
_JOINERS = frozenset({"\u200c", "\u200d", "\u20e3"} | {chr(c) for c in range(0xFE00, 0xFE10)}
                     | {chr(c) for c in range(0x1F3FB, 0x1F400)} | {chr(c) for c in range(0xE0020, 0xE0080)})
#: Raqm (HarfBuzz + FriBiDi) shapes Arabic joining, Indic conjuncts, right-to-left runs and emoji
#: sequences; Pillow's basic layout is the fallback where the library is missing.
_LAYOUT = ImageFont.Layout.RAQM if features.check("raqm") else ImageFont.Layout.BASIC

T = TypeVar("T")

_DRAWN: ContextVar[list[str] | None] = ContextVar("drawn_text", default=None)
#: The text sizes drawn while `recording_text_sizes` is open (None: not recording). Context variables, so
#: pictures drawn at once in several threads each record their own.
_TEXT_SIZES: ContextVar[list[int] | None] = ContextVar("text_sizes", default=None)
_BOXES: ContextVar[list[TextBox] | None] = ContextVar("text_boxes", default=None)


@dataclass(frozen=True)
class TextBox:
    """Where one text (as given, before `drawable`) was drawn: on which picture (`canvas`: its identity while
    recording, `size`: its width and height) and the rectangle its line takes (left, top, right, bottom, in pixels)."""

    text: str
    canvas: int
    size: tuple[int, int]
    box: tuple[float, float, float, float]
    #: The picture itself, held while recording so that its identity is not reused by another one.
    held: Any = field(default=None, repr=False, compare=False)


@contextmanager
def _collecting(var: ContextVar[list[T] | None]) -> Iterator[list[T]]:
    """A fresh list that `var` holds while the block runs (what the drawing notes goes into it)."""
    items: list[T] = []
    token = var.set(items)
    try:
        yield items
    finally:
        var.reset(token)


@contextmanager
def recording_text_boxes() -> Iterator[list[TextBox]]:
    """Record where every text drawn inside this block stands (`TextBox`), picture by picture."""
    with _collecting(_BOXES) as boxes:
        yield boxes


def record_box(canvas: Any, size: tuple[int, int], text: str, box: tuple[float, float, float, float]) -> None:
    """Note that `text` was drawn in `box` of the picture `canvas` (for `recording_text_boxes`)."""
    boxes = _BOXES.get()
    if boxes is not None and text.strip():
        boxes.append(TextBox(text, id(canvas), size, box, canvas))


@contextmanager
def recording_drawn_text() -> Iterator[list[str]]:
    """Record every string drawn into a picture inside this block (so a test can read a picture's words)."""
    with _collecting(_DRAWN) as drawn:
        yield drawn


@contextmanager
def recording_text_sizes() -> Iterator[list[int]]:
    """Record the size of every text drawn inside this block (so a test can hold a picture to a smallest
    text size: a phone shows a 1200-px-wide picture at 390 px, about a third)."""
    with _collecting(_TEXT_SIZES) as sizes:
        yield sizes


def record_drawn(text: str, size: int) -> None:
    """Note `text` as drawn at `size` (for the recorders above); for drawers that paste cached text pictures."""
    drawn = _DRAWN.get()
    if drawn is not None:
        drawn.append(drawable(text))
    sizes = _TEXT_SIZES.get()
    if sizes is not None and text.strip():
        sizes.append(size)


class _Coverage:
    """The code points one face maps, as sorted ranges (bisect)."""

    def __init__(self, ranges: list[list[int]]) -> None:
        self.starts = [lo for lo, _ in ranges]
        self.ends = [hi for _, hi in ranges]

    def __contains__(self, char: str) -> bool:
        cp = ord(char)
        i = bisect.bisect_right(self.starts, cp) - 1
        return i >= 0 and cp <= self.ends[i]


@functools.lru_cache(maxsize=1)
def _coverage() -> dict[str, _Coverage]:
    path = FONTS / "coverage.json"
    if not path.exists():
        return {}
    return {name: _Coverage(ranges) for name, ranges in json.loads(path.read_text()).items()
            if (FONTS / name).exists()}


def chain(bold: bool = False) -> tuple[str, ...]:
    """The faces tried for a character, in order (the files that are present)."""
    covered = _coverage()
    main = BOLD if bold else REGULAR
    return tuple(name for name in (*SCRIPT_FACES, main, *LATER_FACES) if name in covered)


@functools.lru_cache(maxsize=4)
def face(name: str, size: int) -> ImageFont.FreeTypeFont:
    """One fallback face at one pixel size. FreeType faces carry their size, and each costs up to 1.5 MiB
    (a CJK face's tables, copied for shaping), so only a few are kept (the memory benchmark's budget): opening
    one again takes under a millisecond, and text is drawn once into cached sprites anyway."""
    return ImageFont.truetype(str(FONTS / name), size, layout_engine=_LAYOUT)


@functools.lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans shipped in rendering/fonts, the face whose metrics lay text out; Pillow's bundled font
    if the files are missing. Nothing is downloaded at run time.
    """
    path = FONTS / (BOLD if bold else REGULAR)
    if path.exists():
        return ImageFont.truetype(str(path), size, layout_engine=_LAYOUT)
    fallback = ImageFont.load_default(size=size)
    assert isinstance(fallback, ImageFont.FreeTypeFont), "Pillow >= 10.1 with FreeType is required"
    return fallback


def _strong(char: str) -> bool:
    """Whether `char` has a direction or a script of its own (letters, marks, emoji), rather than being a
    space, digit or punctuation that can join the run it stands in."""
    return unicodedata.bidirectional(char) in ("L", "R", "AL", "NSM") or ord(char) > 0x2E7F


@functools.lru_cache(maxsize=16384)
def _face_of(char: str, bold: bool) -> str | None:
    main = BOLD if bold else REGULAR
    if not _strong(char) and main in _coverage() and char in _coverage()[main]:
        return main  # a space or a digit between two scripts' runs is DejaVu's, not the first script face's
    for name in chain(bold):
        if char in _coverage()[name]:
            return name
    return None


@functools.lru_cache(maxsize=8192)
def runs(text: str, bold: bool = False) -> tuple[tuple[str, str], ...]:
    """`text` (drawable) as (face file, characters) runs: each character in the first face that holds it;
    joiners and marks stay with the character before them; spaces, digits and punctuation stay in a
    script face's run when that face holds them (so a right-to-left name is one run, shaped as one), and
    are DejaVu's otherwise (Noto Emoji's space is as wide as an emoji)."""
    text = drawable(text, bold)
    if not _coverage():
        return ((BOLD if bold else REGULAR, text),) if text else ()
    out: list[list[str]] = []
    for i, char in enumerate(text):
        if char in "0123456789#*" and "\u20e3" in text[i + 1:i + 3] and EMOJI in _coverage():
            out.append([EMOJI, char])  # a keycap ("1\ufe0f\u20e3"): the emoji face draws the whole sequence
            continue
        if out and (char in _JOINERS or unicodedata.combining(char)):
            out[-1][1] += char
            continue
        if out and not _strong(char) and out[-1][0] in SCRIPT_FACES and char in _coverage()[out[-1][0]]:
            out[-1][1] += char
            continue
        name = _face_of(char, bold) or (BOLD if bold else REGULAR)
        if out and out[-1][0] == name:
            out[-1][1] += char
        else:
            out.append([name, char])
    return tuple((name, chars) for name, chars in out)


def _run_face(name: str, size: int, bold: bool) -> ImageFont.FreeTypeFont:
    return font(size, bold) if name in (REGULAR, BOLD) else face(name, size)


@functools.lru_cache(maxsize=16384)
def _has_glyph(char: str, bold: bool) -> bool:
    """Whether some shipped face holds `char` (or it is a joiner or mark that shapes with its neighbour)."""
    if char.isascii() or char in _JOINERS or unicodedata.combining(char):
        return True
    if not _coverage():
        return False
    return _face_of(char, bold) is not None


def drawable(text: str, bold: bool = False) -> str:
    """`text` as plain text (no Discord markup, `plain`) with every character no shipped face holds replaced
    by '?'. Measuring, fitting and drawing all go through it, so what is measured is what is drawn."""
    return "".join(c if _has_glyph(c, bold) else "?" for c in plain(text))


@functools.lru_cache(maxsize=16384)
def text_width(text: str, size: int, bold: bool = False) -> int:
    """Width of `text` in pixels (cached: pictures measure the same labels turn after turn)."""
    return int(advance(text, size, bold))


@functools.lru_cache(maxsize=16384)
def advance(text: str, size: int, bold: bool = False) -> float:
    """How far the layout moves on past `text` (sub-pixel), run by run."""
    with FONT_LOCK:
        return float(sum(_run_face(name, size, bold).getlength(chars) for name, chars in runs(text, bold)))


def _visual(chars: str) -> str:
    """A run in the order it is seen: Raqm reorders right-to-left runs itself; without it (no FriBiDi on the
    system) a Hebrew or Arabic run is reversed here, so its letters at least stand in reading order."""
    if _LAYOUT == ImageFont.Layout.RAQM or not any(unicodedata.bidirectional(c) in ("R", "AL") for c in chars):
        return chars
    core = chars.strip()
    start = chars.index(core[0]) if core else 0
    return chars[:start] + core[::-1] + chars[start + len(core):]  # spaces around it stay where they stand


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: Any,
    bold: bool = False,
    anchor: str = "la",
    record: bool = True,
) -> None:
    """Draw `text` at `xy` like `ImageDraw.text` with DejaVu at `size` (anchor: l/m/r then a/t/m/s/b/d,
    Pillow's), each run in its own face on DejaVu's baseline. `record`: False for a cached text picture, whose
    pastes are what is recorded."""
    if record:
        record_drawn(text, size)
    parts = runs(text, bold)
    main = font(size, bold)
    if record and _BOXES.get() is not None:
        width = advance(text, size, bold)
        with FONT_LOCK:
            ascent, descent = main.getmetrics()
        left = xy[0] - {"l": 0.0, "m": width / 2, "r": width}[anchor[0]]
        top = xy[1] - {"a": 0.0, "t": 0.0, "m": (ascent + descent) / 2, "s": ascent, "b": ascent + descent,
                       "d": ascent + descent}[anchor[1]]
        record_box(draw.im, draw.im.size, text, (left, top, left + width, top + ascent + descent))
    with FONT_LOCK:
        if len(parts) <= 1 and (not parts or parts[0][0] in (REGULAR, BOLD)):
            draw.text(xy, _visual(parts[0][1]) if parts else "", font=main, fill=fill, anchor=anchor)
            return
        # Place the whole line as DejaVu would, then draw the runs left to right on its baseline.
        width = sum(_run_face(name, size, bold).getlength(chars) for name, chars in parts)
        ascent, descent = main.getmetrics()
        x = xy[0] - {"l": 0.0, "m": width / 2, "r": width}[anchor[0]]
        left, top, right, bottom = main.getbbox("Hg", anchor="ls")
        baseline = xy[1] + {
            "a": ascent, "t": -top, "m": (ascent - descent) / 2, "s": 0.0, "b": -bottom, "d": -descent,
        }[anchor[1]]
        for name, chars in parts:
            run_face = _run_face(name, size, bold)
            draw.text((x, baseline), _visual(chars), font=run_face, fill=fill, anchor="ls")
            x += run_face.getlength(chars)


def text_image(text: str, size: int, fg: Any, bg: Any, bold: bool = False) -> Image.Image:
    """`text` drawn on an RGB rectangle of `bg` as tall as DejaVu's ascent + descent at `size`."""
    main = font(size, bold)
    with FONT_LOCK:
        ascent, descent = main.getmetrics()
    width = max(1, int(advance(text, size, bold)) + 1)
    image = Image.new("RGB", (width, ascent + descent), bg)
    draw_text(ImageDraw.Draw(image), (0, 0), text, size, fg, bold, record=False)
    return image


@functools.lru_cache(maxsize=8192)
def fit(text: str, size: int, width: int, bold: bool = False) -> str:
    """`text` (drawable), cut with '...' so that it fits `width` pixels."""
    text = drawable(text, bold)
    if text_width(text, size, bold) <= width:
        return text
    # The longest start that fits with "...": widths grow with length, so a binary search (a story of
    # several hundred characters would otherwise be measured once per character cut).
    low, high = 0, len(text)
    while low < high:
        middle = (low + high + 1) // 2
        if text_width(text[:middle] + "...", size, bold) <= width:
            low = middle
        else:
            high = middle - 1
    text = text[:low]
    while text and (text[-1] in _JOINERS or unicodedata.combining(text[-1])):
        text = text[:-1]  # never leave a joiner or a mark without the character it belongs to
    return text.rstrip() + "..."


@functools.lru_cache(maxsize=1024)
def wrap(text: str, size: int, width: int, bold: bool = False) -> tuple[str, ...]:
    """`text` broken at spaces into lines of at most `width` pixels (cached: the same lines recur). A word
    wider than a line (Japanese and Chinese write a sentence without spaces) is broken between characters."""
    lines: list[str] = []
    line = ""
    for word in plain(text).split(" "):  # markup off first: a bold span must not be cut between two lines
        candidate = f"{line} {word}".strip()
        if line and text_width(candidate, size, bold) > width:
            lines.append(line)
            line = word
        else:
            line = candidate
        while text_width(line, size, bold) > width and len(line) > 1:
            head = _longest_start(line, size, width, bold)
            lines.append(head)
            line = line[len(head):].lstrip()
    return tuple(lines + [line] if line else lines)


def _longest_start(text: str, size: int, width: int, bold: bool) -> str:
    """The longest start of `text` that fits `width` (at least one character, never a joiner or mark alone)."""
    low, high = 1, len(text)
    while low < high:
        middle = (low + high + 1) // 2
        if text_width(text[:middle], size, bold) <= width:
            low = middle
        else:
            high = middle - 1
    while low < len(text) and (text[low] in _JOINERS or unicodedata.combining(text[low])):
        low += 1  # a joiner or a mark stays with the character before it
    return text[:low]
