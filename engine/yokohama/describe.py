"""Short labels (<= 80 characters) for every action, as a player would read them on a button."""

from __future__ import annotations

from typing import Any

from engine.core import State
from engine.yokohama import areas, movement, placement
from engine.yokohama.board import th_cost
from engine.yokohama.components import GOOD_NAMES, area_name, goods_text, parts, reward_text

TOKEN_NAMES = {"assistant": "an assistant (free)", "shop": "a Shophouse (¥2)"}
TRADE_NAMES = {
    "sell_copper": "Sell 1 Copper for ¥2", "sell_silk": "Sell 1 Raw Silk for ¥2",
    "sell_tea": "Sell 1 Tea for ¥1", "sell_fish": "Sell 1 Seafood for ¥1",
    "buy_copper": "Buy 1 Copper for ¥2", "buy_silk": "Buy 1 Raw Silk for ¥2",
    "buy_tea": "Buy 1 Tea for ¥1", "buy_fish": "Buy 1 Seafood for ¥1",
    "buy_imported": "Buy 1 imported good for ¥4",
}
FAITH_NAMES = {**GOOD_NAMES, "yen": "¥1", "imported": "1 imported good"}


def order_text(order: int) -> str:
    card = parts().orders[order]
    return f"#{order} {goods_text(card['cost'])} → {reward_text(card['reward'])}"


def tech_text(tech: int) -> str:
    card = parts().techs[tech]
    return f"{card['name']} (value {card['value']}, {card['country'].capitalize()})"


def cost_text(yen: int) -> str:
    return f" (pay ¥{yen})" if yen else ""


def describe(state: State, action: Any) -> str:
    """The label, cut to 80 characters as a last safety net (tests check `full_label` fits)."""
    return full_label(state, action)[:80]


def full_label(state: State, action: dict[str, Any]) -> str:
    seat = state["seat"]
    do = action["do"]
    area = action.get("area")
    if do == "keep":
        return f"Keep order {order_text(action['order'])}"
    if do == "good":
        return f"Take 1 {GOOD_NAMES[action['good']]}"
    if do in ("take", "hire"):
        what = action["what"]
        if what is None:
            return "Take nothing from the warehouse"
        if what == "th":
            return f"Take a Trading House (¥{th_cost(state, seat)})"
        return f"Take {TOKEN_NAMES[what]}"
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
    if do == "merc":
        return "Use a Foreign Mercenary"
    if do == "merc_area":
        return f"Mercenary acts in {area_name(area)}"
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
        n = 2 if state["stage"] == "place_pair" else 1
        return f"Place {n} in {area_name(area)}{cost_text(placement.cost(state, seat, area, n))}"
    if do == "place_done":
        return "Stop placing"
    if do == "enter":
        return f"Put your President in {area_name(area)}{cost_text(movement.entry_cost(state, seat, area))}"
    if do == "step":
        return f"Step to {area_name(area)}{cost_text(movement.entry_cost(state, seat, area))}"
    if do == "stop":
        return f"Stop in {area_name(state['p'][seat]['president'])} and act there"
    if do == "tram":
        return "Ride the Tram to any free area"
    if do == "tram_to":
        return f"Tram to {area_name(area)}"
    if do == "station":
        return f"Ride to the Station in {area_name(state['station'])}"
    if do == "return":
        return "Take your President back to hand (no action)"
    if do == "return_from":
        return f"Also take back the assistants in {area_name(area)}" if area else "Take back no assistants"
    if do == "order":
        level = parts().boards["port_levels"][action["slot"]].capitalize()
        label = f"{level} order {order_text(state['ports'][state['ctx']['area']][action['slot']])}"
        pay = action.get("pay")
        if pay:
            return ("¥2: " if pay == "yen" else "1 imported: ") + label
        return "Take " + label
    if do == "port_done":
        return "Take no more orders" if state["ctx"].get("taken") else "Take no order"
    if do == "tech":
        card = state["labs"][state["ctx"]["area"]][action["slot"]]
        units = areas.tech_units(state, seat, action["slot"])
        return f"Learn {tech_text(card)}{' — pay ' + str(units) + ' more' if units else ''}"
    if do == "tech_pay":
        units = areas.tech_units(state, seat, state["ctx"]["slot"])
        k = action["imported"]
        return f"Pay ¥{2 * (units - k)} and {k} imported good{'s' if k != 1 else ''}"
    if do == "tech_none":
        return "Learn no technology"
    if do == "hire_done":
        return "Take nothing more"
    if do == "exchange":
        return TRADE_NAMES[action["trade"]]
    if do == "exchange_done":
        return "Stop exchanging"
    if do in ("church", "customs"):
        space = parts().boards[do][action["space"]]
        unit = "Faith" if do == "church" else "imported"
        return f"{do.capitalize()} space {action['space'] + 1} ({space['need']} {unit}): {reward_text(space['reward'])}"
    if do in ("church_none", "customs_none"):
        return "Place no assistant on the board"
    if do == "faith":
        return f"Give {FAITH_NAMES[action['kind']]} as Faith"
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
