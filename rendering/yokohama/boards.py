"""Player boards: each player's money, goods, pieces, technologies, orders, tokens and score so far.

One band per player, drawn from the view: the public picture shows every band with the
number of orders in hand only; a seat's own view adds that seat's hand of orders (and, at
setup, the two cards to choose from) under its band. Nothing else differs, so a public
picture never depends on a hidden card. The band's frame is cached per (player count, hand
shown); everything else is a few shapes and cached text sprites.
"""

from __future__ import annotations

import functools
from typing import Any

from PIL import Image, ImageDraw

from i18n import _, current_locale, ngettext
from rendering.kit.colours import BAND, HIGHLIGHT, INK, LINE, PANEL, PAPER, RGB, SOFT, STRIPE, WHITE
from rendering.kit.icons import house
from rendering.yokohama import layout as L
from rendering.yokohama.cards import ORDER_H, ORDER_W, order_card
from rendering.yokohama.names import Names, seat_names
from rendering.yokohama.palette import PAL, fit, new_canvas, put_text, text_width
from rendering.yokohama.pieces import (
    COUNTRY_ORDER,
    GOOD_ORDER,
    coin,
    country_badge,
    draw_icon_for,
    marked_by,
    pawn,
    president,
    trading_space,
)

BAND_H = 262
HAND_H = ORDER_H + 40
TITLE_H = 50
ROW = 44


def band_heights(view: dict[str, Any]) -> list[int]:
    viewer = view.get("viewer")
    return [BAND_H + (HAND_H if seat == viewer and _hand(info) is not None else 0)
            for seat, info in enumerate(view["seats"])]


def _hand(info: dict[str, Any]) -> list[dict[str, Any]] | None:
    """The orders this view may show for a seat: its own hand (None for another seat's)."""
    if info.get("orders") is None:
        return None
    return list(info["orders"]) + list(info.get("choosing_from") or [])


def draw_boards(view: dict[str, Any], names: Names = None, seats: list[int] | None = None) -> Image.Image:
    """The palette image of the player boards (all seats, or `seats`, in that order)."""
    who = seat_names(view, names)
    order = list(range(len(view["seats"]))) if seats is None else seats
    heights = band_heights(view)
    image, _x = new_canvas(L.WIDTH, TITLE_H + sum(heights[s] + 8 for s in order) + 8, "P")
    image.paste(_title(len(order) > 1, current_locale.get()), (0, 0))
    y = TITLE_H
    for seat in order:  # each band's empty frame is cached by (seat colour, height): shared by every game
        image.paste(_band_frame(_bg(seat), heights[seat]), (L.MARGIN, y))
        y += heights[seat] + 8
    draw = PAL.draw(image)
    y = TITLE_H
    with marked_by(who):
        for seat in order:
            pawn(image, draw, seat, L.MARGIN + 12, y + 10, 32)
            _band(image, draw, view, seat, who[seat], y, heights[seat])
            y += heights[seat] + 8
    return image


@functools.lru_cache(maxsize=8)
def _title(several: bool, locale: str) -> Image.Image:
    """The title row ("Player boards" or "Your board") over the bands, in `locale` (the current one)."""
    image, _x = new_canvas(L.WIDTH, TITLE_H, "P")
    title = fit(_("Player boards") if several else _("Your board"), 26, L.INNER // 2, True)
    w, _h = put_text(image, (L.MARGIN, TITLE_H / 2), title, 26, INK, PAPER, "lm", bold=True)
    note = fit(_("hidden orders are shown only to their owner"), 18, L.INNER - w - 24)
    put_text(image, (L.WIDTH - L.MARGIN, TITLE_H / 2), note, 18, SOFT, PAPER, "rm")
    return image


@functools.lru_cache(maxsize=32)
def _band_frame(bg: RGB, height: int) -> Image.Image:
    """One seat's empty band (background and frame) of `height`, keyed by layout, never by game: the
    heights are a handful (hand sizes), so a few dozen entries serve every game. The seat's piece is
    drawn per picture: it carries the player's initial."""
    image, draw = new_canvas(L.WIDTH - 2 * L.MARGIN + 1, height + 1, "P")
    draw.rounded_rectangle((0, 0, L.WIDTH - 2 * L.MARGIN, height), 12, fill=bg, outline=LINE, width=2)
    return image


def _bg(seat: int) -> RGB:
    return PANEL if seat % 2 == 0 else STRIPE


def _band(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], seat: int, name: str, y: int,
          h: int) -> None:
    info = view["seats"][seat]
    bg = _bg(seat)
    if view.get("current") == seat and not view.get("over"):
        draw.rounded_rectangle((L.MARGIN, y, L.WIDTH - L.MARGIN, y + h), 12, outline=INK, width=4)
    x0 = L.MARGIN + 12
    x1 = L.WIDTH - L.MARGIN - 12
    # title row: who, points now, points if the game ended now
    scores = view.get("scores") or []
    total = scores[seat]["total"] if seat < len(scores) else info["vp"]
    right = (_("{n} VP · {total} with final scoring now").format(n=info["vp"], total=total) if not view.get("over")
             else _("{n} VP final").format(n=total))
    rw, _x = put_text(image, (x1, y + 26), right, L.TEXT, INK, bg, "rm", bold=True)
    put_text(image, (x0 + 42, y + 26), fit(name, 26, x1 - x0 - 60 - rw, True), 26, INK, bg, "lm", bold=True)
    # row 1: money, goods, imported, orders in hand, where the President is
    r = y + 48
    s = 30
    x = x0
    x += coin(image, draw, info["yen"], x, r, s) + 16
    for good in GOOD_ORDER:
        draw_icon_for(image, draw, good, x, r, s)
        w, _x = put_text(image, (x + s + 4, r + s / 2), str(info["goods"].get(good, 0)), L.TEXT, INK, bg, "lm",
                        bold=True)
        x += s + w + 14
    draw_icon_for(image, draw, "imported", x, r, s)
    held = info["imported"]
    imported = fit(ngettext("{n} imported", "{n} imported", held).format(n=held), L.TEXT, 200, True)
    w, _x = put_text(image, (x + s + 4, r + s / 2), imported, L.TEXT, INK, bg, "lm", bold=True)
    x += s + w + 18
    x += _card_backs(image, draw, x, r, info["order_count"], bg) + 18
    if info.get("president"):
        president(image, draw, seat, x, r - 6, 28)
        put_text(image, (x + 32, r + s / 2), fit(info.get("president_name") or "", L.SMALL, x1 - x - 34), L.SMALL,
                 INK, bg, "lm")
    else:
        put_text(image, (x, r + s / 2), fit(_("President in hand"), L.SMALL, x1 - x), L.SMALL, SOFT, bg, "lm")
    # row 2: pieces in hand, in the warehouse, built; pawns on Church and Customs
    r += ROW
    x = _pieces(image, draw, seat, x0, r, _("hand"), info["hand"], bg)
    x = _pieces(image, draw, seat, x + 20, r, _("warehouse"), info["warehouse"], bg)
    built = _("built: {shops} shops, {houses} TH").format(shops=info.get("shops_built", 0),
                                                          houses=info.get("trading_houses_built", 0))
    w, _x = put_text(image, (x + 20, r + 15), fit(built, L.SMALL, max(60, (x1 - x) // 2)), L.SMALL, INK, bg, "lm")
    x += 20 + w
    pews = _("Church {church} · Customs {customs}").format(church=info.get("church_pawns", 0),
                                                          customs=info.get("customs_pawns", 0))
    put_text(image, (x1, r + 15), fit(pews, L.SMALL, x1 - x - 16), L.SMALL, INK, bg, "rm")
    # row 3: technologies
    r += ROW
    techs = info.get("technologies") or []
    label = fit(_("Tech (industry {n}):").format(n=info.get("tech_value", 0)), L.SMALL, 360, True)
    w, _x = put_text(image, (x0, r + 15), label, L.SMALL, INK, bg, "lm", bold=True)
    x = x0 + w + 10
    if not techs:
        put_text(image, (x, r + 15), fit(_("none yet"), L.SMALL, x1 - x), L.SMALL, SOFT, bg, "lm")
    for k, tech in enumerate(techs):
        text = f"{tech['name']} {tech['value']}" + ("," if k < len(techs) - 1 else "")
        width = text_width(text, L.SMALL)
        if x + width > x1:
            put_text(image, (x, r + 15), fit(_("+{n} more").format(n=len(techs) - k), L.SMALL, max(0, x1 - x)), L.SMALL,
                     SOFT, bg, "lm")
            break
        put_text(image, (x, r + 15), text, L.SMALL, INK, bg, "lm")
        x += width + 8
    # row 4: orders fulfilled by country, mercenaries, 5-Power tokens, achievements
    r += ROW
    w, _x = put_text(image, (x0, r + 15), fit(_("Orders done:"), L.SMALL, 200, True), L.SMALL, INK, bg, "lm",
                     bold=True)
    x = x0 + w + 8
    done = [o["country"] for o in info.get("completed_orders") or []]
    for country in COUNTRY_ORDER:
        count = done.count(country)
        x += country_badge(image, draw, country, x, r + 1, 16, WHITE if count else bg) + 3
        cw, _x = put_text(image, (x, r + 15), str(count), L.SMALL, INK if count else SOFT, bg, "lm", bold=True)
        x += cw + 10
    x += 8
    mercs = info.get("mercenaries") or []
    w, _x = put_text(image, (x, r + 15), fit(_("Mercenaries:"), L.SMALL, 200, True), L.SMALL, INK, bg, "lm", bold=True)
    x += w + 6
    if not mercs:
        w, _x = put_text(image, (x, r + 15), fit(_("none"), L.SMALL, max(0, x1 - x)), L.SMALL, SOFT, bg, "lm")
        x += w
    for merc in mercs:
        used = bool(merc.get("used"))
        bw = country_badge(image, draw, merc["country"], x, r + 1, 16, bg if used else HIGHLIGHT)
        if used:
            draw.line((x + 2, r + 24, x + bw - 2, r + 2), fill=INK, width=2)
        x += bw + 4
    # row 5: 5-Power tokens, achievements
    r += ROW
    tokens = info.get("power_tokens") or []
    w, _x = put_text(image, (x0, r + 15), fit(_("5-Power tokens: {n}").format(n=len(tokens)), L.SMALL, 360, True),
                     L.SMALL, INK, bg, "lm", bold=True)
    x = x0 + w + 24
    got = info.get("achievements") or []
    names_by_id = {a["id"]: a["name"] for a in view.get("achievements", [])}
    text = _("Achievements: {achievements}").format(
        achievements=", ".join(f"{a} {names_by_id.get(a, '')}".strip() for a in got) if got else _("none"))
    put_text(image, (x, r + 15), fit(text, L.SMALL, x1 - x), L.SMALL, INK if got else SOFT, bg, "lm")
    hand = _hand(info) if view.get("viewer") == seat else None
    if hand is not None:
        _hand_row(image, draw, info, hand, x0, x1, r + ROW, bg)


def _card_backs(image: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int, count: int, bg: RGB) -> int:
    """Orders in hand as face-down cards (the count is public, the cards are not)."""
    for k in range(min(count, 3)):
        draw.rounded_rectangle((x + k * 8, y + 2 - k * 2, x + k * 8 + 20, y + 30 - k * 2), 4, fill=BAND, outline=INK,
                               width=2)
    w, _x = put_text(image, (x + 46, y + 15), fit(_("{n} in hand").format(n=count), L.SMALL, 200), L.SMALL, INK, bg,
                     "lm")
    return 46 + w


def _pieces(image: Image.Image, draw: ImageDraw.ImageDraw, seat: int, x: int, y: int, label: str,
            pieces: dict[str, int], bg: RGB) -> int:
    """'hand: (pawn) 7 (shop) 2 (TH) 0' - assistants, Shophouses, Trading Houses; returns the right edge."""
    w, _x = put_text(image, (x, y + 15), fit(_("{label}:").format(label=label), L.SMALL, 200, True), L.SMALL, INK, bg,
                     "lm", bold=True)
    x += w + 6
    s = 26
    pawn(image, draw, seat, x, y + 2, s)
    w, _x = put_text(image, (x + s + 3, y + 15), str(pieces.get("assistants", 0)), L.SMALL, INK, bg, "lm", bold=True)
    x += s + w + 10
    house(draw, x, y + 2, s, WHITE)
    w, _x = put_text(image, (x + s + 3, y + 15), str(pieces.get("shops", 0)), L.SMALL, INK, bg, "lm", bold=True)
    x += s + w + 10
    trading_space(image, draw, None, x, y + 4, 22, WHITE)
    w, _x = put_text(image, (x + 32, y + 15), str(pieces.get("th", 0)), L.SMALL, INK, bg, "lm", bold=True)
    return x + 32 + w


def _hand_row(image: Image.Image, draw: ImageDraw.ImageDraw, info: dict[str, Any], hand: list[dict[str, Any]],
              x0: int, x1: int, y: int, bg: RGB) -> None:
    choosing = len(info.get("choosing_from") or [])
    title = _("Your orders (only you see them)")
    if choosing:
        title = _("Keep one of these two orders (only you see them)")
    put_text(image, (x0, y + 14), fit(title, L.SMALL, x1 - x0, True), L.SMALL, INK, bg, "lm", bold=True)
    if not hand:
        put_text(image, (x0, y + 34 + ORDER_H / 2), fit(_("no orders in hand"), L.SMALL, x1 - x0), L.SMALL, SOFT, bg,
                 "lm")
    x = x0
    for order in hand:
        card = order_card(order, ORDER_W + 20)
        image.paste(card, (x, y + 32))
        x += card.width + 10
        if x + ORDER_W > x1:
            break
