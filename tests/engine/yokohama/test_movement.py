"""Movement step: entering from hand, stepping along assistants, Presidents, the Canal, returning."""

from __future__ import annotations

from engine.yokohama import GAME
from tests.engine.yokohama.helpers import arrange, at_stage, clear_board, fresh, put

# 2 players: position adjacency (docs/yokohama-layout.md)
#   bank(0)-tea1(1)-church(2)-silk1(3) / customs(4)-fish1(5)-copper1(6) / lab_a(7)-agency(8) / port_a(9)
LAYOUT2 = ["bank", "tea1", "church", "silk1", "customs", "fish1", "copper1", "lab_a", "agency", "port_a"]


def board2():
    state = arrange(fresh(2), LAYOUT2)
    clear_board(state)
    return at_stage(state, "move")


def test_enter_from_hand_only_into_possible_action_areas() -> None:
    state = board2()
    put(state, 0, "bank")
    put(state, 0, "church")
    state["p"][1]["president"] = "church"
    assert GAME.legal(state, 0) == [{"do": "enter", "area": "bank"}, {"do": "return"}]
    state = GAME.apply(state, 0, {"do": "enter", "area": "bank"})
    assert state["p"][0]["president"] == "bank"
    assert state["stage"] == "second"  # Bank acted automatically, assistants recovered
    assert state["p"][0]["yen"] == 3 + 2


def test_steps_follow_own_assistants_and_never_return_to_start() -> None:
    state = board2()
    state["p"][0]["president"] = "bank"
    put(state, 0, "tea1")
    put(state, 0, "church")
    assert {"do": "step", "area": "customs"} not in GAME.legal(state, 0)  # no assistant there
    state = GAME.apply(state, 0, {"do": "step", "area": "tea1"})
    assert state["stage"] == "moving"
    options = GAME.legal(state, 0)
    assert {"do": "stop"} in options and {"do": "step", "area": "church"} in options
    assert {"do": "step", "area": "bank"} not in options  # the start area
    state = GAME.apply(state, 0, {"do": "step", "area": "church"})
    state = GAME.apply(state, 0, {"do": "stop"})
    assert state["p"][0]["president"] == "church"


def test_buildings_do_not_make_a_path() -> None:
    state = board2()
    state["p"][0]["president"] = "bank"
    state["sites"]["tea1"]["shops"][0] = 0
    assert {"do": "step", "area": "tea1"} not in GAME.legal(state, 0)


def test_passing_a_president_pays_one_yen_and_may_not_stop() -> None:
    state = board2()
    state["p"][0]["president"] = "bank"
    state["p"][1]["president"] = "tea1"
    put(state, 0, "tea1")
    put(state, 0, "church")
    state = GAME.apply(state, 0, {"do": "step", "area": "tea1"})
    assert state["p"][0]["yen"] == 2 and state["p"][1]["yen"] == 5
    assert {"do": "stop"} not in GAME.legal(state, 0)
    assert GAME.legal(state, 0) == [{"do": "step", "area": "church"}]


def test_no_step_into_a_dead_end() -> None:
    state = board2()
    state["p"][0]["president"] = "bank"
    state["p"][1]["president"] = "tea1"
    put(state, 0, "tea1")  # nothing beyond tea1 to stop on
    assert GAME.legal(state, 0) == [{"do": "return"}]
    state["p"][0]["yen"] = 0
    put(state, 0, "church")
    assert GAME.legal(state, 0) == [{"do": "return"}]  # cannot pay to pass


def test_canal_costs_one_yen_and_cannot_be_a_stop() -> None:
    state = fresh(3)
    layout = list(state["layout"])
    layout.remove("canal")
    layout.remove("bank")
    layout.remove("tea1")
    layout = ["bank", "canal", "tea1", *layout]  # positions 0-1-2 of the top row
    arrange(state, layout)
    clear_board(state)
    at_stage(state, "move")
    state["p"][0]["president"] = "bank"
    put(state, 0, "tea1")
    assert {"do": "step", "area": "canal"} in GAME.legal(state, 0)
    state = GAME.apply(state, 0, {"do": "step", "area": "canal"})
    assert state["p"][0]["yen"] == 2
    assert GAME.legal(state, 0) == [{"do": "step", "area": "tea1"}]
    state["p"][0]["yen"] = 3
    state["p"][0]["president"] = "bank"
    state["stage"] = "move"
    state["ctx"] = {}
    state["p"][0]["yen"] = 0
    assert {"do": "step", "area": "canal"} not in GAME.legal(state, 0)


def test_return_president_and_one_areas_assistants() -> None:
    state = board2()
    state["p"][0]["president"] = "bank"
    put(state, 0, "tea1", 2)
    put(state, 0, "church", 1)
    state = GAME.apply(state, 0, {"do": "return"})
    assert state["p"][0]["president"] is None
    options = GAME.legal(state, 0)
    assert {"do": "return_from", "area": None} in options and {"do": "return_from", "area": "tea1"} in options
    state = GAME.apply(state, 0, {"do": "return_from", "area": "tea1"})
    assert state["p"][0]["placed"] == {"church": 1}
    assert state["p"][0]["hand"]["assistants"] == 10
    assert state["stage"] == "second"  # steps 3-6 skipped


def test_stagecoach_passes_presidents_free_but_cannot_stop_there() -> None:
    state = board2()
    state["p"][0]["techs"] = [11]
    state["p"][0]["president"] = "bank"
    state["p"][1]["president"] = "tea1"
    put(state, 0, "tea1")
    put(state, 0, "church")
    state = GAME.apply(state, 0, {"do": "step", "area": "tea1"})
    assert state["p"][0]["yen"] == 3
    assert {"do": "stop"} not in GAME.legal(state, 0)


def test_postal_system_may_stop_with_a_president_and_pays() -> None:
    state = board2()
    state["p"][0]["techs"] = [17]
    state["p"][0]["president"] = "bank"
    state["p"][1]["president"] = "tea1"
    put(state, 0, "tea1")
    state = GAME.apply(state, 0, {"do": "step", "area": "tea1"})
    assert state["p"][0]["yen"] == 2
    assert {"do": "stop"} in GAME.legal(state, 0)


def test_postal_and_stagecoach_together_stop_free() -> None:
    state = board2()
    state["p"][0]["techs"] = [17, 11]
    state["p"][0]["president"] = "bank"
    state["p"][1]["president"] = "tea1"
    put(state, 0, "tea1")
    state = GAME.apply(state, 0, {"do": "step", "area": "tea1"})
    assert state["p"][0]["yen"] == 3 and {"do": "stop"} in GAME.legal(state, 0)


def test_tram_goes_anywhere_without_another_president() -> None:
    state = board2()
    state["p"][0]["techs"] = [30]
    state["p"][0]["president"] = "bank"
    state["p"][1]["president"] = "silk1"
    state = GAME.apply(state, 0, {"do": "tram"})
    targets = [a["area"] for a in GAME.legal(state, 0)]
    assert "silk1" not in targets and "bank" not in targets and "port_a" in targets
    state = GAME.apply(state, 0, {"do": "tram_to", "area": "port_a"})
    assert state["p"][0]["president"] == "port_a" and state["stage"] == "second"  # Power 1: no order


def test_station_owner_rides_to_the_station_for_free_even_onto_a_president() -> None:
    state = board2()
    state["p"][0]["techs"] = [12]
    state["station"] = "port_a"
    state["p"][1]["president"] = "port_a"
    state = GAME.apply(state, 0, {"do": "station"})
    assert state["p"][0]["president"] == "port_a" and state["p"][0]["yen"] == 3
    assert state["ctx"]["power"] == 2  # President + Station
