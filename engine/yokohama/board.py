"""Questions about the board that every step of the turn asks: who is where, what is Power.

Pure functions of the state; nothing here changes it.
"""

from __future__ import annotations

from engine.yokohama.components import parts
from engine.yokohama.types import State

MAX_POWER: int = parts().rules["max_power"]
#: Area kind and technology effect by id: these questions are asked millions of times in a
#: look-ahead, so they are plain dict lookups (the component data never changes once read).
KIND: dict[str, str] = {area: data["kind"] for area, data in parts().areas.items()}
EFFECT: dict[int, str] = {tech: data["effect"] for tech, data in parts().techs.items()}
#: A decision lists at most this many options; a longer one is split in two steps (ruling R2.2).
ONE_STEP_LIMIT = 25


#: The last layout asked about and its action areas: a game's layout is dealt at `new()`, never changed,
#: and shared by every copy of its states (copying.py), so one entry answers a whole playout. Held by
#: identity with a strong reference (the id cannot be reused while it is held).
_action_areas: tuple[object, list[str]] = (None, [])


def action_areas(state: State) -> list[str]:
    """Areas in layout order where pieces may stand (every area but the Canal). Asked at nearly every
    step of a playout, so the list of the last layout is kept (`_action_areas`); callers only read it."""
    global _action_areas
    layout = state["layout"]
    kept = _action_areas
    if kept[0] is layout:
        return kept[1]
    areas = [a for a in layout if KIND[a] != "canal"]
    _action_areas = (layout, areas)
    return areas


def has_tech(state: State, seat: int, effect: str) -> bool:
    """Whether `seat` owns the technology with `effect` (asked tens of thousands of times a playout:
    a plain loop, measured 2-3x faster than a list or `any()` over a generator)."""
    for tech in state["p"][seat]["techs"]:  # noqa: SIM110
        if EFFECT[tech] == effect:
            return True
    return False


def other_presidents(state: State, seat: int, area: str) -> list[int]:
    """Seats other than `seat` whose President stands in `area`."""
    out = []
    for s, pl in enumerate(state["p"]):
        if pl["president"] == area and s != seat:
            out.append(s)
    return out


def presidents_by_area(state: State, seat: int) -> dict[str, int]:
    """How many other seats' Presidents stand in each area (`len(other_presidents)` of every area
    at once, for the code that asks it of every area)."""
    out: dict[str, int] = {}
    for s, pl in enumerate(state["p"]):
        area = pl["president"]
        if area is not None and s != seat:
            out[area] = out.get(area, 0) + 1
    return out


def assistants_at(state: State, seat: int, area: str) -> int:
    placed: int = state["p"][seat]["placed"].get(area, 0)
    return placed


def add_assistants(state: State, seat: int, area: str, n: int) -> None:
    placed = state["p"][seat]["placed"]
    count = placed.get(area, 0) + n
    if count:
        placed[area] = count
    else:
        placed.pop(area, None)


def shop_at(state: State, seat: int, area: str) -> bool:
    site = state["sites"].get(area)
    return site is not None and seat in site["shops"]


def th_at(state: State, seat: int, area: str) -> bool:
    site = state["sites"].get(area)
    return site is not None and site["th"] == seat


def power(state: State, seat: int, area: str) -> int:
    """Action Power in `area` (rulebook table): President, assistants, own buildings, Station; max 5.
    (`assistants_at`, `shop_at` and `th_at` read in place: the greedy player asks this of every area
    for every position it judges.)"""
    pl = state["p"][seat]
    total: int = pl["placed"].get(area, 0)
    if pl["president"] == area:
        total += 1
    site = state["sites"].get(area)
    if site is not None:
        if seat in site["shops"]:
            total += 1
        if site["th"] == seat:
            total += 1
    if state["station"] == area:
        total += 1
    return min(total, MAX_POWER)


def shops_built(state: State, seat: int) -> int:
    n: int = 0
    for site in state["sites"].values():
        n += site["shops"].count(seat)
    return n


def th_built(state: State, seat: int) -> int:
    return [site["th"] for site in state["sites"].values()].count(seat)


def pieces_built(state: State, seat: int) -> int:
    """Shophouses and Trading Houses `seat` has built (`shops_built` + `th_built` in one pass over the
    sites: the greedy player asks it of every position it judges)."""
    n: int = 0
    for site in state["sites"].values():
        n += site["shops"].count(seat)
        if site["th"] == seat:
            n += 1
    return n


#: Whether each area counts as production (else commercial) for the achievements (component data).
PRODUCTION_AREA: dict[str, bool] = {area: data["category"] == "production" for area, data in parts().areas.items()}


def built_categories(state: State, seat: int) -> tuple[int, int]:
    """(production, commercial) areas where `seat` has a Shophouse or Trading House (one each)."""
    prod = com = 0
    for area, site in state["sites"].items():
        if seat in site["shops"] or site["th"] == seat:
            if PRODUCTION_AREA[area]:
                prod += 1
            else:
                com += 1
    return prod, com


def th_cost(state: State, seat: int) -> int:
    """Trading House price from the warehouse: ¥4 for the 1st, 5, 6, 7 for the 4th."""
    taken: int = parts().boards["warehouse"]["trading_houses"] - state["p"][seat]["warehouse"]["th"]
    base: int = parts().rules["agency"]["trading_house_base"]
    return base + taken


SHOP_COST: int = parts().rules["agency"]["shop_cost"]


def icons(state: State, seat: int, country: str) -> int:
    """Country icons of `country` on this seat's completed orders and technologies."""
    p = parts()
    pl = state["p"][seat]
    n = sum(1 for o in pl["done"] if p.orders[o]["country"] == country)
    return n + sum(1 for t in pl["techs"] if p.techs[t]["country"] == country)


def tech_value(state: State, seat: int) -> int:
    return sum(parts().techs[t]["value"] for t in state["p"][seat]["techs"])
