"""Step 2 of the main action: moving the President, or taking pieces back to hand.

From hand the President enters a "Possible Action Area" (own assistant, no other
President). On the board it moves step by step along areas holding its assistants; it
pays ¥1 to each President it passes and may not stop beside one; the Canal costs ¥1 to
cross; it never returns to its starting area. Steps are offered only when a legal stop is
still reachable, so a player can never walk into a dead end. Tram, Station, Stagecoach and
Postal System change these rules as the technology cards say.
"""

from __future__ import annotations

from typing import Any

from engine.core import State
from engine.yokohama.board import action_areas, add_assistants, assistants_at, has_tech, other_presidents
from engine.yokohama.components import area_kind, area_name
from engine.yokohama.rewards import log

Action = dict[str, Any]


def entry_cost(state: State, seat: int, area: str) -> int:
    """Yen paid on entering `area`: ¥1 for the Canal, ¥1 per other President (Stagecoach: 0)."""
    if area_kind(area) == "canal":
        return 1
    if has_tech(state, seat, "stagecoach"):
        return 0
    return len(other_presidents(state, seat, area))


def can_enter(state: State, seat: int, area: str) -> bool:
    """May the President step into `area` at all (assistants there, or the Canal)?"""
    return area_kind(area) == "canal" or assistants_at(state, seat, area) > 0


def can_stop(state: State, seat: int, area: str) -> bool:
    if area_kind(area) == "canal":
        return False
    if other_presidents(state, seat, area) and not has_tech(state, seat, "postal"):
        return False
    return assistants_at(state, seat, area) > 0


def reaches_stop(state: State, seat: int, area: str, money: int, start: str) -> bool:
    """Can a President standing in `area` with `money` yen still end its move legally?"""
    seen: set[tuple[str, int]] = set()
    todo = [(area, money)]
    while todo:
        here, cash = todo.pop()
        if (here, cash) in seen:
            continue
        seen.add((here, cash))
        if can_stop(state, seat, here):
            return True
        for nxt in state["adjacent"][here]:
            if nxt == start or not can_enter(state, seat, nxt):
                continue
            price = entry_cost(state, seat, nxt)
            if price <= cash:
                todo.append((nxt, cash - price))
    return False


def steps(state: State, seat: int, here: str, start: str) -> list[str]:
    money = state["p"][seat]["yen"]
    out = []
    for nxt in state["adjacent"][here]:
        if nxt == start or not can_enter(state, seat, nxt):
            continue
        price = entry_cost(state, seat, nxt)
        if price <= money and reaches_stop(state, seat, nxt, money - price, start):
            out.append(nxt)
    return out


def enter_areas(state: State, seat: int) -> list[str]:
    """Areas the President may enter from hand: Possible Action Areas (or, with Postal, paid ones)."""
    out = []
    for area in action_areas(state):
        if assistants_at(state, seat, area) == 0:
            continue
        if other_presidents(state, seat, area):
            if has_tech(state, seat, "postal") and entry_cost(state, seat, area) <= state["p"][seat]["yen"]:
                out.append(area)
        else:
            out.append(area)
    return out


def tram_areas(state: State, seat: int) -> list[str]:
    here = state["p"][seat]["president"]
    return [a for a in action_areas(state) if a != here and not other_presidents(state, seat, a)]


def station_target(state: State, seat: int) -> str | None:
    """The Station area, if its owner may ride there now."""
    if not has_tech(state, seat, "station") or state["station"] is None:
        return None
    return None if state["station"] == state["p"][seat]["president"] else state["station"]


def options(state: State, seat: int) -> list[Action]:
    stage = state["stage"]
    pl = state["p"][seat]
    if stage == "move":
        out: list[Action] = []
        if pl["president"] is None:
            out += [{"do": "enter", "area": a} for a in enter_areas(state, seat)]
        else:
            out += [{"do": "step", "area": a} for a in steps(state, seat, pl["president"], pl["president"])]
        if has_tech(state, seat, "tram") and tram_areas(state, seat):
            out.append({"do": "tram"})
        if station_target(state, seat):
            out.append({"do": "station"})
        out.append({"do": "return"})
        return out
    if stage == "moving":
        here = pl["president"]
        out = [{"do": "step", "area": a} for a in steps(state, seat, here, state["ctx"]["start"])]
        if can_stop(state, seat, here):
            out.insert(0, {"do": "stop"})
        return out
    if stage == "tram":
        return [{"do": "tram_to", "area": a} for a in tram_areas(state, seat)]
    if stage == "return":
        areas = [a for a in action_areas(state) if pl["placed"].get(a)]
        return [*({"do": "return_from", "area": a} for a in areas), {"do": "return_from", "area": None}]
    return []


def pay_entry(state: State, seat: int, area: str) -> None:
    pl = state["p"][seat]
    if area_kind(area) == "canal":
        pl["yen"] -= 1
        return
    if has_tech(state, seat, "stagecoach"):
        return
    for owner in other_presidents(state, seat, area):
        pl["yen"] -= 1
        state["p"][owner]["yen"] += 1


def arrive(state: State, seat: int, area: str) -> None:
    """The President ends its move in `area`: on to the Area Action step."""
    state["p"][seat]["president"] = area
    log(state, f"moved the President to {area_name(area)}")
    state["stage"] = "action_start"
    state["ctx"] = {"area": area, "merc": False}


def apply(state: State, seat: int, action: Action) -> None:
    pl = state["p"][seat]
    do = action["do"]
    if do == "enter":
        pay_entry(state, seat, action["area"])
        arrive(state, seat, action["area"])
    elif do == "step":
        start = state["ctx"].get("start", pl["president"])
        pay_entry(state, seat, action["area"])
        pl["president"] = action["area"]
        state["stage"] = "moving"
        state["ctx"] = {"start": start}
    elif do == "stop":
        arrive(state, seat, pl["president"])
    elif do == "tram":
        state["stage"] = "tram"
    elif do == "tram_to":
        arrive(state, seat, action["area"])
    elif do == "station":
        arrive(state, seat, state["station"])
    elif do == "return":
        pl["president"] = None
        state["stage"] = "return"
    elif do == "return_from":
        if action["area"] is not None:
            n = assistants_at(state, seat, action["area"])
            add_assistants(state, seat, action["area"], -n)
            pl["hand"]["assistants"] += n
        log(state, "took the President back to hand")
        state["stage"] = "second"
        state["ctx"] = {}
