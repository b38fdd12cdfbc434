"""The greedy player and the AI play purposefully: they never pass while a move gains something.

Issue 20: one stalled game passed 30 times ("place one assistant, take everything back"); the
President going back to hand (RB Movement b) is a pass — no Area Action — and a player who takes
it with a gainful Area Action in reach only slows the game down.
"""

from __future__ import annotations

from engine.yokohama import GAME
from tests.engine.yokohama.helpers import put
from tests.engine.yokohama.test_movement import board2


def gainful_move_or_pass():
    """President in the Bank, 2 assistants in the Tea Plantation next door: going there gives 3 Tea;
    going back to hand would give back 2 assistants and nothing else."""
    state = board2()
    state["p"][0]["president"] = "bank"
    put(state, 0, "tea1", 2)
    state["p"][0]["hand"]["assistants"] = 1
    legal = GAME.legal(state, 0)
    assert {"do": "go", "area": "tea1"} in legal and {"do": "return", "area": "tea1"} in legal
    return state


def test_the_greedy_player_moves_rather_than_passing() -> None:
    state = gainful_move_or_pass()
    assert GAME.auto_action(state, 0)["do"] != "return"


def test_the_ai_moves_rather_than_passing() -> None:
    state = gainful_move_or_pass()
    for seed in range(2):
        assert GAME.ai_action(state, 0, seed=seed, budget_s=2.0)["do"] != "return"
