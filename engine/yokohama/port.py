"""The Port's Area Action: taking order cards (rulebook "Port"), one decision for the cards taken.

Power 2 reaches the low orders, 3 the middle ones, 4-5 all; a second card costs ¥2 or 1 imported
good; at most 3 orders in hand; Power 5 adds 3 VP. Cards slide left and the deck refills the row.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from typing import cast

from engine.core import seat_token
from engine.core.steps import LABEL_LIMIT
from engine.core.translate import N_, _, in_english, language, ngettext
from engine.core.wording import labelled
from engine.yokohama.areas import HAND_LIMIT, PORT_REACH, RULES, SECOND_CARD, has, spend
from engine.yokohama.board import ONE_STEP_LIMIT
from engine.yokohama.components import (
    COUNTRY_NAMES,
    area_name,
    good_count,
    goods_text,
    imported_text,
    parts,
    port_row_levels,
    reward_text,
)
from engine.yokohama.rewards import keep_event
from engine.yokohama.step import YokohamaStep
from engine.yokohama.text import around, order_label, order_pays, order_text
from engine.yokohama.types import Action, Candidate, OrdersAction, SecondCardPay, State


def slots_in_reach(state: State, area: str, power: int) -> list[int]:
    """The spaces of `area`'s row holding a card that Power `power` reaches (RB Port: "2 Power: ... from
    the Low area", "3 Power: ... Low and/or Mid", 4-5: all). The greedy player asks it of areas it may go to."""
    levels = port_row_levels(area)
    reach = PORT_REACH[power - 1]
    return [i for i, card in enumerate(state["ports"][area]) if card is not None and levels[i] in reach]


def port_slots(state: State, seat: int) -> list[int]:
    ctx = state["ctx"]
    return slots_in_reach(state, ctx["area"], ctx["power"])


def port_options(state: State, seat: int, every_pair: bool = False) -> list[Action]:
    """All the orders taken in one decision: none, one card, or two (the second paid ¥2 or 1
    imported good; ruling R3.1: both chosen from the cards on the board before they slide).
    A list longer than `ONE_STEP_LIMIT`, or a pair whose label cannot show both cards' cost and pay,
    asks the first card (`"then": "second"` to go on to a second) and then the second.

    `every_pair`: the pairs as they were offered before labels had to show both cards whole, which a
    stored game's log may hold (the game accepts them, `YokohamaGame.match_legal`)."""
    ctx = state["ctx"]
    pl = state["p"][seat]
    room = HAND_LIMIT - len(pl["orders"])
    slots = port_slots(state, seat) if room > 0 else []
    pays: list[SecondCardPay] = [p for p in ("yen", "imported") if has(state, seat, p, SECOND_CARD[p])]
    out: list[Action] = [{"do": "orders", "slots": []}]
    if ctx.get("taken", 0):  # the first card is taken (split decision, or schema 1)
        return out + [{"do": "orders", "slots": [i], "pay": p} for i in slots for p in pays]
    out += [{"do": "orders", "slots": [i]} for i in slots]
    if room < 2 or not pays:
        return out
    pairs: list[Action] = [{"do": "orders", "slots": [i, j], "pay": p}
                           for i, j in combinations(slots, 2) for p in pays]
    row = cast(list[int], state["ports"][ctx["area"]])  # the slots in reach hold cards
    if every_pair or (len(out) + len(pairs) <= ONE_STEP_LIMIT
                      and all(pair_text(row[i], row[j], p) for i, j in combinations(slots, 2) for p in pays)):
        return out + pairs
    return out + [{"do": "orders", "slots": [i], "then": "second"} for i in slots]


def take_orders(state: State, seat: int, action: Action) -> None:
    action = cast(OrdersAction, action)  # the Port step's own answer
    ctx = state["ctx"]
    area = ctx["area"]
    pl = state["p"][seat]
    pay = action.get("pay")
    if pay:
        spend(state, seat, pay, SECOND_CARD[pay])
    row = state["ports"][area]
    for slot in action["slots"]:
        pl["orders"].append(cast(int, row[slot]))  # offered slots hold a card
        row[slot] = None
    if action.get("then") == "second":
        ctx["taken"] = 1
        return
    if action["slots"]:
        taken = len(action["slots"])
        keep_event(state, ngettext("{seat} took {n} order card from {area}", "{seat} took {n} order cards from {area}",
                                   taken).format(seat=seat_token(state["seat"]), n=taken, area=area_name(area)))
    if ctx["power"] == 5:
        pl["vp"] += RULES["port"]["power5_vp"]
    refill_port(state, area)
    state["stage"] = "after_action"


def refill_port(state: State, area: str) -> None:
    """Slide cards left, refill from the deck; an empty space left over triggers the end."""
    row = [c for c in state["ports"][area] if c is not None]
    while len(row) < len(state["ports"][area]) and state["order_deck"]:
        row.append(state["order_deck"].pop())
    missing = len(state["ports"][area]) - len(row)
    state["ports"][area] = row + [None] * missing
    if missing and "orders" not in state["end"]["reasons"]:
        state["end"]["reasons"].append("orders")


def orders_text(state: State, action: Action) -> str:
    action = cast(OrdersAction, action)
    row = cast(list[int], state["ports"][state["ctx"]["area"]])  # the offered slots hold cards
    slots = action["slots"]
    if not slots:
        if state["ctx"].get("taken"):
            return _("Take no more orders")
        if state["ctx"]["power"] == 5:
            return _("Take no order (+{n} VP for Power 5)").format(n=RULES["port"]["power5_vp"])
        return _("Take no order")
    pay = action.get("pay")
    if action.get("then"):
        return order_label(row[slots[0]], around(_("Take order {card}, then a 2nd")),
                           around(_("Take {card}, then a 2nd")), around(_("1st of 2: {card}")))
    if len(slots) == 1:
        if not pay:
            return order_label(row[slots[0]], around(_("Take order {card}")), around(_("Take {card}")))
        price = price_name(pay)
        return order_label(row[slots[0]],
                           around(_("Take order {card} ({price} for the 2nd)").replace("{price}", price)),
                           around(_("Take {card} ({price} for the 2nd)").replace("{price}", price)),
                           around(_("2nd for {price}: {card}").replace("{price}", price)),
                           around(_("2nd, {price}: {card}").replace("{price}", price)))
    return pair_text(row[slots[0]], row[slots[1]], cast(SecondCardPay, pay)) or ""


def price_name(pay: str) -> str:
    """The price of a second order card, as a label says it."""
    if pay == "yen":
        return f"¥{SECOND_CARD['yen']}"
    return imported_text(SECOND_CARD["imported"])


def pair_text(first: int, second: int, pay: SecondCardPay) -> str | None:
    """Two order cards taken at once, each with what it costs and pays, whole; None when that does
    not fit a label in English (`port_options` then asks for the cards one at a time: which answers a
    game offers never depends on the reader's language). In another language, the shortest wording."""
    return _pair_text(first, second, pay, language())


@cache
def _pair_text(first: int, second: int, pay: SecondCardPay, lang: str) -> str | None:
    if lang != "en":
        with in_english():
            if pair_text(first, second, pay) is None:
                return None
    price = _(", 2nd for {price}").format(price=price_name(pay))
    form = _("Take {first} and {second}{price}")
    texts = [form.format(first=pair_part(first), second=pair_part(second), price=price),
             _("Take {first} & {second}{price}").format(first=tight_part(first), second=tight_part(second),
                                                          price=price)]
    return next((text for text in texts if len(text) <= LABEL_LIMIT), None if lang == "en" else texts[-1])


def pair_part(order: int) -> str:
    """"#10 American (2 Copper, 1 Tea → 7 VP)": one of two order cards in a label."""
    card = parts().orders[order]
    return _("#{order} {country} ({cost} → {reward})").format(
        order=order, country=COUNTRY_NAMES[card["country"]], cost=goods_text(card["cost"]),
        reward=reward_text(card["reward"], short=True))


def tight_part(order: int) -> str:
    """"#10: 2 Copper 1 Tea→7 VP": one of two order cards in the fewest words that keep its cost and pay."""
    card = parts().orders[order]
    goods = " ".join(good_count(n, g) for g, n in card["cost"].items() if n)
    return labelled(f"#{order}", f"{goods}→{order_pays(order).replace(' + ', '+')}")


class PortStep(YokohamaStep):
    stage = "act_port"
    stage_text = N_("Port: taking orders")
    kinds: tuple[str, ...] = ("orders",)
    hint = N_("take order cards at the Port (or none)")

    def candidates(self, state: State, seat: int) -> list[Candidate]:
        return [(a, None) for a in port_options(state, seat)]

    def take(self, state: State, seat: int, action: Action) -> None:
        take_orders(state, seat, action)

    def text(self, state: State, action: Action) -> str:
        return orders_text(state, action)

    def details(self, state: State, action: Action) -> str:
        action = cast(OrdersAction, action)
        row = cast(list[int], state["ports"][state["ctx"]["area"]])  # the offered slots hold cards
        return "; ".join(order_text(row[s], short=len(action["slots"]) > 1) for s in action["slots"])

    def told(self, state: State, action: Action) -> str:
        action = cast(OrdersAction, action)
        if not action["slots"]:
            return super().told(state, action)
        row = cast(list[int], state["ports"][state["ctx"]["area"]])
        if len(action["slots"]) == 1:
            return _("takes order {card}").format(card=order_text(row[action["slots"][0]]))
        return _("takes orders {first} and {second}").format(
            first=order_text(row[action["slots"][0]]), second=order_text(row[action["slots"][1]]))

    def prompt(self, state: State, seat: int) -> str:
        if state["ctx"].get("taken"):
            return _("Port: a 2nd order card for ¥{yen} or 1 imported good (or none)?").format(
                yen=SECOND_CARD["yen"])
        pw = state["ctx"]["power"]
        if pw == 5:
            return _("Port (Power {n}, +{vp} VP whatever you take): which order cards do you take?").format(
                n=pw, vp=RULES["port"]["power5_vp"])
        return _("Port (Power {n}): which order cards do you take?").format(n=pw)

    def unknown(self, state: State, seat: int, action: Action) -> str:
        pl = state["p"][seat]
        slots = action.get("slots")
        if isinstance(slots, list) and len(pl["orders"]) + len(slots) > HAND_LIMIT:
            return _("You may hold at most {n} order cards.").format(n=HAND_LIMIT)
        return _("That order card is out of reach at this Power, or you cannot pay for a second card.")


STEPS: tuple[YokohamaStep, ...] = (PortStep(),)
