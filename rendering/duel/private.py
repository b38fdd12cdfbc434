"""A seat's own view: its hand of Orders, its resources and face-down Church cards first, the board below.

A phone shows the top of a tall picture first, and what a player looks up on their own picture is
their hand and what they can pay with; so those lead, and every Order card carries its number as
the buttons name it ("Complete Order 12"). Only the owner's view carries these cards (`hand`,
`church`, `pending.drawn`, `pending.church_card`); the public view has None there, so this part is
never drawn on a public picture.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from i18n import _, ngettext
from rendering.duel import layout as L
from rendering.duel.board import (
    GOODS,
    _lines,
    draw_board,
    draw_church_card,
    pending_text,
    reward_words,
    seat_names,
    stamp_card,
)
from rendering.duel.palette import PALETTE, SEAT_COLOURS, SEAT_SOFT, put_text, seat_marker
from rendering.kit import fit
from rendering.kit.colours import GREEN, HIGHLIGHT, INK, LINE, SOFT, WHITE
from rendering.kit.encode import BAND_ROWS
from rendering.kit.icons import good_square
from rendering.kit.marks import initials


def _sections(view: dict[str, Any], seat: int) -> list[tuple[str, str, list[dict[str, Any]]]]:
    """(title, kind, cards) of the private part, top to bottom; empty sections are left out."""
    me = view["players"][seat]
    pending = view.get("pending") or {}
    sections: list[tuple[str, str, list[dict[str, Any]]]] = []
    drawn = pending.get("drawn") or []
    if drawn:
        title = _("Drawn at setup: keep 2") if pending.get("step") == "setup" else _("Drawn at the Port")
        sections.append((title, "order", list(drawn)))
    if pending.get("church_card"):
        sections.append((_("The Church card you are paying for"), "church", [pending["church_card"]]))
    hand = me.get("hand") or []
    sections.append((ngettext("Your hand: {n} Order card", "Your hand: {n} Order cards", len(hand)).format(n=len(hand)),
                     "hand", list(hand)))
    church = me.get("church") or []
    if church:
        sections.append((_("Your Church cards (face down to your opponent)"), "church", list(church)))
    return sections


def _section_height(kind: str, cards: list[dict[str, Any]]) -> int:
    columns = L.HAND_COLUMNS if kind in ("order", "hand") else 6
    rows = max(1, -(-len(cards) // columns))
    card_h = L.ORDER_H if kind in ("order", "hand") else L.CHURCH_H
    return L.SECTION_TITLE + rows * (card_h + L.GAP)


#: The head of the private part: the seat's decision, then a line of its resources.
HEAD_H = 56
RESOURCES_H = 48


def own_height(view: dict[str, Any], seat: int) -> int:
    """Height of the private part (head, resources, cards) above the board."""
    sections = _sections(view, seat)
    height = HEAD_H + RESOURCES_H + sum(_section_height(kind, cards) for _x, kind, cards in sections) + L.GAP
    # Rounded up to whole bands of the encoder: the board below then starts on a band boundary whatever the
    # hand holds, and its unchanged rows are reused from the encoder's cache (`rendering.kit.encode`).
    return -(-height // BAND_ROWS) * BAND_ROWS


def private_height(view: dict[str, Any], seat: int) -> int:
    return own_height(view, seat) + L.BOARD_H


def draw_private(view: dict[str, Any], seat: int, names: list[str] | str | None = None) -> Image.Image:
    """`seat`'s own cards, resources and decision, with the board below them."""
    people = seat_names(view, names)
    top = own_height(view, seat)
    image = draw_board(view, people, top=top)  # the board drawn under the private part, not copied there
    draw = PALETTE.draw(image)
    soft = SEAT_SOFT[seat % 2]
    draw.rectangle((0, 0, L.WIDTH, top - 6), fill=soft)
    draw.rectangle((0, top - 6, L.WIDTH, top - 2), fill=SEAT_COLOURS[seat % 2])
    seat_marker(image, draw, seat, initials(people)[seat], L.MARGIN, 12, 32)
    acting = seat in (view.get("to_act") or [])
    now = pending_text(view, people)
    head = (_("{player}'s view · your move: {what}").format(player=people[seat], what=now.split(": ", 1)[-1])
            if acting else _("{player}'s view · {what}").format(player=people[seat], what=now))
    put_text(image, (L.MARGIN + 42, 28), fit(head, L.TEXT, L.WIDTH - 2 * L.MARGIN - 44, True), L.TEXT, INK,
             soft, "lm", bold=True)  # fmt: skip
    _resources(image, draw, view, seat, HEAD_H, soft)
    y = HEAD_H + RESOURCES_H
    for title, kind, cards in _sections(view, seat):
        title_w, _h = put_text(image, (L.MARGIN, y + 6), fit(title, L.TITLE, L.WIDTH - 2 * L.MARGIN - 80, True),
                               L.TITLE, INK, soft, bold=True)  # fmt: skip
        if not cards:
            put_text(image, (L.MARGIN + max(420, title_w + 24), y + 10), _("none"), L.SMALL, SOFT, soft)
        top = y + L.SECTION_TITLE
        for i, card in enumerate(cards):
            if kind in ("order", "hand"):
                row, col = divmod(i, L.HAND_COLUMNS)
                x0 = L.column_x(col)
                y0 = top + row * (L.ORDER_H + L.GAP)
                goods = view["players"][seat].get("goods") if kind == "hand" else None
                drawer = _ready_order_card if is_ready(card, goods) else _order_card
                stamp_card(image, (x0, y0, x0 + L.ORDER_W, y0 + L.ORDER_H), card, drawer, soft)
            else:
                row, col = divmod(i, 6)
                box = L.church_box(col)
                y0 = top + row * (L.CHURCH_H + L.GAP)
                stamp_card(image, (box[0], y0, box[2], y0 + L.CHURCH_H), card, draw_church_card, soft)
        y += _section_height(kind, cards)
    return image


def _resources(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], seat: int, y: int,
               bg: tuple[int, int, int]) -> None:
    """What the seat can pay with, in one line: money, each good, Extra Power cards, its points."""
    me = view["players"][seat]
    mid = y + RESOURCES_H // 2
    x = L.MARGIN
    w, _x = put_text(image, (x, mid), f"¥{me.get('money', 0)}", L.TITLE, INK, bg, "lm", bold=True)
    x += w + 24
    for good in GOODS:
        good_square(PALETTE, image, draw, good, x, mid - 14, 28)
        w, _x = put_text(image, (x + 34, mid), str(me.get("goods", {}).get(good, 0)), L.TITLE, INK, bg, "lm", bold=True)
        x += 34 + max(w, 14) + 18
    extra = me.get("extra_power", {})
    scores = view.get("scores") or []
    total = scores[seat].get("total", 0) if seat < len(scores) else 0
    line = _("Extra Power +1 ×{one}, +2 ×{two} · {n} pts").format(one=extra.get("+1", 0), two=extra.get("+2", 0),
                                                                  n=total)
    put_text(image, (x + 6, mid), fit(line, L.TEXT, L.WIDTH - L.MARGIN - x - 6), L.TEXT, INK, bg, "lm")


def _order_card(image: Image.Image, draw: ImageDraw.ImageDraw, card: dict[str, Any], box: L.Box) -> None:
    draw_order_card(image, draw, card, box, ready=False)


def _ready_order_card(image: Image.Image, draw: ImageDraw.ImageDraw, card: dict[str, Any], box: L.Box) -> None:
    draw_order_card(image, draw, card, box, ready=True)


def is_ready(card: dict[str, Any], goods: dict[str, int] | None) -> bool:
    """Whether `goods` (the owner's) already cover the Order card's cost."""
    cost = card.get("cost", {})
    return goods is not None and bool(cost) and all(goods.get(g, 0) >= n for g, n in cost.items())


def draw_order_card(
    image: Image.Image, draw: ImageDraw.ImageDraw, card: dict[str, Any], box: L.Box,
    goods: dict[str, int] | None = None, ready: bool | None = None,
) -> None:  # fmt: skip
    """An Order card: the goods it needs (squares with counts), its points and its reward; marked
    "ready" when `goods` (the owner's) already cover it (or as `ready` says)."""
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, 10, fill=WHITE, outline=LINE, width=2)
    if ready is None:
        ready = is_ready(card, goods)
    x = x0 + 8
    for good in GOODS:
        count = card.get("cost", {}).get(good, 0)
        if count:
            w, _x = put_text(image, (x, y0 + 24), str(count), L.TEXT, INK, WHITE, "lm", bold=True)
            good_square(PALETTE, image, draw, good, x + w + 2, y0 + 11, 26)
            x += w + 36
    draw.rounded_rectangle((x0 + 8, y0 + 46, x0 + 74, y0 + 74), 8, fill=HIGHLIGHT)
    put_text(image, (x0 + 41, y0 + 60), fit(_("{n} pts").format(n=card.get("points", 0)), L.SMALL, 62, True), L.SMALL,
             INK, HIGHLIGHT, "mm", bold=True)  # fmt: skip
    right = x1 - 8
    if isinstance(card.get("id"), int):  # its number as the buttons say it ("Complete Order 12")
        number = str(card["id"] + 1)
        tab_w = 40  # fixed, so the rest of the card is laid out the same whatever the number
        draw.rounded_rectangle((x1 - 6 - tab_w, y0 + 46, x1 - 6, y0 + 74), 8, fill=INK)
        put_text(image, (x1 - 6 - tab_w / 2, y0 + 60), number, L.SMALL, WHITE, INK, "mm", bold=True)
        right = x1 - 12 - tab_w
    if ready:  # the owner's goods already cover it: it can be fulfilled now
        draw.rounded_rectangle((x0 + 80, y0 + 46, right, y0 + 74), 8, fill=GREEN)
        put_text(image, ((x0 + 80 + right) / 2, y0 + 60), fit(_("ready"), L.SMALL, right - x0 - 84, True), L.SMALL,
                 WHITE, GREEN, "mm", bold=True)  # fmt: skip
    else:
        put_text(image, (x0 + 82, y0 + 60), fit(_("gives:"), L.SMALL, right - x0 - 86), L.SMALL, SOFT, WHITE, "lm")
    reward = reward_words(card.get("reward") or {})
    _lines(image, x0 + 8, y0 + 82, reward or _("nothing more"), x1 - x0 - 16, 2, WHITE)
