"""Movement step: entering from hand, stepping along assistants, Presidents, the Canal, returning."""

from __future__ import annotations

from engine.yokohama import GAME
from tests.engine.yokohama.helpers import after_main, arrange, at_stage, clear_board, fresh, put

# 2 players: position adjacency (docs/yokohama-layout.md)
#   bank(0)-tea1(1)-church(2)-silk1(3) / customs(4)-fish1(5)-copper1(6) / lab_a(7)-agency(8) / port_a(9)
LAYOUT2 = ["bank", "tea1", "church", "silk1", "customs", "fish1", "copper1", "lab_a", "agency", "port_a"]


def board2():
    state = arrange(fresh(2), LAYOUT2)
    clear_board(state)
    return at_stage(state, "move")


def goes(state) -> dict[str, int]:
    """Destinations offered on foot, with the price shown in their label."""
    out = {}
    for action in GAME.legal(state, 0):
        if action["do"] == "go":
            label = GAME.describe(state, action)
            out[action["area"]] = 0 if "(free)" in label else int(label.split("(¥")[1].split(")")[0])
    return out


def test_enter_from_hand_only_into_possible_action_areas() -> None:
    """RB: "the player may place the President pawn in any Possible Action Area" (own assistant, no other President)."""
    state = board2()
    put(state, 0, "bank")
    put(state, 0, "church")
    state["p"][1]["president"] = "church"
    assert goes(state) == {"bank": 0}
    state = GAME.apply(state, 0, {"do": "go", "area": "bank"})
    assert state["p"][0]["president"] == "bank"
    assert after_main(state)  # Bank acted automatically, assistants recovered
    assert state["p"][0]["yen"] == 3 + 2


def test_steps_follow_own_assistants_and_never_return_to_start() -> None:
    """RB: "At least one of that player's Assistant pawns must be in the destination area" and
    "The President pawn may not return to the Area that it started in." """
    state = board2()
    state["p"][0]["president"] = "bank"
    put(state, 0, "tea1")
    put(state, 0, "church")
    assert goes(state) == {"tea1": 0, "church": 0}  # not customs (no assistant), not bank (start)
    state = GAME.apply(state, 0, {"do": "go", "area": "church"})
    assert state["p"][0]["president"] == "church"


def test_buildings_do_not_make_a_path() -> None:
    state = board2()
    state["p"][0]["president"] = "bank"
    state["sites"]["tea1"]["shops"][0] = 0
    assert "tea1" not in goes(state)


def test_passing_a_president_pays_one_yen_and_may_not_stop() -> None:
    """RB: "the player may not stop their movement. They must immediately pay each other President
    pawn in the Area 1 Yen and continue their movement." """
    state = board2()
    state["p"][0]["president"] = "bank"
    state["p"][1]["president"] = "tea1"
    put(state, 0, "tea1")
    put(state, 0, "church")
    assert goes(state) == {"church": 1}
    state = GAME.apply(state, 0, {"do": "go", "area": "church"})
    assert state["p"][0]["yen"] == 2 and state["p"][1]["yen"] == 5


def test_no_step_into_a_dead_end() -> None:
    state = board2()
    state["p"][0]["president"] = "bank"
    state["p"][1]["president"] = "tea1"
    put(state, 0, "tea1")  # nothing beyond tea1 to stop on
    assert goes(state) == {}
    state["p"][0]["yen"] = 0
    put(state, 0, "church")
    assert goes(state) == {}  # cannot pay to pass


def test_canal_costs_one_yen_and_cannot_be_a_stop() -> None:
    """RB: the Canal costs 1 Yen to cross (ruling R2.4) and is never a stop."""
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
    assert goes(state) == {"tea1": 1}
    state = GAME.apply(state, 0, {"do": "go", "area": "tea1"})
    assert state["p"][0]["yen"] == 2
    state["p"][0]["president"] = "bank"
    state["stage"] = "move"
    state["ctx"] = {}
    state["p"][0]["yen"] = 0
    assert "tea1" not in goes(state)


def test_cheapest_route_is_walked() -> None:
    """Ruling R2.3: the player picks the destination; the cheapest route there is walked."""
    state = board2()
    state["p"][0]["president"] = "tea1"
    state["p"][1]["president"] = "church"
    put(state, 0, "church")
    put(state, 0, "silk1")
    put(state, 0, "fish1")
    put(state, 0, "copper1")
    # tea1 -> church (a President: ¥1) -> silk1, or tea1 -> fish1 -> copper1 -> silk1 (free)
    assert goes(state)["silk1"] == 0
    state = GAME.apply(state, 0, {"do": "go", "area": "silk1"})
    assert state["p"][1]["yen"] == 4


def test_return_president_and_one_areas_assistants() -> None:
    """Ruling R1.4: the President returns with all assistants of one chosen area (or none), in one decision."""
    state = board2()
    state["p"][0]["president"] = "bank"
    put(state, 0, "tea1", 2)
    put(state, 0, "church", 1)
    options = GAME.legal(state, 0)
    assert {"do": "return", "area": None} in options and {"do": "return", "area": "tea1"} in options
    state = GAME.apply(state, 0, {"do": "return", "area": "tea1"})
    assert state["p"][0]["president"] is None
    assert state["p"][0]["placed"] == {"church": 1}
    assert state["p"][0]["hand"]["assistants"] == 10
    assert after_main(state)  # steps 3-6 skipped


def test_stagecoach_passes_presidents_free_but_cannot_stop_there() -> None:
    """RB Stagecoach: "you do not need to pay other President pawns occupying Areas that you move
    over. However, you may not end your turn or carry out the action in Areas occupied by other
    players' President pawns" """
    state = board2()
    state["p"][0]["techs"] = [11]
    state["p"][0]["president"] = "bank"
    state["p"][1]["president"] = "tea1"
    put(state, 0, "tea1")
    put(state, 0, "church")
    assert goes(state) == {"church": 0}


def test_postal_system_may_stop_with_a_president_and_pays() -> None:
    """RB Postal System: "You may end your movement in an Area occupied by another President pawn
    … You must still pay these players" """
    state = board2()
    state["p"][0]["techs"] = [17]
    state["p"][0]["president"] = "bank"
    state["p"][1]["president"] = "tea1"
    put(state, 0, "tea1")
    assert goes(state) == {"tea1": 1}
    state = GAME.apply(state, 0, {"do": "go", "area": "tea1"})
    assert state["p"][0]["president"] == "tea1"


def test_postal_and_stagecoach_together_stop_free() -> None:
    state = board2()
    state["p"][0]["techs"] = [17, 11]
    state["p"][0]["president"] = "bank"
    state["p"][1]["president"] = "tea1"
    put(state, 0, "tea1")
    assert goes(state) == {"tea1": 0}


def test_tram_goes_anywhere_without_another_president() -> None:
    """RB Tram: "you may move your President pawn to any Area as long as that Area does not contain
    another player's President pawn" """
    state = board2()
    state["p"][0]["techs"] = [30]
    state["p"][0]["president"] = "bank"
    state["p"][1]["president"] = "silk1"
    targets = [a["area"] for a in GAME.legal(state, 0) if a["do"] == "tram_to"]
    assert "silk1" not in targets and "bank" not in targets and "port_a" in targets
    state = GAME.apply(state, 0, {"do": "tram_to", "area": "port_a"})
    assert state["p"][0]["president"] == "port_a" and after_main(state)  # Power 1: no order


def test_destination_labels_show_cost_and_what_the_action_gives() -> None:
    """Each destination shows whether it costs money and what the action there gives."""
    state = board2()
    state["p"][0]["president"] = "bank"
    state["p"][1]["president"] = "tea1"
    put(state, 0, "tea1")
    put(state, 0, "church", 2)
    label = GAME.describe(state, {"do": "go", "area": "church"})
    assert "¥1" in label and "Power 3: 3 Faith" in label
def test_station_owner_rides_to_the_station_for_free_even_onto_a_president() -> None:
    state = board2()
    state["p"][0]["techs"] = [12]
    state["station"] = "port_a"
    state["p"][1]["president"] = "port_a"
    state = GAME.apply(state, 0, {"do": "station"})
    assert state["p"][0]["president"] == "port_a" and state["p"][0]["yen"] == 3
    assert state["ctx"]["power"] == 2  # President + Station


def test_a_president_in_hand_cannot_go_back_to_hand() -> None:
    """Ruling R8. RB Movement step: "b) Return their President pawn to their hand" — a President
    already in hand has nowhere to return from, so it must take a): "If the President pawn is in
    the player's hand, the player may place the President pawn in any Possible Action Area".
    Placing one assistant and taking everything back was a free pass that stalled games."""
    state = board2()
    put(state, 0, "bank")
    put(state, 0, "tea1", 2)
    options = GAME.legal(state, 0)
    assert [a for a in options if a["do"] == "return"] == []
    assert {"do": "go", "area": "bank"} in options and {"do": "go", "area": "tea1"} in options
    refusal = GAME.why_illegal(state, 0, {"do": "return", "area": "tea1"})
    assert "already in your hand" in refusal


def test_a_president_in_hand_with_no_open_area_loses_the_area_action() -> None:
    """Ruling R8. RB: "if the player was not able to carry out Step 2, they may not be able to carry
    out Steps 3-6" — with every area of its assistants held by another President, the only answer
    is to go on without an Area Action, and no assistant comes back to hand."""
    state = board2()
    put(state, 0, "church")
    state["p"][1]["president"] = "church"
    hand = state["p"][0]["hand"]["assistants"]
    assert GAME.legal(state, 0) == [{"do": "no_entry"}]
    state = GAME.apply(state, 0, {"do": "no_entry"})
    assert state["p"][0]["president"] is None
    assert state["p"][0]["placed"] == {"church": 1}
    assert state["p"][0]["hand"]["assistants"] == hand
    assert after_main(state)


def test_a_president_on_the_board_may_still_go_back_to_hand() -> None:
    """RB Movement b) stays open to a President on the board (ruling R1.4's one area's assistants)."""
    state = board2()
    state["p"][0]["president"] = "bank"
    put(state, 0, "tea1")
    assert {"do": "return", "area": "tea1"} in GAME.legal(state, 0)
