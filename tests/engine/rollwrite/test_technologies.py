"""Every one of the 24 technologies, as "Technology Card Details" describes it."""

from __future__ import annotations

from engine.rollwrite import GAME
from engine.rollwrite.components import technologies
from engine.rollwrite.round_steps import record_choices
from engine.rollwrite.scoring import tech_points

from .helpers import act, at_step, front, main_action, new, place_area, sheet


def at_lab(tech: str, circles: int = 5) -> dict:
    """Laboratory A on row 6 holding `tech`, the seat about to spend `circles` power there."""
    state = new()
    level = technologies()[tech]["level"]
    others = [t for t, c in technologies().items() if c["level"] == level and t != tech]
    for lab in ("lab_a", "lab_b"):
        for lvl in ("low", "mid", "high"):
            state["labs"][lab][lvl] = [t for t in state["labs"][lab][lvl] if t != tech]
    state["labs"]["lab_a"][level] = [tech, next(t for t in others if t not in state["labs"]["lab_b"][level])]
    place_area(state, 6, "lab_a")
    sheet(state)["written"][6] = 9
    state = at_step(state, "main")
    return main_action(state, 6, circles)


def acquire(tech: str) -> dict:
    return act(at_lab(tech), {"do": "tech", "tech": tech})


def after_area(area: str, techs: list[str], circles: int = 1) -> dict:
    state = new()
    place_area(state, 6, area)
    sheet(state)["written"][6] = 6
    sheet(state)["techs"] = list(techs)
    return main_action(at_step(state, "main"), 6, circles)


def finish(state: dict) -> dict:
    """Stop spending power (the after-action effects follow)."""
    return act(state, {"do": "stop"})


def vp(techs: list[str], **marks: int) -> dict[str, int]:
    ps = sheet(new())
    ps["techs"] = techs
    ps["shops"][: marks.get("shops", 0)] = [True] * marks.get("shops", 0)
    ps["trading"][: marks.get("houses", 0)] = [True] * marks.get("houses", 0)
    ps["fulfilled"][: marks.get("orders", 0)] = [True] * marks.get("orders", 0)
    return tech_points(ps)


# ----- LOW -------------------------------------------------------------------------------------
def test_letterpress_pays_for_itself_and_later_technologies_only() -> None:
    state = new()
    sheet(state)["techs"] = ["winery"]  # acquired before: no money for it
    base = at_lab("letterpress", circles=5)
    sheet(base)["techs"] = ["winery"]
    money = sheet(base)["money"]["got"]
    state = act(base, {"do": "tech", "tech": "letterpress"})
    assert sheet(state)["money"]["got"] == money + 1
    other = state["labs"]["lab_a"]["mid"][0]
    state = act(state, {"do": "tech", "tech": other})
    assert sheet(state)["money"]["got"] >= money + 2


def test_university_writes_3_circles_anywhere() -> None:
    state = acquire("university")
    assert front(state)["t"] == "employees" and front(state)["n"] == 3
    written = sum(sheet(state)["written"])
    for row in (0, 0, 7):
        state = act(state, {"do": "employ", "row": row})
    assert sum(sheet(state)["written"]) == written + 3


def test_winery_gives_4_faith() -> None:
    assert sheet(acquire("winery"))["faith"]["got"] == 1 + 4


def test_spinning_mill_gives_2_faith_after_the_silk_mill() -> None:
    state = finish(after_area("silk", ["spinning_mill"]))
    assert sheet(state)["faith"]["got"] == 1 + 2
    assert sheet(finish(after_area("tea", ["spinning_mill"])))["faith"]["got"] == 1


def test_carriage_widens_recording_and_scores_2() -> None:
    state = new()
    sheet(state)["techs"] = ["carriage"]
    state["dice"][0] = [3, 3, 3]
    state["cards"][0] = [23, 23, 23]  # number 4
    state = act(state, {"do": "set", "set": 0})
    assert any(p[2] == 2 and p[3] == 2 for p in record_choices(sheet(state)))
    assert vp(["carriage"]) == {"carriage": 2}


def test_stock_system_gives_4_money() -> None:
    state = at_lab("stock_system")
    money = sheet(state)["money"]["got"]
    assert sheet(act(state, {"do": "tech", "tech": "stock_system"}))["money"]["got"] == money + 4


def test_canned_food_gives_2_money_after_the_fishing_ground() -> None:
    state = after_area("fishing", ["canned_food"])
    money = sheet(state)["money"]["got"]
    assert sheet(finish(state))["money"]["got"] == money + 2


def test_ice_cream_shop_scores_5() -> None:
    assert vp(["ice_cream"]) == {"ice_cream": 5}


# ----- MID -------------------------------------------------------------------------------------
def test_mining_technology_gives_a_free_shop_or_elite_after_the_copper_mine() -> None:
    state = finish(after_area("copper", ["mining"]))
    assert GAME.pending_label(state, 0) == "Choose a free shop or a free Elite (Mining technology)"
    money = sheet(state)["money"]["used"]
    state = act(state, {"do": "choose", "option": 1, "gain": {"elite": 1}})
    state = act(state, {"do": "elite", "row": 3})
    assert sheet(state)["elites"][3] and sheet(state)["money"]["used"] == money


def test_postal_service_one_circle_anywhere_and_scores_2() -> None:
    state = new()
    sheet(state)["techs"] = ["postal"]
    state["dice"][0] = [3, 3, 3]
    state["cards"][0] = [13, 13, 13]  # number 3
    state = act(state, {"do": "set", "set": 0})
    assert [0, 0, 0, 2, 0, 0, 0, 1] in [a["circles"] for a in GAME.legal(state, 0)]
    assert vp(["postal"]) == {"postal": 2}


def test_patent_system_scores_2_per_technology_itself_included() -> None:
    assert vp(["patent", "winery", "telephone"])["patent"] == 6


def test_tram_ignores_the_consecutive_rule_and_scores_2() -> None:
    state = new()
    sheet(state)["techs"] = ["tram"]
    state["dice"][0] = [3, 3, 3]
    state["cards"][0] = [13, 13, 13]
    state = act(state, {"do": "set", "set": 0})
    assert (1, 0, 0, 1, 0, 0, 0, 1) in record_choices(sheet(state))
    assert vp(["tram"]) == {"tram": 2}


def test_tea_machinery_writes_2_circles_after_the_tea_field() -> None:
    state = finish(after_area("tea", ["tea_machinery"]))
    assert front(state)["t"] == "employees" and front(state)["n"] == 2


def test_beef_pot_restaurant_scores_7() -> None:
    assert vp(["beef_pot"]) == {"beef_pot": 7}


def test_brick_factory_makes_laboratory_and_additional_buildings_1_money_cheaper() -> None:
    state = at_lab("exposition", circles=5)
    sheet(state)["techs"] = ["brick_factory"]
    sheet(state)["money"] = {"got": 5, "used": 0}
    buys = {a["what"]: a["cost"] for a in GAME.legal(state, 0) if a["do"] == "buy"}
    assert buys == {"elite": {}, "shop": {"money": 1}, "trading": {"money": 3}}
    extra = at_step(new(), "additional")
    sheet(extra)["techs"] = ["brick_factory"]
    sheet(extra)["money"] = sheet(extra)["faith"] = {"got": 10, "used": 0}
    costs = {a["pick"]: a["cost"] for a in GAME.legal(extra, 0)}
    assert costs["A"] == {"faith": 1, "money": 1}  # the rulebook names only shops and trading houses
    assert costs["B"] == {"faith": 1, "money": 1} and costs["C"] == {"faith": 2, "money": 3}


def test_gas_lamp_scores_1_per_shop() -> None:
    assert vp(["gas_lamp"], shops=4) == {"gas_lamp": 4}


# ----- HIGH ------------------------------------------------------------------------------------
def test_electric_light_scores_4_per_trading_house() -> None:
    assert vp(["electric_light"], houses=3) == {"electric_light": 12}


def test_telegraph_raises_low_employment_numbers() -> None:
    state = new()
    sheet(state)["techs"] = ["telegraph"]
    state["cards"][0] = [5, 13, 31]  # numbers 2, 3, 5
    numbers = [sheet(act(state, {"do": "set", "set": i}))["record"]["number"] for i in range(3)]
    assert numbers == [3, 4, 5]


def test_telephone_once_per_round_for_1_money_in_any_phase() -> None:
    state = new()
    sheet(state)["techs"] = ["telephone"]
    assert {"do": "phone"} in GAME.legal(state, 0)
    state = act(state, {"do": "phone"})
    assert sheet(state)["money"]["used"] == 1 and front(state)["src"] == "Telephone"
    state = act(state, {"do": "employ", "row": 7})
    assert sheet(state)["written"][7] == 2
    assert {"do": "phone"} not in GAME.legal(state, 0)
    broke = new()
    sheet(broke)["techs"] = ["telephone"]
    sheet(broke)["money"]["used"] = 2
    assert {"do": "phone"} not in GAME.legal(broke, 0)


def test_dance_hall_scores_1_per_fulfilled_order() -> None:
    assert vp(["dance_hall"], orders=9) == {"dance_hall": 9}


def test_foreign_language_school_pays_1_money_per_later_fulfilment() -> None:
    state = after_area("fishing", ["language_school"])
    money = sheet(state)["money"]["got"]
    state = act(state, {"do": "form", "form": 0, "good": "fish"})  # side A form 0: one fish
    assert sheet(state)["fulfilled"][0] and sheet(state)["money"]["got"] == money + 1


def test_station_builds_a_free_trading_house_and_shop() -> None:
    state = at_lab("station")
    used = sheet(state)["money"]["used"]
    state = act(state, {"do": "tech", "tech": "station"})
    state = act(state, {"do": "trading", "house": 2})
    state = act(state, {"do": "shop", "form": 12})
    ps = sheet(state)
    assert ps["trading"][2] and ps["shops"][12] and ps["money"]["used"] == used


def test_newspaper_raises_power_of_4_or_less_by_1() -> None:
    assert front(after_area("fishing", ["newspaper"], circles=3))["left"] == 4
    assert front(after_area("fishing", ["newspaper"], circles=4))["left"] == 5
    assert front(after_area("fishing", ["newspaper"], circles=5))["left"] == 5


def test_exposition_scores_10() -> None:
    assert vp(["exposition"]) == {"exposition": 10}


def test_every_technology_has_a_test_here() -> None:
    import inspect
    import sys

    source = inspect.getsource(sys.modules[__name__])
    missing = [t for t in technologies() if f'"{t}"' not in source]
    assert missing == []
