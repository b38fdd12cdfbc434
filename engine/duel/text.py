"""Words for cards that several steps show: an Order's reward and needs, a Technology's price.

Labels lead with what a player weighs first (the reward, the points) and put the needs after; a label
naming an Order always shows both whole, and shortens its other words when they would not fit. The menu
description (`detail`) says it again in full sentences. Goods are always written out (_("1 Tea"), never "1T").
"""

from __future__ import annotations

from engine.core.steps import LABEL_LIMIT
from engine.core.translate import _, language
from engine.core.wording import labelled
from engine.duel.cards import CHURCH, ORDERS, RULES, TECHS, cost_text, good_name, reward_text


def needs_text(cost: dict[str, int]) -> str:
    """"2 Tea 1 Fish"."""
    return " ".join(_("{n} {good}").format(n=n, good=good_name(g)) for g, n in cost.items())


def order_text(card: int, *prefixes: str, limit: int = 80) -> str:
    """A prefix + "Order 7: 5 pts + ¥2 for 2 Tea 1 Fish": the first of `prefixes` (longest wording
    first) with which the card fits `limit`, naming the card "#7" instead of "Order 7" when none does.
    The points, the reward and the goods to pay are never cut: a label that names an Order shows what
    it costs and what it gives, whole."""
    order = ORDERS[card]
    body = _("{points} pts + {reward} for {needs}").format(points=order.points, reward=reward_text(order.reward),
                                                           needs=needs_text(order.cost))
    # TRANSLATORS: the Duel's terms (Order card, Power card, Extra Power, Power Bonus, Shop, Trading House, Foreign
    # Agent, Imported Goods, Used Area): plain choices, not verified against the Duel's published editions; the
    # same words as Yokohama's where the catalogue already had them (Orders, Shops, Power Bonus, Extra Power).
    named = _("Order {n}: {order}")
    tried = [prefix + named.format(n=card + 1, order=body) for prefix in prefixes or ("",)]
    tried += [prefix + labelled(f"#{card + 1}", body) for prefix in prefixes or ("",)]
    return next((text for text in tried if len(text) <= limit), tried[-1])


def order_detail(card: int) -> str:
    order = ORDERS[card]
    return _("Order {n}: pay {cost}; gain {points} points and {reward}.").format(
        n=card + 1, cost=cost_text(order.cost), points=order.points, reward=reward_text(order.reward))


def order_label(card: int) -> str:
    """The Order as it reads on its own (the views' `text`): written once per card, at import (every view
    shows each Order in a hand or completed, and a playout's check draws two views)."""
    words = language()
    labels = _ORDER_LABELS.get(words)
    if labels is None:
        labels = _ORDER_LABELS[words] = tuple(order_text(card, "") for card in range(len(ORDERS)))
    return labels[card]


#: The Order labels by language (a cache of worded text is keyed by the language it is worded in).
_ORDER_LABELS: dict[str, tuple[str, ...]] = {}


def church_text(card: int) -> str:
    c = CHURCH[card]
    return _("Church card {n}: Faith {faith}, {points} pts + {reward}").format(
        n=card + 1, faith=c.faith, points=c.points, reward=reward_text(c.reward))


def tech_price_text(units: int) -> str:
    """What taking a Technology costs on top of the Production: `units` of ¥2 or an Imported Good."""
    if units == 0:
        return _("free")
    if units == 1:
        return _("¥{yen} or 1 Imported").format(yen=RULES.lab_unit_yen)
    return _("{units}× (¥{yen} or Imported)").format(units=units, yen=RULES.lab_unit_yen)


def tech_text(tech: str, units: int, limit: int = LABEL_LIMIT) -> str:
    """"Ball (free): End: +1 point per completed Order card." — or, when that would not fit `limit`, the name
    and the price alone (the description says what the card does): the price is never cut."""
    t = TECHS[tech]
    price = tech_price_text(units)
    full = _("{tech} ({price}): {text}").format(tech=t.name, price=price, text=t.text)
    return full if len(full) <= limit else _("{tech} ({price})").format(tech=t.name, price=price)


def tech_detail(tech: str, units: int) -> str:
    """The Technology's production and what it does (its price is in the label)."""
    t = TECHS[tech]
    return _("Production {production}: {text}").format(production=t.production, text=t.text)
