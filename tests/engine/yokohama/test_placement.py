"""Placement step: 1 into each of up to 3 areas, or 2 into one; paying Presidents; no Canal."""

from __future__ import annotations

from engine.yokohama import GAME
from tests.engine.yokohama.helpers import arrange, at_stage, fresh, main, play

LAYOUT2 = ["bank", "tea1", "church", "silk1", "customs", "fish1", "copper1", "lab_a", "agency", "port_a"]


def main_step(players: int = 2):
    state = fresh(players)
    if players == 2:
        arrange(state, LAYOUT2)
    return main(state)


def spread(state, *areas: str):
    if {"do": "place_way", "way": "spread"} in GAME.legal(state, 0):
        state = play(state, {"do": "place_way", "way": "spread"})
    return play(state, {"do": "place", "areas": list(areas)})


def pair(state, area: str, extra: str | None = None):
    if {"do": "place_way", "way": "pair"} in GAME.legal(state, 0):
        state = play(state, {"do": "place_way", "way": "pair"})
    action = {"do": "place", "pair": area, **({"extra": extra} if extra else {})}
    return play(state, action)


def test_spread_places_one_each_in_up_to_three_different_areas() -> None:
    """RB: "a) Place 1 Assistant pawn into 3 different areas" — all chosen in one decision."""
    state = main_step()
    assert GAME.legal(state, 0) == [{"do": "place_way", "way": "spread"}, {"do": "place_way", "way": "pair"}]
    state = play(state, {"do": "place_way", "way": "spread"})
    options = GAME.legal(state, 0)
    assert {"do": "place", "areas": ["bank", "tea1", "church"]} in options
    assert all(len(a["areas"]) <= 3 and len(set(a["areas"])) == len(a["areas"]) for a in options)
    state = play(state, {"do": "place", "areas": ["bank", "tea1", "church"]})
    assert state["stage"] == "move"
    assert state["p"][0]["placed"] == {"bank": 1, "tea1": 1, "church": 1}
    assert state["p"][0]["hand"]["assistants"] == 5


def test_placement_is_compulsory_one_two_or_three() -> None:
    """RB Placement rules: "you do not need to place all 3 Assistant pawns. In other words, you may
    place 1, 2 or 3 Assistant pawns" — at least one: no option places none."""
    state = main_step()
    state = play(state, {"do": "place_way", "way": "spread"})
    assert all(a["areas"] for a in GAME.legal(state, 0))
    assert {"do": "place", "areas": ["bank"]} in GAME.legal(state, 0)
    state = play(state, {"do": "place", "areas": ["bank"]})
    # From hand, the President's only move is into the Bank (ruling R8): played at once.
    assert state["p"][0]["president"] == "bank"


def test_short_lists_are_one_decision() -> None:
    """Ruling R2.2: when every placement fits in one list of at most 25, the way is not asked."""
    state = at_stage(arrange(fresh(2), LAYOUT2), "first")
    state["p"][0]["hand"]["assistants"] = 1  # only 1 each, in up to 1 area: 9 options
    state = main(state)
    assert GAME.legal(state, 0) == [{"do": "place", "areas": [a]} for a in LAYOUT2 if a != "canal"]


def test_pair_places_two_in_one_area() -> None:
    """RB: "b) Place 2 Assistant pawns into the same area" """
    state = main_step()
    state["p"][0]["president"] = "bank"  # on the board, so Movement is a real choice (ruling R8)
    state = pair(state, "port_a")
    assert state["p"][0]["placed"] == {"port_a": 2}
    assert state["p"][0]["hand"]["assistants"] == 8 - 2
    assert state["stage"] == "move"


def test_canal_never_offered() -> None:
    """RB: "You may not place an Assistant pawn in the Canal." """
    state = play(main_step(3), {"do": "place_way", "way": "spread"})
    assert "canal" in state["layout"]
    assert all("canal" not in a["areas"] for a in GAME.legal(state, 0))
    assert "Canal" in GAME.why_illegal(state, 0, {"do": "place", "areas": ["canal"]})


def test_paying_each_president_one_yen_per_assistant() -> None:
    """RB: "you have to pay 1 Yen for each Assistant pawn you place to the player owning the President pawn" """
    state = fresh(3)
    state["p"][1]["president"] = "bank"
    state["p"][2]["president"] = "bank"
    state["p"][0]["yen"] = 10
    state = main(state)
    state = play(state, {"do": "place_way", "way": "pair"})
    assert "(pay ¥4)" in GAME.describe(state, {"do": "place", "pair": "bank"})
    state = play(state, {"do": "place", "pair": "bank"})
    assert state["p"][0]["yen"] == 10 - 4
    assert state["p"][1]["yen"] == 4 + 2 and state["p"][2]["yen"] == 4 + 2


def test_cannot_place_where_you_cannot_pay() -> None:
    """RB: "If you have insufficient money, you may not place an Assistant pawn in the area." """
    state = fresh(3)
    state["p"][1]["president"] = "bank"
    state["p"][2]["president"] = "bank"
    state["p"][0]["yen"] = 1
    state = main(state)
    state = play(state, {"do": "place_way", "way": "pair"})
    assert {"do": "place", "pair": "bank"} not in GAME.legal(state, 0)
    state["p"][0]["yen"] = 0
    state["stage"] = "place_spread"
    assert not [a for a in GAME.legal(state, 0) if "bank" in a["areas"]]
    assert "afford" in GAME.why_illegal(state, 0, {"do": "place", "areas": ["bank"]})


def test_own_president_costs_nothing() -> None:
    state = main_step()
    state["p"][0]["president"] = "bank"
    state = pair(state, "bank")
    assert state["p"][0]["yen"] == 3


def test_no_assistants_in_hand_skips_placement() -> None:
    state = at_stage(fresh(), "first")
    state["p"][0]["hand"]["assistants"] = 0
    state["p"][0]["placed"] = {"bank": 1}
    state["p"][0]["president"] = "tea1"  # on the board, so Movement is a real choice (ruling R8)
    state = main(state)
    assert state["stage"] == "move"
    assert state["p"][0]["placed"] == {"bank": 1} and state["p"][0]["hand"]["assistants"] == 0


def test_one_assistant_in_hand_cannot_pair() -> None:
    state = at_stage(fresh(), "first")
    state["p"][0]["hand"]["assistants"] = 1
    state = main(state)
    assert all("areas" in a and len(a["areas"]) == 1 for a in GAME.legal(state, 0))


def test_upgraded_half_placement_goes_on() -> None:
    """A schema-1 game stopped after one of three assistants continues with the other two (or none)."""
    state = main_step()
    state = play(state, {"do": "place_way", "way": "spread"})
    state["p"][0]["placed"] = {"bank": 1}
    state["p"][0]["hand"]["assistants"] -= 1
    state["ctx"] = {"placed": ["bank"]}
    options = GAME.legal(state, 0)
    assert {"do": "place", "areas": []} in options
    assert all("bank" not in a["areas"] and len(a["areas"]) <= 2 for a in options)


def test_the_spread_is_offered_as_a_multi_select() -> None:
    """Ruling R2.2: the spread list is a multi-select over the areas; every picked set (layout order) is legal."""
    state = play(main_step(3), {"do": "place_way", "way": "spread"})
    menu = GAME.view(state, 0)["placement_menu"]
    assert menu["min"] == 1 and menu["max"] == 3 and len(menu["areas"]) <= 25 and "canal" not in menu["areas"]
    assert GAME.view(state, None)["placement_menu"] is None and GAME.view(state, 1)["placement_menu"] is None
    picked = [menu["areas"][0], menu["areas"][-1]]
    assert {"do": "place", "areas": picked} in GAME.legal(state, 0)
