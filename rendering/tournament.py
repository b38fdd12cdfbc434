"""A tournament's standings as a picture: one row per player, made to read on a phone.

The picture is 780 px wide and no text is under 24 px, so a phone showing it 390 px wide still shows
12-px text. The top three carry their place on a coloured disc (Okabe-Ito colours; the number is the
second cue); a player who left the tournament is greyed with "(left)" after the name.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from rendering.charts import INK, PAPER, SOFT, STYLES
from rendering.kit import Palette, draw_text, fit, png

WIDTH = 780
#: The smallest text drawn (the test holds the picture to it).
SMALLEST_TEXT = 24
ROW = 46
_GRID = (222, 215, 200)
_BAND = (240, 234, 220)
#: The picture's fixed palette: its flat colours and the anti-aliasing steps of its text on each background
#: (mapping onto a fixed palette is ~20x cheaper than a median-cut quantize of a 64-row picture).
_PALETTE = Palette([PAPER, INK, SOFT, _GRID, _BAND, *(colour for colour, _ in STYLES)],
                   [(fg, bg) for fg in (INK, SOFT) for bg in (PAPER, _BAND)]
                   + [(PAPER, colour) for colour, _ in STYLES] + [(colour, PAPER) for colour, _ in STYLES])


@dataclass(frozen=True)
class Row:
    """One line of the standings as shown: figures already formatted."""

    rank: int
    name: str
    points: str
    tiebreak: str  # Buchholz (or the best round)
    game_points: str
    record: str  # W-L, or games played
    left: bool = False


def standings_picture(title: str, subtitle: str, headers: Sequence[str], rows: Sequence[Row]) -> bytes:
    """PNG bytes of the standings table. `headers`: the four figure columns' titles."""
    top = 112
    height = top + ROW * (len(rows) + 1) + 20
    image = Image.new("RGB", (WIDTH, height), PAPER)
    draw = ImageDraw.Draw(image)
    draw_text(draw, (24, 20), fit(title, 34, WIDTH - 48, bold=True), 34, INK, bold=True)
    draw_text(draw, (24, 66), fit(subtitle, SMALLEST_TEXT, WIDTH - 48), SMALLEST_TEXT, SOFT)
    columns = [(24, "#", "l"), (84, "Player", "l"), (470, headers[0], "r"), (580, headers[1], "r"),
               (680, headers[2], "r"), (WIDTH - 20, headers[3], "r")]
    for x, label, align in columns:
        draw_text(draw, (x, top + ROW / 2), label, SMALLEST_TEXT, SOFT, True, "lm" if align == "l" else "rm")
    draw.line((20, top + ROW - 4, WIDTH - 20, top + ROW - 4), fill=_GRID, width=2)
    for i, row in enumerate(rows):
        y = top + ROW * (i + 1)
        if i % 2:
            draw.rectangle((20, y, WIDTH - 20, y + ROW - 2), fill=_BAND)
        middle = y + ROW / 2
        ink = SOFT if row.left else INK
        if row.rank <= 3:
            colour, _ = STYLES[(row.rank - 1) % len(STYLES)]
            draw.ellipse((22, middle - 18, 58, middle + 18), fill=colour)
            draw_text(draw, (40, middle), str(row.rank), 26, PAPER, True, "mm")
        else:
            draw_text(draw, (24, middle), str(row.rank), 26, ink, False, "lm")
        name = fit(row.name, 26, 200 if row.left else 300, bold=row.rank <= 3) + (" (left)" if row.left else "")
        draw_text(draw, (84, middle), name, 26, ink, row.rank <= 3, "lm")
        for (x, _, _), figure in zip(columns[2:], (row.points, row.tiebreak, row.game_points, row.record),
                                     strict=True):
            draw_text(draw, (x, middle), figure, 26, ink, False, "rm")
    return png(_PALETTE.quantize(image))
