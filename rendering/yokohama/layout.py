"""Where everything sits on the Yokohama map picture (pixels), shared by the static art and the marks.

The map is drawn 1200 px wide; names, numbers and area names are 20-30 px and small labels
16-18 px, so that at Discord's preview width on a phone (about 450-550 px) the names still read
and everything reads when the picture is opened. Top to bottom: the header (round, who plays), the players with
their points and the victory-point track, the Area Boards in the triangle for the player
count, the Port order boards, the Laboratories, the Church and Customs boards, and a band
with the achievement cards, the Foreign Mercenaries left and the decks.
"""

from __future__ import annotations

Box = tuple[int, int, int, int]

WIDTH = 1200
MARGIN = 20
INNER = WIDTH - 2 * MARGIN
TITLE = 30
TEXT = 22
SMALL = 20

HEADER_H = 56
LEGEND_Y = HEADER_H
LEGEND_H = 40
TRACK_Y = LEGEND_Y + LEGEND_H + 4
TRACK_H = 96  # markers in up to three levels, the line, the numbers
TRACK_X0 = MARGIN + 16
TRACK_X1 = WIDTH - MARGIN - 16
AREAS_Y = TRACK_Y + TRACK_H + 14
AREA_H = 200
AREA_GAP = 6

LABEL_W = 104  # the board names left of the Port, Laboratory, Church and Customs rows
PORT_BAND = 26
PORT_CARD_H = 88
PORT_H = PORT_BAND + PORT_CARD_H + 12
LAB_H = 78
SPACE_ROW_H = 92
BOTTOM_H = 136


def area_width(rows: list[int]) -> int:
    """One board's width: the widest (top) row fills the picture."""
    return INNER // rows[0]


def area_box(rows: list[int], row: int, col: int) -> Box:
    """A board's box; each row sits half a board to the right of the row above (docs/yokohama-layout.md)."""
    w = area_width(rows)
    x0 = MARGIN + row * w // 2 + col * w
    y0 = AREAS_Y + row * AREA_H
    return (x0 + AREA_GAP // 2, y0 + AREA_GAP // 2, x0 + w - AREA_GAP // 2, y0 + AREA_H - AREA_GAP // 2)


def areas_bottom(rows: list[int]) -> int:
    return AREAS_Y + len(rows) * AREA_H


# inside an area box (offsets from its top-left corner)
NAME_BAND = 54
MIDDLE_Y = 56  # presidents, Station, 5-Power token
MIDDLE_H = 42
PAWNS_Y = 102  # assistants per seat
PAWN = 24
SITE_Y = 134  # the Building Site: three Shophouse spaces and the Trading House space
SITE_HOUSE = 28
SITE_REWARD = 18


def ports_y(rows: list[int]) -> int:
    return areas_bottom(rows) + 14


def port_row_y(rows: list[int], index: int) -> int:
    return ports_y(rows) + index * PORT_H


def slot_box(y: int, slot: int, slots: int, height: int) -> Box:
    """Card slot `slot` of a row of `slots` right of the board label, from y."""
    x0 = MARGIN + LABEL_W
    w = (WIDTH - MARGIN - x0) // slots
    return (x0 + slot * w + 3, y, x0 + (slot + 1) * w - 3, y + height)


def labs_y(rows: list[int], ports: int) -> int:
    return ports_y(rows) + ports * PORT_H + 4


def spaces_y(rows: list[int], ports: int, labs: int) -> int:
    return labs_y(rows, ports) + labs * LAB_H + 10


def bottom_y(rows: list[int], ports: int, labs: int) -> int:
    return spaces_y(rows, ports, labs) + 2 * SPACE_ROW_H + 8


def height(rows: list[int], ports: int, labs: int) -> int:
    return bottom_y(rows, ports, labs) + BOTTOM_H + MARGIN
