"""Step 1 of the main action: placing assistants from hand (rulebook "Placement step").

Either 1 assistant into each of up to 3 different areas (4 with Newspaper) or 2 into one
area (then 1 more into an adjacent area with Telegram). Each assistant placed where other
Presidents stand costs ¥1 to each of their owners; never on the Canal. Split into small
decisions: the way first, then area by area.
"""

from __future__ import annotations

from typing import Any

from engine.core import State
from engine.yokohama.board import action_areas, add_assistants, has_tech, other_presidents
from engine.yokohama.components import area_name
from engine.yokohama.rewards import log

Action = dict[str, Any]


def cost(state: State, seat: int, area: str, n: int) -> int:
    return n * len(other_presidents(state, seat, area))


def affordable_areas(state: State, seat: int, n: int, exclude: list[str] | tuple[str, ...] = ()) -> list[str]:
    pl = state["p"][seat]
    if pl["hand"]["assistants"] < n:
        return []
    return [a for a in action_areas(state) if a not in exclude and cost(state, seat, a, n) <= pl["yen"]]


def spread_limit(state: State, seat: int) -> int:
    return 4 if has_tech(state, seat, "newspaper") else 3


def options(state: State, seat: int) -> list[Action]:
    stage = state["stage"]
    ctx = state["ctx"]
    if stage == "place":
        out: list[Action] = []
        if affordable_areas(state, seat, 1):
            out.append({"do": "place_way", "way": "spread"})
        if affordable_areas(state, seat, 2):
            out.append({"do": "place_way", "way": "pair"})
        return out
    if stage == "place_spread":
        areas = affordable_areas(state, seat, 1, exclude=ctx["placed"])
        # Placement is compulsory: "you may place 1, 2 or 3" — stopping needs one placed first.
        done: list[Action] = [{"do": "place_done"}] if ctx["placed"] else []
        return [*({"do": "place", "area": a} for a in areas), *done]
    if stage == "place_pair":
        return [{"do": "place", "area": a} for a in affordable_areas(state, seat, 2)]
    if stage == "telegram":
        near = set(state["adjacent"][ctx["placed"][0]])
        areas = [a for a in affordable_areas(state, seat, 1) if a in near]
        return [*({"do": "place", "area": a} for a in areas), {"do": "place_done"}]
    return []


def place(state: State, seat: int, area: str, n: int) -> None:
    pl = state["p"][seat]
    for owner in other_presidents(state, seat, area):
        pl["yen"] -= n
        state["p"][owner]["yen"] += n
    pl["hand"]["assistants"] -= n
    add_assistants(state, seat, area, n)
    state["ctx"]["placed"].append(area)


def apply(state: State, seat: int, action: Action) -> None:
    """Carry out a placement decision and move to the next decision (or the Movement step)."""
    do = action["do"]
    if do == "place_way":
        state["stage"] = "place_spread" if action["way"] == "spread" else "place_pair"
        state["ctx"] = {"placed": []}
        return
    if do == "place_done":
        finish(state, seat)
        return
    stage = state["stage"]
    n = 2 if stage == "place_pair" else 1
    place(state, seat, action["area"], n)
    if stage == "place_pair":
        if has_tech(state, seat, "telegram") and options_after_pair(state, seat):
            state["stage"] = "telegram"
            return
        finish(state, seat)
    elif stage == "telegram" or spread_finished(state, seat):
        finish(state, seat)


def spread_finished(state: State, seat: int) -> bool:
    """No further 1-assistant placement is possible (the limit is reached or nothing affordable)."""
    placed = state["ctx"]["placed"]
    return len(placed) >= spread_limit(state, seat) or not affordable_areas(state, seat, 1, exclude=placed)


def options_after_pair(state: State, seat: int) -> bool:
    near = set(state["adjacent"][state["ctx"]["placed"][0]])
    return any(a in near for a in affordable_areas(state, seat, 1))


def finish(state: State, seat: int) -> None:
    placed = state["ctx"].get("placed", [])
    if placed:
        log(state, "placed assistants in " + ", ".join(area_name(a) for a in placed))
    state["stage"] = "move"
    state["ctx"] = {}


def start(state: State, seat: int) -> None:
    """Enter the Placement step, or go straight on if no assistant can be placed."""
    state["ctx"] = {}
    state["stage"] = "place" if affordable_areas(state, seat, 1) else "move"
