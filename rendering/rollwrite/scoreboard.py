"""The final scoreboard: places with the rulebook's tie-breakers, points per category, achievements.

Places come from the view alone, by the rulebook's order (the engine's `GAME.places`):
most VP, then most unconsumed money + faith, then most unused employee circles; seats
still tied share a place. The two tie-breaker figures are printed, so a tie reads fair.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from i18n import N_, _, labelled, ngettext
from rendering.rollwrite.canvas import (
    BROWN,
    DIM,
    GOLD,
    INK,
    LINE,
    PANEL,
    PAPER,
    SILVER,
    SOFT,
    STRIPE,
    WHITE,
    fit,
    new_canvas,
    put_text,
    text_width,
    wrap,
)

WIDTH = 1100
MARGIN = 24
ROW_H = 70
HEAD_Y = 84
TABLE_Y = HEAD_Y + 64
# (heading lines, score key or tie-breaker, right edge)
COLUMNS: tuple[tuple[tuple[str, ...], str, int], ...] = (
    # TRANSLATORS: column heads of the Roll & Write scoreboard, one or two short lines each (about 70 px).
    ((N_("orders"),), "orders", 480),
    ((N_("shops"),), "shops", 556),
    ((N_("trading"), N_("houses")), "trading_houses", 644),
    ((N_("cargo"),), "cargo", 722),
    ((N_("tech"),), "technology", 796),
    ((N_("TOTAL"),), "total", 880),
    ((N_("money +"), N_("faith left")), "resources", 986),
    ((N_("unused"), N_("circles")), "circles", WIDTH - MARGIN),
)
MEDALS = {1: GOLD, 2: SILVER, 3: BROWN}
ACH_SIZE = 22
ACH_LINE = 30


def tie_breakers(seat: dict[str, Any]) -> tuple[int, int]:
    """(unconsumed money + faith, unused employee circles): the rulebook's two tie-breakers."""
    store = seat["sheet"]["warehouse"]
    resources = store["money"]["available"] + store["faith"]["available"]
    circles = sum(row["unused"] for row in seat["sheet"]["town"]["rows"])
    return resources, circles


def places(view: dict[str, Any]) -> list[int]:
    """Each seat's place (1 = first), as `GAME.places` computes it, from the view alone."""
    keys = [(seat["scores"]["total"], *tie_breakers(seat)) for seat in view["seats"]]
    return [1 + sum(1 for other in keys if other > key) for key in keys]


def _achievement_lines(seat: dict[str, Any], name: str) -> tuple[str, ...]:
    earned = [a for a in seat["achievements"] if not a.startswith("Played side")]
    text = labelled(name, _(", ").join(earned) if earned else _("none"))
    return wrap(text, ACH_SIZE, WIDTH - 2 * MARGIN - 20)


def draw_scoreboard(view: dict[str, Any], names: list[str], given: list[int] | None = None) -> Image.Image:
    seats = view["seats"]
    label = [names[s] if s < len(names) and names[s] else _("Player {n}").format(n=s + 1) for s in range(len(seats))]
    if given is not None and len(given) != len(seats):
        raise ValueError(f"{len(given)} places given for {len(seats)} seats.")
    place = list(given) if given is not None else places(view)
    order = sorted(range(len(seats)), key=lambda s: (place[s], s))
    achievements = {s: _achievement_lines(seats[s], label[s]) for s in order}
    ach_lines = sum(len(lines) for lines in achievements.values())
    height = TABLE_Y + len(seats) * ROW_H + 70 + ach_lines * ACH_LINE + 30
    image, draw = new_canvas(WIDTH, height)

    title = (_("Final scores") if view["over"]
             else _("Standings after round {n}").format(n=max(0, view["round"] - 1)))
    game = _("Yokohama Roll & Write · side {side}").format(side=view["side"])
    game_w = min(text_width(game, 22), (WIDTH - 2 * MARGIN) // 2)
    put_text(image, (MARGIN, 14), fit(title, 38, WIDTH - 2 * MARGIN - game_w - 24, True), 38, INK, PAPER, bold=True)
    put_text(image, (WIDTH - MARGIN, 24), fit(game, 22, game_w), 22, SOFT, PAPER, "rt")
    draw.rounded_rectangle((MARGIN - 10, HEAD_Y, WIDTH - MARGIN + 10, TABLE_Y - 4), 10, fill=PANEL)
    put_text(image, (MARGIN + 80, HEAD_Y + 30), fit(_("player"), 20, COLUMNS[0][2] - 80 - MARGIN - 80), 20, SOFT,
             PANEL, "lm")
    left = COLUMNS[0][2] - 76
    for lines, key, right in COLUMNS:
        top = HEAD_Y + (30 if len(lines) == 1 else 18)
        for k, line in enumerate(lines):
            colour = INK if key == "total" else SOFT
            head = fit(_(line), 20, right - left - 4, key == "total")
            put_text(image, (right, top + 24 * k), head, 20, colour, PANEL, "rm", bold=key == "total")
        left = right
    draw.line((890, HEAD_Y + 4, 890, TABLE_Y + len(seats) * ROW_H - 2), fill=LINE, width=2)

    for i, s in enumerate(order):
        _draw_row(image, draw, seats[s], label[s], place[s], TABLE_Y + i * ROW_H, i % 2 == 1)

    y = TABLE_Y + len(seats) * ROW_H + 24
    heading_w, _h = put_text(image, (MARGIN, y), fit(_("Achievements"), 28, (WIDTH - 2 * MARGIN) // 3, True), 28, INK,
                             PAPER, bold=True)
    ties = fit(_("ties: more money + faith left, then more unused circles"), 22, WIDTH - 2 * MARGIN - heading_w - 24)
    put_text(image, (WIDTH - MARGIN, y + 6), ties, 22, SOFT, PAPER, "rt")
    y += 44
    for s in order:
        for k, line in enumerate(achievements[s]):
            put_text(image, (MARGIN + (20 if k else 0), y), line, ACH_SIZE, INK, PAPER)
            y += ACH_LINE
    return image


def _draw_row(
    image: Image.Image, draw: ImageDraw.ImageDraw, seat: dict[str, Any], name: str, place: int, y: int, band: bool
) -> None:
    bg = STRIPE if band else PAPER
    draw.rectangle((MARGIN - 10, y, WIDTH - MARGIN + 10, y + ROW_H - 1), fill=bg)
    medal = MEDALS.get(place, DIM)
    cx, cy = MARGIN + 28, y + ROW_H // 2
    draw.ellipse((cx - 24, cy - 24, cx + 24, cy + 24), fill=medal, outline=INK, width=2)
    put_text(image, (cx, cy), str(place), 28, WHITE if medal == BROWN else INK, medal, "mm", bold=True)
    put_text(image, (MARGIN + 80, y + 8), fit(name, 28, 300, True), 28, INK, bg, bold=True)
    n = seat["orders_fulfilled"]
    fulfilled = ngettext("{n} order fulfilled", "{n} orders fulfilled", n).format(n=n)
    put_text(image, (MARGIN + 80, y + 42), fit(fulfilled, 22, COLUMNS[0][2] - MARGIN - 80 - 60), 22, SOFT, bg)
    scores = seat["scores"]
    resources, circles = tie_breakers(seat)
    values = {**scores, "resources": resources, "circles": circles}
    for _x, key, right in COLUMNS:
        total = key == "total"
        put_text(image, (right, cy), str(values[key]), 34 if total else 28, INK, bg, "rm", bold=total)
