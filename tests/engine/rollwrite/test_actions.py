"""4) Main action, the area actions, 5) Additional action and the warehouse — with the rulebook's examples."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.rollwrite import GAME
from engine.rollwrite.sheet import bonus_tasks, gain

from .helpers import act, at_step, front, main_action, new, place_area, queue, sheet


def ready(area: str, row: int = 6, circles: int = 5) -> dict:
    """A solo game at the main action with `circles` unused circles in `area` on `row`."""
    state = new()
    place_area(state, row, area)
    sheet(state)["written"][row] = circles
    return at_step(state, "main")


def test_rulebook_copper_mine_with_elite_has_power_5() -> None:
    state = ready("copper")
    sheet(state)["elites"][6] = True
    state = main_action(state, 6, 4)
    assert front(state) == {"t": "power", "area": "copper", "left": 5, "brick_used": False}
    assert sheet(state)["crossed"][6] == 4


def test_cross_one_to_five_circles_from_areas_with_unused_circles() -> None:
    state = ready("tea", circles=8)
    state = act(state, {"do": "area", "row": 6})
    assert [a["n"] for a in GAME.legal(state, 0)] == [1, 2, 3, 4, 5]
    crossed = ready("tea", circles=8)
    sheet(crossed)["crossed"] = [1] * 8  # every pre-filled circle used; only row 6 has circles left
    assert GAME.legal(crossed, 0) == [{"do": "area", "row": 6}]


def test_goods_area_crosses_one_good_per_power_on_chosen_forms() -> None:
    state = ready("fishing")
    state = main_action(state, 6, 2)
    offered = GAME.legal(state, 0)
    assert {"do": "stop"} in offered
    fish_forms = [a["form"] for a in offered if a["do"] == "form"]
    state = act(state, {"do": "form", "form": fish_forms[0], "good": "fish"})
    state = act(state, {"do": "form", "form": fish_forms[1], "good": "fish"})
    assert front(state) is None and sheet(state)["step"] == "additional"
    assert sheet(state)["goods"][fish_forms[0]][0] and sheet(state)["goods"][fish_forms[1]][0]


def test_order_fulfilled_circles_the_star_and_link_bonus_follows() -> None:
    state = ready("fishing")
    ps = sheet(state)
    ps["goods"][1] = [True, True]  # side A: form 1 (tea, silk) fulfilled earlier
    ps["fulfilled"][1] = True
    cargo_before = ps["cargo"]
    state = main_action(state, 6, 1)
    state = act(state, {"do": "form", "form": 0, "good": "fish"})  # form 0 is a single fish
    ps = sheet(state)
    assert ps["fulfilled"][0] and ps["fulfilled_at"][0] == 1
    assert ps["links_taken"][0]  # link 0-1 on side A: a 4-colour trade good
    assert front(state)["t"] == "good" and ps["cargo"] == cargo_before


def test_rulebook_laboratory_example_with_5_power() -> None:
    state = ready("lab_a", row=3, circles=6)
    place_area(state, 6, "copper")
    place_area(state, 2, "lab_b")
    state["labs"] = {
        "lab_a": {
            "low": ["winery", "ice_cream"],
            "mid": ["postal", "patent"],
            "high": ["telephone", "exposition"],
        },
        "lab_b": {
            "low": ["carriage", "university"],
            "mid": ["tram", "gas_lamp"],
            "high": ["station", "newspaper"],
        },
    }
    money = sheet(state)["money"]["got"] - sheet(state)["money"]["used"]
    state = main_action(state, 3, 5)
    assert front(state)["left"] == 5
    state = act(state, {"do": "tech", "tech": "postal"})
    state = act(state, {"do": "buy", "what": "elite", "power": 1, "cost": {"money": 1}})
    state = act(state, {"do": "elite", "row": 6})
    state = act(state, {"do": "buy", "what": "elite", "power": 1, "cost": {"money": 1}})
    state = act(state, {"do": "elite", "row": 2})
    ps = sheet(state)
    assert ps["techs"] == ["postal"]
    assert ps["elites"][6] and ps["elites"][2]
    assert ps["money"]["used"] == 2 and money == 2  # 1 money per Elite
    assert front(state) is None


def test_only_one_of_the_two_technologies_per_level_per_laboratory() -> None:
    state = ready("lab_a", circles=9)
    sheet(state)["techs"] = [state["labs"]["lab_a"]["low"][0]]
    state = main_action(state, 6, 5)
    offered = {a["tech"] for a in GAME.legal(state, 0) if a["do"] == "tech"}
    assert not offered & set(state["labs"]["lab_a"]["low"])
    assert set(state["labs"]["lab_a"]["mid"]) <= offered and not offered & set(state["labs"]["lab_b"]["mid"])


def test_rulebook_bank_example_stock_bonus_at_the_10th_money() -> None:
    state = ready("bank", row=5, circles=5)
    sheet(state)["money"] = {"got": 6, "used": 4}
    state = main_action(state, 5, 4)
    ps = sheet(state)
    assert ps["money"] == {"got": 10, "used": 4}
    assert ps["stock_taken"]["money"][0]
    assert GAME.pending_label(state, 0).startswith("Cross a trade good")
    state = act(state, {"do": "kind", "kind": "fish"})
    form = GAME.legal(state, 0)[0]["form"]
    state = act(state, {"do": "form", "form": form, "good": "fish"})
    assert sheet(state)["goods"][form][0]


def test_church_gives_faith_equal_to_power() -> None:
    state = ready("church", circles=4)
    state = main_action(state, 6, 3)
    assert sheet(state)["faith"]["got"] == 1 + 3


def test_resources_are_capped_over_the_whole_game() -> None:
    state = new()
    ps = sheet(state)
    ps["money"] = {"got": 28, "used": 20}
    gain(ps, "money", 5, {"stock_bonuses": {"money": []}})
    assert ps["money"]["got"] == 30  # 30 obtained at most, even after spending
    ps["cargo"] = 13
    gain(ps, "cargo", 3, {})
    assert ps["cargo"] == 14


@pytest.mark.parametrize(
    ("pick", "cost"),
    [
        ("A", {"faith": 1, "money": 1}),
        ("B", {"faith": 1, "money": 2}),
        ("C", {"faith": 2, "money": 4}),
        ("D", {"faith": 4}),
    ],
)
def test_additional_actions_cost_what_the_rulebook_says(pick: str, cost: dict) -> None:
    state = at_step(new(), "additional")
    ps = sheet(state)
    ps["money"] = {"got": 10, "used": 0}
    ps["faith"] = {"got": 10, "used": 0}
    assert {"do": "extra", "pick": pick, "cost": cost} in GAME.legal(state, 0)
    state = act(state, {"do": "extra", "pick": pick, "cost": cost})
    ps = sheet(state)
    assert ps["money"]["used"] == cost.get("money", 0) and ps["faith"]["used"] == cost["faith"]
    expected = {
        "A": "Place an Elite",
        "B": "Place a shop",
        "C": "Place a trading house",
        "D": "Choose an area for your main action (additional action D)",
    }[pick]
    assert GAME.pending_label(state, 0).startswith(expected)


def test_additional_action_needs_the_resources() -> None:
    state = at_step(new(), "additional")  # 2 money, 1 faith
    picks = [a["pick"] for a in GAME.legal(state, 0)]
    assert picks == ["A", "B", "E"]
    reason = "You need 2 faith and 4 money to build a trading house; you have 1 faith and 2 money."
    with pytest.raises(IllegalAction, match=reason):
        act(state, {"do": "extra", "pick": "C", "cost": {"faith": 2, "money": 4}})


def test_main_action_once_more_then_round_ends() -> None:
    """ "D. Perform the main action once more. Consume 4 faith and perform 4) Main action once more."
    No third action follows; the round waits only for the player's confirmation (ruling R24)."""
    state = at_step(new(), "additional")
    place_area(state, 0, "fishing")
    sheet(state)["written"][0] = 2
    sheet(state)["faith"] = {"got": 5, "used": 0}
    state = act(state, {"do": "extra", "pick": "D", "cost": {"faith": 4}})
    state = main_action(state, 0, 1)
    assert sheet(state)["step"] == "end"  # no third action: the round ends after the power is spent
    while front(state):
        state = act(state, GAME.legal(state, 0)[-1])
    assert GAME.legal(state, 0) == [{"do": "end"}]  # the player confirms the round (R24)
    state = act(state, {"do": "end"})
    assert state["round"] == 2  # the solo round ended after the second main action


def test_illegal_action_is_refused_with_a_reason_and_state_unchanged() -> None:
    state = new()
    text = GAME.dump(state)
    with pytest.raises(IllegalAction) as err:
        act(state, {"do": "extra", "pick": "A"})
    assert "dice-and-card set" in str(err.value)
    assert GAME.dump(state) == text
    with pytest.raises(IllegalAction, match="not a move"):
        act(state, "nonsense")


def test_a_step_with_a_single_option_is_taken_without_asking() -> None:
    """ "E. Do nothing." is taken unasked when nothing else is affordable; so is confirming the round
    when it is all that is left: it reveals nothing until it closes the round for everyone
    (ruling R24), here at once, as the only player."""
    state = ready("tea")
    ps = sheet(state)
    ps["money"]["used"], ps["faith"]["used"] = 2, 1  # nothing affordable: only "E: do nothing"
    state = main_action(state, 6, 2)
    state = act(state, {"do": "stop"})
    assert sheet(state)["extra"] == "E"  # taken without asking
    assert GAME.legal(state, 0) == [{"do": "end"}] and GAME.is_formality(state, 0)  # played for the player
    before, state = state, act(state, {"do": "end"})
    assert GAME.reveals(before, 0, {"do": "end"}, state)  # the round closed for everyone: the next dice show
    assert state["round"] == 2 and sheet(state)["step"] == "set"


def test_refusals_in_the_middle_of_an_action_explain_the_rule() -> None:
    state = ready("lab_a", circles=9)
    state = main_action(state, 6, 2)
    high = state["labs"]["lab_a"]["high"][0]
    with pytest.raises(IllegalAction, match="needs 4 action power; you have 2 left"):
        act(state, {"do": "tech", "tech": high})
    with pytest.raises(IllegalAction, match="You need 4 money to build a trading house; you have 2 money"):
        act(state, {"do": "buy", "what": "trading", "power": 2, "cost": {"money": 4}})
    state = act(state, {"do": "buy", "what": "elite", "power": 1, "cost": {"money": 1}})
    state = act(state, {"do": "elite", "row": 2})
    state = queue(state, bonus_tasks({"elite": 1}, "test"))
    with pytest.raises(IllegalAction, match="already has its Elite"):
        act(state, {"do": "elite", "row": 2})
