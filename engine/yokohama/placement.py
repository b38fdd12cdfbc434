"""Step 1 of the main action: placing assistants from hand (rulebook "Placement step").

Either 1 assistant into each of up to 3 different areas (4 with Newspaper) or 2 into one
area (then 1 more into an adjacent area with Telegram). Each assistant placed where other
Presidents stand costs ¥1 to each of their owners; never on the Canal. Placement is
compulsory while possible ("you may place 1, 2 or 3").

One decision places everything (ruling R2.2): `{"do": "place", "areas": [...]}` puts 1 in
each listed area; `{"do": "place", "pair": X}` puts 2 in X (`"extra": Y` adds Telegram's
third in Y). When all placements together are more than `ONE_STEP_LIMIT`, the decision is
split in two: first the way (`place_way`: spread or pair), then that way's placements —
the spread step is a multi-select over the areas (a front end shows the areas, at most 17,
and sends the chosen set as `areas`).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any, Literal, NotRequired, TypedDict

from engine.core import State
from engine.yokohama.board import ONE_STEP_LIMIT, action_areas, add_assistants, has_tech, other_presidents
from engine.yokohama.components import area_name
from engine.yokohama.rewards import log


class PlaceWay(TypedDict):
    do: Literal["place_way"]
    way: Literal["spread", "pair"]


class Place(TypedDict):
    do: Literal["place"]
    areas: NotRequired[list[str]]
    pair: NotRequired[str]
    extra: NotRequired[str]
    then: NotRequired[Literal["telegram"]]


PlacementAction = PlaceWay | Place


def cost(state: State, seat: int, area: str, n: int) -> int:
    return n * len(other_presidents(state, seat, area))


def affordable_areas(state: State, seat: int, n: int, exclude: list[str] | tuple[str, ...] = ()) -> list[str]:
    pl = state["p"][seat]
    if pl["hand"]["assistants"] < n:
        return []
    return [a for a in action_areas(state) if a not in exclude and cost(state, seat, a, n) <= pl["yen"]]


def spread_limit(state: State, seat: int) -> int:
    return 4 if has_tech(state, seat, "newspaper") else 3


def spread_options(state: State, seat: int) -> list[Place]:
    """Every set of areas for 1 assistant each (layout order), affordable together.

    `ctx["placed"]` (a placement begun under the old one-by-one rules, or Telegram's pair)
    counts towards the limit and allows placing none more; `ctx["near"]` restricts to areas
    adjacent to that area (Telegram).
    """
    ctx = state["ctx"]
    placed: list[str] = ctx.get("placed", [])
    limit = ctx.get("limit", spread_limit(state, seat)) - len(placed)
    pl = state["p"][seat]
    areas = affordable_areas(state, seat, 1, exclude=placed)
    if ctx.get("near"):
        near = set(state["adjacent"][ctx["near"]])
        areas = [a for a in areas if a in near]
    prices = {a: cost(state, seat, a, 1) for a in areas}
    out: list[Place] = [{"do": "place", "areas": []}] if placed else []
    for size in range(1, min(limit, pl["hand"]["assistants"]) + 1):
        for combo in combinations(areas, size):
            if sum(prices[a] for a in combo) <= pl["yen"]:
                out.append({"do": "place", "areas": list(combo)})
    return out


def pair_options(state: State, seat: int) -> list[Place]:
    """2 in one area; with Telegram, also each way to add 1 in an adjacent area (when that makes
    more than `ONE_STEP_LIMIT`, the pair comes first, `"then": "telegram"`, and the extra next)."""
    pl = state["p"][seat]
    out: list[Place] = []
    telegram = has_tech(state, seat, "telegram") and pl["hand"]["assistants"] >= 3
    for area in affordable_areas(state, seat, 2):
        out.append({"do": "place", "pair": area})
        if telegram:
            money = pl["yen"] - cost(state, seat, area, 2)
            for extra in state["adjacent"][area]:
                if extra in state["sites"] and extra != area and cost(state, seat, extra, 1) <= money:
                    out.append({"do": "place", "pair": area, "extra": extra})
    if len(out) > ONE_STEP_LIMIT:
        pairs = [a["pair"] for a in out if "extra" not in a]
        extras = {a["pair"] for a in out if "extra" in a}
        split: list[Place] = []
        for pair in pairs:
            action: Place = {"do": "place", "pair": pair}
            if pair in extras:
                action["then"] = "telegram"
            split.append(action)
        return split
    return out


def menu(state: State, seat: int) -> dict[str, Any] | None:
    """The spread step as a multi-select: the areas to pick from and how many may be picked.

    A front end shows `areas` (layout order, at most 17) in one select menu with `min_values`
    `min` and `max_values` `max`, and sends `{"do": "place", "areas": <picked, in layout order>}`;
    a set the money does not cover is refused with a reason. None outside the spread step.
    """
    if state["stage"] != "place_spread" or seat != state["seat"]:
        return None
    chosen = spread_options(state, seat)
    areas = [a for a in action_areas(state) if any(a in c["areas"] for c in chosen)]
    sizes = [len(c["areas"]) for c in chosen]
    return {"areas": areas, "min": min(sizes, default=0), "max": max(sizes, default=0)}


def options(state: State, seat: int) -> list[PlacementAction]:
    stage = state["stage"]
    if stage == "place_spread":
        return list(spread_options(state, seat))
    if stage == "place_pair":
        return list(pair_options(state, seat))
    spread, pair = spread_options(state, seat), pair_options(state, seat)
    if len(spread) + len(pair) <= ONE_STEP_LIMIT or not spread or not pair:
        return [*spread, *pair]
    return [{"do": "place_way", "way": "spread"}, {"do": "place_way", "way": "pair"}]


def place(state: State, seat: int, area: str, n: int) -> None:
    pl = state["p"][seat]
    for owner in other_presidents(state, seat, area):
        pl["yen"] -= n
        state["p"][owner]["yen"] += n
    pl["hand"]["assistants"] -= n
    add_assistants(state, seat, area, n)


def apply(state: State, seat: int, action: PlacementAction) -> None:
    """Carry out the placement and go on to the Movement step (or to the way's own list)."""
    if action["do"] == "place_way":
        state["stage"] = "place_spread" if action["way"] == "spread" else "place_pair"
        return
    placed: list[str] = list(state["ctx"].get("placed", []))
    if "pair" in action:
        place(state, seat, action["pair"], 2)
        placed.append(action["pair"])
        if action.get("then") == "telegram":
            state["stage"] = "place_spread"
            state["ctx"] = {"placed": placed, "limit": 2, "near": action["pair"]}
            return
        if "extra" in action:
            place(state, seat, action["extra"], 1)
            placed.append(action["extra"])
    for area in action.get("areas", []):
        place(state, seat, area, 1)
        placed.append(area)
    if placed:
        log(state, "placed assistants in " + ", ".join(area_name(a) for a in placed))
    state["stage"] = "move"
    state["ctx"] = {}


def start(state: State, seat: int) -> None:
    """Enter the Placement step, or go straight on if no assistant can be placed."""
    state["ctx"] = {}
    state["stage"] = "place" if affordable_areas(state, seat, 1) else "move"
