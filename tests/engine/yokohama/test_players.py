"""The greedy player and the AI play purposefully: they never pass while a move gains something.

Issue 20: one stalled game passed 30 times ("place one assistant, take everything back"); the
President going back to hand (RB Movement b) is a pass — no Area Action — and a player who takes
it with a gainful Area Action in reach only slows the game down.
"""

from __future__ import annotations

from engine.core import Rng, mix_seed
from engine.yokohama import GAME, greedy
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


def test_a_president_cut_off_from_the_customs_places_a_way_there() -> None:
    """RB Movement: "At least one of that player's Assistant pawns must be in the destination area."
    A President in the Silk Mill with three assistants and three Imported Goods waiting at the
    Customs can walk there only through areas holding its assistants: the areas of that walk are
    among the placements the greedy player weighs (ruling R7, third pass)."""
    state = board2()
    state["stage"] = "place"
    state["p"][0]["president"] = "silk1"
    put(state, 0, "customs", 3)
    state["p"][0]["imported"] = 3
    assert "customs" not in greedy.reachable(state, 0)
    assert greedy.path_areas(state, 0) == {"church", "tea1"}  # Silk Mill → Church → Tea → Customs
    state["p"][0]["president"] = "bank"  # next door: nothing to open
    assert "customs" in greedy.reachable(state, 0) and "customs" not in greedy.path_areas(state, 0)


def test_the_greedy_game_that_banked_for_twenty_rounds_now_ends_in_time() -> None:
    """Two greedy players, seed 95: cut off from the Customs, where three of its assistants and three
    Imported Goods waited, one player took ¥5 at the Bank every turn from round 28 on (¥51 by round 32)
    and the game ran to round 51 (the third pass's data before this fix). Opening a way there (above)
    ends it by the rules before round 30."""
    state = GAME.new(2, 95)
    rng = Rng(mix_seed(95, 2, 31))  # the calibration benchmark's seat order
    while not GAME.is_over(state) and state["round"] <= 30:
        seat = rng.choice(GAME.to_act(state))
        state = GAME.apply(state, seat, GAME.auto_action(state, seat))
    assert GAME.is_over(state) and state["round"] <= 30
