"""A seat's own view: the board plus its hand of Orders, its face-down Church cards and what it owes.

Only the owner's view carries these cards (`hand`, `church`, `pending.drawn`, `pending.church_card`);
the public view has None there, so this part is never drawn on a public picture.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from rendering.duel import layout as L
from rendering.duel.board import (
    GOODS,
    _lines,
    draw_board,
    draw_church_card,
    pending_text,
    reward_words,
    seat_names,
)
from rendering.duel.palette import PALETTE, SEAT_COLOURS, SEAT_SOFT, initial, put_text, seat_marker
from rendering.kit import fit
from rendering.kit.colours import GREEN, HIGHLIGHT, INK, LINE, SOFT, WHITE
from rendering.kit.icons import good_square


def _sections(view: dict[str, Any], seat: int) -> list[tuple[str, str, list[dict[str, Any]]]]:
    """(title, kind, cards) of the private part, top to bottom; empty sections are left out."""
    me = view["players"][seat]
    pending = view.get("pending") or {}
    sections: list[tuple[str, str, list[dict[str, Any]]]] = []
    drawn = pending.get("drawn") or []
    if drawn:
        where = "at setup: keep 2" if pending.get("step") == "setup" else "at the Port"
        sections.append((f"Drawn {where}", "order", list(drawn)))
    if pending.get("church_card"):
        sections.append(("The Church card you are paying for", "church", [pending["church_card"]]))
    hand = me.get("hand") or []
    sections.append((f"Your hand: {len(hand)} Order card{'s' if len(hand) != 1 else ''}", "order", list(hand)))
    church = me.get("church") or []
    if church:
        sections.append(("Your Church cards (face down to your opponent)", "church", list(church)))
    return sections


def _section_height(kind: str, cards: list[dict[str, Any]]) -> int:
    columns = L.HAND_COLUMNS if kind == "order" else 6
    rows = max(1, -(-len(cards) // columns))
    card_h = L.ORDER_H if kind == "order" else L.CHURCH_H
    return L.SECTION_TITLE + rows * (card_h + L.GAP)


def private_height(view: dict[str, Any], seat: int) -> int:
    sections = _sections(view, seat)
    return L.BOARD_H + 56 + sum(_section_height(kind, cards) for _, kind, cards in sections) + L.MARGIN


def draw_private(view: dict[str, Any], seat: int, names: list[str] | str | None = None) -> Image.Image:
    """The board with `seat`'s own cards and decision below it."""
    people = seat_names(view, names)
    image = draw_board(view, people, private_height(view, seat))
    draw = ImageDraw.Draw(image)
    soft = SEAT_SOFT[seat % 2]
    y = L.BOARD_H
    draw.rectangle((0, y - 6, L.WIDTH, image.height), fill=soft)
    draw.rectangle((0, y - 6, L.WIDTH, y - 2), fill=SEAT_COLOURS[seat % 2])
    seat_marker(image, draw, seat, initial(people[seat]), L.MARGIN, y + 8, 32)
    acting = seat in (view.get("to_act") or [])
    now = pending_text(view, people)
    head = f"{people[seat]}'s view · " + ("your move: " + now.split(": ", 1)[-1] if acting else now)
    put_text(image, (L.MARGIN + 42, y + 24), fit(head, L.TEXT, L.WIDTH - 2 * L.MARGIN - 44, True), L.TEXT, INK,
             soft, "lm", bold=True)  # fmt: skip
    y += 56
    for title, kind, cards in _sections(view, seat):
        put_text(image, (L.MARGIN, y + 6), title, L.TITLE, INK, soft, bold=True)
        if not cards:
            put_text(image, (L.MARGIN + 420, y + 10), "none", L.SMALL, SOFT, soft)
        top = y + L.SECTION_TITLE
        for i, card in enumerate(cards):
            if kind == "order":
                row, col = divmod(i, L.HAND_COLUMNS)
                x0 = L.column_x(col)
                y0 = top + row * (L.ORDER_H + L.GAP)
                goods = view["players"][seat].get("goods") if title.startswith("Your hand") else None
                draw_order_card(image, draw, card, (x0, y0, x0 + L.ORDER_W, y0 + L.ORDER_H), goods)
            else:
                row, col = divmod(i, 6)
                box = L.church_box(col)
                y0 = top + row * (L.CHURCH_H + L.GAP)
                draw_church_card(image, draw, card, (box[0], y0, box[2], y0 + L.CHURCH_H))
        y += _section_height(kind, cards)
    return image


def draw_order_card(
    image: Image.Image, draw: ImageDraw.ImageDraw, card: dict[str, Any], box: L.Box, goods: dict[str, int] | None = None
) -> None:
    """An Order card: the goods it needs (squares with counts), its points and its reward; marked
    "ready" when `goods` (the owner's) already cover it."""
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, 10, fill=WHITE, outline=LINE, width=2)
    cost = card.get("cost", {})
    ready = goods is not None and bool(cost) and all(goods.get(g, 0) >= n for g, n in cost.items())
    x = x0 + 8
    for good in GOODS:
        count = card.get("cost", {}).get(good, 0)
        if count:
            w, _ = put_text(image, (x, y0 + 24), str(count), L.TEXT, INK, WHITE, "lm", bold=True)
            good_square(PALETTE, image, draw, good, x + w + 2, y0 + 11, 26)
            x += w + 36
    draw.rounded_rectangle((x0 + 8, y0 + 46, x0 + 78, y0 + 74), 8, fill=HIGHLIGHT)
    put_text(image, (x0 + 43, y0 + 60), f"{card.get('points', 0)} pts", L.SMALL, INK, HIGHLIGHT, "mm", bold=True)
    if ready:  # the owner's goods already cover it: it can be fulfilled now
        draw.rounded_rectangle((x0 + 86, y0 + 46, x1 - 8, y0 + 74), 8, fill=GREEN)
        put_text(image, ((x0 + 86 + x1 - 8) / 2, y0 + 60), "ready now", L.SMALL, WHITE, GREEN, "mm", bold=True)
    else:
        put_text(image, (x0 + 86, y0 + 60), "and gives:", L.SMALL, SOFT, WHITE, "lm")
    reward = reward_words(card.get("reward") or {})
    _lines(image, x0 + 8, y0 + 82, reward or "nothing more", x1 - x0 - 16, 2, WHITE)
