"""Where everything sits on the drawn player sheet (pixels), shared by the static art and the marks.

The picture is drawn 1100 px wide with text of 22 px or more, so that scaled down to
Discord's preview width (about 450-550 px on a phone) the smallest text is still ~10 px.
Top to bottom: header, round track, town district, port district, warehouse (money,
faith, cargo), technologies and the score boxes, and the laboratories' 12 technologies in play.
"""

from __future__ import annotations

Box = tuple[int, int, int, int]

WIDTH = 1100
MARGIN = 24
TITLE = 26  # district titles
TEXT = 24  # ordinary labels
SMALL = 22  # the smallest text anywhere
ICON = 26  # bonus icons

HEADER_H = 86

# round track
ROUND_Y = HEADER_H + 40
ROUND_W = 86
ROUND_H = 70
ROUND_X = MARGIN + (WIDTH - 2 * MARGIN - 12 * ROUND_W) // 2

# town district: 8 rows of 10 spaces, column bonuses above in two staggered lines
TOWN_Y = ROUND_Y + ROUND_H + 22
COLUMN_LINE_Y = TOWN_Y + 40
COLUMN_LINE_H = 34
ROWS_Y = COLUMN_LINE_Y + 2 * COLUMN_LINE_H + 8
ROW_H = 52
ROW_NUMBER_X = MARGIN
NAME_X = MARGIN + 38
NAME_W = 196
TRACK_X = 264
SPACE = 56
CIRCLE = 40
ELITE_X = TRACK_X + 10 * SPACE + 8
ELITE = 44
TRACK_BONUS_X = ELITE_X + ELITE + 14
TOWN_BOTTOM = ROWS_Y + 8 * ROW_H

# port district: 4 x 5 order forms, links in the gaps, trading houses below and to the right
PORT_Y = TOWN_BOTTOM + 26
FORMS_Y = PORT_Y + 44
FORM_W = 148
FORM_H = 100
FORM_GAP_X = 56
FORM_GAP_Y = 42
FORM_GOOD = 34
HOUSES_Y = FORMS_Y + 4 * FORM_H + 3 * FORM_GAP_Y + 16
HOUSE_H = 62
SIXTH_X = MARGIN + 5 * FORM_W + 4 * FORM_GAP_X + 14
PORT_BOTTOM = HOUSES_Y + HOUSE_H

# warehouse: money and faith side by side (3 rows of 10, bonus lane under each row), cargo below
STOCK_Y = PORT_BOTTOM + 26
STOCK_LABEL_Y = STOCK_Y + 40
STOCK_CELLS_Y = STOCK_Y + 80
STOCK_CELL = 36
STOCK_PITCH = 46
STOCK_ROW_PITCH = 74
STOCK_X = {"money": MARGIN, "faith": MARGIN + 10 * STOCK_PITCH + 66}
CARGO_Y = STOCK_CELLS_Y + 3 * STOCK_ROW_PITCH + 10
CARGO_CELLS_Y = CARGO_Y + 40
CARGO_PITCH = 74
CARGO_CELL = 50
CARGO_X = MARGIN + (WIDTH - 2 * MARGIN - 14 * CARGO_PITCH) // 2

# technologies (left) and score boxes (right)
TECH_Y = CARGO_CELLS_Y + CARGO_CELL + 40 + 20
TECH_LINE = 36
BOX_X = 730
BOX_W = 120
BOX_H = 46
BOX_PITCH = 54
TECH_BOTTOM = TECH_Y + 44 + 5 * BOX_PITCH + 34

# laboratories: the 12 technologies in play, face up (Laboratory A left, B right; LOW, MID, HIGH
# top to bottom, two cards each), marked for the seat: held, or closed by the one-per-level limit
LABS_Y = TECH_BOTTOM + 32
LAB_CARDS_Y = LABS_Y + 76
LAB_GAP = 20
LAB_W = (WIDTH - 2 * MARGIN - LAB_GAP) // 2
LAB_CARD_H = 84
LAB_PITCH = 92
LABS_BOTTOM = LAB_CARDS_Y + 6 * LAB_PITCH - 8
HEIGHT = LABS_BOTTOM + 32
#: The sheet without the laboratories (most turns: the panel is a third of the picture's bytes), with a
#: line under the technologies saying where they are.
NOTE_Y = TECH_BOTTOM + 24
SHORT_HEIGHT = NOTE_Y + 40


def round_cell(n: int) -> Box:
    """Round n (1-12) on the round track."""
    x = ROUND_X + (n - 1) * ROUND_W
    return (x + 3, ROUND_Y, x + ROUND_W - 3, ROUND_Y + ROUND_H)


def space_centre(row: int, space: int) -> tuple[int, int]:
    """Centre of space `space` (0-9) of town row `row` (0-7)."""
    return TRACK_X + space * SPACE + SPACE // 2, ROWS_Y + row * ROW_H + ROW_H // 2


def column_bonus_box(column: int) -> Box:
    """The column bonus of column 1-9: odd columns on the upper line, even ones on the lower."""
    cx, _ = space_centre(0, column)
    y = COLUMN_LINE_Y + (0 if column % 2 else COLUMN_LINE_H)
    return (cx - 52, y, cx + 52, y + COLUMN_LINE_H - 2)


def elite_box(row: int) -> Box:
    y = ROWS_Y + row * ROW_H + (ROW_H - ELITE) // 2
    return (ELITE_X, y, ELITE_X + ELITE, y + ELITE)


def track_bonus_box(row: int) -> Box:
    y = ROWS_Y + row * ROW_H + 4
    return (TRACK_BONUS_X, y, WIDTH - MARGIN, y + ROW_H - 8)


def form_box(row: int, col: int) -> Box:
    x = MARGIN + col * (FORM_W + FORM_GAP_X)
    y = FORMS_Y + row * (FORM_H + FORM_GAP_Y)
    return (x, y, x + FORM_W, y + FORM_H)


def good_box(row: int, col: int, index: int, count: int) -> Box:
    """Trade good `index` of `count` on an order form, in a row along its top."""
    x0, y0, x1, _ = form_box(row, col)
    size = min(FORM_GOOD, (FORM_W - 16 - 6 * (count - 1)) // max(1, count))
    pitch = size + (8 if count < 4 else 6)
    left = (x0 + x1) // 2 - (count * pitch - pitch + size) // 2 + index * pitch
    return (left, y0 + 10, left + size, y0 + 10 + size)


def shop_box(row: int, col: int) -> Box:
    _, _, x1, y1 = form_box(row, col)
    return (x1 - 44, y1 - 42, x1 - 10, y1 - 8)


def link_box(a: tuple[int, int], b: tuple[int, int]) -> Box:
    """The link bonus between two neighbouring forms, given as (row, col) each, in the gap between them."""
    ax0, ay0, ax1, ay1 = form_box(*a)
    bx0, by0, _, _ = form_box(*b)
    if a[0] == b[0]:  # side by side
        cx, cy = (ax1 + bx0) // 2, (ay0 + ay1) // 2
        return (cx - FORM_GAP_X // 2 + 2, cy - 22, cx + FORM_GAP_X // 2 - 2, cy + 22)
    cx, cy = (ax0 + ax1) // 2, (ay1 + by0) // 2
    return (cx - 52, cy - FORM_GAP_Y // 2 + 3, cx + 52, cy + FORM_GAP_Y // 2 - 3)


def house_box(index: int) -> Box:
    """Trading houses 0-4 under the five columns; the sixth right of the bottom row."""
    if index < 5:
        x0, _, x1, _ = form_box(3, index)
        return (x0, HOUSES_Y, x1, HOUSES_Y + HOUSE_H)
    _, y0, _, y1 = form_box(3, 4)
    return (SIXTH_X, y0 - 6, WIDTH - MARGIN, y1 + 6)


def stock_cell(resource: str, n: int) -> Box:
    """Space n (1-30) of the money or faith stock."""
    row, col = divmod(n - 1, 10)
    x = STOCK_X[resource] + col * STOCK_PITCH + (6 if col >= 5 else 0)
    y = STOCK_CELLS_Y + row * STOCK_ROW_PITCH
    return (x, y, x + STOCK_CELL, y + STOCK_CELL)


def stock_bonus_box(resource: str, at: int) -> Box:
    x0, _, x1, y1 = stock_cell(resource, at)
    cx = (x0 + x1) // 2
    return (cx - 52, y1 + 2, cx + 52, y1 + 32)


def cargo_cell(n: int) -> Box:
    """Cargo space n (1-14)."""
    x = CARGO_X + (n - 1) * CARGO_PITCH + (CARGO_PITCH - CARGO_CELL) // 2
    return (x, CARGO_CELLS_Y, x + CARGO_CELL, CARGO_CELLS_Y + CARGO_CELL)


def score_box(index: int) -> Box:
    y = TECH_Y + 44 + index * BOX_PITCH
    return (WIDTH - MARGIN - BOX_W, y, WIDTH - MARGIN, y + BOX_H)


def lab_card(lab: int, slot: int) -> Box:
    """Technology card `slot` (0-5: LOW, LOW, MID, MID, HIGH, HIGH) of laboratory `lab` (0 = A, 1 = B)."""
    x = MARGIN + lab * (LAB_W + LAB_GAP)
    y = LAB_CARDS_Y + slot * LAB_PITCH
    return (x, y, x + LAB_W, y + LAB_CARD_H)


def form_number_tab(row: int, col: int) -> Box:
    """The order form's number (1-20, as the labels name it) on a tab over its top-left corner."""
    x0, y0, _, _ = form_box(row, col)
    return (x0 - 8, y0 - 14, x0 + 22, y0 + 10)
