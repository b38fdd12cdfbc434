"""Labels that match the rules: the employment number agrees with "employee(s)"."""

from __future__ import annotations

from engine.rollwrite import GAME
from engine.rollwrite.components import employment_cards
from tests.engine.rollwrite.helpers import act, new, sheet


def card_numbered(number: int) -> int:
    return next(card for card, data in employment_cards().items() if data["number"] == number)


def test_a_set_with_employment_number_1_writes_1_employee() -> None:
    """RB: "Record employees in the town district. Write as many circles as the employment number of the chosen
    employment card." A card numbered 1 writes one employee; the words agree."""
    state = new()
    state["cards"][0][0] = card_numbered(1)
    state["cards"][0][1] = card_numbered(3)
    assert GAME.detail(state, {"do": "set", "set": 0}).startswith("Write 1 employee, then gain ")
    assert GAME.detail(state, {"do": "set", "set": 1}).startswith("Write 3 employees, then gain ")
    state = act(state, {"do": "set", "set": 1})
    assert sheet(state)["step"] == "record"
    assert GAME.pending_label(state, 0).startswith("Record 3 employees (die ")
    sheet(state)["record"]["number"] = 1  # the same question for one employee (with one circle it is rarely asked)
    assert GAME.pending_label(state, 0).startswith("Record 1 employee (die ")
