"""Words around the decisions: the prompt above a decision panel (`pending_label`, which the table
service shows when a game offers it) and labels safe to post publicly (`public_label`).

`describe` labels are for the deciding player's own menu and may name their hidden Order cards; the
public record of a turn must not, so the bot should post `public_label` instead.
"""

from __future__ import annotations

from typing import Any

from engine.core import State
from engine.duel.areas import lowest_card, total_power
from engine.duel.cards import AREAS, TECHS
from engine.duel.describe import describe
from engine.duel.turns import bonus_tiers

HIDDEN_LABELS: dict[str, str] = {
    "keep": "Keep an Order card drawn at the Port",
    "bottom": "Put an Order card at the bottom of the deck",
    "return": "Put one of the 3 drawn Order cards back",
    "church": "Take a Church card (face down)",
}


def public_label(state: State, action: Any) -> str:
    """The action's label with hidden cards left out (for channel messages and logs)."""
    do = action.get("do") if isinstance(action, dict) else None
    if do == "church" and action.get("card") is None:
        return "Take no Church card"
    if do == "keep2":
        if action.get("card") is None:
            return "Keep only one Order card"
        pay = {"yen": "¥2", "imported_up": "an Imported Good", "imported_down": "an Imported Good"}
        return f"Also keep a second Order card for {pay.get(action.get('pay'), '¥2')}"
    if do in HIDDEN_LABELS:
        return HIDDEN_LABELS[do]
    return describe(state, action)


def pending_label(state: State, seat: int) -> str:
    """One sentence saying what the decision is about."""
    if seat in state["discard_due"]:
        return "You hold more than 4 Extra Power cards: discard one."
    phase = state["phase"]
    if phase == "setup":
        return "Choose the Order card to put back; you keep the other two."
    if phase == "upgrade":
        return "Before the next round you may upgrade one Power card."
    if phase == "over":
        return "The game is over."
    turn = state["turn"]
    act = turn["act"]
    if act is not None:
        return _act_prompt(state, seat, act)
    if turn["bonus"] is not None:
        tiers = bonus_tiers(turn["bonus"]["power"])
        return f"Power {turn['bonus']['power']}: choose a Power Bonus card ({tiers} reward(s) each)."
    if turn["build"] is not None:
        return f"Build a Shop or a Trading House at {AREAS[turn['build']['area']].name}, or nothing."
    if turn["area_done"]:
        return "Take free actions or end your turn."
    return "Choose an Area for your Area Action, or take a free action first."


def _act_prompt(state: State, seat: int, act: dict[str, Any]) -> str:
    step = act["step"]
    player = state["players"][seat]
    if step == "area":
        return "Choose any Area for your Foreign Agent (Used Areas too)."
    if step == "power":
        if act["kind"] == "agent":
            return "Your Foreign Agent has Power 3: add an Extra Power card?"
        return f"Play your lowest Power card ({lowest_card(player)}) and at most one Extra Power card."
    if step == "telephone":
        return f"Your Power is {total_power(state, seat, act)}: pay ¥1 with Telephone for +1?"
    if step == "church":
        return (f"Faith {act['strength']}: choose a Church card; one each of the goods, an Imported Good "
                "and ¥1 add 1 Faith.")
    if step == "faith":
        return f"Spend {act['need']} more for Faith (at most one of each kind)."
    if step == "keep":
        return f"Port: keep one of the {len(act['drawn'])} Order cards drawn (free)."
    if step == "keep2":
        return "Keep a second card for ¥2 or an Imported Good, or keep only one."
    if step == "bottom":
        return "Put the cards you did not keep at the bottom of the deck: which goes next?"
    if step == "exchange":
        return f"Chinatown: {act['left']} exchange(s) left."
    if step == "tech":
        return (f"Production {act['strength']}: choose a Technology; each missing point costs ¥2 or an "
                "Imported Good.")
    if step == "pay":
        return f"Pay {act['units']} time(s) ¥2 or an Imported Good for {TECHS[act['tech']].name}."
    if step == "station":
        return "Place the Station token in an Area (+1 Power there for both players)."
    return ""
