"""Words shared by several steps' labels: orders, technologies, prices, what an area gives.

Each step words its own answers (engine/yokohama/step.py); what two or more of them say alike
lives here, built from the component data only.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.steps import LABEL_LIMIT
from engine.core.translate import N_, _, ngettext, pgettext
from engine.yokohama.board import MAX_POWER, power
from engine.yokohama.components import (
    COUNTRY_NAMES,
    GOOD_NAMES,
    Worded,
    area_kind,
    effect_text,
    good_count,
    goods_text,
    parts,
    reward_text,
    tech_name,
)
from engine.yokohama.types import State

FAITH_NAMES = Worded({**GOOD_NAMES.names, "silk": N_("Silk"), "yen": "¥1", "imported": N_("imported")})


#: The Port's order levels, as the labels name them ("orders up to Mid").
LEVEL_NAMES = {"low": N_("Low"), "mid": N_("Mid"), "high": N_("High")}


def order_text(order: int, short: bool = False) -> str:
    """"#10 American: 2 Copper, 1 Tea → 7 VP": the card's country, what it costs and what it pays."""
    card = parts().orders[order]
    return _("#{order} {country}: {cost} → {reward}").format(
        order=order, country=COUNTRY_NAMES[card["country"]], cost=goods_text(card["cost"]),
        reward=reward_text(card["reward"], short))


def order_pays(order: int) -> str:
    """What an order card pays, in the fewest words ("7 VP + ¥1")."""
    return reward_text(parts().orders[order]["reward"], short=True)


def fit(*texts: str) -> str:
    """The first of `texts` (longest wording first) that fits a label; the last one if none does."""
    return next((text for text in texts if len(text) <= LABEL_LIMIT), texts[-1])


def around(template: str) -> tuple[str, str]:
    """A (prefix, suffix) form of `order_label` from a translated template: "Take {card}, then a 2nd"."""
    prefix, _mark, suffix = template.partition("{card}")
    return prefix, suffix


def order_label(order: int, *forms: tuple[str, str]) -> str:
    """The order card between a (prefix, suffix) pair of `forms` (longest wording first): the first
    wording that fits a label, trying each form with the card in full words, then the warehouse icon
    in fewer words, then without commas and the country, then tightly spaced. What the card costs and
    what it pays are always there, whole (the contract: a label that names a card shows both)."""
    card = parts().orders[order]
    goods = " ".join(good_count(n, g) for g, n in card["cost"].items() if n)
    pays = order_pays(order)
    # TRANSLATORS: an order card in the fewest words, when the whole card does not fit a button (French: " : ").
    compact = pgettext("an order card in few words", "#{order}: {cost} → {reward}")
    bodies = (order_text(order), order_text(order, short=True), compact.format(order=order, cost=goods, reward=pays),
              compact.replace(" → ", "→").format(order=order, cost=goods, reward=pays.replace(" + ", "+")))
    texts = [f"{prefix}{body}{suffix}" for body in bodies for prefix, suffix in forms]
    return fit(*texts)


def tech_text(tech: int) -> str:
    card = parts().techs[tech]
    return f"{tech_name(tech)} ({effect_text(card['effect'])})"


def tech_detail(tech: int) -> str:
    card = parts().techs[tech]
    return _("{name}: {effect}; Industry {value}, {country}").format(
        name=tech_name(tech), effect=effect_text(card["effect"]), value=card["value"],
        country=COUNTRY_NAMES[card["country"]])


def cost_text(yen: int) -> str:
    return _(" (pay ¥{yen})").format(yen=yen) if yen else ""


def yen_text(yen: int) -> str:
    return f"¥{yen}" if yen else _("free")


def action_text(area: str, pw: int) -> str:
    """What the Area Action in `area` gives at Power `pw`, in a few words (movement labels)."""
    kind = area_kind(area)
    rules = parts().rules
    if kind in rules["production"]:
        n = rules["production"][kind][pw - 1]
        return good_count(n, kind) if n else _("nothing")
    if kind == "bank":
        return f"¥{rules['bank']['yen'][pw - 1]}"
    if kind == "port":
        reach = rules["port"]["reach"][pw - 1]
        # "5 Power: ... In addition, you gain 3 VP"
        bonus = _(", +{n} VP").format(n=rules["port"]["power5_vp"]) if pw == 5 else ""
        return (_("orders up to {level}").format(level=_(LEVEL_NAMES[reach[-1]])) if reach else _("no order")) + bonus
    if kind == "lab":
        return _("technology, {n} Industry").format(n=pw)
    if kind == "agency":
        n = rules["agency"]["tokens"][pw - 1]
        return ngettext("{n} warehouse token", "{n} warehouse tokens", n).format(n=n) if n else _("nothing")
    if kind == "chinatown":
        n = rules["chinatown"]["exchanges"][pw - 1]
        return ngettext("{n} exchange", "{n} exchanges", n).format(n=n)
    if kind == "church":
        return _("{n} Faith").format(n=rules["church"]["faith"][pw - 1])
    if kind == "customs":
        return _("up to {n} imported").format(n=rules["customs"]["imports"][pw - 1])
    return _("nothing")


def arrival_power(state: State, seat: int, area: str) -> int:
    """Action Power in `area` once the President stands there (its own pawn adds 1)."""
    here = state["p"][seat]["president"] == area
    return min(MAX_POWER, power(state, seat, area) + (0 if here else 1))


def power_text(area: str, pw: int) -> str:
    """"Power 3: 3 Tea": the Area Action in `area` at Power `pw`."""
    # TRANSLATORS: Yokohama's action Power. German "Stärke", French "puissance", Japanese パワー, as the board
    # pictures say it; plain choices, not verified against the published editions.
    return _("Power {n}: {action}").format(n=pw, action=action_text(area, pw))


def arrival_text(state: State, seat: int, area: str) -> str:
    """"Power 3: 3 Tea" for the President arriving in `area`."""
    return power_text(area, arrival_power(state, seat, area))


def faith_text(kinds: Sequence[str]) -> str:
    return "+".join(FAITH_NAMES[k] for k in kinds)
