"""Every bonus icon and every place a bonus sits: column, track, round, stock, link, card."""

from __future__ import annotations

from engine.rollwrite import GAME
from engine.rollwrite.components import sheet as sheet_data
from engine.rollwrite.sheet import bonus_tasks

from .helpers import act, front, labels, new, queue, sheet


def given(bonus: dict) -> dict:
    return queue(new(), bonus_tasks(bonus, "test"))


def test_money_faith_and_cargo_are_written_at_once() -> None:
    ps = sheet(given({"money": 2, "faith": 3, "cargo": 1}))
    assert (ps["money"]["got"], ps["faith"]["got"], ps["cargo"]) == (4, 4, 1)


def test_four_colour_good_chooses_the_good_then_the_form() -> None:
    state = given({"good": 1})
    assert [a["kind"] for a in GAME.legal(state, 0)] == ["fish", "tea", "silk", "copper"]
    state = act(state, {"do": "kind", "kind": "copper"})
    forms = [a["form"] for a in GAME.legal(state, 0)]
    assert forms and all("copper" in sheet_data("A")["forms"][f]["goods"] for f in forms)
    state = act(state, GAME.legal(state, 0)[0])
    assert front(state) is None


def test_a_good_with_one_possible_form_is_crossed_without_asking() -> None:
    state = new()
    ps = sheet(state)
    ps["goods"] = [[True] * len(g) for g in ps["goods"]]
    ps["goods"][11][0] = False  # side A form 11 is fish + fish
    state = queue(state, bonus_tasks({"fish": 1}, "test"))  # only form 11 has a fish left
    assert front(state) is None and all(sheet(state)["goods"][11])


def test_a_good_with_nowhere_to_go_is_lost() -> None:
    state = new()
    ps = sheet(state)
    ps["goods"] = [[True] * len(g) for g in ps["goods"]]
    state = queue(state, bonus_tasks({"good": 2, "tea": 1}, "test"))
    assert front(state) is None


def test_employees_are_written_one_circle_at_a_time_where_there_is_space() -> None:
    state = new()
    sheet(state)["written"][2] = 10
    state = queue(state, bonus_tasks({"employees": 2}, "test"))
    assert {"do": "employ", "row": 2} not in GAME.legal(state, 0)
    assert len(GAME.legal(state, 0)) == 7
    state = act(state, {"do": "employ", "row": 5})
    state = act(state, {"do": "employ", "row": 5})
    assert sheet(state)["written"][5] == 3 and front(state) is None


def test_free_elite_shop_and_trading_house() -> None:
    state = given({"elite": 1, "shop": 1, "trading": 1})
    state = act(state, {"do": "elite", "row": 4})
    state = act(state, {"do": "shop", "form": 19})
    assert [a["house"] for a in GAME.legal(state, 0)] == list(range(6))
    state = act(state, {"do": "trading", "house": 5})
    ps = sheet(state)
    assert ps["elites"][4] and ps["shops"][19] and ps["trading"][5]
    assert ps["money"]["used"] == 0 and ps["faith"]["used"] == 0


def test_choice_takes_exactly_one_side() -> None:
    state = given({"choice": [{"money": 2}, {"faith": 2}]})
    assert labels(state) == ["Take 2 money", "Take 2 faith"]
    state = act(state, GAME.legal(state, 0)[1])
    assert sheet(state)["faith"]["got"] == 3 and sheet(state)["money"]["got"] == 2


def test_exchange_is_optional_and_needs_what_it_consumes() -> None:
    state = given({"exchange": {"pay": {"money": 2}, "get": {"cargo": 1}}})
    assert labels(state) == ["Pay 2 money for 1 cargo", "Skip the exchange"]
    taken = act(state, GAME.legal(state, 0)[0])
    assert sheet(taken)["cargo"] == 1 and sheet(taken)["money"]["used"] == 2
    skipped = act(state, GAME.legal(state, 0)[1])
    assert sheet(skipped)["cargo"] == 0 and sheet(skipped)["money"]["used"] == 0
    poor = given({"exchange": {"pay": {"faith": 2}, "get": {"cargo": 1}}})  # 1 faith only
    assert front(poor) is None


def test_column_bonus_when_a_column_is_completely_filled() -> None:
    state = new()
    sheet(state)["written"] = [2, 2, 2, 2, 2, 2, 2, 1]
    state = queue(state, bonus_tasks({"employees": 1}, "test"))
    state = act(state, {"do": "employ", "row": 7})
    ps = sheet(state)
    assert ps["columns_taken"][1] and ps["money"]["got"] == 2 + 1  # side A column 1: 1 money


def test_track_bonus_when_a_track_is_full() -> None:
    state = new()
    sheet(state)["written"][4] = 9
    state = queue(state, bonus_tasks({"employees": 1}, "test"))
    state = act(state, {"do": "employ", "row": 4})
    ps = sheet(state)
    assert ps["tracks_taken"][4] and ps["money"]["got"] == 2 + 3  # side A row 4: 3 money


def test_round_bonus_at_the_round_update() -> None:
    state = new()
    while state["round"] == 1:
        state = act(state, GAME.auto_action(state, 0))
    ps = sheet(state)
    assert ps["rounds_marked"] == 2
    assert ps["money"]["got"] >= 3  # side A round 2: 1 money (on top of the 2 at the start)


def test_faith_stock_bonus_at_the_10th_faith() -> None:
    state = new()
    sheet(state)["faith"]["got"] = 9
    state = queue(state, bonus_tasks({"faith": 2}, "test"))
    ps = sheet(state)
    assert ps["stock_taken"]["faith"][0] and ps["cargo"] == 1  # side A faith 10: 1 cargo


def test_consuming_never_gives_a_bonus() -> None:
    state = new()
    ps = sheet(state)
    ps["money"] = {"got": 12, "used": 0}
    ps["stock_taken"]["money"][0] = True
    state = queue(state, bonus_tasks({"exchange": {"pay": {"money": 10}, "get": {"faith": 1}}}, "test"))
    state = act(state, GAME.legal(state, 0)[0])
    assert sheet(state)["stock_taken"]["money"][1:] == [False] * 4
