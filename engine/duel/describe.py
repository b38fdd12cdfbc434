"""Short labels (<= 80 characters) for every action, as a player reads them in a menu."""

from __future__ import annotations

from typing import Any

from engine.core import State
from engine.duel.cards import (
    AREAS,
    BONUS,
    CHURCH,
    GOOD_NAMES,
    HIRE_LABELS,
    ORDERS,
    POWER_CARDS,
    TECHS,
    cost_text,
    reward_text,
)
from engine.duel.turns import bonus_tiers, next_house_cost

VIA_NAMES = {"tram": "Tram", "stagecoach": "Stagecoach", "station": "Station"}
PAY_NAMES = {"yen": "¥2", "imported_up": "a face-up Imported Good", "imported_down": "a face-down Imported Good"}
FAITH_NAMES = {
    "yen": "¥1",
    "imported_up": "a face-up Imported Good",
    "imported_down": "a face-down Imported Good",
    **{g: f"1 {n}" for g, n in GOOD_NAMES.items()},
}


def order_label(card: int) -> str:
    order = ORDERS[card]
    return f"{cost_text(order.cost)} -> {order.points} pts, {reward_text(order.reward)}"


def describe(state: State, action: Any) -> str:
    return _label(state, action)[:80]


def _label(state: State, action: Any) -> str:
    do = action.get("do") if isinstance(action, dict) else None
    if do == "area":
        text = f"Go to {AREAS[action['area']].name}"
        if action.get("via"):
            text += f" (Used; with {VIA_NAMES[action['via']]})"
        return text
    if do == "power":
        extra = f" + a +{action['extra']} Extra Power card" if action["extra"] else ""
        if "card" in action:
            return f"Play Power {action['card']}{extra}"
        return f"Foreign Agent (Power 3){extra}"
    if do == "telephone":
        return "Telephone: pay ¥1 for +1 Power" if action["use"] else "Do not use Telephone"
    if do == "church":
        if action["card"] is None:
            return "Take no Church card"
        c = CHURCH[action["card"]]
        return f"Church card: Faith {c.faith}, {c.points} pts, {reward_text(c.reward)}"
    if do == "faith":
        return f"Spend {FAITH_NAMES[action['pay']]} for +1 Faith"
    if do == "keep":
        return f"Keep: {order_label(action['card'])}"
    if do == "keep2":
        if action["card"] is None:
            return "Keep only one Order card"
        return f"Also keep for {PAY_NAMES[action['pay']]}: {order_label(action['card'])}"
    if do == "bottom":
        return f"Next to the deck bottom: {order_label(action['card'])}"
    if do == "buy":
        if action["good"] == "imported":
            return "Buy 1 Imported Good for ¥4"
        price = 2 if action["good"] in ("copper", "fish") else 1
        return f"Buy 1 {GOOD_NAMES[action['good']]} for ¥{price}"
    if do == "sell":
        price = 2 if action["good"] in ("copper", "fish") else 1
        return f"Sell 1 {GOOD_NAMES[action['good']]} for ¥{price}"
    if do == "stop":
        return "Stop exchanging"
    if do == "tech":
        if action["tech"] is None:
            return "Take no Technology"
        t = TECHS[action["tech"]]
        return f"Technology: {t.name} (production {t.production})"
    if do == "pay":
        units = state["turn"]["act"]["units"] if state["turn"]["act"] else 0
        yen = (units - action["up"] - action["down"]) * 2
        parts = [f"¥{yen}"] if yen else []
        if action["up"]:
            parts.append(f"{action['up']} face-up Imported")
        if action["down"]:
            parts.append(f"{action['down']} face-down Imported")
        return "Pay " + (" + ".join(parts) if parts else "nothing")
    if do == "station":
        return f"Place the Station token at {AREAS[action['area']].name}"
    if do == "agent":
        return "Use a Foreign Agent (Power 3, any Area)"
    if do == "order":
        return f"Complete Order: {order_label(action['card'])}"
    if do == "hire":
        return f"Hire a Foreign Agent ({HIRE_LABELS[action['req']]})"
    if do == "spin":
        return "Spinning Mill: spend 1 Silk for ¥2"
    if do == "bonus":
        tiers = bonus_tiers(state["turn"]["bonus"]["power"]) if state["turn"]["bonus"] else 3
        rewards = BONUS[action["card"]].rewards[:tiers]
        return "Power Bonus: " + "; ".join(reward_text(r) for r in rewards)
    if do == "build":
        if action["what"] == "shop":
            return "Build a Shop here for ¥1"
        if action["what"] == "house":
            seat = state["current"]
            return f"Build a Trading House here for ¥{next_house_cost(state['players'][seat])}"
        return "Build nothing"
    if do == "end":
        return "End turn"
    if do == "discard":
        return f"Discard a +{action['extra']} Extra Power card (limit 4)"
    if do == "return":
        return f"Put back: {order_label(action['card'])}"
    if do == "upgrade":
        if action["card"] is None:
            return "Upgrade no Power card"
        c = POWER_CARDS[action["card"]]
        return f"Upgrade Power {c.base} to {c.upgraded} (¥{c.cost}; free with University)"
    return str(action)
