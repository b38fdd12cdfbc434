"""Closing an Area action (a turn's Area Action step or a Foreign Agent): what it leaves owed.

Kept apart so that each Area's own module can end the action without importing the others.
"""

from __future__ import annotations

from typing import Any

from engine.core import State
from engine.duel.cards import TRADING_HOUSE_COSTS
from engine.duel.state import house_owner, shops_left

Action = dict[str, Any]


def finish_act(state: State, seat: int) -> None:
    """Close the act and owe the 5-Power Bonus step (Power 5+) and construction step (Power 4+)."""
    turn = state["turn"]
    act = turn["act"]
    power, area = act["power"], act["area"]
    if power >= 5 and state["bonus_row"]:
        turn["bonus"] = {"power": power}
    if power >= 4 and can_build_somehow(state, seat, area):
        turn["build"] = {"area": area}
    if act["kind"] == "main":
        turn["area_done"] = True
    turn["act"] = None


def can_build_somehow(state: State, seat: int, area: str) -> bool:
    """A Shop or Trading House could go here if the money were there."""
    player = state["players"][seat]
    shop = area not in player["shops"] and shops_left(player) > 0
    house = house_owner(state, area) is None and len(player["houses"]) < len(TRADING_HOUSE_COSTS)
    return shop or house
