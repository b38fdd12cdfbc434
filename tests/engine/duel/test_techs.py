"""One test (at least) per Technology card, including those that bend the rules."""

from __future__ import annotations

from engine.duel import GAME
from engine.duel.cards import BONUS, ORDERS
from engine.duel.scoring import score_sheet
from tests.engine.duel.helpers import (
    act_at,
    end_turn,
    give_tech,
    play,
    play_all,
    player,
    put_in_row,
    quick_turn,
    set_player,
    started,
)


def tech_points(techs: list[str], **fields: object) -> int:
    state = started()
    for t in techs:
        give_tech(state, 0, t)
    set_player(state, 0, **fields)
    return score_sheet(state)[0]["technologies"]


def test_ball_one_point_per_completed_order() -> None:
    assert tech_points(["ball"], orders_done=[0, 1, 2]) == 3


def test_brickyard_two_points_per_face_down_imported_good() -> None:
    assert tech_points(["brickyard"], imported_down=3, imported_up=2) == 6


def test_electrical_light_three_points_per_trading_house() -> None:
    assert tech_points(["electrical_light"], houses=["tea", "bank"]) == 6


def test_exposition_eight_points() -> None:
    assert tech_points(["exposition"]) == 8


def test_gaslight_one_point_per_shop() -> None:
    assert tech_points(["gaslight"], shops=["tea", "bank", "lab"]) == 3


def test_patent_system_two_points_per_technology_including_itself() -> None:
    assert tech_points(["patent_system", "ball", "tram"]) == 6


def test_winery_two_points_per_church_card() -> None:
    assert tech_points(["winery"], church=[0, 4]) == 4


def test_newspaper_gives_a_plus_1_card_when_gained_and_each_round() -> None:
    state = set_player(started(), 0, money=20, extra={1: 0, 2: 0})
    put_in_row(state, "newspaper")
    state = play_all(state, 0, [{"do": "area", "area": "lab"}, {"do": "tech", "tech": "newspaper"}])
    assert player(state, 0)["extra"]["1"] == 1 and player(state, 0)["money"] == 20 - 8
    state = end_turn(state, 0)
    for area in ("bank", "tea", "fishing", "silk", "copper", "chinatown", "customs"):
        state = quick_turn(state, state["current"], area)
    while state["phase"] == "upgrade":
        state = play(state, GAME.to_act(state)[0], {"do": "upgrade", "card": None})
    assert state["round"] == 2 and player(state, 0)["extra"]["1"] == 2


def test_language_school_yen_1_per_completed_order() -> None:
    state = give_tech(started(), 0, "language_school")
    card = player(state, 0)["hand"][0]
    set_player(state, 0, goods={"tea": 5, "fish": 5, "silk": 5, "copper": 5}, money=0)
    state = play(state, 0, {"do": "order", "card": card})
    assert player(state, 0)["money"] == 1 + ORDERS[card].reward.get("yen", 0)


def test_letterpress_printing_pays_for_later_technologies_not_itself() -> None:
    state = set_player(started(), 0, money=20)
    put_in_row(state, "letterpress_printing", "gaslight")
    state = act_at(state, 0, "lab", 2)
    state = play(state, 0, {"do": "tech", "tech": "letterpress_printing"})
    assert player(state, 0)["money"] == 20
    state = end_turn(state, 0)
    state = quick_turn(state, 1, "tea")
    state = act_at(state, 0, "lab", 2)
    state = play(state, 0, {"do": "tech", "tech": "gaslight"})
    assert player(state, 0)["money"] == 22


def test_postal_system_plays_any_card_once_per_round() -> None:
    state = give_tech(started(), 0, "postal_system")
    state = play(state, 0, {"do": "area", "area": "bank"})
    cards = {a["card"] for a in GAME.legal(state, 0)}
    assert cards == {1, 2, 3, 4}
    state = play(state, 0, {"do": "power", "card": 4, "extra": 0})
    assert "postal_system" in player(state, 0)["tilted"] and player(state, 0)["played"] == [False, False, False, True]
    state = end_turn(state, 0)
    state = quick_turn(state, 1, "tea")
    state = play(state, 0, {"do": "area", "area": "fishing"})
    assert {a["card"] for a in GAME.legal(state, 0)} == {1}


def test_playing_the_lowest_card_does_not_use_up_postal_system() -> None:
    state = give_tech(started(), 0, "postal_system")
    state = play_all(state, 0, [{"do": "area", "area": "bank"}, {"do": "power", "card": 1, "extra": 0}])
    assert "postal_system" not in player(state, 0)["tilted"]


def test_mining_technology_adds_copper_at_the_mine_chinatown_and_bonus_cards_only() -> None:
    state = give_tech(started(), 0, "mining_technology")
    state = act_at(state, 0, "copper", 3)
    assert player(state, 0)["goods"]["copper"] == 1 + 1 + 1
    state = end_turn(state, 0)
    state = quick_turn(state, 1, "tea")
    set_player(state, 0, money=2)
    state = act_at(state, 0, "chinatown", 1)
    state = play(state, 0, {"do": "buy", "good": "copper"})
    assert player(state, 0)["goods"]["copper"] == 3 + 2
    # A Power Bonus card with Copper in its first reward.
    copper_card = next(b.id for b in BONUS if b.rewards[0] == {"copper": 1})
    state = end_turn(state, 0)
    state = quick_turn(state, 1, "fishing")
    for pile in ("bonus_deck", "bonus_discard", "bonus_row"):
        if copper_card in state[pile]:
            state[pile].remove(copper_card)
    state["bonus_row"][0] = copper_card
    state = act_at(state, 0, "bank", 5)
    state = play(state, 0, {"do": "bonus", "card": copper_card})
    assert player(state, 0)["goods"]["copper"] == 5 + 2


def test_spinning_mill_silk_for_yen_2_once_per_round() -> None:
    state = give_tech(started(), 0, "spinning_mill")
    set_player(state, 0, money=0, goods={"silk": 2})
    state = play(state, 0, {"do": "spin"})
    assert player(state, 0)["money"] == 2 and player(state, 0)["goods"]["silk"] == 1
    assert {"do": "spin"} not in GAME.legal(state, 0)


def test_stagecoach_reaches_a_used_area_with_own_trading_house_once_per_round() -> None:
    state = give_tech(started(), 0, "stagecoach")
    set_player(state, 0, houses=["tea"])
    state["played"]["tea"] = [[1, 1]]
    state["played"]["silk"] = [[1, 2]]
    legal = GAME.legal(state, 0)
    assert {"do": "area", "area": "tea", "via": "stagecoach"} in legal
    assert not any(a.get("area") == "silk" for a in legal)
    state = play(state, 0, {"do": "area", "area": "tea", "via": "stagecoach"})
    assert "stagecoach" in player(state, 0)["tilted"]


def test_telephone_pays_yen_1_for_one_power_in_area_actions_and_agents() -> None:
    state = give_tech(started(), 0, "telephone")
    set_player(state, 0, money=3, agents_ready=1, extra={1: 0, 2: 0})
    state = play_all(state, 0, [{"do": "agent"}, {"do": "area", "area": "copper"}])
    assert GAME.legal(state, 0) == [{"do": "telephone", "use": True}, {"do": "telephone", "use": False}]
    state = play(state, 0, {"do": "telephone", "use": True})
    assert player(state, 0)["goods"]["copper"] == 1 + 2 and player(state, 0)["money"] == 2
    state = play(state, 0, {"do": "build", "what": None})
    # Used this round: the Area Action no longer asks.
    state = play(state, 0, {"do": "area", "area": "tea"})
    assert state["turn"]["act"] is None


def test_station_token_placed_on_gain_adds_power_for_both_and_opens_its_area_once() -> None:
    state = set_player(started(), 0, money=20)
    put_in_row(state, "station")
    state = act_at(state, 0, "lab", 4)
    state = play(state, 0, {"do": "tech", "tech": "station"})
    state = play(state, 0, {"do": "station", "area": "tea"})
    assert state["station"] == "tea"
    state = end_turn(state, 0)
    tea_before = player(state, 1)["goods"]["tea"]
    state = play_all(state, 1, [{"do": "area", "area": "tea"}, {"do": "power", "card": 1, "extra": 0}])
    # The opponent benefits too: Power card 1 + Station 1 = 2 Tea.
    assert player(state, 1)["goods"]["tea"] == tea_before + 2
    state = end_turn(state, 1)
    assert {"do": "area", "area": "tea", "via": "station"} in GAME.legal(state, 0)
    state = play(state, 0, {"do": "area", "area": "tea", "via": "station"})
    assert "station" in player(state, 0)["tilted"]


def test_station_only_helps_its_owner_reach_a_used_area() -> None:
    state = started()
    give_tech(state, 1, "station")
    state["station"] = "tea"
    state["played"]["tea"] = [[1, 1]]
    assert not any(a.get("area") == "tea" for a in GAME.legal(state, 0))


def test_tram_reaches_any_used_area_once_per_round() -> None:
    state = give_tech(started(), 0, "tram")
    state["played"]["bank"] = [[1, 1]]
    state["played"]["silk"] = [[1, 2]]
    legal = GAME.legal(state, 0)
    assert {"do": "area", "area": "bank", "via": "tram"} in legal
    assert {"do": "area", "area": "silk", "via": "tram"} in legal
    state = play(state, 0, {"do": "area", "area": "bank", "via": "tram"})
    state = end_turn(state, 0)
    state = quick_turn(state, 1, "tea")
    assert not any(a.get("via") for a in GAME.legal(state, 0))


def test_stock_market_gives_yen_1_at_the_start_of_a_turn_with_yen_1_or_less() -> None:
    state = give_tech(started(), 1, "stock_market")
    set_player(state, 1, money=1)
    state = quick_turn(state, 0, "tea")
    assert player(state, 1)["money"] == 2
    state = quick_turn(state, 1, "fishing")
    state = quick_turn(state, 0, "silk")
    assert player(state, 1)["money"] == 2  # ¥2 at the start: nothing


def test_university_upgrades_for_free() -> None:
    state = give_tech(started(), 0, "university")
    set_player(state, 0, money=0)
    set_player(state, 1, money=0)
    for area in ("tea", "fishing", "silk", "copper", "bank", "chinatown", "customs", "church"):
        state = quick_turn(state, state["current"], area)
    assert state["phase"] == "upgrade" and 0 in GAME.to_act(state)
    money = player(state, 0)["money"]
    assert money < 5  # could not pay for the Power 4 card's upgrade
    state = play(state, 0, {"do": "upgrade", "card": 3})
    assert player(state, 0)["upgraded"] == [False, False, False, True] and player(state, 0)["money"] == money


def test_telegram_makes_extra_power_cards_one_stronger() -> None:
    state = give_tech(started(), 0, "telegram")
    state = act_at(state, 0, "tea", 1, extra=1)
    assert player(state, 0)["goods"]["tea"] == 1 + 3
    state = end_turn(state, 0)
    state = quick_turn(state, 1, "fishing")
    state = act_at(state, 0, "bank", 2, extra=2)
    assert state["turn"]["bonus"] == {"power": 5}
