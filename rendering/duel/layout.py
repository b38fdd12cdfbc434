"""Where everything sits on the Duel pictures (pixels), shared by the static art and the marks.

Drawn 1100 px wide with no text under 20 px, so that scaled to Discord's preview width on a
phone (about 450-550 px) the smallest text is still ~9-10 px. Top to bottom: header, the ten
Areas (two rows of five), Technologies, Power Bonus / Chinatown / supply, the Church row, the
two players side by side; a private view adds the viewer's hand and what they owe below.
"""

from __future__ import annotations

Box = tuple[int, int, int, int]

WIDTH = 1100
MARGIN = 20
GAP = 10
TITLE = 24
TEXT = 21
SMALL = 20

HEADER_H = 92

COLUMN_W = (WIDTH - 2 * MARGIN - 4 * GAP) // 5  # 204: areas, technologies, bonus cards

AREAS_Y = HEADER_H + 8
AREA_H = 196
AREA_BAND = 34  # the name band of an Area
AREAS_BOTTOM = AREAS_Y + 2 * AREA_H + GAP

TECH_TITLE_Y = AREAS_BOTTOM + 14
TECH_Y = TECH_TITLE_Y + 34
TECH_H = 214
TECH_BOTTOM = TECH_Y + TECH_H

BONUS_TITLE_Y = TECH_BOTTOM + 14
BONUS_Y = BONUS_TITLE_Y + 34
BONUS_H = 136
BONUS_BOTTOM = BONUS_Y + BONUS_H

CHURCH_TITLE_Y = BONUS_BOTTOM + 14
CHURCH_Y = CHURCH_TITLE_Y + 34
CHURCH_W = (WIDTH - 2 * MARGIN - 5 * GAP) // 6
CHURCH_H = 118
CHURCH_BOTTOM = CHURCH_Y + CHURCH_H

PLAYERS_Y = CHURCH_BOTTOM + 18
PLAYER_W = (WIDTH - 2 * MARGIN - GAP) // 2
PLAYER_HEAD = 52
LINE_H = 34
PLAYER_LINES = 12
PLAYER_H = PLAYER_HEAD + 12 + PLAYER_LINES * LINE_H + 8
BOARD_H = PLAYERS_Y + PLAYER_H + 36 + MARGIN

# the private part
HAND_COLUMNS = 5
ORDER_W = COLUMN_W
ORDER_H = 136
SECTION_TITLE = 38


def column_x(col: int) -> int:
    return MARGIN + col * (COLUMN_W + GAP)


def area_box(index: int) -> Box:
    """Area `index` (0-9 in the view's order): two rows of five."""
    row, col = divmod(index, 5)
    x = column_x(col)
    y = AREAS_Y + row * (AREA_H + GAP)
    return (x, y, x + COLUMN_W, y + AREA_H)


def tech_box(index: int) -> Box:
    x = column_x(index)
    return (x, TECH_Y, x + COLUMN_W, TECH_Y + TECH_H)


def bonus_box(index: int) -> Box:
    """Columns 0-2: the face-up Power Bonus cards; 3: Chinatown's prices; 4: the supply."""
    x = column_x(index)
    return (x, BONUS_Y, x + COLUMN_W, BONUS_Y + BONUS_H)


def church_box(index: int) -> Box:
    x = MARGIN + index * (CHURCH_W + GAP)
    return (x, CHURCH_Y, x + CHURCH_W, CHURCH_Y + CHURCH_H)


def player_box(seat: int) -> Box:
    x = MARGIN + seat * (PLAYER_W + GAP)
    return (x, PLAYERS_Y, x + PLAYER_W, PLAYERS_Y + PLAYER_H)


def player_line(seat: int, line: int) -> tuple[int, int]:
    """Left edge and vertical centre of text line `line` in a seat's panel."""
    x0, y0, _, _ = player_box(seat)
    return x0 + 14, y0 + PLAYER_HEAD + 12 + line * LINE_H + LINE_H // 2
