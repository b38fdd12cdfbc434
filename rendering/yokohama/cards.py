"""Order and Technology cards as small pictures, drawn once per card and pasted wherever they lie.

A card's face never changes, so each is drawn once (in RGB, mapped onto the kit's palette)
and cached by what is printed on it; the map pastes the Port and Laboratory cards, the
player boards paste fulfilled orders and a seat's own hand. Pasting a cached palette image
costs far less than drawing the card again on every turn.
"""

from __future__ import annotations

import functools
import json
from typing import Any

from PIL import Image

from i18n import _, current_locale
from rendering.kit.colours import INK, LINE, SILVER, SOFT, WHITE
from rendering.yokohama.palette import fit, new_canvas, put_text, to_palette
from rendering.yokohama.pieces import country_badge, draw_goods, draw_reward, reward_width

ORDER_W, ORDER_H = 170, 84
TECH_W, TECH_H = 260, 66


def order_card(order: dict[str, Any], width: int = ORDER_W) -> Image.Image:
    """An Order card: its country, its reward (top) and the goods it costs (bottom)."""
    printed = {"country": order["country"], "cost": order["cost"], "reward": order["reward"],
               "locale": current_locale.get()}
    return _order_card(json.dumps(printed, sort_keys=True), width)


@functools.lru_cache(maxsize=256)
def _order_card(printed: str, width: int) -> Image.Image:
    card = json.loads(printed)
    image, draw = new_canvas(width, ORDER_H, "RGB")
    draw.rounded_rectangle((0, 0, width - 1, ORDER_H - 1), 8, fill=WHITE, outline=INK, width=2)
    country_badge(image, draw, card["country"], 6, 6)
    s = 26
    while s > 16 and reward_width(card["reward"], s) > width - 70:
        s -= 2
    draw_reward(image, draw, card["reward"], width - 8 - reward_width(card["reward"], s), 6, s, WHITE)
    # TRANSLATORS: on an Order card, before the goods it costs ("for [2 tea] [1 silk]"); keep it short.
    put_text(image, (8, ORDER_H - 8 - 13), fit(_("for"), 17, 30), 17, SOFT, WHITE, "lm")
    draw_goods(image, draw, card["cost"], 40, ORDER_H - 8 - 26, 26, WHITE)
    return to_palette(image)


def tech_card(tech: dict[str, Any], extra: int = 0, width: int = TECH_W) -> Image.Image:
    """A Technology card: name, country, Industry value (plus the Laboratory space's extra)."""
    printed = {"name": tech["name"], "country": tech["country"], "value": tech["value"],
               "locale": current_locale.get()}
    return _tech_card(json.dumps(printed, sort_keys=True), extra, width)


@functools.lru_cache(maxsize=256)
def _tech_card(printed: str, extra: int, width: int) -> Image.Image:
    card = json.loads(printed)
    image, draw = new_canvas(width, TECH_H, "RGB")
    draw.rounded_rectangle((0, 0, width - 1, TECH_H - 1), 8, fill=WHITE, outline=INK, width=2)
    cost = card["value"] + extra
    box = 40
    draw.rounded_rectangle((6, 6, 6 + box, 6 + box), 6, fill=SILVER, outline=INK, width=2)
    put_text(image, (6 + box / 2, 6 + box / 2), str(cost), 24, INK, SILVER, "mm", bold=True)
    put_text(image, (54, 4), fit(card["name"], 21, width - 62, True), 21, INK, WHITE, bold=True)
    x = 54 + country_badge(image, draw, card["country"], 54, 34, 16) + 8
    note = (_("value {n} +{extra} here").format(n=card["value"], extra=extra) if extra
            else _("value {n}").format(n=card["value"]))
    put_text(image, (x, 47), fit(note, 17, width - x - 6), 17, SOFT, WHITE, "lm")
    draw.line((6, TECH_H - 1, width - 7, TECH_H - 1), fill=LINE)
    return to_palette(image)
