"""Placement step: 1 into each of up to 3 areas, or 2 into one; paying Presidents; no Canal."""

from __future__ import annotations

from engine.yokohama import GAME
from tests.engine.yokohama.helpers import arrange, fresh, kinds, play

LAYOUT2 = ["bank", "tea1", "church", "silk1", "customs", "fish1", "copper1", "lab_a", "agency", "port_a"]


def main_step(players: int = 2):
    state = fresh(players)
    if players == 2:
        arrange(state, LAYOUT2)
    return play(state, {"do": "main"})


def test_spread_places_one_each_in_up_to_three_different_areas() -> None:
    state = main_step()
    assert GAME.legal(state, 0) == [{"do": "place_way", "way": "spread"}, {"do": "place_way", "way": "pair"}]
    state = play(state, {"do": "place_way", "way": "spread"}, {"do": "place", "area": "bank"})
    assert {"do": "place", "area": "bank"} not in GAME.legal(state, 0)  # different areas
    state = play(state, {"do": "place", "area": "tea1"}, {"do": "place", "area": "church"})
    assert state["stage"] == "move"  # the third placement ends the step
    assert state["p"][0]["placed"] == {"bank": 1, "tea1": 1, "church": 1}
    assert state["p"][0]["hand"]["assistants"] == 5


def test_placement_is_compulsory_one_two_or_three() -> None:
    """RB Placement rules: "you do not need to place all 3 Assistant pawns. In other words, you may
    place 1, 2 or 3 Assistant pawns" — at least one, so stopping is offered only after the first."""
    state = play(main_step(), {"do": "place_way", "way": "spread"})
    assert {"do": "place_done"} not in GAME.legal(state, 0)
    state = play(state, {"do": "place", "area": "bank"})
    assert {"do": "place_done"} in GAME.legal(state, 0)
    state = play(state, {"do": "place_done"})
    assert state["stage"] == "move"


def test_pair_places_two_in_one_area() -> None:
    state = play(main_step(), {"do": "place_way", "way": "pair"}, {"do": "place", "area": "port_a"})
    assert state["p"][0]["placed"] == {"port_a": 2}
    assert state["stage"] == "move"


def test_canal_never_offered() -> None:
    state = play(main_step(3), {"do": "place_way", "way": "spread"})
    assert "canal" in state["layout"]
    assert all(a.get("area") != "canal" for a in GAME.legal(state, 0))
    assert "Canal" in GAME.why_illegal(state, 0, {"do": "place", "area": "canal"})


def test_paying_each_president_one_yen_per_assistant() -> None:
    state = fresh(3)
    state["p"][1]["president"] = "bank"
    state["p"][2]["president"] = "bank"
    state["p"][0]["yen"] = 10
    state = play(state, {"do": "main"}, {"do": "place_way", "way": "pair"}, {"do": "place", "area": "bank"})
    assert state["p"][0]["yen"] == 10 - 4
    assert state["p"][1]["yen"] == 4 + 2 and state["p"][2]["yen"] == 4 + 2


def test_cannot_place_where_you_cannot_pay() -> None:
    state = fresh(3)
    state["p"][1]["president"] = "bank"
    state["p"][2]["president"] = "bank"
    state["p"][0]["yen"] = 1
    state = play(state, {"do": "main"}, {"do": "place_way", "way": "pair"})
    assert {"do": "place", "area": "bank"} not in GAME.legal(state, 0)
    state["p"][0]["yen"] = 0
    state["stage"] = "place_spread"
    state["ctx"] = {"placed": []}
    assert {"do": "place", "area": "bank"} not in GAME.legal(state, 0)
    assert "afford" in GAME.why_illegal(state, 0, {"do": "place", "area": "bank"})


def test_own_president_costs_nothing() -> None:
    state = main_step()
    state["p"][0]["president"] = "bank"
    state = play(state, {"do": "place_way", "way": "pair"}, {"do": "place", "area": "bank"})
    assert state["p"][0]["yen"] == 3


def test_no_assistants_in_hand_skips_placement() -> None:
    state = fresh()
    state["p"][0]["hand"]["assistants"] = 0
    state = play(state, {"do": "main"})
    assert state["stage"] == "move"


def test_one_assistant_in_hand_cannot_pair() -> None:
    state = fresh()
    state["p"][0]["hand"]["assistants"] = 1
    state = play(state, {"do": "main"})
    assert kinds(GAME.legal(state, 0)) == ["place_way"] and len(GAME.legal(state, 0)) == 1
