"""A greedy player: used by `auto_action` for a player who timed out, and by the benchmark.

It looks one decision ahead (a little further where one choice only sets up the next,
like choosing a set before recording, or an area before the number of circles) and keeps
the option after which its sheet is worth most by `sheet_value`: points already secured,
progress on order forms, and the future use of resources, circles, Elites and
technologies, which fade as the game nears its end. It is deliberately simple and fast;
it is a fair stand-in for an absent player, not a strong one.
"""

from __future__ import annotations

from typing import Any

from engine.core import Game, Rng
from engine.rollwrite import flow, rules
from engine.rollwrite.components import ROUNDS, areas
from engine.rollwrite.scoring import cargo_points, tech_points
from engine.rollwrite.shapes import Action
from engine.rollwrite.sheet import available, move_copy, open_forms
from engine.rollwrite.state_types import Sheet, State, Task

#: Per-round worth of technologies whose value lies in future rounds.
ONGOING: dict[str, float] = {
    "newspaper": 0.9,
    "telegraph": 0.7,
    "carriage": 0.3,
    "tram": 0.3,
    "postal": 0.3,
    "brick_factory": 0.3,
    "language_school": 0.5,
    "canned_food": 0.4,
    "spinning_mill": 0.4,
    "mining": 0.6,
    "tea_machinery": 0.6,
    "telephone": 0.4,
    "letterpress": 0.3,
}
#: Steps after which the same seat decides again before anything changes for others.
LOOK_THROUGH = {"record", "count"}


def sheet_value(state: State, ps: Sheet) -> float:
    """An estimate of this sheet's final points, from the seat's point of view."""
    data = rules.side_data(state)
    round_no: int = state["round"]
    left = ROUNDS - round_no + (0 if ps["step"] in ("end", "done") else 1)
    time = left / ROUNDS
    twice = 2.0 if ps["boxes"]["6R"] is None and round_no <= 6 else 1.0
    value: float = 0.0
    chance: dict[int, float] = {}
    for form in data["forms"]:
        f = form["id"]
        mult = 2.0 if ps["shops"][f] else 1.0
        if ps["fulfilled"][f]:
            chance[f] = 1.0
            value += form["points"] * mult * twice
        else:
            frac = sum(ps["goods"][f]) / len(form["goods"])
            chance[f] = min(0.95, 0.15 * time + 0.75 * frac * (0.4 + 0.6 * time) + 0.1 * frac)
            value += form["points"] * mult * chance[f] * (1.0 + 0.4 * time)
    for h, house in enumerate(data["trading_houses"]):
        if ps["trading"][h]:
            value += 2 * sum(twice if ps["fulfilled"][f] else chance[f] for f in house["forms"])
    value += cargo_points(ps, data)
    value += sum(tech_points(ps).values())
    value += sum(ONGOING.get(t, 0.0) * left for t in ps["techs"])
    value += (available(ps, "money") + available(ps, "faith")) * (0.15 + 0.55 * time)
    usable = min(5 * left + 2, sum(w - c for w, c in zip(ps["written"], ps["crossed"], strict=True)))
    value += usable * 0.85 * min(1.0, left / 3) + 0.12 * sum(ps["written"])
    value += sum(ps["elites"]) * 0.35 * left
    for task in ps["queue"]:
        value += _task_value(state, ps, task, time)
    return value


def _task_value(state: State, ps: Sheet, task: Task, time: float) -> float:
    kind = task["t"]
    if kind == "power":
        area = areas()[task["area"]]
        if area["kind"] == "goods":
            data = rules.side_data(state)
            slots = sum(
                1
                for f in open_forms(ps, area["good"], data)
                for i, g in enumerate(data["forms"][f]["goods"])
                if g == area["good"] and not ps["goods"][f][i]
            )
            left: int = task["left"]
            return 1.3 * min(left, slots)
        power_left: int = task["left"]
        return 0.9 * power_left
    if kind == "good":
        return 1.6
    if kind == "employees":
        hired: int = task["n"]
        return 0.9 * hired
    if kind == "chamber":
        chamber_power: int = task["power"]
        return max(0, chamber_power - 1) * 1.0
    return {
        "elite": 2.0 * time + 0.3,
        "shop": 3.0,
        "trading": 6.0,
        "choice": 1.5,
        "exchange": 0.4,
    }.get(kind, 0.0)


def _after(state: State, seat: int, action: Action) -> State:
    """The state after this seat's action, copying only what the action can change."""
    trial = state.copy()
    trial["sheets"] = list(state["sheets"])
    trial["sheets"][seat] = move_copy(state["sheets"][seat])
    flow.perform(trial, seat, action)
    return trial


def _worth(state: State, seat: int, depth: int) -> float:
    ps = state["sheets"][seat]
    if depth > 0 and not ps["queue"] and ps["step"] in LOOK_THROUGH:
        choices = flow.options(state, seat)
        if choices:
            return max(_worth(_after(state, seat, a), seat, depth - 1) for a in choices)
    return sheet_value(state, ps)


def greedy_action(game: Game[State, Action, Any], state: State, seat: int) -> Action:
    """The legal action after which this seat's sheet is worth most (first one on ties)."""
    choices = game.legal(state, seat)
    if len(choices) == 1:
        return choices[0]
    best, best_value = choices[0], float("-inf")
    for action in choices:
        value = _worth(_after(state, seat, action), seat, 2)
        if action.get("do") == "stop":
            value -= 0.01
        if value > best_value + 1e-9:
            best, best_value = action, value
    return best


def greedy_policy(game: Game[State, Action, Any], state: State, seat: int, rng: Rng) -> Action:
    """`random_playout` policy: the greedy choice (the rng is unused)."""
    return greedy_action(game, state, seat)
