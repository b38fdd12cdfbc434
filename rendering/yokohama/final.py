"""The final picture: every scoring category per player, in ranking order, the winner marked.

Categories follow the rulebook's Final Score Calculation (points during play, Church bonus,
Customs bonus, Technology bonus, Country bonus, Remainder Scoring split into its four kinds).
The winner's column is highlighted and carries a star and the word "Winner", so the mark
does not rest on colour alone.
"""

from __future__ import annotations

from typing import Any

from PIL import Image

from i18n import N_, _
from rendering.kit.colours import HIGHLIGHT, INK, LINE, PANEL, PAPER, SOFT, STRIPE, WHITE
from rendering.kit.icons import star
from rendering.yokohama import layout as L
from rendering.yokohama.names import Names, seat_names
from rendering.yokohama.palette import fit, new_canvas, put_text
from rendering.yokohama.pieces import marked_by, pawn

#: The final scoring's categories (the rulebook's order); labels translated where they are drawn.
CATEGORIES = (
    ("play", N_("Points during play")),
    ("church", N_("Church majority")),
    ("customs", N_("Customs majority")),
    ("technology", N_("Technology bonus")),
    ("countries", N_("Country sets")),
    ("mercenaries", N_("Unused mercenaries")),
    ("imported", N_("Imported goods")),
    ("money", N_("Money (¥2 = 1)")),
    ("goods", N_("Trade goods (3 = 1)")),
)
HEAD_Y = 60
COLUMN_HEAD = 92
ROW_H = 42
LABEL_W = 300


def default_ranking(view: dict[str, Any]) -> list[int]:
    """Best first; a tie goes to the player closest to the start player (seat 0 first), as the rulebook says."""
    scores = view.get("scores") or []
    return sorted(range(len(view["seats"])), key=lambda s: (-scores[s]["total"] if s < len(scores) else 0, s))


def draw_final(view: dict[str, Any], names: Names = None, ranking: list[int] | None = None) -> Image.Image:
    """The palette image of the final scores. `ranking` (best first) is the caller's, e.g. with resigned players
    last; without it, the rulebook's order."""
    who = seat_names(view, names)
    with marked_by(who):
        return _draw_final(view, who, ranking)


def _draw_final(view: dict[str, Any], who: list[str], ranking: list[int] | None) -> Image.Image:
    order = list(ranking) if ranking else default_ranking(view)
    order += [s for s in range(len(view["seats"])) if s not in order]
    scores = view.get("scores") or [{} for _x in view["seats"]]
    rows = len(CATEGORIES) + 1
    height = HEAD_Y + COLUMN_HEAD + rows * ROW_H + 24
    image, draw = new_canvas(L.WIDTH, height, "P")
    winner = order[0]
    heading = fit(_("Yokohama · final scores"), 28, L.INNER - 660, True)
    put_text(image, (L.MARGIN, HEAD_Y / 2), heading, 28, INK, PAPER, "lm", bold=True)
    title = _("Winner: {player} with {n} VP").format(player=who[winner], n=scores[winner].get("total", 0))
    put_text(image, (L.WIDTH - L.MARGIN, HEAD_Y / 2), fit(title, 24, 640, True), 24, INK, PAPER, "rm", bold=True)
    col_w = (L.WIDTH - 2 * L.MARGIN - LABEL_W) // max(1, len(order))
    top = HEAD_Y
    table_bottom = top + COLUMN_HEAD + rows * ROW_H
    for k in range(rows):
        y = top + COLUMN_HEAD + k * ROW_H
        fill = STRIPE if k % 2 else PANEL
        if k == rows - 1:
            fill = WHITE
        draw.rectangle((L.MARGIN, y, L.WIDTH - L.MARGIN, y + ROW_H), fill=fill)
    for place, seat in enumerate(order):
        x0 = L.MARGIN + LABEL_W + place * col_w
        if seat == winner:
            draw.rectangle((x0, top, x0 + col_w, table_bottom), fill=HIGHLIGHT)
        cx = x0 + col_w / 2
        bg = HIGHLIGHT if seat == winner else PAPER
        pawn(image, draw, seat, round(cx - 16), top + 4, 32)
        put_text(image, (cx, top + 44), fit(who[seat], 22, col_w - 12, True), 22, INK, bg, "mt", bold=True)
        label = fit(_("Winner") if seat == winner else _ordinal(place + 1), 18, col_w - 48, seat == winner)
        if seat == winner:
            star(draw, x0 + 22, top + 20, 16, HIGHLIGHT)
        put_text(image, (cx, top + 70), label, 18, INK if seat == winner else SOFT, bg, "mt", bold=seat == winner)
    for k, (key, label) in enumerate([*CATEGORIES, ("total", N_("Total"))]):
        y = top + COLUMN_HEAD + k * ROW_H
        fill = WHITE if key == "total" else (STRIPE if k % 2 else PANEL)
        put_text(image, (L.MARGIN + 12, y + ROW_H / 2), fit(_(label), 22, LABEL_W - 16, key == "total"), 22, INK, fill,
                 "lm", bold=key == "total")
        for place, seat in enumerate(order):
            x0 = L.MARGIN + LABEL_W + place * col_w
            value = scores[seat].get(key, 0) if seat < len(scores) else 0
            cell = HIGHLIGHT if seat == winner else fill
            if seat == winner:
                draw.rectangle((x0, y, x0 + col_w, y + ROW_H), fill=HIGHLIGHT)
            put_text(image, (x0 + col_w / 2, y + ROW_H / 2), str(value), 24 if key == "total" else 22,
                     INK if value or key == "total" else SOFT, cell, "mm", bold=key == "total")
    draw.line((L.MARGIN, table_bottom - ROW_H, L.WIDTH - L.MARGIN, table_bottom - ROW_H), fill=INK, width=3)
    draw.rectangle((L.MARGIN, top + COLUMN_HEAD, L.WIDTH - L.MARGIN, table_bottom), outline=LINE, width=2)
    draw.rectangle((L.MARGIN + LABEL_W + order.index(winner) * col_w, top,
                    L.MARGIN + LABEL_W + (order.index(winner) + 1) * col_w, table_bottom), outline=INK, width=4)
    return image


def _ordinal(n: int) -> str:
    ordinals = {1: _("1st"), 2: _("2nd"), 3: _("3rd")}
    return ordinals.get(n) or _("{n}th").format(n=n)
