"""The eleven scoring categories, in order, and the tie-breaks category by category."""

from __future__ import annotations

import pytest

from engine.duel import GAME, scoring
from engine.duel.cards import CHURCH, ORDERS
from engine.duel.scoring import CATEGORIES, score_sheet
from tests.engine.duel.helpers import set_player, started

EMPTY = {"money": 0, "goods": {"tea": 0, "fish": 0, "silk": 0, "copper": 0}, "hand": []}


def blank() -> dict:
    state = started()
    for seat in (0, 1):
        set_player(state, seat, **EMPTY)
    return state


def test_categories_are_the_rulebooks_eleven_in_order() -> None:
    assert CATEGORIES == ("orders", "order_bonus", "technologies", "technology_bonus", "church",
                          "trading_houses", "shops", "imported_down", "imported_up", "yen", "goods")


def test_completed_orders_score_their_points_and_incomplete_ones_nothing() -> None:
    state = set_player(blank(), 0, orders_done=[0, 9], hand=[19])
    assert score_sheet(state)[0]["orders"] == ORDERS[0].points + ORDERS[9].points


def test_completed_order_bonus_6_to_the_most_none_on_a_tie() -> None:
    state = set_player(blank(), 0, orders_done=[0, 1])
    set_player(state, 1, orders_done=[2])
    assert [s["order_bonus"] for s in score_sheet(state)] == [6, 0]
    set_player(state, 1, orders_done=[2, 3])
    assert [s["order_bonus"] for s in score_sheet(state)] == [0, 0]


def test_technology_bonus_6_to_the_highest_production_none_on_a_tie() -> None:
    state = set_player(blank(), 0, techs=["exposition"])  # 5
    set_player(state, 1, techs=["ball"])  # 3
    assert [s["technology_bonus"] for s in score_sheet(state)] == [6, 0]
    set_player(state, 1, techs=["ball", "gaslight"])  # 5
    assert [s["technology_bonus"] for s in score_sheet(state)] == [0, 0]


def test_no_technologies_on_either_side_is_a_tie() -> None:
    assert [s["technology_bonus"] for s in score_sheet(blank())] == [0, 0]


def test_church_cards_score_their_points() -> None:
    state = set_player(blank(), 0, church=[0, 8])
    assert score_sheet(state)[0]["church"] == CHURCH[0].points + CHURCH[8].points


def test_church_points_stay_hidden_from_scores_until_the_end() -> None:
    state = set_player(blank(), 0, church=[0, 8])
    assert GAME.scores(state)[0]["church"] == 0
    state["phase"] = "over"
    assert GAME.scores(state)[0]["church"] == CHURCH[0].points + CHURCH[8].points


@pytest.mark.parametrize("fields,category,points", [
    ({"houses": ["tea", "bank"]}, "trading_houses", 10),
    ({"shops": ["tea", "bank", "lab"]}, "shops", 3),
    ({"imported_down": 3}, "imported_down", 12),
    ({"imported_up": 3}, "imported_up", 3),
    ({"money": 7}, "yen", 3),
    ({"goods": {"tea": 2, "fish": 2, "silk": 1, "copper": 3}}, "goods", 2),
])
def test_simple_categories(fields: dict, category: str, points: int) -> None:
    state = set_player(blank(), 0, **fields)
    sheet = score_sheet(state)[0]
    assert sheet[category] == points
    assert sheet["total"] == points


def _tie_on_total_except(category_points: dict[int, dict]) -> dict:
    state = blank()
    for seat, fields in category_points.items():
        set_player(state, seat, **fields)
    state["phase"] = "over"
    return state


def test_tie_break_category_1_completed_orders() -> None:
    # Seat 1: orders worth 4; seat 0: 4 points of shops. Equal totals, seat 1 wins on category 1.
    four = next(o.id for o in ORDERS if o.points == 4)
    state = _tie_on_total_except({0: {"shops": ["tea", "fishing", "silk", "copper"]}, 1: {"orders_done": [four]}})
    totals = [s["total"] for s in GAME.scores(state)]
    assert totals[0] == 4 and totals[1] == 4 + 6
    set_player(state, 0, shops=["tea", "fishing", "silk", "copper"] + ["bank", "church", "port", "lab"],
               money=4)
    totals = [s["total"] for s in GAME.scores(state)]
    assert totals == [10, 10]
    assert GAME.winners(state) == [1] and GAME.ranking(state) == [1, 0]


@pytest.mark.parametrize("index", range(len(CATEGORIES) - 1))
def test_tie_break_walks_the_categories_in_order(index: int) -> None:
    # Equal totals, equal categories before `index`: the seat ahead in category `index` wins, even
    # though the other is ahead in the last category.
    a = {c: 0 for c in CATEGORIES}
    b = dict(a)
    a[CATEGORIES[index]] = 2
    b[CATEGORIES[-1]] = 2
    a["total"] = b["total"] = 2
    assert scoring.winners([a, b]) == [0] and scoring.winners([b, a]) == [1]
    assert scoring.ranking([b, a]) == [1, 0]


def test_a_higher_total_wins_whatever_the_categories() -> None:
    a = {c: 0 for c in CATEGORIES} | {"orders": 10, "total": 10}
    b = {c: 0 for c in CATEGORIES} | {"goods": 11, "total": 11}
    assert scoring.winners([a, b]) == [1]


def test_a_complete_tie_is_a_shared_victory() -> None:
    state = _tie_on_total_except({0: {"money": 4}, 1: {"money": 4}})
    assert GAME.winners(state) == [0, 1]
    assert "shared" in GAME.headline(state)
