"""Area Action step for every area, the 5-Power bonus, construction and recovery."""

from __future__ import annotations

import pytest

from engine.yokohama import GAME
from engine.yokohama.components import parts
from tests.engine.yokohama.helpers import act_in, after_main, clear_board, fresh, kinds, put


def ready(players: int = 4, seed: int = 1):
    state = fresh(players, seed)
    clear_board(state)
    return state


@pytest.mark.parametrize(("area", "good", "table"), [
    ("copper1", "copper", [0, 0, 1, 2, 3]),
    ("silk1", "silk", [0, 1, 2, 3, 4]),
    ("tea1", "tea", [1, 2, 3, 4, 5]),
    ("fish1", "fish", [1, 2, 3, 4, 5]),
])
def test_production_tables(area: str, good: str, table: list[int]) -> None:
    for pw in range(1, 7):
        state = ready()
        put(state, 0, area, pw - 1)
        state = act_in(state, 0, area)
        assert state["p"][0]["goods"][good] == 1 + table[min(pw, 5) - 1]


def test_bank_gives_yen_equal_to_power_max_5() -> None:
    state = ready()
    put(state, 0, "bank", 6)
    state = act_in(state, 0, "bank")
    assert state["p"][0]["yen"] == 3 + 5


def test_power_counts_buildings_and_station() -> None:
    state = ready()
    state["sites"]["bank"]["shops"][1] = 0
    state["sites"]["bank"]["th"] = 0
    state["station"] = "bank"
    put(state, 0, "bank", 1)
    state = act_in(state, 0, "bank")
    assert state["p"][0]["yen"] == 3 + 5


def test_other_players_trading_house_earns_one_yen_own_does_not() -> None:
    state = ready()
    state["sites"]["tea1"]["th"] = 2
    state = act_in(state, 0, "tea1")
    assert state["p"][2]["yen"] == 5
    state = ready()
    state["sites"]["tea1"]["th"] = 0
    state = act_in(state, 0, "tea1")
    assert state["p"][0]["yen"] == 3 + 0


def test_recovery_takes_all_assistants_back() -> None:
    state = ready()
    put(state, 0, "tea1", 2)
    put(state, 0, "bank", 1)
    state = act_in(state, 0, "tea1")
    assert state["p"][0]["placed"] == {"bank": 1}
    assert state["p"][0]["hand"]["assistants"] == 10
    assert state["p"][0]["president"] == "tea1"


# ----- Port ---------------------------------------------------------------------------------------

def port_state(pw: int, port: str = "port_a"):
    state = ready()
    put(state, 0, port, pw - 1)
    state["p"][0]["orders"] = []
    return act_in(state, 0, port)


@pytest.mark.parametrize(("pw", "slots"), [(2, [0, 1]), (3, [0, 1, 2, 3]), (4, [0, 1, 2, 3, 4])])
def test_port_levels_by_power(pw: int, slots: list[int]) -> None:
    """RB Port: "2 Power: … from the Low area / 3 Power: … Low and/or Mid / 4 Power: … and/or High";
    Port A's spaces are Low, Low, Mid, Mid, High (ruling R7)."""
    state = port_state(pw)
    assert [a["slots"][0] for a in GAME.legal(state, 0) if len(a["slots"]) == 1 and "then" not in a] == slots


@pytest.mark.parametrize(("pw", "slots"), [(2, [0]), (3, [0, 1]), (4, [0, 1, 2]), (5, [0, 1, 2])])
def test_port_b_levels_by_power(pw: int, slots: list[int]) -> None:
    """RB: "There are two Port Areas: Port A and Port B, which refer to different Port Order Form Boards";
    Port B's three spaces are Low, Mid, High (ruling R7), each reached by its Power."""
    state = port_state(pw, "port_b")
    assert len(state["ports"]["port_b"]) == 3
    assert [a["slots"][0] for a in GAME.legal(state, 0) if len(a["slots"]) == 1 and "then" not in a] == slots


def test_port_power_1_takes_nothing() -> None:
    assert after_main(port_state(1))


def test_port_second_card_for_2_yen_or_imported_then_refill() -> None:
    """RB Port: a second card for 2 Yen or 1 Imported Good; both chosen in one decision (ruling R3.1) when
    one label shows both cards' cost and reward (two of the deck's shortest orders on the Low spaces)."""
    state = port_state(2)
    state["ports"]["port_a"][:2] = [12, 13]
    row = list(state["ports"]["port_a"])
    deck_top = state["order_deck"][-2:]
    options = GAME.legal(state, 0)
    assert {"do": "orders", "slots": [0, 1], "pay": "yen"} in options
    assert not any(a.get("pay") == "imported" for a in options)  # no imported good
    assert "2nd for ¥2" in GAME.describe(state, {"do": "orders", "slots": [0, 1], "pay": "yen"})
    state = GAME.apply(state, 0, {"do": "orders", "slots": [0, 1], "pay": "yen"})
    assert state["p"][0]["orders"] == [row[0], row[1]]
    assert state["p"][0]["yen"] == 1
    assert state["ports"]["port_a"] == [*row[2:], *reversed(deck_top)]  # slid left, refilled
    assert state["p"][0]["vp"] == 0


def test_port_power_5_gives_3_points() -> None:
    """RB Port: "5 Power: … In addition, you gain 3 Victory points." """
    state = port_state(5)
    state = GAME.apply(state, 0, {"do": "orders", "slots": []})
    assert state["p"][0]["vp"] == 3


def test_port_hand_limit_three() -> None:
    state = ready()
    put(state, 0, "port_a", 3)
    state["p"][0]["orders"] = [1, 2]
    state = act_in(state, 0, "port_a")
    assert all(len(a["slots"]) <= 1 for a in GAME.legal(state, 0))  # a fourth card may not be taken
    state = GAME.apply(state, 0, {"do": "orders", "slots": [0]})
    assert len(state["p"][0]["orders"]) == 3


def test_port_empty_deck_triggers_the_end() -> None:
    state = port_state(2)
    state["order_deck"] = []
    state = GAME.apply(state, 0, {"do": "orders", "slots": [0]})
    assert state["ports"]["port_a"][-1] is None
    assert "orders" in state["end"]["reasons"]


# ----- Laboratory --------------------------------------------------------------------------------

def lab_state(pw: int, row: list[int], yen: int = 0, imported: int = 0, techs: list[int] | None = None):
    state = ready()
    put(state, 0, "lab_a", pw - 1)
    state["labs"]["lab_a"] = list(row)
    state["p"][0]["yen"] = yen
    state["p"][0]["imported"] = imported
    state["p"][0]["techs"] = techs or []
    return act_in(state, 0, "lab_a")


def test_lab_power_pays_industry_value_exactly() -> None:
    state = lab_state(5, [18, 1, 2, 3])  # Newspaper, value 5, leftmost space
    assert {"do": "tech", "slot": 0, "imported": 0} in GAME.legal(state, 0)
    assert not [a for a in GAME.legal(state, 0) if a.get("slot") == 1]  # Exposition 8: 3 short, no money
    deck_top = state["tech_deck"][-1]
    state = GAME.apply(state, 0, {"do": "tech", "slot": 0, "imported": 0})
    assert state["p"][0]["techs"] == [18]
    assert state["labs"]["lab_a"] == [1, 2, 3, deck_top]


def test_lab_rightmost_spaces_cost_more() -> None:
    state = lab_state(5, [1, 2, 18, 19])  # Newspaper (5) on +1, Electrical Light (5) on +2
    options = GAME.legal(state, 0)
    assert not [a for a in options if a.get("slot") in (2, 3)]
    state = lab_state(5, [1, 2, 18, 19], yen=2)
    assert {"do": "tech", "slot": 2, "imported": 0} in GAME.legal(state, 0)
    assert "¥2" in GAME.describe(state, {"do": "tech", "slot": 2, "imported": 0})
    state = GAME.apply(state, 0, {"do": "tech", "slot": 2, "imported": 0})
    assert state["p"][0]["yen"] == 0


def test_lab_pay_with_yen_or_imported_goods_choice() -> None:
    state = lab_state(3, [1, 2, 18, 19], yen=4, imported=2)  # Exposition 8 = 3 Power + 5 units? too much
    assert not [a for a in GAME.legal(state, 0) if a.get("slot") == 0]
    state = lab_state(3, [3, 1, 2, 4], yen=4, imported=1)  # Gaslight 4: one unit short
    options = [a for a in GAME.legal(state, 0) if a.get("slot") == 0]
    assert options == [{"do": "tech", "slot": 0, "imported": 0}, {"do": "tech", "slot": 0, "imported": 1}]
    state = GAME.apply(state, 0, {"do": "tech", "slot": 0, "imported": 1})
    assert state["p"][0]["imported"] == 0 and state["p"][0]["yen"] == 4


def test_lab_fifth_technology_costs_extra() -> None:
    state = lab_state(5, [18, 1, 2, 3], techs=[3, 5, 7, 9])
    assert not [a for a in GAME.legal(state, 0) if a.get("slot") == 0]
    state = lab_state(5, [18, 1, 2, 3], yen=2, techs=[3, 5, 7, 9])
    state = GAME.apply(state, 0, {"do": "tech", "slot": 0, "imported": 0})
    assert state["p"][0]["yen"] == 0 and len(state["p"][0]["techs"]) == 5


def test_lab_one_card_of_a_name() -> None:
    state = lab_state(5, [3, 4, 1, 2], techs=[4])  # both Gaslights; owns one
    assert not [a for a in GAME.legal(state, 0) if a.get("slot") == 0]


def test_lab_empty_deck_leaves_space_empty() -> None:
    state = ready()
    put(state, 0, "lab_a", 4)
    state["labs"]["lab_a"] = [18, 1, 2, 3]
    state["tech_deck"] = []
    state = act_in(state, 0, "lab_a")
    state = GAME.apply(state, 0, {"do": "tech", "slot": 0, "imported": 0})
    assert state["labs"]["lab_a"] == [1, 2, 3, None]


# ----- Employment Agency ------------------------------------------------------------------------

def test_agency_tokens_by_power_and_prices() -> None:
    state = ready()
    put(state, 0, "agency", 4)  # Power 5: 4 tokens
    state["p"][0]["yen"] = 11
    state = act_in(state, 0, "agency")
    if {"do": "hire_th", "th": 2} in GAME.legal(state, 0):  # a long list: Trading Houses first (R2.2)
        assert {"do": "hire_th", "th": 3} not in GAME.legal(state, 0)  # the 3rd costs 6
        state = GAME.apply(state, 0, {"do": "hire_th", "th": 2})
    takes = [a["take"] for a in GAME.legal(state, 0) if a["do"] == "hire"]
    assert {"th": 2, "shop": 1, "assistant": 1} in takes  # ¥4 + ¥5 + ¥2 = ¥11
    assert not [t for t in takes if t.get("th", 0) >= 3]  # the 3rd costs 6
    assert not [t for t in takes if sum(t.values()) > 4]
    label = GAME.describe(state, {"do": "hire", "take": {"assistant": 1, "shop": 1, "th": 2}})
    assert "¥11" in label
    state = GAME.apply(state, 0, {"do": "hire", "take": {"assistant": 1, "shop": 1, "th": 2}})
    assert state["p"][0]["yen"] == 0
    pl = state["p"][0]
    assert pl["hand"]["th"] == 2 and pl["hand"]["shops"] == 3 and pl["warehouse"]["assistants"] == 11
    assert state["stage"] != "act_agency"


def test_agency_power_1_gives_nothing() -> None:
    state = act_in(ready(), 0, "agency")
    assert after_main(state)


# ----- Chinatown ---------------------------------------------------------------------------------

def test_chinatown_exchanges_by_power() -> None:
    state = ready()
    put(state, 0, "chinatown", 1)  # Power 2
    state["p"][0]["yen"] = 4
    state = act_in(state, 0, "chinatown")
    trades = [a["trade"] for a in GAME.legal(state, 0) if a["do"] == "exchange"]
    assert "buy_imported" in trades and "sell_copper" in trades
    state = GAME.apply(state, 0, {"do": "exchange", "trade": "buy_imported"})
    assert state["p"][0]["imported"] == 1 and state["p"][0]["yen"] == 0
    assert {"do": "exchange", "trade": "buy_tea"} not in GAME.legal(state, 0)
    state = GAME.apply(state, 0, {"do": "exchange", "trade": "sell_silk"})
    assert state["p"][0]["yen"] == 2 and state["stage"] != "act_chinatown"  # 2 exchanges used


# ----- Church and Customs -------------------------------------------------------------------------

def test_church_faith_from_power_and_one_of_each_kind() -> None:
    church = parts().boards["church"]
    state = ready()
    put(state, 0, "church", 2)  # Power 3 -> 3 Faith
    state = act_in(state, 0, "church")
    spaces = [a["space"] for a in GAME.legal(state, 0) if a["do"] == "church"]
    most = 3 + 5  # 3 + copper, silk, tea, fish, yen = 8 at most
    assert spaces and spaces == [i for i, s in enumerate(church) if s["need"] <= most]
    space = next(i for i, s in enumerate(church) if s["need"] == 3 + 3)  # 3 items to add
    state = GAME.apply(state, 0, {"do": "church", "space": space})
    assert state["stage"] == "act_church_pay"
    pays = [a["pay"] for a in GAME.legal(state, 0)]
    assert all(len(p) == 3 and len(set(p)) == 3 for p in pays)  # exactly the 3 missing, one of a kind
    assert f"= {church[space]['need']} Faith" in GAME.describe(state, {"do": "faith", "pay": ["copper", "tea", "yen"]})
    state = GAME.apply(state, 0, {"do": "faith", "pay": ["copper", "tea", "yen"]})
    assert state["stage"] == "act_pawn"
    state = GAME.apply(state, 0, {"do": "pawn_from", "source": "area"})
    pl = state["p"][0]
    reward = church[space]["reward"]
    assert state["church"][space] == 0
    assert pl["goods"]["copper"] == 0 and pl["goods"]["tea"] == 0 and pl["yen"] == 2 + reward.get("yen", 0)
    assert pl["vp"] == reward["vp"] and pl["imported"] == reward.get("imported", 0)  # space reward
    assert pl["placed"] == {} and pl["hand"]["assistants"] == 9  # 1 of 2 went on the board


def test_church_power_2_gives_1_faith_as_printed() -> None:
    """RB Church table: "1 Power: 1 Faith value / 2 Power: 1 Faith value / 3 Power: 3 Faith value"
    (ruling R1.2 follows the printed table)."""
    church = parts().boards["church"]
    items = church[0]["need"] - 1  # what Power 2's 1 Faith leaves the cheapest space to pay
    faith_kinds = parts().rules["church"]["faith_kinds"]
    assert 0 < items <= len(faith_kinds)

    def with_items(pawns: int):
        state = ready()
        put(state, 0, "church", pawns)
        pl = state["p"][0]
        pl["goods"] = {"copper": 0, "silk": 0, "tea": 0, "fish": 0}
        pl["yen"] = pl["imported"] = 0
        for kind in faith_kinds[:items]:  # one item each of `items` kinds
            if kind in pl["goods"]:
                pl["goods"][kind] = 1
            else:
                pl[kind] = 1
        return act_in(state, 0, "church")

    def spaces(state) -> list[int]:
        return sorted({a["space"] for a in GAME.legal(state, 0) if a["do"] == "church"})

    assert spaces(with_items(1)) == [i for i, s in enumerate(church) if s["need"] <= 1 + items] == [0]  # Power 2
    reach = spaces(with_items(2))  # Power 3
    assert reach == [i for i, s in enumerate(church) if s["need"] <= 3 + items] and len(reach) > 1


def test_church_filled_space_unavailable_and_pieces_stay() -> None:
    state = ready()
    state["church"][0] = 1
    state = act_in(state, 0, "church")
    assert {"do": "church", "space": 0} not in GAME.legal(state, 0)


def test_customs_imports_by_power() -> None:
    state = ready()
    put(state, 0, "customs", 2)  # Power 3: at most 2 imported
    state["p"][0]["imported"] = 3
    state = act_in(state, 0, "customs")
    customs = parts().boards["customs"]
    spaces = [a["space"] for a in GAME.legal(state, 0) if a["do"] == "customs"]
    assert spaces == [i for i, space in enumerate(customs) if space["need"] <= 2] and len(spaces) > 1
    # a dearest space in reach: 2 imported goods, and a good of the player's choice
    last = next(i for i in spaces if customs[i]["need"] == 2 and "any_good" in customs[i]["reward"])
    state = GAME.apply(state, 0, {"do": "customs", "space": last})
    state = GAME.apply(state, 0, {"do": "pawn_from", "source": "hand"})
    pl = state["p"][0]
    assert pl["imported"] == 1 and state["customs"][last] == 0
    reward = customs[last]["reward"]
    assert pl["vp"] == reward["vp"]
    assert [item["kind"] for item in state["pending"]] == ["any_good"]
    state = GAME.apply(state, 0, {"do": "good", "good": "tea"})
    assert state["p"][0]["goods"]["tea"] == 2
    assert state["p"][0]["placed"] == {}  # the two left in Customs were recovered


def test_customs_needs_a_pawn() -> None:
    state = ready()
    put(state, 0, "customs", 1)
    state["p"][0]["imported"] = 1
    state["p"][0]["hand"]["assistants"] = 0
    state = act_in(state, 0, "customs")
    assert {"do": "customs", "space": 0} in GAME.legal(state, 0)
    state = GAME.apply(state, 0, {"do": "customs", "space": 0})
    assert state["customs"][0] == 0 and state["p"][0]["placed"] == {}


# ----- 5-Power bonus, construction -------------------------------------------------------------

def test_five_power_bonus_taken_once() -> None:
    state = ready()
    put(state, 0, "tea1", 4)
    token = state["tokens"]["tea1"]
    state = act_in(state, 0, "tea1")
    assert state["stage"] == "bonus"
    state = GAME.apply(state, 0, {"do": "bonus_take"})
    assert state["tokens"]["tea1"] is None and state["p"][0]["tokens"] == [token]
    state = ready()
    put(state, 0, "tea1", 3)
    state = act_in(state, 0, "tea1")
    assert state["stage"] == "build"  # Power 4: no bonus, but construction


def test_build_shop_on_a_free_space_with_its_benefit_once_per_player() -> None:
    state = ready()
    put(state, 0, "tea1", 3)
    state["sites"]["tea1"]["shops"][0] = 1
    state = act_in(state, 0, "tea1")
    options = GAME.legal(state, 0)
    assert {"do": "build", "what": "shop", "space": 0} not in options
    assert {"do": "build", "what": "shop", "space": 1} in options
    assert {"do": "build", "what": "th"} not in options  # no Trading House in hand
    card = parts().sites[state["sites"]["tea1"]["card"]]
    before = state["p"][0]["vp"]
    state = GAME.apply(state, 0, {"do": "build", "what": "shop", "space": 1})
    assert state["sites"]["tea1"]["shops"][1] == 0 and state["p"][0]["hand"]["shops"] == 1
    assert state["p"][0]["vp"] - before == card["shops"][1].get("vp", 0)
    state = ready()
    state["sites"]["tea1"]["shops"][2] = 0
    put(state, 0, "tea1", 3)
    state = act_in(state, 0, "tea1")
    assert not any(a.get("what") == "shop" for a in GAME.legal(state, 0))


def test_build_trading_house_only_on_empty_space() -> None:
    state = ready()
    state["p"][0]["hand"]["th"] = 1
    put(state, 0, "bank", 3)
    state = act_in(state, 0, "bank")
    assert {"do": "build", "what": "th"} in GAME.legal(state, 0)
    state = GAME.apply(state, 0, {"do": "build", "what": "th"})
    assert state["sites"]["bank"]["th"] == 0
    state = ready()
    state["p"][0]["hand"]["th"] = 1
    state["sites"]["bank"]["th"] = 2
    put(state, 0, "bank", 3)
    state = act_in(state, 0, "bank")
    assert {"do": "build", "what": "th"} not in GAME.legal(state, 0)


def test_no_construction_below_power_4() -> None:
    state = ready()
    put(state, 0, "tea1", 2)
    state = act_in(state, 0, "tea1")
    assert after_main(state)


def test_pending_choice_comes_before_recovery() -> None:
    state = ready()
    put(state, 0, "tea1", 3)
    state["tokens"]["tea1"] = 11  # 2 assistant moves
    put(state, 0, "tea1", 1)
    state = act_in(state, 0, "tea1")
    state = GAME.apply(state, 0, {"do": "bonus_take"})
    assert kinds(GAME.legal(state, 0))[0] == "move_from"
    state = GAME.apply(state, 0, {"do": "move_from", "area": None})
    state = GAME.apply(state, 0, {"do": "move_to", "area": "bank"})
    state = GAME.apply(state, 0, {"do": "move_skip"})
    assert state["p"][0]["placed"].get("bank") == 1
