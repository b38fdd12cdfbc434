"""The final picture: the rulebook's 11 scoring categories side by side, the totals, the winner marked.

Drawn from the view of a finished game (`scores`, `score_labels`, `winners`), which by then shows
the Church cards face up, so nothing hidden is drawn.
"""

from __future__ import annotations

from typing import Any

from PIL import Image

from i18n import _
from rendering.duel import layout as L
from rendering.duel.board import seat_names
from rendering.duel.palette import PALETTE, SEAT_COLOURS, SEAT_SOFT, put_text, seat_marker
from rendering.kit import fit
from rendering.kit.colours import BAND, GOLD, INK, PANEL, PAPER, SOFT
from rendering.kit.icons import star
from rendering.kit.marks import initials

ROW_H = 46
HEAD_Y = 150
LABEL_W = 480
COL_W = (L.WIDTH - 2 * L.MARGIN - LABEL_W) // 2


def draw_final(view: dict[str, Any], names: list[str] | str | None = None) -> Image.Image:
    people = seat_names(view, names)
    scores: list[dict[str, int]] = view.get("scores") or [{}, {}]
    labels: dict[str, str] = view.get("score_labels") or {k: k for k in scores[0] if k != "total"}
    winners = list(view.get("winners") or [])
    rows = list(labels.items())
    bottom = HEAD_Y + (len(rows) + 1) * ROW_H
    height = bottom + 44
    image, draw = PALETTE.canvas(L.WIDTH, height)
    draw.rectangle((0, 0, L.WIDTH, 90), fill=PANEL)
    heading = fit(_("Yokohama Duel · final score"), 30, L.WIDTH - 2 * L.MARGIN, True)
    put_text(image, (L.MARGIN, 12), heading, 30, INK, PANEL, bold=True)
    totals = [s.get("total", 0) for s in scores]
    if len(winners) == 1:
        w = winners[0]
        if totals[w] == totals[1 - w]:
            result = _("{player} wins, {points} to {other} on the tie-break")
        else:
            result = _("{player} wins, {points} to {other}")
        result = result.format(player=people[w], points=totals[w], other=totals[1 - w])
    elif len(winners) > 1:
        result = _("A shared victory, {points} each (tied in every category)").format(points=totals[0])
    else:
        result = _("Not finished")
    put_text(image, (L.MARGIN, 56), fit(result, L.TITLE, L.WIDTH - 2 * L.MARGIN, True), L.TITLE, INK, PANEL,
             bold=True)  # fmt: skip
    # one column per seat in its own colours; the winner's framed, starred and titled "wins" (a yellow
    # highlight would be the other seat's colour)
    for seat in range(min(2, len(scores))):
        x0 = L.MARGIN + LABEL_W + seat * COL_W
        won = seat in winners
        fill = SEAT_SOFT[seat]
        draw.rectangle((x0 + 4, 100, x0 + COL_W - 4, bottom), fill=fill, outline=INK if won else fill, width=5)
        draw.rectangle((x0 + 4, 100, x0 + COL_W - 4, HEAD_Y - 4), fill=SEAT_COLOURS[seat], outline=INK if won else None,
                       width=5)  # fmt: skip
        seat_marker(image, draw, seat, initials(people)[seat], x0 + 10, 108, 32)
        room = COL_W - 60 - (40 if won else 0)
        title = fit(_("{player} wins").format(player=people[seat]) if won else people[seat], L.TEXT, room, True)
        put_text(image, (x0 + 50, 124), title, L.TEXT, INK, SEAT_COLOURS[seat], "lm", bold=True)
        if won:
            star(draw, x0 + COL_W - 26, 124, 16, GOLD)
    for i, (key, label) in enumerate(rows + [("total", _("Total"))]):
        y = HEAD_Y + i * ROW_H
        total = key == "total"
        if i % 2 == 1 or total:
            draw.rectangle((L.MARGIN, y, L.MARGIN + LABEL_W, y + ROW_H - 2), fill=BAND)
        bg = BAND if i % 2 == 1 or total else PAPER
        number = "" if total else f"{i + 1}. "
        put_text(image, (L.MARGIN + 8, y + ROW_H / 2), fit(number + label, L.TEXT, LABEL_W - 16), L.TEXT, INK, bg, "lm",
                 bold=total)  # fmt: skip
        for seat in range(min(2, len(scores))):
            x0 = L.MARGIN + LABEL_W + seat * COL_W
            fill = SEAT_SOFT[seat]
            value = scores[seat].get(key, 0)
            size = L.TITLE if total else L.TEXT
            put_text(image, (x0 + COL_W / 2, y + ROW_H / 2), str(value), size, INK, fill, "mm", bold=total)
    put_text(image, (L.MARGIN, height - 28), fit(_("Ties are broken by category 1, then 2, and so on (rulebook)."),
                                                 L.SMALL, L.WIDTH - 2 * L.MARGIN), L.SMALL, SOFT, PAPER)  # fmt: skip
    return image
