"""Every Area exactly as the rulebook's Detailed Area Explanation gives it."""

from __future__ import annotations

import pytest

from engine.duel import GAME
from engine.duel.cards import CHURCH
from tests.engine.duel.helpers import act_at, play, play_all, player, put_in_row, set_player, started

# Power 1..5 and 6 (5+) for each simple Area, straight from the rulebook's tables.
TABLES = {
    ("tea", "tea"): [1, 2, 3, 4, 5, 5],
    ("fishing", "fish"): [1, 2, 3, 4, 5, 5],
    ("silk", "silk"): [0, 1, 2, 3, 4, 4],
    ("copper", "copper"): [0, 0, 1, 2, 3, 3],
}


@pytest.mark.parametrize("area,good", list(TABLES))
@pytest.mark.parametrize("power", [1, 2, 3, 4, 5, 6])
def test_goods_areas_follow_their_tables(area: str, good: str, power: int) -> None:
    state = act_at(started(), 0, area, power)
    assert player(state, 0)["goods"][good] == 1 + TABLES[(area, good)][power - 1]


@pytest.mark.parametrize("power,gain", [(1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (6, 5)])
def test_bank_gives_yen_by_power(power: int, gain: int) -> None:
    state = set_player(started(), 0, money=0)
    state = act_at(state, 0, "bank", power)
    assert player(state, 0)["money"] == gain


@pytest.mark.parametrize("power,flips", [(1, 0), (2, 1), (3, 2), (4, 3), (5, 4), (6, 4)])
def test_customs_flips_up_to_the_table_value(power: int, flips: int) -> None:
    state = set_player(started(), 0, imported_up=5)
    state = act_at(state, 0, "customs", power)
    assert player(state, 0)["imported_down"] == flips
    assert player(state, 0)["imported_up"] == 5 - flips


def test_customs_flips_only_the_face_up_tokens_there_are() -> None:
    state = set_player(started(), 0, imported_up=1)
    state = act_at(state, 0, "customs", 4)
    assert player(state, 0)["imported_down"] == 1 and player(state, 0)["imported_up"] == 0


def test_customs_becomes_a_used_area_like_any_other() -> None:
    # Ruling "Customs is a normal Area": only the Laboratory and Port are never Used.
    state = act_at(started(), 0, "customs", 2)
    state = play(state, 0, {"do": "end"})
    assert {"do": "area", "area": "customs"} not in GAME.legal(state, 1)


# ----- Church ------------------------------------------------------------------------------
def test_church_faith_comes_from_power_capped_at_5() -> None:
    state = started()
    state["church_row"] = [c.id for c in CHURCH if c.faith in (3, 4, 5, 6, 7, 8)]
    state["church_box"] = [c.id for c in CHURCH if c.faith > 8]
    set_player(state, 0, goods={"tea": 0, "fish": 0, "silk": 0, "copper": 0}, money=0)
    state = act_at(state, 0, "church", 6)
    offered = [a["card"] for a in GAME.legal(state, 0)]
    assert [CHURCH[c].faith for c in offered if c is not None] == [3, 4, 5]
    assert None in offered


def test_church_spending_is_at_most_one_of_each_type() -> None:
    state = started()
    state["church_row"] = [c.id for c in CHURCH if c.faith >= 6]
    state["church_box"] = [c.id for c in CHURCH if c.faith < 6]
    set_player(state, 0, goods={"tea": 3, "fish": 0, "silk": 0, "copper": 0}, money=5, imported_down=1)
    state = act_at(state, 0, "church", 3)  # Faith 3 + tea + imported + ¥1 = 6 at most
    offered = [a["card"] for a in GAME.legal(state, 0) if a["card"] is not None]
    assert [CHURCH[c].faith for c in offered] == [6]
    state = play(state, 0, {"do": "church", "card": offered[0]})
    state = play(state, 0, {"do": "faith", "pay": "tea"})
    assert {"do": "faith", "pay": "tea"} not in GAME.legal(state, 0)
    state = play_all(state, 0, [{"do": "faith", "pay": "imported_down"}, {"do": "faith", "pay": "yen"}])
    p = player(state, 0)
    assert p["church"] == offered and p["goods"]["tea"] == 2 and p["imported_down"] == 0
    assert p["money"] == 4 + CHURCH[offered[0]].reward.get("yen", 0)


def test_church_with_nothing_reachable_ends_the_action_without_a_question() -> None:
    state = started()
    state["church_row"] = [c.id for c in CHURCH if c.faith >= 9]
    set_player(state, 0, goods={"tea": 0, "fish": 0, "silk": 0, "copper": 0}, money=0)
    state = act_at(state, 0, "church", 2)
    assert state["turn"]["act"] is None and state["turn"]["area_done"]
    assert player(state, 0)["church"] == []


def test_church_may_take_no_card() -> None:
    state = act_at(started(), 0, "church", 4)
    state = play(state, 0, {"do": "church", "card": None})
    assert player(state, 0)["church"] == [] and len(state["church_row"]) == 6
    assert state["turn"]["build"] == {"area": "church"}


# ----- Port --------------------------------------------------------------------------------
def test_port_power_1_keeps_the_single_card_drawn() -> None:
    state = started()
    top = state["order_deck"][0]
    state = act_at(state, 0, "port", 1)
    assert player(state, 0)["hand"][-1] == top and state["turn"]["act"] is None


def test_port_second_card_can_be_paid_with_an_imported_good() -> None:
    state = set_player(started(), 0, money=0, imported_up=1)
    top = state["order_deck"][:2]
    state = act_at(state, 0, "port", 2)
    state = play(state, 0, {"do": "keep", "card": top[1]})
    assert {"do": "keep2", "card": top[0], "pay": "yen"} not in GAME.legal(state, 0)
    state = play(state, 0, {"do": "keep2", "card": top[0], "pay": "imported_up"})
    assert player(state, 0)["hand"][-2:] == [top[1], top[0]] and player(state, 0)["imported_up"] == 0


def test_port_keeping_one_sends_the_rest_to_the_bottom() -> None:
    state = set_player(started(), 0, money=5)
    top = state["order_deck"][:3]
    state = act_at(state, 0, "port", 3)
    state = play_all(state, 0, [{"do": "keep", "card": top[2]}, {"do": "keep2", "card": None},
                                {"do": "bottom", "card": top[1]}])
    assert state["order_deck"][-2:] == [top[1], top[0]] and player(state, 0)["money"] == 5


def test_port_draws_what_is_left_when_the_deck_runs_low() -> None:
    state = started()
    state["order_deck"] = state["order_deck"][:1]
    state = act_at(state, 0, "port", 5)
    assert state["order_deck"] == [] and len(player(state, 0)["hand"]) == 3


# ----- Chinatown ---------------------------------------------------------------------------
def test_chinatown_exchanges_at_the_rulebook_prices_and_counts_them() -> None:
    state = set_player(started(), 0, money=10, goods={"tea": 0, "fish": 0, "silk": 0, "copper": 1})
    state = act_at(state, 0, "chinatown", 3)
    legal = GAME.legal(state, 0)
    assert {"do": "sell", "good": "tea"} not in legal  # none to sell
    state = play_all(state, 0, [{"do": "buy", "good": "copper"}, {"do": "buy", "good": "imported"},
                                {"do": "sell", "good": "copper"}])
    p = player(state, 0)
    assert p["money"] == 10 - 2 - 4 + 2 and p["goods"]["copper"] == 1 and p["imported_up"] == 1
    assert state["turn"]["act"] is None  # three exchanges at Power 3


def test_chinatown_never_buys_imported_goods_back_and_can_stop_early() -> None:
    state = set_player(started(), 0, money=1, imported_up=3, imported_down=1)
    state = act_at(state, 0, "chinatown", 5)
    legal = GAME.legal(state, 0)
    assert all(a.get("good") != "imported" for a in legal if a["do"] == "sell")
    assert {"do": "buy", "good": "imported"} not in legal
    state = play_all(state, 0, [{"do": "buy", "good": "tea"}, {"do": "stop"}])
    assert player(state, 0)["goods"]["tea"] == 2 and state["turn"]["act"] is None


# ----- Laboratory --------------------------------------------------------------------------
def test_laboratory_production_from_power_plus_yen_2_per_point() -> None:
    state = set_player(started(), 0, money=4)
    state = put_in_row(state, "exposition")  # production 5
    state = act_at(state, 0, "lab", 3)
    state = play(state, 0, {"do": "tech", "tech": "exposition"})
    assert "exposition" in player(state, 0)["techs"] and player(state, 0)["money"] == 0


def test_laboratory_offers_only_what_can_be_paid() -> None:
    state = set_player(started(), 0, money=1)
    state = put_in_row(state, "exposition")
    state = act_at(state, 0, "lab", 4)
    assert {"do": "tech", "tech": "exposition"} not in GAME.legal(state, 0)
    assert {"do": "tech", "tech": None} in GAME.legal(state, 0)


def test_laboratory_imported_goods_pay_one_production_each() -> None:
    state = set_player(started(), 0, money=2, imported_up=1, imported_down=1)
    state = put_in_row(state, "exposition")
    state = act_at(state, 0, "lab", 2)
    state = play(state, 0, {"do": "tech", "tech": "exposition"})
    assert {"do": "pay", "up": 1, "down": 1} in GAME.legal(state, 0)
    assert {"do": "pay", "up": 0, "down": 0} not in GAME.legal(state, 0)  # would need ¥6
    state = play(state, 0, {"do": "pay", "up": 1, "down": 1})
    p = player(state, 0)
    assert p["money"] == 0 and p["imported_up"] == 0 and p["imported_down"] == 0


def test_fourth_technology_costs_an_extra_yen_2_or_imported_good() -> None:
    state = set_player(started(), 0, money=2, techs=["ball", "gaslight", "winery"])
    for t in ("ball", "gaslight", "winery"):
        for pile in ("tech_row", "tech_deck"):
            if t in state[pile]:
                state[pile].remove(t)
    state = put_in_row(state, "stock_market")  # production 2
    state = act_at(state, 0, "lab", 5)
    state = play(state, 0, {"do": "tech", "tech": "stock_market"})
    assert player(state, 0)["money"] == 0 and "stock_market" in player(state, 0)["techs"]


def test_technology_row_is_not_refilled_during_the_round() -> None:
    state = started()
    tech = state["tech_row"][0]
    state = set_player(state, 0, money=20)
    state = act_at(state, 0, "lab", 5)
    state = play(state, 0, {"do": "tech", "tech": tech})
    if state["turn"]["act"] is not None:
        state = play(state, 0, GAME.legal(state, 0)[0])
    assert len(state["tech_row"]) == 4 and tech not in state["tech_row"]

