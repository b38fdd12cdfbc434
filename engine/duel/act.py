"""Starting and closing an Area action (a turn's Area Action step or a Foreign Agent), and what a
closed action leaves owed: the 5-Power Bonus step (Power 5+) and the construction step (Power 4+).

Kept apart so that each Area's own module and the free actions can start and end an action without
importing each other.
"""

from __future__ import annotations

from typing import Literal, cast

from engine.duel.cards import AREAS, RULES, TRADING_HOUSE_COSTS
from engine.duel.state import house_owner, shops_left
from engine.duel.types import ActState, State, Via


def new_act(kind: Literal["main", "agent"], area: str | None, via: Via | None) -> ActState:
    return {
        "kind": kind,
        "area": area,
        "via": via,
        "step": "area" if area is None else "power",
        "card": None,
        "extra": 0,
        "phone": False,
        "power": 0,
    }


def finish_act(state: State, seat: int) -> None:
    """Close the act and owe the 5-Power Bonus step (Power 5+) and construction step (Power 4+)."""
    turn = state["turn"]
    act = cast(ActState, turn["act"])
    power, area = act["power"], cast(str, act["area"])  # an act closes in its area
    if power >= RULES.bonus_power and state["bonus_row"]:
        turn["bonus"] = {"power": power}
    if power >= RULES.construction_power and can_build_somehow(state, seat, area):
        turn["build"] = {"area": area}
    if act["kind"] == "main":
        turn["area_done"] = True
    turn["act"] = None


def can_build_somehow(state: State, seat: int, area: str) -> bool:
    """An Area district with room for a Shop or Trading House of this player, if the money were there.

    Only the eight Area districts have building spaces; the Port and Laboratory have none (ruling 8)."""
    if not AREAS[area].districts:
        return False
    player = state["players"][seat]
    shop = area not in player["shops"] and shops_left(player) > 0
    house = house_owner(state, area) is None and len(player["houses"]) < len(TRADING_HOUSE_COSTS)
    return shop or house


def suspend_owed_steps(state: State) -> None:
    """A Foreign Agent sent while this action's bonus or construction step is owed: keep those steps
    until the agent's own action (with its own steps) is done."""
    turn = state["turn"]
    if turn["bonus"] is not None or turn["build"] is not None:
        turn["suspended"].append({"bonus": turn["bonus"], "build": turn["build"]})
        turn["bonus"] = turn["build"] = None


def resume_owed_steps(state: State) -> None:
    """Once nothing is under way, take back the steps a Foreign Agent interrupted (latest first)."""
    turn = state["turn"]
    if turn["act"] is None and turn["bonus"] is None and turn["build"] is None and turn["suspended"]:
        owed = turn["suspended"].pop()
        turn["bonus"], turn["build"] = owed["bonus"], owed["build"]
