"""Why an action is refused, in words a player understands (for `IllegalAction`)."""

from __future__ import annotations

from typing import Any

from engine.core import State
from engine.duel.areas import lowest_card
from engine.duel.cards import AREAS, CHURCH, GOOD_NAMES, ORDERS, POWER_CARDS, TECHS
from engine.duel.chinatown import CHINATOWN_PRICES, IMPORTED_PRICE
from engine.duel.church import max_extra_faith
from engine.duel.laboratory import tech_units
from engine.duel.state import area_used, house_owner, tech_ready
from engine.duel.turns import FREE_ACTION_STEPS, next_house_cost

STEP_HINTS: dict[str, str] = {
    "area": "choose the Area for your Foreign Agent",
    "power": "choose your Power card and Extra Power card",
    "telephone": "decide whether to use Telephone",
    "church": "choose a Church card",
    "faith": "choose what to spend for Faith",
    "keep": "choose the Order card to keep",
    "keep2": "decide whether to keep a second Order card",
    "bottom": "put the Order cards you did not keep at the bottom of the deck",
    "exchange": "make an exchange in Chinatown or stop",
    "tech": "choose a Technology",
    "pay": "choose how to pay for the Technology",
    "station": "choose the Area for the Station token",
}


def why_illegal(state: State, seat: int, action: Any) -> str:
    if not isinstance(action, dict) or "do" not in action:
        return "That is not a Yokohama Duel action; choose one of the offered options."
    do = action["do"]
    player = state["players"][seat]
    turn = state["turn"]
    if state["discard_due"]:
        return "You hold more than 4 Extra Power cards: first discard one."
    if state["phase"] == "setup":
        return "First choose which of your 3 drawn Order cards goes back to the deck."
    if state["phase"] == "upgrade":
        if do == "upgrade" and action.get("card") in range(len(POWER_CARDS)):
            card = POWER_CARDS[action["card"]]
            if player["upgraded"][action["card"]]:
                return f"Your Power {card.base} card is already upgraded."
            return f"You need ¥{card.cost} to upgrade Power {card.base}; you have ¥{player['money']}."
        return "Between rounds you may only upgrade one Power card (or none)."
    free_now = do in ("order", "hire", "spin") and turn["act"] is not None and turn["act"]["step"] in FREE_ACTION_STEPS
    if turn["act"] is not None and not free_now:
        specific = step_reason(state, seat, action)
        if specific:
            return specific
        return f"Finish your action first: {STEP_HINTS.get(turn['act']['step'], 'choose an option')}."
    if do == "area":
        area = action.get("area")
        if area not in AREAS:
            return "There is no such Area."
        if turn["area_done"]:
            return "You have already taken your Area Action this turn."
        if turn["bonus"] is not None or turn["build"] is not None:
            return "Finish the 5-Power Bonus and construction steps first."
        if area_used(state, area):
            via = action.get("via")
            if via and not tech_ready(player, via):
                return f"You cannot use {TECHS[via].name} for that now (not yours, or used this round)."
            return f"{AREAS[area].name} is a Used Area this round: a Power card is already there."
    if do == "end":
        if not turn["area_done"]:
            return "You must take your Area Action before ending your turn."
        return "Finish the 5-Power Bonus and construction steps first."
    if do == "order" and action.get("card") in player["hand"]:
        order = ORDERS[action["card"]]
        missing = [f"{n - player['goods'][g]} more {GOOD_NAMES[g]}" for g, n in order.cost.items()
                   if player["goods"][g] < n]
        if missing:
            return "To complete that Order you need " + " and ".join(missing) + "."
    if do == "order":
        return "That Order card is not in your hand."
    if do == "build" and turn["build"] is not None:
        area = turn["build"]["area"]
        if action.get("what") == "shop":
            if area in player["shops"]:
                return f"You already have a Shop at {AREAS[area].name}."
            return f"You need ¥1 to build a Shop; you have ¥{player['money']}."
        if action.get("what") == "house":
            if house_owner(state, area) is not None:
                return f"{AREAS[area].name} already has a Trading House."
            cost = next_house_cost(player)
            if cost is None:
                return "You have built all 4 of your Trading Houses."
            return f"You need ¥{cost} to build a Trading House; you have ¥{player['money']}."
    if do == "build":
        return "You can build only right after an Area action with Power 4 or more."
    if do == "agent":
        if player["agents_ready"] <= 0:
            return "You have no Foreign Agent available."
        return "Finish the current step before sending a Foreign Agent."
    if do == "hire":
        if action.get("req") in player["hired"]:
            return "You have already hired a Foreign Agent for that requirement."
        if state["agents_supply"] <= 0:
            return "There are no Foreign Agents left."
        return "You do not meet that requirement for hiring a Foreign Agent."
    if do == "spin":
        return "Spinning Mill needs the card, 1 Silk, and not being used yet this round."
    if do == "bonus":
        return "You can take a Power Bonus card only after an action with Power 5 or more."
    return "That move is not possible now; choose one of the offered options."


def step_reason(state: State, seat: int, action: dict[str, Any]) -> str | None:
    """A specific reason for a refused answer to the current step of an Area action, if there is one."""
    act = state["turn"]["act"]
    player = state["players"][seat]
    do, step = action["do"], act["step"]
    if step == "power" and do == "power":
        extra = action.get("extra")
        if extra in (1, 2) and player["extra"][str(extra)] <= 0:
            return f"You have no +{extra} Extra Power card."
        if act["kind"] == "main" and action.get("card") != lowest_card(player):
            if tech_ready(player, "postal_system"):
                return "You have no available Power card of that value."
            return f"The Power card order rule: you must play your lowest available card ({lowest_card(player)})."
    if step == "church" and do == "church" and action.get("card") in CHURCH_IDS:
        if action["card"] not in state["church_row"]:
            return "That Church card is not on the board."
        reach = act["strength"] + max_extra_faith(player)
        return f"That card needs Faith {CHURCH[action['card']].faith}; you can reach at most {reach}."
    if step == "faith" and do == "faith":
        pay = action.get("pay")
        kind = "imported" if pay in ("imported_up", "imported_down") else pay
        if kind in act["spent"]:
            return "You may spend at most one of each kind for Faith."
        return "You have none of that to spend."
    if step == "tech" and do == "tech" and action.get("tech") in state["tech_row"]:
        units = tech_units(player, act["strength"], action["tech"])
        return (f"{TECHS[action['tech']].name} needs {units} payment(s) of ¥2 or an Imported Good; "
                "you cannot pay that many.")
    if step == "keep2" and do == "keep2":
        return "Keeping a second Order card costs ¥2 or one Imported Good, which you do not have."
    if step == "exchange" and do == "sell" and action.get("good") == "imported":
        return "Imported Goods cannot be sold in Chinatown."
    if step == "exchange" and do == "sell" and action.get("good") in CHINATOWN_PRICES:
        return f"You have no {GOOD_NAMES[action['good']]} to sell."
    if step == "exchange" and do == "buy":
        price = IMPORTED_PRICE if action.get("good") == "imported" else CHINATOWN_PRICES.get(action.get("good"), 0)
        return f"That costs ¥{price}; you have ¥{player['money']}."
    return None


CHURCH_IDS = range(len(CHURCH))
