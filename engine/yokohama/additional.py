"""The Additional Action phases (before and after the main action): any number of free actions.

Foreign Mercenary (once per turn), achievements, orders, and the once-per-turn technology
actions Spinning Mill and University; "start the main action" / "end the turn" are explicit.
"""

from __future__ import annotations

from typing import Any

from engine.core import State
from engine.yokohama import achievements
from engine.yokohama.areas import check_mercenary
from engine.yokohama.board import action_areas, has_tech
from engine.yokohama.components import GOODS, parts
from engine.yokohama.rewards import grant, log

Action = dict[str, Any]


def can_pay_order(state: State, seat: int, order: int) -> bool:
    goods = state["p"][seat]["goods"]
    return all(goods[g] >= n for g, n in parts().orders[order]["cost"].items())


def merc_areas(state: State, seat: int) -> list[str]:
    """Areas a mercenary may act in: own assistant there, own President not there."""
    pl = state["p"][seat]
    return [a for a in action_areas(state) if pl["placed"].get(a) and pl["president"] != a]


def can_use_merc(state: State, seat: int) -> bool:
    pl = state["p"][seat]
    return (not pl["flags"]["merc"] and any(not m["used"] for m in pl["mercs"])
            and bool(merc_areas(state, seat)))


def options(state: State, seat: int) -> list[Action]:
    stage = state["stage"]
    pl = state["p"][seat]
    if stage == "merc_area":
        return [{"do": "merc_area", "area": a} for a in merc_areas(state, seat)]
    out: list[Action] = []
    out += [{"do": "fulfill", "order": o} for o in pl["orders"] if can_pay_order(state, seat, o)]
    out += [{"do": "achieve", "card": c} for c in achievements.claimable(state, seat)]
    if can_use_merc(state, seat):
        out += [{"do": "merc", "area": a} for a in merc_areas(state, seat)]
    if has_tech(state, seat, "spinning_mill") and not pl["flags"]["spin"] and pl["goods"]["silk"]:
        out.append({"do": "spin"})
    if (has_tech(state, seat, "university") and not pl["flags"]["university"] and pl["yen"] >= 1
            and pl["warehouse"]["assistants"]):
        out.append({"do": "university"})
    out.append({"do": "main"} if stage == "first" else {"do": "end_turn"})
    return out


def fulfill(state: State, seat: int, order: int) -> None:
    pl = state["p"][seat]
    card = parts().orders[order]
    for good in GOODS:
        pl["goods"][good] -= card["cost"].get(good, 0)
    pl["orders"].remove(order)
    pl["done"].append(order)
    grant(state, seat, card["reward"])
    if has_tech(state, seat, "ball"):
        pl["vp"] += 2
    if has_tech(state, seat, "language_school"):
        pl["yen"] += 1
    log(state, f"completed order #{order}")
    check_mercenary(state, seat, card["country"])


def apply(state: State, seat: int, action: Action) -> None:
    pl = state["p"][seat]
    do = action["do"]
    if do == "fulfill":
        fulfill(state, seat, action["order"])
    elif do == "achieve":
        points = achievements.claim(state, seat, action["card"])
        log(state, f"completed achievement {parts().achievements[action['card']]['name']} for {points} VP")
    elif do in ("merc", "merc_area"):  # merc_area: a choice begun in two clicks (schema 1)
        back = state["stage"] if do == "merc" else state["ctx"]["back"]
        token = next(m for m in pl["mercs"] if not m["used"])
        token["used"] = True
        pl["flags"]["merc"] = True
        log(state, "sent a Foreign Mercenary")
        state["ctx"] = {"area": action["area"], "merc": True, "back": back}
        state["stage"] = "action_start"
    elif do == "spin":
        pl["goods"]["silk"] -= 1
        pl["yen"] += 2
        pl["flags"]["spin"] = True
    elif do == "university":
        pl["yen"] -= 1
        pl["warehouse"]["assistants"] -= 1
        pl["hand"]["assistants"] += 1
        pl["flags"]["university"] = True
    elif do == "main":
        state["stage"] = "place_start"
        state["ctx"] = {}
    elif do == "end_turn":
        state["stage"] = "end_turn"
