"""Words for cards that several steps show: an Order's reward and needs, a Technology's price.

Labels lead with what a player weighs first (the reward, the points) and put the needs after; a label
naming an Order always shows both whole, and shortens its other words when they would not fit. The menu
description (`detail`) says it again in full sentences. Goods are always written out ("1 Tea", never "1T").
"""

from __future__ import annotations

from engine.duel.cards import CHURCH, GOOD_NAMES, ORDERS, RULES, TECHS, cost_text, reward_text


def needs_text(cost: dict[str, int]) -> str:
    """"2 Tea 1 Fish"."""
    return " ".join(f"{n} {GOOD_NAMES[g]}" for g, n in cost.items())


def order_text(card: int, *prefixes: str, limit: int = 80) -> str:
    """A prefix + "Order 7: 5 pts + ¥2 for 2 Tea 1 Fish": the first of `prefixes` (longest wording
    first) with which the card fits `limit`, naming the card "#7" instead of "Order 7" when none does.
    The points, the reward and the goods to pay are never cut: a label that names an Order shows what
    it costs and what it gives, whole."""
    order = ORDERS[card]
    body = f"{order.points} pts + {reward_text(order.reward)} for {needs_text(order.cost)}"
    tried = [f"{prefix}Order {card + 1}: {body}" for prefix in prefixes or ("",)]
    tried += [f"{prefix}#{card + 1}: {body}" for prefix in prefixes or ("",)]
    return next((text for text in tried if len(text) <= limit), tried[-1])


def order_detail(card: int) -> str:
    order = ORDERS[card]
    return f"Order {card + 1}: pay {cost_text(order.cost)}; gain {order.points} points and {reward_text(order.reward)}."


def order_label(card: int) -> str:
    """The Order as it reads on its own (the views' `text`): written once per card, at import (every view
    shows each Order in a hand or completed, and a playout's check draws two views)."""
    return _ORDER_LABELS[card]


_ORDER_LABELS: tuple[str, ...] = tuple(order_text(card, "") for card in range(len(ORDERS)))


def church_text(card: int) -> str:
    c = CHURCH[card]
    return f"Church card {card + 1}: Faith {c.faith}, {c.points} pts + {reward_text(c.reward)}"


def tech_price_text(units: int) -> str:
    """What taking a Technology costs on top of the Production: `units` of ¥2 or an Imported Good."""
    if units == 0:
        return "free"
    if units == 1:
        return f"¥{RULES.lab_unit_yen} or 1 Imported"
    return f"{units}× (¥{RULES.lab_unit_yen} or Imported)"


def tech_text(tech: str, units: int) -> str:
    t = TECHS[tech]
    return f"{t.name} ({tech_price_text(units)}): {t.text}"


def tech_detail(tech: str, units: int) -> str:
    t = TECHS[tech]
    return f"Production {t.production}; costs {tech_price_text(units)}. {t.text}"
