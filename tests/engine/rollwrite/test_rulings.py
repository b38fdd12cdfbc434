"""Tests for rulings in docs/rulings/rollwrite.md not already pinned elsewhere."""

from __future__ import annotations

from engine.rollwrite import GAME
from engine.rollwrite.recording import placements
from engine.rollwrite.sheet import bonus_tasks

from .helpers import act, at_step, front, main_action, new, place_area, queue, sheet


def test_one_elite_per_area() -> None:  # R2
    state = new()
    sheet(state)["elites"][3] = True
    state = queue(state, bonus_tasks({"elite": 1}, "test"))
    rows = [a["row"] for a in GAME.legal(state, 0)]
    assert 3 not in rows and len(rows) == 7


def test_power_may_be_left_unused() -> None:  # R7
    state = new()
    place_area(state, 6, "tea")
    sheet(state)["written"][6] = 5
    state = main_action(at_step(state, "main"), 6, 4)
    state = act(state, {"do": "stop"})
    assert front(state) is None and sheet(state)["step"] == "additional"
    assert sum(sum(g) for g in sheet(state)["goods"]) == 0


def test_postal_service_with_a_single_circle() -> None:  # R12
    options = placements((9,) * 8, (3,), 1, postal=True)
    assert len(options) == 8  # the one circle may go in any row


def test_free_elite_with_every_elite_hired_is_lost() -> None:  # R15
    state = new()
    sheet(state)["elites"] = [True] * 8
    state = queue(state, bonus_tasks({"elite": 1, "money": 1}, "test"))
    assert front(state) is None and sheet(state)["money"]["got"] == 3


def test_card_action_after_the_circles_bonuses() -> None:  # R1, R6
    state = new()
    ps = sheet(state)
    ps["written"] = [2, 2, 2, 2, 2, 2, 1, 2]  # row 6 completes column 1 (side A: 1 money)
    state["dice"][0] = [6, 6, 6]
    state["cards"][0] = [5, 5, 5]  # number 2, card action 2 money
    state = act(state, {"do": "set", "set": 0})
    state = act(state, {"do": "record", "circles": [0, 0, 0, 0, 0, 0, 2, 0]})
    ps = sheet(state)
    assert ps["columns_taken"][1] and ps["money"]["got"] == 2 + 1 + 2
