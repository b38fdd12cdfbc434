"""Gaining things: rewards from cards, spaces and tokens, and the choices some of them need.

A reward is a dict of icons (`{"vp": 2, "any_good": 1}`). Icons without a choice are paid
at once; "any good", "warehouse" and "movement" icons become pending decisions that the
active player settles one at a time before the turn goes on (state["pending"]).
"""

from __future__ import annotations

from typing import Any

from engine.core import State
from engine.yokohama.board import SHOP_COST, action_areas, add_assistants, has_tech, th_cost
from engine.yokohama.components import COLOURS, GOODS, area_name

Action = dict[str, Any]


def log(state: State, text: str) -> None:
    """Keep the last few public events (by the seat to act) for the text summary."""
    state["log"].append(f"{COLOURS[state['seat']]} {text}")
    del state["log"][:-12]


def gain_goods(state: State, seat: int, good: str, n: int, *, mining: bool = True) -> bool:
    """Trade goods in; returns whether Copper came in.

    Mining Technology: "Whenever you receive 1 or more Copper token, you receive 1 additional
    Copper token" — one extra per receipt, not per icon, so a caller adding several Copper of
    one reward in parts passes `mining=False` after the first (ruling R5.4).
    """
    if n <= 0:
        return False
    if good == "copper" and mining and has_tech(state, seat, "mining"):
        n += 1
    state["p"][seat]["goods"][good] += n
    return good == "copper"


def grant(state: State, seat: int, reward: dict[str, int], *, mining: bool = True) -> bool:
    """Pay a reward; choices ("any good", warehouse, move) become pending decisions.

    The reward is one receipt for Mining Technology: Copper given outright and Copper chosen
    for its "any good" icons together earn the one extra Copper. Returns whether Copper came in
    outright (`mining=False`: an earlier part of the same receipt already earned the extra).
    """
    pl = state["p"][seat]
    pl["vp"] += reward.get("vp", 0)
    pl["yen"] += reward.get("yen", 0)
    pl["imported"] += reward.get("imported", 0)
    copper = False
    for good in GOODS:
        copper = gain_goods(state, seat, good, reward.get(good, 0), mining=mining) or copper
    if reward.get("any_good", 0):
        state["pending"].append({"kind": "any_good", "n": reward["any_good"], "mining": mining and not copper})
    for kind in ("warehouse", "move"):
        for _ in range(reward.get(kind, 0)):
            state["pending"].append({"kind": kind})
    return copper


def good_choices(n: int) -> list[dict[str, int]]:
    """Every way to take `n` goods of choice (order does not matter), as {good: count}."""
    if n == 0:
        return [{}]
    out: list[dict[str, int]] = []
    for i, good in enumerate(GOODS):
        for rest in good_choices(n - 1):
            if all(GOODS.index(g) >= i for g in rest):
                combo = dict(rest)
                combo[good] = combo.get(good, 0) + 1
                out.append({g: combo[g] for g in GOODS if g in combo})
    return out


# ----- pending choices -----------------------------------------------------------------------

def warehouse_options(state: State, seat: int) -> list[Action]:
    """Tokens the seat can afford to take from its warehouse (Employment Agency prices)."""
    pl = state["p"][seat]
    out: list[Action] = []
    if pl["warehouse"]["assistants"]:
        out.append({"do": "take", "what": "assistant"})
    if pl["warehouse"]["shops"] and pl["yen"] >= SHOP_COST:
        out.append({"do": "take", "what": "shop"})
    if pl["warehouse"]["th"] and pl["yen"] >= th_cost(state, seat):
        out.append({"do": "take", "what": "th"})
    return out


def take_from_warehouse(state: State, seat: int, what: str) -> None:
    pl = state["p"][seat]
    if what == "assistant":
        pl["warehouse"]["assistants"] -= 1
        pl["hand"]["assistants"] += 1
    elif what == "shop":
        pl["yen"] -= SHOP_COST
        pl["warehouse"]["shops"] -= 1
        pl["hand"]["shops"] += 1
    else:
        pl["yen"] -= th_cost(state, seat)
        pl["warehouse"]["th"] -= 1
        pl["hand"]["th"] += 1


def pending_options(state: State, seat: int) -> list[Action]:
    item = state["pending"][0]
    kind = item["kind"]
    pl = state["p"][seat]
    if kind == "any_good":
        n = item.get("n", 1)
        if n == 1:
            return [{"do": "good", "good": g} for g in GOODS]
        return [{"do": "goods", "goods": combo} for combo in good_choices(n)]
    if kind == "warehouse":
        return [*warehouse_options(state, seat), {"do": "take", "what": None}]
    if kind == "move":
        sources: list[Action] = []
        if pl["hand"]["assistants"]:
            sources.append({"do": "move_from", "area": None})
        sources += [{"do": "move_from", "area": a} for a in action_areas(state) if pl["placed"].get(a)]
        return [*sources, {"do": "move_skip"}]
    if kind == "move_to":
        return [{"do": "move_to", "area": a} for a in action_areas(state) if a != item["from"]]
    if kind == "station":
        return [{"do": "station_at", "area": a} for a in action_areas(state)]
    raise ValueError(f"unknown pending choice {kind}")


def apply_pending(state: State, seat: int, action: Action) -> None:
    item = state["pending"].pop(0)
    pl = state["p"][seat]
    do = action["do"]
    if do in ("good", "goods"):
        chosen = {action["good"]: 1} if do == "good" else action["goods"]
        mining = item.get("mining", True)
        for good, n in chosen.items():
            mining = not gain_goods(state, seat, good, n, mining=mining) and mining
    elif do == "take":
        if action["what"] is not None:
            take_from_warehouse(state, seat, action["what"])
    elif do == "move_from":
        if action["area"] is None:
            pl["hand"]["assistants"] -= 1
        else:
            add_assistants(state, seat, action["area"], -1)
        state["pending"].insert(0, {"kind": "move_to", "from": action["area"]})
    elif do == "move_to":
        add_assistants(state, seat, action["area"], 1)
        log(state, f"moved an assistant from {area_name(item['from']) if item['from'] else 'hand'} "
                   f"to {area_name(action['area'])}")
    elif do == "station_at":
        state["station"] = action["area"]
        log(state, f"placed the Station in {area_name(action['area'])}")
