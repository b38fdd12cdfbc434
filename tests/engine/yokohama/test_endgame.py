"""End conditions, the final round, and final scoring in the rulebook's order."""

from __future__ import annotations

import pytest

from engine.yokohama import GAME
from engine.yokohama.endgame import best_sets, check_end, final_scores, rounds_played
from tests.engine.yokohama.helpers import at_stage, clear_board, fresh


def blank(players: int = 3):
    state = fresh(players)
    clear_board(state)
    for pl in state["p"]:
        pl["goods"] = {"copper": 0, "silk": 0, "tea": 0, "fish": 0}
        pl["yen"] = 0
    return state


def test_all_four_trading_houses_ends() -> None:
    state = blank()
    for area in list(state["sites"])[:3]:
        state["sites"][area]["th"] = 1
    check_end(state)
    assert state["end"]["reasons"] == []
    state["sites"][list(state["sites"])[3]]["th"] = 1
    check_end(state)
    assert state["end"]["reasons"] == ["trading_houses"]


def test_all_eight_shops_ends() -> None:
    state = blank(4)
    for area in list(state["sites"])[:8]:
        state["sites"][area]["shops"][0] = 2
    check_end(state)
    assert state["end"]["reasons"] == ["shops"]


@pytest.mark.parametrize(("players", "count"), [(2, 4), (3, 5), (4, 6)])
@pytest.mark.parametrize("board", ["church", "customs"])
def test_church_and_customs_counts(players: int, count: int, board: str) -> None:
    state = blank(players)
    free = [i for i, s in enumerate(state[board]) if s is None]
    for i in free[: count - 1]:
        state[board][i] = i % players
    check_end(state)
    assert state["end"]["reasons"] == []  # the 2-player neutral pawn does not count
    state[board][free[count - 1]] = 0
    check_end(state)
    assert state["end"]["reasons"] == [board]


def test_finish_the_round_then_one_more_so_everyone_plays_equally() -> None:
    state = blank(3)
    state["round"] = 4
    state = at_stage(state, "second", seat=1)
    state["sites"]["bank"]["th"] = 1
    for area in list(state["sites"])[1:4]:
        state["sites"][area]["th"] = 1
    turns = {0: 0, 1: 0, 2: 0}
    state = GAME.apply(state, 1, {"do": "end_turn"})
    assert state["end"]["final_round"] == 5
    while not GAME.is_over(state):
        seat = state["seat"]
        turns[seat] += 1
        state = at_stage(state, "second", seat=seat)
        state = GAME.apply(state, seat, {"do": "end_turn"})
    assert turns == {2: 2, 0: 1, 1: 1}  # seat 2 ends round 4, then round 5 for all
    assert state["round"] == 6 and GAME.to_act(state) == []


def test_rounds_played_is_the_final_round_once_over() -> None:
    """RB: "Finish playing out the round ending with the player to the right of the Start player, then
    there is one final round for all players." A game ending as above plays rounds 1–5; the round
    counter has moved on to 6, the benchmarks count 5 (the "no game past round 30" reads this)."""
    state = blank(3)
    state["round"] = 4
    assert rounds_played(state) == 4  # under way: the round being played
    state["end"] = {"reasons": ["orders"], "final_round": 5}
    state = at_stage(state, "second", seat=2)
    while not GAME.is_over(state):
        seat = state["seat"]
        state = GAME.apply(at_stage(state, "second", seat=seat), seat, {"do": "end_turn"})
    assert state["round"] == 6 and rounds_played(state) == 5


def test_end_sequence_counts_turns() -> None:
    state = blank(3)
    state = at_stage(state, "second", seat=1)
    state["end"] = {"reasons": ["orders"], "final_round": 2}
    seen = []
    while not GAME.is_over(state):
        seat = state["seat"]
        seen.append((state["round"], seat))
        state = at_stage(state, "second", seat=seat)
        state = GAME.apply(state, seat, {"do": "end_turn"})
    assert seen == [(1, 1), (1, 2), (2, 0), (2, 1), (2, 2)]


def test_church_majority_ties_to_the_rightmost_pawn() -> None:
    state = blank(3)
    state["church"] = [1, 0, 0, 1, None, None, None, None]
    rows = final_scores(state)
    assert rows[1]["church"] == 6 and rows[0]["church"] == 3 and rows[2]["church"] == 0


def test_single_player_on_board_gets_only_first_place() -> None:
    state = blank(3)
    state["customs"] = [2, 2, None, None, None, None, None, None]
    rows = final_scores(state)
    assert [r["customs"] for r in rows] == [0, 0, 8]
    assert all(r["church"] == 0 for r in rows)


def test_customs_first_and_second() -> None:
    state = blank(4)
    state["customs"] = [0, 3, 3, 1, None, None, None, 0]
    assert [r["customs"] for r in final_scores(state)] == [8, 0, 0, 4]


def test_technology_bonus_ties_to_closest_to_start_player() -> None:
    state = blank(3)
    state["p"][2]["techs"] = [3]  # value 4
    state["p"][1]["techs"] = [5]  # value 4
    state["p"][0]["techs"] = [27]  # value 2
    assert [r["technology"] for r in final_scores(state)] == [0, 10, 5]


def test_technology_only_one_owner_gets_ten() -> None:
    state = blank(3)
    state["p"][1]["techs"] = [27]
    assert [r["technology"] for r in final_scores(state)] == [0, 10, 0]


@pytest.mark.parametrize(("mine", "theirs", "expect"), [
    ([1], [3], [10, 0]),        # 8 > 7.5 > 4: the dummy takes second place
    ([3, 5], [27], [10, 0]),    # 8 > dummy > 2
    ([27], [3], [0, 5]),        # dummy first, 4 second
    ([1], [2], [10, 5]),        # both 8
    ([], [], [0, 0]),
])
def test_two_player_dummy_at_7_5(mine: list[int], theirs: list[int], expect: list[int]) -> None:
    state = blank(2)
    state["p"][0]["techs"] = mine
    state["p"][1]["techs"] = theirs
    assert [r["technology"] for r in final_scores(state)] == expect


@pytest.mark.parametrize(("counts", "points"), [
    ((1, 1, 1, 1, 1), 12), ((1, 1, 1, 1, 0), 8), ((1, 1, 1, 0, 0), 4), ((1, 1, 0, 0, 0), 2),
    ((3, 0, 0, 0, 0), 0), ((2, 2, 2, 2, 2), 24), ((3, 1, 1, 1, 1), 12), ((2, 2, 1, 1, 0), 10),
    ((2, 2, 2, 1, 1), 12 + 4),
])
def test_country_sets(counts: tuple[int, ...], points: int) -> None:
    assert best_sets(counts) == points


def test_country_bonus_from_orders_and_technologies() -> None:
    state = blank(3)
    state["p"][0]["done"] = [1, 10, 18]  # English, American, French
    state["p"][0]["techs"] = [4, 6]  # German, Dutch
    assert final_scores(state)[0]["countries"] == 12


def test_remainders_and_total() -> None:
    state = blank(2)
    pl = state["p"][0]
    pl["vp"] = 20
    pl["mercs"] = [{"country": "english", "used": False}, {"country": "dutch", "used": True}]
    pl["imported"] = 2
    pl["yen"] = 5
    pl["goods"] = {"copper": 2, "silk": 2, "tea": 1, "fish": 2}
    row = final_scores(state)[0]
    assert (row["mercenaries"], row["imported"], row["money"], row["goods"]) == (1, 2, 2, 2)
    assert row["total"] == 20 + 1 + 2 + 2 + 2


def test_ranking_ties_to_the_seat_closest_to_the_start_player() -> None:
    state = blank(3)
    state["p"][2]["vp"] = 10
    state["p"][1]["vp"] = 10
    assert GAME.ranking(state) == [1, 2, 0]


def test_unfulfilled_orders_score_nothing() -> None:
    state = blank(2)
    state["p"][0]["orders"] = [1, 10, 18]
    assert final_scores(state)[0]["countries"] == 0
