"""The greedy player: tries every legal action one step ahead and keeps the best-looking state.

Used for players who time out, and by the tests to show that purposeful play reaches an
end condition. The value of a position is the points it would score now plus small,
plainly guessed worths of what is not yet points (orders in hand, pieces, Power).
"""

from __future__ import annotations

import copy
from typing import Any

from engine.core import State
from engine.yokohama import flow
from engine.yokohama.board import action_areas, other_presidents, power, shops_built, th_built
from engine.yokohama.components import GOODS
from engine.yokohama.endgame import board_majority

Action = Any


def worth(state: State, seat: int) -> float:
    pl = state["p"][seat]
    value = float(pl["vp"]) + 0.5 * pl["yen"] + 1.2 * pl["imported"]
    value += 0.45 * sum(pl["goods"][g] for g in GOODS)
    value += 2.0 * len(pl["orders"]) + 1.5 * len(pl["techs"])
    value += 0.3 * pl["hand"]["assistants"] + 0.4 * sum(pl["placed"].values())
    value += 1.0 * pl["hand"]["shops"] + 1.5 * pl["hand"]["th"]
    value += 3.0 * (shops_built(state, seat) + th_built(state, seat))
    value += sum(1.0 for m in pl["mercs"] if not m["used"]) + 0.5 * len(pl["tokens"])
    value += board_majority(state, "church", 6, 3)[seat] + board_majority(state, "customs", 8, 4)[seat]
    reach = [power(state, seat, a) for a in action_areas(state) if not other_presidents(state, seat, a)]
    value += 0.8 * max(reach, default=0)
    return value


def choose(state: State, seat: int) -> Action:
    """The legal action after which `worth` is highest (the first one on ties)."""
    options = flow.options(state, seat)
    best, best_value = options[0], float("-inf")
    for action in options:
        trial = copy.deepcopy(state)
        flow.apply(trial, seat, action)
        value = worth(trial, seat)
        if trial["over"] or trial["seat"] != seat:
            value += 0.01  # prefer finishing a turn over idling when nothing else gains
        if value > best_value + 1e-9:
            best, best_value = action, value
    return best
