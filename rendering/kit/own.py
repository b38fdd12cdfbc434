"""A player's own view made for a phone: what they hold and what they can do now, first and large.

The full private board (every card drawn, the whole map below) is a monitor's picture: at 390 px its
text is 4-6 px. This compact picture carries what a player looks up before choosing: what to do now,
money and goods, the other things they hold, their Order cards (what each needs, what it gives, whether
it is ready) and what their next choices cost, in text at least `MIN_TEXT` px on a `WIDTH`-px picture
(11 px at 390 px). The full board stays one tap away. Every game builds an `Own` from its view.

A line is a sequence of pieces: a str is text, a `Good` is a good's lettered square with its count.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from PIL import Image

from rendering.kit.colours import (
    GREEN,
    HIGHLIGHT,
    INK,
    LINE,
    PANEL,
    PAPER,
    SOFT,
)
from rendering.kit.encode import png, sent_often
from rendering.kit.fonts import fit, text_width, wrap
from rendering.kit.icons import good_square
from rendering.kit.lead import PALETTE as LEAD_PALETTE

WIDTH = 780
MARGIN = 20
#: 22 px at 780 px wide is 11 px on a 390-px phone screen.
MIN_TEXT = 22
TEXT = 24
BIG = 30
LINE_H = 34
ICON = 33  # its letter is 22 px (two thirds)
#: Lines a section shows at most (a long one ends with "and n more").
SECTION_LINES = 5
#: The lead pictures' palette: its goods' colours, and one text-sprite cache for both kinds of picture.
PALETTE = LEAD_PALETTE


@dataclass(frozen=True)
class Good:
    """A good's lettered square and a count beside it ("3 [T]")."""

    good: str
    count: int


Piece = str | Good
Line = tuple[Piece, ...]


#: What a long list of choices says under its first lines: the panel's buttons or menu hold them all.
CHOICES_MORE = "and {n} more in the panel's menu"


@dataclass(frozen=True)
class Section:
    """A heading and its lines; `ready` marks lines (by index) that can be done now (drawn on green)."""

    title: str
    lines: Sequence[Line]
    ready: frozenset[int] = frozenset()
    empty: str = "none"
    more: str = "and {n} more (My full board)"  # said under the first `SECTION_LINES` lines of a longer one


@dataclass(frozen=True)
class Own:
    """What the compact picture shows, top to bottom."""

    game: str
    name: str
    now: str  # what this player is to do now, or whose turn it is
    acting: bool
    holdings: Sequence[Line]  # money, goods, points...: a line or two under the head
    sections: Sequence[Section] = field(default_factory=tuple)


def _line_width(line: Line, size: int, bold: bool = False) -> int:
    return sum(text_width(p, size, bold) if isinstance(p, str) else ICON + 8 + text_width(str(p.count), size, True) + 12
               for p in line)


def _draw_line(image: Image.Image, line: Line, x: int, y: int, bg: tuple[int, int, int], size: int = TEXT,
               bold: bool = False, right: int = WIDTH - MARGIN) -> None:
    """The pieces of `line` left to right from (x, y) (y: the line's middle), cut at `right`."""
    draw = PALETTE.draw(image)
    for piece in line:
        if x >= right - 20:
            break
        if isinstance(piece, str):
            text = fit(piece, size, right - x, bold)
            w, _ = PALETTE.put_text(image, (x, y), text, size, INK, bg, "lm", bold=bold)
            x += w
        else:
            w, _ = PALETTE.put_text(image, (x, y), str(piece.count), size, INK, bg, "lm", bold=True)
            good_square(PALETTE, image, draw, piece.good, x + w + 4, y - ICON // 2, ICON)
            x += w + 4 + ICON + 12


def _wrapped(line: Line, width: int, size: int = TEXT) -> list[Line]:
    """`line` broken into lines that fit `width` (a text piece wraps at spaces; goods stay whole)."""
    out: list[list[Piece]] = [[]]
    used = 0
    for piece in line:
        if isinstance(piece, Good):
            w = _line_width((piece,), size)
            if used and used + w > width:
                out.append([])
                used = 0
            out[-1].append(piece)
            used += w
            continue
        if used + text_width(piece, size) <= width:  # whole, with its spaces (wrap would strip them)
            out[-1].append(piece)
            used += text_width(piece, size)
            continue
        for k, part in enumerate(wrap(piece, size, max(40, width - used))):
            if k:
                out.append([])
                used = 0
                part = part.lstrip()
            out[-1].append(part)
            used += text_width(part, size)
    return [tuple(x) for x in out if x]


@dataclass(frozen=True)
class _Row:
    kind: str  # now, holdings, title, empty, ready, line
    text: str = ""
    line: Line = ()
    continued: bool = False


def _layout(own: Own) -> list[_Row]:
    """The picture's rows, top to bottom (each `HEIGHTS[kind]` tall)."""
    rows = [_Row("now", text) for text in wrap(own.now, BIG, WIDTH - 2 * MARGIN - 24, own.acting)[:3]]
    for holding in own.holdings:
        rows += [_Row("holdings", line=line) for line in _wrapped(holding, WIDTH - 2 * MARGIN, BIG)]
    for section in own.sections:
        rows.append(_Row("title", section.title))
        if not section.lines:
            rows.append(_Row("empty", section.empty))
        for i, line in enumerate(section.lines[:SECTION_LINES]):
            for k, part in enumerate(_wrapped(line, WIDTH - 2 * MARGIN - 24)):
                rows.append(_Row("ready" if i in section.ready else "line", line=part, continued=k > 0))
        if len(section.lines) > SECTION_LINES:
            rows.append(_Row("empty", section.more.format(n=len(section.lines) - SECTION_LINES)))
    return rows


HEIGHTS = {"now": 40, "holdings": 42, "title": 40, "empty": LINE_H, "ready": LINE_H + 2, "line": LINE_H}


def draw_own(own: Own) -> Image.Image:
    """The compact picture of `own` (a palette image)."""
    rows = _layout(own)
    head = 64
    height = head + sum(HEIGHTS[row.kind] for row in rows) + 20
    image, draw = PALETTE.canvas(WIDTH, height)
    put = PALETTE.put_text
    draw.rectangle((0, 0, WIDTH, head - 4), fill=PANEL)
    game_w = text_width(own.game, TEXT)
    put(image, (WIDTH - MARGIN, head // 2 - 2), own.game, TEXT, SOFT, PANEL, "rm")
    put(image, (MARGIN, head // 2 - 2), fit(f"{own.name} · your view", BIG, WIDTH - 3 * MARGIN - game_w, True), BIG,
        INK, PANEL, "lm", bold=True)
    y = head
    now_rows = sum(1 for row in rows if row.kind == "now")
    now_bg = HIGHLIGHT if own.acting else PAPER
    if now_rows:
        draw.rounded_rectangle((MARGIN - 8, y + 4, WIDTH - MARGIN + 8, y + 12 + HEIGHTS["now"] * now_rows), 12,
                               fill=now_bg)
    y += 8
    for row in rows:
        h = HEIGHTS[row.kind]
        mid = y + h // 2
        if row.kind == "now":
            put(image, (MARGIN + 8, mid), row.text, BIG, INK, now_bg, "lm", bold=own.acting)
        elif row.kind == "holdings":
            _draw_line(image, row.line, MARGIN, mid + 4, PAPER, BIG, True)
        elif row.kind == "title":
            draw.line((MARGIN, y + 6, WIDTH - MARGIN, y + 6), fill=LINE, width=2)
            put(image, (MARGIN, mid + 4), fit(row.text, TEXT, WIDTH - 2 * MARGIN, True), TEXT, SOFT, PAPER, "lm",
                bold=True)
        elif row.kind == "empty":
            put(image, (MARGIN + 12, mid), row.text, TEXT, SOFT, PAPER, "lm")
        else:
            bg = PAPER
            if row.kind == "ready":  # green edge and the word "ready" in the line: two cues, not colour alone
                bg = HIGHLIGHT
                draw.rectangle((MARGIN, y + 2, WIDTH - MARGIN, y + h - 2), fill=HIGHLIGHT)
                if not row.continued:
                    draw.rectangle((MARGIN, y + 2, MARGIN + 6, y + h - 2), fill=GREEN)
            _draw_line(image, row.line, MARGIN + (24 if row.continued else 12), mid, bg)
        y += h
    return sent_often(image)  # one a turn to every player: its bytes count more than 2 ms of zlib


def own_png(own: Own) -> bytes:
    return png(draw_own(own))
