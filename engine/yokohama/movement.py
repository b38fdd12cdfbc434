"""Step 2 of the main action: moving the President, or taking pieces back to hand.

From hand the President enters a "Possible Action Area" (own assistant, no other
President). On the board it moves step by step along areas holding its assistants; it
pays ¥1 to each President it passes and may not stop beside one; the Canal costs ¥1 to
cross; it never returns to its starting area. Steps are offered only when a legal stop is
still reachable, so a player can never walk into a dead end. Tram, Station, Stagecoach and
Postal System change these rules as the technology cards say.
"""

from __future__ import annotations

from heapq import heappop, heappush
from typing import Any

from engine.core import State
from engine.yokohama.board import (
    KIND,
    ONE_STEP_LIMIT,
    action_areas,
    add_assistants,
    assistants_at,
    has_tech,
    other_presidents,
)
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


def step_prices(state: State, seat: int) -> dict[str, int]:
    """Every area the President may step into (`can_enter`), with its `entry_cost`.

    The route searches ask this for every step they try; one table per search is far cheaper
    than asking the rules questions again each time.
    """
    placed = state["p"][seat]["placed"]
    stagecoach = has_tech(state, seat, "stagecoach")
    others: dict[str, int] = {}
    for s, pl in enumerate(state["p"]):
        if s != seat and pl["president"] is not None:
            others[pl["president"]] = others.get(pl["president"], 0) + 1
    prices = {}
    for area in state["adjacent"]:
        if KIND[area] == "canal":
            prices[area] = 1
        elif placed.get(area, 0) > 0:
            prices[area] = 0 if stagecoach else others.get(area, 0)
    return prices


def stop_areas(state: State, seat: int) -> set[str]:
    """Every area where the President may end a move (`can_stop`)."""
    postal = has_tech(state, seat, "postal")
    taken = {pl["president"] for s, pl in enumerate(state["p"]) if s != seat}
    placed = state["p"][seat]["placed"]
    return {a for a, n in placed.items() if n > 0 and KIND[a] != "canal" and (postal or a not in taken)}


def routes(state: State, seat: int, here: str, start: str) -> dict[str, int]:
    """Every legal stop reachable from `here` step by step, with the cheapest price to get there.

    Ruling R2.3: the player chooses the destination and the engine walks the cheapest route
    (Dijkstra over areas; the start may not be re-entered, areas may be crossed again).
    `here` itself counts when the President is already on the way (`here != start`).
    """
    money = state["p"][seat]["yen"]
    prices = step_prices(state, seat)
    adjacent = state["adjacent"]
    best: dict[str, int] = {here: 0}
    todo = [(0, here)]
    while todo:
        paid, area = heappop(todo)
        if paid > best[area]:
            continue
        for nxt in adjacent[area]:
            if nxt == start or nxt not in prices:
                continue
            price = paid + prices[nxt]
            if price <= money and price < best.get(nxt, money + 1):
                best[nxt] = price
                heappush(todo, (price, nxt))
    stops = stop_areas(state, seat)
    return {a: p for a, p in best.items() if a in stops and (a != start or here != start)}


def route_payees(state: State, seat: int, here: str, start: str, goal: str) -> list[str]:
    """The areas entered on one cheapest route from `here` to `goal` (in order)."""
    money = state["p"][seat]["yen"]
    prices = step_prices(state, seat)
    best: dict[str, tuple[int, list[str]]] = {here: (0, [])}
    todo = [(0, here)]
    while todo:
        paid, area = heappop(todo)
        for nxt in state["adjacent"][area]:
            if nxt == start or nxt not in prices:
                continue
            price = paid + prices[nxt]
            if price <= money and price < best.get(nxt, (money + 1, []))[0]:
                best[nxt] = (price, [*best[area][1], nxt])
                heappush(todo, (price, nxt))
    return best[goal][1]


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
    """One decision for the whole move: a destination (walked by the cheapest route), the Tram,
    the Station, or the President back to hand together with one area's assistants."""
    stage = state["stage"]
    pl = state["p"][seat]
    if stage == "return":  # a move begun under the old step-by-step rules (schema 1)
        areas = [a for a in action_areas(state) if pl["placed"].get(a)]
        return [*({"do": "return", "area": a} for a in areas), {"do": "return", "area": None}]
    out: list[Action] = []
    if stage == "moving":  # the President is on the way (schema 1)
        here, start = pl["president"], state["ctx"]["start"]
        return [{"do": "go", "area": a} for a in routes(state, seat, here, start)]
    if pl["president"] is None:
        out += [{"do": "go", "area": a} for a in enter_areas(state, seat)]
    else:
        out += [{"do": "go", "area": a} for a in routes(state, seat, pl["president"], pl["president"])]
    walked = {a["area"] for a in out}
    if has_tech(state, seat, "tram"):
        out += [{"do": "tram_to", "area": a} for a in tram_areas(state, seat) if a not in walked]
    if station_target(state, seat):
        out.append({"do": "station"})
    areas = [a for a in action_areas(state) if pl["placed"].get(a)]
    if len(out) + len(areas) + 1 > ONE_STEP_LIMIT:  # which assistants come back: a second step
        return [*out, {"do": "return"}]
    return [*out, *({"do": "return", "area": a} for a in areas), {"do": "return", "area": None}]


def go_cost(state: State, seat: int, area: str) -> int:
    """What the President pays to end its move in `area` by walking (or entering from hand)."""
    pl = state["p"][seat]
    if pl["president"] is None:
        return entry_cost(state, seat, area)
    start = state["ctx"].get("start", pl["president"]) if state["stage"] == "moving" else pl["president"]
    return routes(state, seat, pl["president"], start).get(area, 0)


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
    if do == "go":
        if pl["president"] is None:
            pay_entry(state, seat, action["area"])
        else:
            here = pl["president"]
            start = state["ctx"].get("start", here) if state["stage"] == "moving" else here
            for area in route_payees(state, seat, here, start, action["area"]):
                pay_entry(state, seat, area)
        arrive(state, seat, action["area"])
    elif do == "tram_to":
        arrive(state, seat, action["area"])
    elif do == "station":
        arrive(state, seat, state["station"])
    elif do == "return" and "area" not in action:
        state["stage"] = "return"
    elif do == "return":
        pl["president"] = None
        if action["area"] is not None:
            n = assistants_at(state, seat, action["area"])
            add_assistants(state, seat, action["area"], -n)
            pl["hand"]["assistants"] += n
        log(state, "took the President back to hand")
        state["stage"] = "second"
        state["ctx"] = {}
