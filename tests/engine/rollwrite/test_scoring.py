"""6) Scoring, the end of the game, the tie-breakers and the achievements."""

from __future__ import annotations

from engine.rollwrite import GAME
from engine.rollwrite.components import sheet as sheet_data
from engine.rollwrite.scoring import cargo_points, port_parts

from .helpers import act, at_step, new, sheet

A = sheet_data("A")


def fulfil(ps: dict, *forms: int) -> None:
    for f in forms:
        ps["goods"][f] = [True] * len(ps["goods"][f])
        ps["fulfilled"][f] = True


def end_round(state: dict, round_no: int) -> dict:
    """Play the additional action "E: do nothing" and confirm the round, closing `round_no` for a solo seat."""
    state["round"] = round_no
    state = at_step(state, "additional")
    state = act(state, {"do": "extra", "pick": "E", "cost": {}})
    return act(state, {"do": "end"})


def test_order_points_shop_doubles_unfulfilled_scores_nothing() -> None:
    ps = sheet(new())
    fulfil(ps, 15)
    ps["shops"][15] = True
    ps["shops"][16] = True  # a shop on an unfulfilled form: nothing
    ps["goods"][16][0] = True
    assert port_parts(ps, A) == {"orders": 5, "shops": 5, "trading_houses": 0}


def test_trading_house_2_per_fulfilled_form_in_its_column_forms_count_twice() -> None:
    ps = sheet(new())
    fulfil(ps, 4, 9, 19)
    ps["trading"][4] = True  # column 5: forms 4, 9, 14, 19
    ps["trading"][5] = True  # bottom row: form 19 again
    assert port_parts(ps, A)["trading_houses"] == 2 * 3 + 2 * 1


def test_cargo_scores_the_rightmost_star() -> None:
    ps = sheet(new())
    assert cargo_points(ps, A) == 0
    ps["cargo"] = 8
    assert cargo_points(ps, A) == 24  # the rulebook's example


def test_rulebook_total_20_plus_57_plus_24_plus_4_is_105() -> None:
    state = new()
    ps = sheet(state)
    fulfil(ps, 15, 16, 17, 18)  # 4 x 5 VP
    state = end_round(state, 6)
    assert sheet(state)["boxes"]["6R"] == 20
    ps = sheet(state)
    fulfil(ps, 19, 10, 12, 5, 0)  # + 5 + 4 + 4 + 3 + 1
    ps["shops"][15] = ps["shops"][16] = True  # + 5 + 5
    ps["trading"][5] = True  # bottom row, 5 fulfilled: + 10
    ps["cargo"] = 8  # 24 VP
    ps["techs"] = ["carriage", "postal"]  # 2 + 2 VP
    state["labs"]["lab_a"]["low"][0] = "carriage"
    state["labs"]["lab_a"]["mid"][0] = "postal"
    state = end_round(state, 12)
    boxes = sheet(state)["boxes"]
    assert (boxes["6R"], boxes["12R"], boxes["cargo"], boxes["tech"]) == (20, 57, 24, 4)
    assert boxes["total"] == 105
    assert GAME.is_over(state) and GAME.to_act(state) == []
    score = GAME.scores(state)[0]
    assert score["total"] == 105
    assert score["port_6r"] + score["port_12r"] == score["orders"] + score["shops"] + score["trading_houses"]


def tied(players: int = 3) -> dict:
    state = new(players)
    for ps in state["sheets"]:
        fulfil(ps, 15)
    return state


def test_tie_break_unconsumed_money_and_faith() -> None:
    state = tied()
    sheet(state, 1)["money"]["used"] = 2
    sheet(state, 2)["faith"]["got"] = 5
    assert GAME.ranking(state) == [2, 0, 1]


def test_tie_break_then_unused_employee_circles() -> None:
    state = tied()
    sheet(state, 0)["crossed"][0] = 1
    sheet(state, 2)["written"][3] = 4
    assert GAME.ranking(state) == [2, 1, 0]


def test_still_tied_shares_the_victory() -> None:
    state = tied(2)
    assert GAME.places(state) == [1, 1]
    sheet(state, 1)["cargo"] = 1
    assert GAME.places(state) == [2, 1] and GAME.ranking(state) == [1, 0]


def test_achievements_are_reported_per_player() -> None:
    state = new(1)
    ps = sheet(state)
    fulfil(ps, *range(14))
    ps["shops"][:10] = [True] * 10
    ps["trading"][:3] = [True] * 3
    ps["cargo"] = 12
    ps["money"]["got"] = 25
    got = GAME.achievements(state, 0)
    for line in (
        "13+ order forms fulfilled",
        "14+ order forms fulfilled",
        "10+ shops",
        "3+ trading houses",
        "Cargo stock 12+",
        "Money stock 25+",
        "0 technologies acquired",
        "Played alone",
        "Played side A",
        "0 victory points from technologies",
    ):
        assert line in got
    assert "15+ order forms fulfilled" not in got and "11+ shops" not in got


def test_orders_fulfilled_count_is_exposed() -> None:
    state = new(2)
    fulfil(sheet(state, 1), 1, 2, 3)
    assert GAME.orders_fulfilled(state, 1) == 3
    assert GAME.view(state, None)["seats"][1]["orders_fulfilled"] == 3
