"""The Roll & Write corrections, each pinned to the rulebook passage it follows."""

from __future__ import annotations

from engine.rollwrite import GAME
from engine.rollwrite.components import employment_cards, technologies
from tests.engine.rollwrite.helpers import act, at_step, front, main_action, new, place_area, sheet
from tests.engine.rollwrite.test_technologies import at_lab


def test_telephone_may_be_used_after_the_second_main_action_of_action_d() -> None:
    """Telephone: "Once per round, by paying 1 money you may write 1 additional circle in any area
    you like. The effect may be used in any phase." (ruling R11). Money gained in action D's second
    main action pays for it before the round closes."""
    state = at_step(new(), "additional")
    place_area(state, 0, "bank")
    ps = sheet(state)
    ps["techs"] = ["telephone"]
    ps["written"][0] = 4
    ps["faith"] = {"got": 5, "used": 0}
    ps["money"] = {"got": 2, "used": 2}  # broke: the Telephone is not on offer yet
    assert {"do": "phone"} not in GAME.legal(state, 0)
    state = act(state, {"do": "extra", "pick": "D", "cost": {"faith": 4}})
    state = main_action(state, 0, 3)  # the Bank: +3 money
    assert sheet(state)["step"] == "end" and state["round"] == 1
    assert GAME.legal(state, 0) == [{"do": "end"}, {"do": "phone"}]
    state = act(state, {"do": "phone"})
    state = act(state, {"do": "employ", "row": 5})
    assert sheet(state)["written"][5] == 2 and sheet(state)["money"]["used"] == 3
    assert GAME.legal(state, 0) == [{"do": "end"}]  # once per round
    assert act(state, {"do": "end"})["round"] == 2


def test_link_bonus_source_numbers_order_forms_as_the_sheet_does() -> None:
    """ "Link bonus. Between 2 order form squares there is a link bonus": the link between the
    forms labelled order 7 and order 8 is named "link 7-8", as the labels and the picture number them."""
    state = new()
    ps = sheet(state)
    ps["goods"][6] = [True] * len(ps["goods"][6])
    ps["fulfilled"][6] = True
    form = GAME.describe(state, {"do": "form", "form": 7, "good": "fish"})
    assert "order 8" in form
    from engine.rollwrite.rules import side_data
    from engine.rollwrite.sheet import cross_good

    data = side_data(state)
    tasks = []
    for good in data["forms"][7]["goods"]:
        tasks = cross_good(ps, 7, good, data, 1)
    assert {t["src"] for t in tasks} == {"link 7-8"}


def test_card_action_source_names_the_card_as_the_set_label_shows_it() -> None:
    """ "employment number (a large number) and the card action": the card shown as "card 3" in the
    set's label is the source "employment card 3" of its action, never an internal index."""
    state = new()
    state["cards"][0] = [21, 5, 13]
    card = employment_cards()[21]
    label = GAME.describe(state, {"do": "set", "set": 0})
    assert f"card {card['number']}" in label
    from engine.rollwrite.round_steps import ChooseSet, finish_record

    ps = sheet(state)
    ps["queue"] = []
    ChooseSet().take(state, 0, {"do": "set", "set": 0})  # unsettled: the card's tasks stay queued
    if not ps["record"].get("done"):
        finish_record(state, ps, None)
    assert card["action"] and {t["src"] for t in ps["queue"]} == {f"employment card {card['number']}"}


def test_brick_factory_reduces_the_money_of_one_laboratory_action_by_1_once() -> None:
    """Brick factory: "The money you pay when performing the area action of "Laboratory A" or
    "Laboratory B" in the 4) Main action phase ... is reduced by 1." One area action, one
    reduction (ruling R10, reconsidered): the first Elite is free, the second costs 1 money."""
    state = at_lab("exposition", circles=5)
    ps = sheet(state)
    ps["techs"] = ["brick_factory"]
    ps["money"] = {"got": 10, "used": 0}
    elite = next(a for a in GAME.legal(state, 0) if a.get("what") == "elite")
    assert elite["cost"] == {}
    state = act(state, elite)
    state = act(state, {"do": "elite", "row": 0})
    buys = {a["what"]: a["cost"] for a in GAME.legal(state, 0) if a["do"] == "buy"}
    assert buys == {"elite": {"money": 1}, "shop": {"money": 2}, "trading": {"money": 4}}
    assert sheet(state)["money"]["used"] == 0


def test_brick_factory_discount_is_back_for_the_next_laboratory_action() -> None:
    """ "... when performing the area action": each laboratory action gets its own reduction (R10)."""
    state = at_lab("exposition", circles=2)
    ps = sheet(state)
    ps["techs"] = ["brick_factory"]
    ps["money"] = {"got": 10, "used": 0}
    state = act(state, {"do": "buy", "what": "shop", "power": 1, "cost": {"money": 1}})
    state = act(state, {"do": "shop", "form": 0})
    assert front(state)["brick_used"] is True
    state = act(state, {"do": "stop"})
    ps = sheet(state)
    ps["again"], ps["queue"], ps["step"] = False, [], "main"
    state = main_action(state, 6, 1)
    assert {"do": "buy", "what": "shop", "power": 1, "cost": {"money": 1}} in GAME.legal(state, 0)


def test_technology_labels_show_level_power_and_effect() -> None:
    """Setup 8: the 12 technologies lie "face up to the right of the laboratory area card";
    "Consume 2 power: 1 card from LOW technology; 3 power: MID; 4 power: HIGH"."""
    state = at_lab("newspaper", circles=5)
    action = {"do": "tech", "tech": "newspaper"}
    assert action in GAME.legal(state, 0)
    assert GAME.describe(state, action) == "Acquire Newspaper (HIGH, 4 power)"
    assert GAME.detail(state, action) == technologies()["newspaper"]["text"]
    labs = GAME.view(state, None)["labs"]
    shown = [t["name"] for lab in labs.values() for level in ("low", "mid", "high") for t in lab[level]]
    assert len(shown) == 12 and "Newspaper" in shown
