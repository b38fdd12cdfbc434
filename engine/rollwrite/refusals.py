"""Why an action is refused, in words a player understands ("You need 2 money ...; you have 1.").

Only called for actions that are not on offer (`Game.apply` checks `legal()` first), so
these functions explain; they never decide legality themselves.
"""

from __future__ import annotations

from typing import Any

from engine.rollwrite import decisions, labels, rules
from engine.rollwrite.components import GOOD_NAMES, LEVEL_COST, area_name, technologies
from engine.rollwrite.sheet import Sheet, available

State = dict[str, Any]


def explain(state: State, seat: int, action: Any) -> str:
    ps = state["sheets"][seat]
    if not isinstance(action, dict) or "do" not in action:
        return "That is not a move in this game; choose one of the offered options."
    if ps["queue"]:
        return _task_reason(state, ps, ps["queue"][0], action)
    return _step_reason(state, seat, ps, action)


def _short(ps: Sheet, cost: dict[str, int], what: str) -> str | None:
    missing = [(res, n) for res, n in cost.items() if available(ps, res) < n]
    if not missing:
        return None
    need = " and ".join(f"{n} {res}" for res, n in missing)
    have = " and ".join(f"{available(ps, res)} {res}" for res, _ in missing)
    return f"You need {need} to {what}; you have {have}."


def _task_reason(state: State, ps: Sheet, task: dict[str, Any], action: dict[str, Any]) -> str:
    first = f"First: {labels.task_label(state, task)}."
    do = action["do"]
    kind = task["t"]
    if kind == "power" and do == "buy":
        what = action.get("what")
        verb = {
            "elite": "hire an Elite",
            "shop": "build a shop",
            "trading": "build a trading house",
            "good": "buy a trade good",
            "cargo": "buy a cargo",
        }.get(what)
        if verb is None:
            return first
        power = rules.LAB_POWER.get(what, 1 if what == "good" else 2)
        if power > task["left"]:
            return f"You need {power} action power to {verb}; you have {task['left']} left."
        cost = rules.lab_cost(ps, what) if what in rules.LAB_POWER else {"money": 1 if what == "good" else 4}
        return _short(ps, cost, verb) or f"There is nowhere left to {verb.split(' ', 1)[1]}."
    if kind == "power" and do == "tech":
        tech = technologies().get(action.get("tech"))
        if tech is None:
            return first
        cost = LEVEL_COST[tech["level"]]
        if cost > task["left"]:
            return f"{tech['name']} needs {cost} action power; you have {task['left']} left."
        if action["tech"] not in [t for level in state["labs"].get(task["area"], {}).values() for t in level]:
            return f"{tech['name']} is not at {area_name(task['area'])}."
        return f"You already hold a {tech['level'].upper()} technology from {area_name(task['area'])}."
    if do == "form" and action.get("good") in GOOD_NAMES:
        return f"That order form has no {GOOD_NAMES[action['good']]} left to cross."
    if do == "elite" and kind == "elite":
        return "That area already has its Elite."
    if do == "shop" and kind == "shop":
        return "That order form already has a shop."
    if do == "trading" and kind == "trading":
        return "That trading house is already built."
    if do == "employ" and kind == "employees":
        return "That employee track is full."
    return first


def _step_reason(state: State, seat: int, ps: Sheet, action: dict[str, Any]) -> str:
    do = action["do"]
    step = ps["step"]
    if do == "set" and step == "set":
        if action.get("set") == decisions.blocked_set(state, seat):
            return "The start player took that set; choose one of the other two."
        return "Choose the white, gray or black set."
    if do == "extra" and step == "additional":
        pick = action.get("pick")
        if pick not in labels.EXTRA_NAMES:
            return "The additional actions are A, B, C, D and E."
        name = labels.EXTRA_NAMES[pick].split(": ", 1)[1]
        return (
            _short(ps, rules.extra_cost(ps, pick), name) or f"You cannot {name} now: nothing left to place."
        )
    if do == "cross" and step == "count":
        row = ps["main_area"]
        have = ps["written"][row] - ps["crossed"][row]
        return f"Cross off 1 to {min(5, have)} circles: {area_name(state['areas'][row])} has {have} unused."
    if do == "area" and step == "main":
        return "Choose an area that has at least one circle not yet crossed off."
    if do == "phone":
        if not rules.has(ps, "telephone"):
            return "You need the Telephone technology for that."
        if ps["phone_round"] == state["round"]:
            return "You have already used the Telephone this round."
        return _short(ps, {"money": 1}, "use the Telephone") or "The Telephone is not usable right now."
    if do in ("record", "circle") and step == "record":
        return (
            "Those circles break the recording rules: 1-2 in the die's area, 0-1 elsewhere, "
            "in consecutive areas, as many as the card allows."
        )
    return f"Not now: {labels.step_label(state, seat).lower()}."
