"""Short labels (<= 80 characters) for every action, as a player would read them on a button."""

from __future__ import annotations

from typing import Any

from engine.core import State
from engine.yokohama import areas, movement, placement
from engine.yokohama.board import MAX_POWER, power, th_cost
from engine.yokohama.components import (
    COUNTRY_NAMES,
    GOOD_NAMES,
    area_kind,
    area_name,
    goods_text,
    parts,
    reward_text,
)

TOKEN_NAMES = {"assistant": "an assistant (free)", "shop": "a Shophouse (¥2)"}
TRADE_NAMES = {
    "sell_copper": "Sell 1 Copper for ¥2", "sell_silk": "Sell 1 Raw Silk for ¥2",
    "sell_tea": "Sell 1 Tea for ¥1", "sell_fish": "Sell 1 Seafood for ¥1",
    "buy_copper": "Buy 1 Copper for ¥2", "buy_silk": "Buy 1 Raw Silk for ¥2",
    "buy_tea": "Buy 1 Tea for ¥1", "buy_fish": "Buy 1 Seafood for ¥1",
    "buy_imported": "Buy 1 imported good for ¥4",
}
FAITH_NAMES = {**GOOD_NAMES, "silk": "Silk", "yen": "¥1", "imported": "imported"}


def order_text(order: int) -> str:
    card = parts().orders[order]
    return (f"#{order} {COUNTRY_NAMES[card['country']]}: {goods_text(card['cost'])} → "
            f"{reward_text(card['reward'])}")


def tech_text(tech: int) -> str:
    card = parts().techs[tech]
    return f"{card['name']} ({parts().effect_text[card['effect']]})"


def cost_text(yen: int) -> str:
    return f" (pay ¥{yen})" if yen else ""


def yen_text(yen: int) -> str:
    return f"¥{yen}" if yen else "free"


def action_text(state: State, seat: int, area: str, pw: int) -> str:
    """What the Area Action in `area` gives at Power `pw`, in a few words (movement labels)."""
    kind = area_kind(area)
    rules = parts().rules
    if kind in areas.PRODUCTION:
        n = areas.PRODUCTION[kind][pw - 1]
        return f"{n} {GOOD_NAMES[kind]}" if n else "nothing"
    if kind == "bank":
        return f"¥{rules['bank']['yen'][pw - 1]}"
    if kind == "port":
        reach = areas.PORT_REACH[pw - 1]
        return f"orders up to {reach[-1].capitalize()}" if reach else "no order"
    if kind == "lab":
        return f"technology, {pw} Industry"
    if kind == "agency":
        n = rules["agency"]["tokens"][pw - 1]
        return f"{n} warehouse token{'s' if n != 1 else ''}" if n else "nothing"
    if kind == "chinatown":
        n = rules["chinatown"]["exchanges"][pw - 1]
        return f"{n} exchange{'s' if n != 1 else ''}"
    if kind == "church":
        return f"{areas.CHURCH_FAITH[pw - 1]} Faith"
    if kind == "customs":
        return f"up to {rules['customs']['imports'][pw - 1]} imported"
    return "nothing"


def arrival_text(state: State, seat: int, area: str) -> str:
    """"Power 3: 3 Tea" for the President arriving in `area` (its own pawn adds 1 Power)."""
    here = state["p"][seat]["president"] == area
    pw = min(MAX_POWER, power(state, seat, area) + (0 if here else 1))
    return f"Power {pw}: {action_text(state, seat, area, pw)}"


def faith_text(kinds: list[str]) -> str:
    return "+".join(FAITH_NAMES[k] for k in kinds)


def describe(state: State, action: Any) -> str:
    """The label, cut to 80 characters as a last safety net (tests check `full_label` fits)."""
    return full_label(state, action)[:80]


def full_label(state: State, action: dict[str, Any]) -> str:
    seat = state["seat"]
    do = action["do"]
    area: str = action.get("area") or ""
    if do == "keep":
        return f"Keep order {order_text(action['order'])}"
    if do == "good":
        return f"Take 1 {GOOD_NAMES[action['good']]}"
    if do == "goods":
        return f"Take {goods_text(action['goods'])}"
    if do == "take":
        what = action["what"]
        if what is None:
            return "Take nothing from the warehouse"
        if what == "th":
            return f"Take a Trading House (¥{th_cost(state, seat)})"
        return f"Take {TOKEN_NAMES[what]}"
    if do == "hire":
        take = action["take"]
        price = areas.agency_price(state, seat, take.get("shop", 0), take.get("th", 0))
        bits = [f"{n} {HIRE_NAMES[k]}{'s' if n > 1 else ''}" for k, n in take.items()]
        return f"Take {', '.join(bits)} ({yen_text(price)})"
    if do == "move_from":
        return f"Move an assistant from {area_name(area) if area else 'your hand'}"
    if do == "move_to":
        return f"…to {area_name(area)}"
    if do == "move_skip":
        return "Skip the assistant move"
    if do == "station_at":
        return f"Put the Station in {area_name(area)}"
    if do == "fulfill":
        return f"Complete order {order_text(action['order'])}"
    if do == "achieve":
        card = parts().achievements[action["card"]]
        entry = next(a for a in state["achievements"] if a["id"] == action["card"])
        points = card["vp"][0] if not entry["claimed"] else card["vp"][1]
        return f"Achievement: {card['name']} ({points} VP)"
    if do in ("merc", "merc_area"):
        return f"Mercenary acts in {area_name(area)} ({arrival_text(state, seat, area)[6:]})"
    if do == "spin":
        return "Spinning Mill: discard 1 Raw Silk for ¥2"
    if do == "university":
        return "University: pay ¥1 for an assistant from the warehouse"
    if do == "main":
        return "Go on to the main action"
    if do == "end_turn":
        return "End your turn"
    if do == "place_way":
        if action["way"] == "spread":
            return "Place 1 assistant in each of several areas"
        return "Place 2 assistants in one area"
    if do == "place":
        return place_label(state, seat, action)
    if do == "go":
        price = movement.go_cost(state, seat, area)
        verb = "Put your President in" if state["p"][seat]["president"] is None else "President to"
        if state["p"][seat]["president"] == area:
            verb = "Stop in"
        return f"{verb} {area_name(area)} ({yen_text(price)}) → {arrival_text(state, seat, area)}"
    if do == "tram_to":
        return f"Tram to {area_name(area)} (free) → {arrival_text(state, seat, area)}"
    if do == "station":
        return f"Station ride to {area_name(state['station'])} (free) → {arrival_text(state, seat, state['station'])}"
    if do == "return" and "area" not in action:
        return "Take your President back to hand (no action) — then choose assistants"
    if do == "return":
        if not area:
            return "President back to hand, no assistants (no action)"
        n = state["p"][seat]["placed"].get(area, 0)
        return f"President back to hand + {n} assistant{'s' if n > 1 else ''} from {area_name(area)} (no action)"
    if do == "orders":
        return orders_label(state, action)
    if do == "tech":
        card = state["labs"][state["ctx"]["area"]][action["slot"]]
        units = areas.tech_units(state, seat, action["slot"])
        k = action["imported"]
        paid = " + ".join([*([f"¥{areas.UNIT_YEN * (units - k)}"] if units > k else []),
                           *([f"{k} imported"] if k else [])]) or "free"
        return f"Learn {tech_text(card)} — {paid}"
    if do == "hire_th":
        n = action["th"]
        price = areas.agency_price(state, seat, 0, n)
        return f"Take {n} Trading House{'s' if n != 1 else ''} (¥{price}), then the rest"
    if do == "tech_none":
        return "Learn no technology"
    if do == "hire_done":
        return "Take nothing from the warehouse"
    if do == "exchange":
        return TRADE_NAMES[action["trade"]]
    if do == "exchange_done":
        return "Stop exchanging"
    if do == "church":
        space = parts().boards["church"][action["space"]]
        if "pay" not in action:
            return f"Church {action['space'] + 1} ({space['need']} Faith → {reward_text(space['reward'])})"
        return f"Church {action['space'] + 1} ({reward_text(space['reward'])}): {church_pay_text(state, action['pay'])}"
    if do == "faith":
        return f"Pay {church_pay_text(state, action['pay'])}"
    if do == "customs":
        space = parts().boards["customs"][action["space"]]
        return f"Customs {action['space'] + 1}: pay {space['need']} imported → {reward_text(space['reward'])}"
    if do in ("church_none", "customs_none"):
        return "Place no assistant on the board"
    if do == "pawn_from":
        return "Use an assistant from this area" if action["source"] == "area" else "Use an assistant from hand"
    if do == "bonus_take":
        token = state["tokens"][state["ctx"]["area"]]
        return f"Take the 5-Power token: {reward_text(parts().power_tokens[token]['reward'])}"
    if do == "bonus_skip":
        return "Leave the 5-Power token"
    if do == "build":
        site = parts().sites[state["sites"][state["ctx"]["area"]]["card"]]
        if action["what"] == "shop":
            return f"Build a Shophouse on space {action['space'] + 1}: {reward_text(site['shops'][action['space']])}"
        return f"Build a Trading House: {reward_text(site['trading_house'])}"
    if do == "build_skip":
        return "Build nothing"
    if do == "recover":
        return "Telephone: leave 1 assistant here" if action["leave"] else "Take all assistants back"
    return str(action)


HIRE_NAMES = {"assistant": "assistant", "shop": "Shophouse", "th": "Trading House"}


def place_label(state: State, seat: int, action: dict[str, Any]) -> str:
    """"1 each in Bank, Church (pay ¥1)" / "2 in Bank + 1 in Tea (Telegram)" with the real cost."""
    if "pair" in action:
        price = placement.cost(state, seat, action["pair"], 2)
        text = f"2 in {area_name(action['pair'])}"
        if "extra" in action:
            price += placement.cost(state, seat, action["extra"], 1)
            text += f" + 1 in {area_name(action['extra'])}"
        if action.get("then"):
            text += ", then Telegram's extra"
        return f"Place {text}{cost_text(price)}"
    chosen = action["areas"]
    if not chosen:
        return "Place no more assistants"
    price = sum(placement.cost(state, seat, a, 1) for a in chosen)
    names = ", ".join(area_name(a) for a in chosen)
    return f"Place 1 {'each ' if len(chosen) > 1 else ''}in {names}{cost_text(price)}"


def orders_label(state: State, action: dict[str, Any]) -> str:
    row = state["ports"][state["ctx"]["area"]]
    slots = action["slots"]
    if not slots:
        return "Take no more orders" if state["ctx"].get("taken") else "Take no order"
    pay = action.get("pay")
    price = "" if not pay else (f" (¥{areas.SECOND_CARD['yen']} for the 2nd)" if pay == "yen"
                                else " (1 imported for the 2nd)")
    if action.get("then"):
        return f"Take order {order_text(row[slots[0]])}, then a 2nd"
    if len(slots) == 1 and not state["ctx"].get("taken"):
        return f"Take order {order_text(row[slots[0]])}"
    if len(slots) == 1:
        return f"Take order {order_text(row[slots[0]])}{price}"
    return f"Take orders #{row[slots[0]]} and #{row[slots[1]]}{price}"


def church_pay_text(state: State, pay: list[str]) -> str:
    """"¥1 + 1 Tea (Power 3 + 2 = 5 Faith)": what is paid and the Faith total it makes."""
    ctx = state["ctx"]
    total = ctx["power_faith"] + len(ctx.get("paid", [])) + len(pay)
    items = faith_text(pay) if pay else "pay nothing"
    return f"{items} = {total} Faith"


def detail(state: State, action: Any) -> str:
    """More than the label holds (a menu option's description, <= 100 characters)."""
    if not isinstance(action, dict):
        return ""
    do = action.get("do")
    text = ""
    if do == "orders" and action["slots"]:
        row = state["ports"][state["ctx"]["area"]]
        text = "; ".join(order_text(row[s]) for s in action["slots"])
    elif do == "tech":
        card = parts().techs[state["labs"][state["ctx"]["area"]][action["slot"]]]
        text = (f"{card['name']}: {parts().effect_text[card['effect']]}; Industry {card['value']}, "
                f"{COUNTRY_NAMES[card['country']]}")
    elif do in ("keep", "fulfill"):
        text = order_text(action["order"])
    return text[:100]
