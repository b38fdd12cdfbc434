"""The turn and the round: Used Areas, the Power card order rule, Extra Power cards, Trading House
income, the 5-Power Bonus and construction steps, free actions, Foreign Agents, the hand limit,
setup, upgrades, the technology refresh, the starting player and the end after 4 rounds."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.duel import GAME
from engine.duel.cards import BONUS, ORDERS, POWER_CARDS
from engine.duel.gains import gain_extra
from tests.engine.duel.helpers import (
    act_at,
    end_turn,
    give_tech,
    play,
    play_all,
    player,
    quick_turn,
    set_player,
    settle,
    started,
)


# ----- setup -------------------------------------------------------------------------------
@pytest.mark.parametrize("start", [0, 1])
def test_setup_gives_the_starting_player_yen_3_and_one_card_the_other_yen_4_and_two(start: int) -> None:
    state = GAME.new(2, 7, {"start_seat": start})
    first, second = state["players"][start], state["players"][1 - start]
    assert (first["money"], first["extra"]) == (3, {"1": 1, "2": 0})
    assert (second["money"], second["extra"]) == (4, {"1": 2, "2": 0})
    for p in state["players"]:
        assert p["goods"] == {"tea": 1, "fish": 1, "silk": 1, "copper": 1}
        assert len(p["setup_draw"]) == 3 and p["hand"] == []
    assert len(state["bonus_row"]) == 3 and len(state["bonus_deck"]) == 13
    assert len(state["tech_row"]) == 5 and len(state["tech_deck"]) == 15
    assert len(state["church_row"]) == 6 and len(state["church_box"]) == 3
    assert state["extra_supply"] == {"1": 5, "2": 5} and state["agents_supply"] == 7
    assert len(state["order_deck"]) == 18
    assert sorted(GAME.to_act(state)) == [0, 1]


def test_the_seed_decides_who_starts_in_the_basic_game() -> None:
    starts = {GAME.new(2, seed)["start_seat"] for seed in range(20)}
    assert starts == {0, 1}


def test_setup_keeps_two_orders_and_puts_the_third_at_the_bottom() -> None:
    state = GAME.new(2, 3, {"start_seat": 1})
    drawn = list(state["players"][0]["setup_draw"])
    state = play(state, 0, {"do": "return", "card": drawn[1]})
    assert player(state, 0)["hand"] == [drawn[0], drawn[2]] and state["order_deck"][-1] == drawn[1]
    assert GAME.to_act(state) == [1]
    state = play(state, 1, {"do": "return", "card": player(state, 1)["setup_draw"][0]})
    assert GAME.to_act(state) == [1] and state["phase"] == "turn"


def test_two_players_exactly_and_options_checked() -> None:
    with pytest.raises(IllegalAction):
        GAME.new(3, 1)
    with pytest.raises(IllegalAction, match="Starting player"):
        GAME.new(2, 1, {"start_seat": 2})
    with pytest.raises(IllegalAction, match="no option"):
        GAME.new(2, 1, {"variant": 1})


# ----- the Area Action step ----------------------------------------------------------------
def test_an_area_with_a_power_card_is_used_but_laboratory_and_port_never_are() -> None:
    state = started()
    state = quick_turn(state, 0, "tea")
    state = quick_turn(state, 1, "lab")
    state = quick_turn(state, 0, "port")
    areas = {a["area"] for a in GAME.legal(state, 1) if a["do"] == "area"}
    assert "tea" not in areas and {"lab", "port"} <= areas


def test_at_most_one_extra_power_card_and_it_goes_back_to_its_deck() -> None:
    state = set_player(started(), 0, extra={1: 2, 2: 1})
    state = play(state, 0, {"do": "area", "area": "tea"})
    assert GAME.legal(state, 0) == [{"do": "power", "card": 1, "extra": e} for e in (0, 1, 2)]
    supply = dict(state["extra_supply"])
    state = play(state, 0, {"do": "power", "card": 1, "extra": 2})
    assert player(state, 0)["goods"]["tea"] == 1 + 3
    assert player(state, 0)["extra"] == {"1": 2, "2": 0} and state["extra_supply"]["2"] == supply["2"] + 1


def test_shops_and_trading_houses_add_power_only_for_their_owner() -> None:
    state = started()
    set_player(state, 0, shops=["tea"], houses=["tea"], extra={1: 0})
    set_player(state, 1, shops=["fishing"])
    state = play(state, 0, {"do": "area", "area": "tea"})
    assert player(state, 0)["goods"]["tea"] == 1 + 3


def test_trading_house_income_goes_to_its_owner_whoever_acts() -> None:
    state = started()
    set_player(state, 1, houses=["tea"], money=0)
    set_player(state, 0, extra={1: 0})
    state = play(state, 0, {"do": "area", "area": "tea"})
    assert player(state, 1)["money"] == 1 and player(state, 0)["goods"]["tea"] == 2


def test_the_area_action_is_required_before_ending_the_turn() -> None:
    state = started()
    assert {"do": "end"} not in GAME.legal(state, 0)
    with pytest.raises(IllegalAction, match="Area Action"):
        GAME.apply(state, 0, {"do": "end"})


def test_a_used_area_is_refused_with_a_reason_and_the_state_unchanged() -> None:
    state = quick_turn(started(), 0, "bank")
    before = GAME.dump(state)
    with pytest.raises(IllegalAction, match="Used Area"):
        GAME.apply(state, 1, {"do": "area", "area": "bank"})
    assert GAME.dump(state) == before


def test_only_one_area_action_per_turn() -> None:
    state = settle(play(started(), 0, {"do": "area", "area": "tea"}), 0)
    assert not any(a["do"] == "area" for a in GAME.legal(state, 0))
    assert {"do": "end"} in GAME.legal(state, 0)


# ----- 5-Power Bonus and construction ------------------------------------------------------
@pytest.mark.parametrize("power,tiers", [(5, 1), (6, 2), (7, 3), (8, 3)])
def test_power_bonus_tiers(power: int, tiers: int) -> None:
    state = set_player(started(), 0, money=0, houses=["bank"] if power == 8 else [])
    extra = 1 if power >= 7 else 0
    state = act_at(state, 0, "bank", min(power - extra - (power == 8), 6), extra=extra)
    assert state["turn"]["bonus"] == {"power": power}
    card = state["bonus_row"][0]
    money, goods = player(state, 0)["money"], dict(player(state, 0)["goods"])
    state = play(state, 0, {"do": "bonus", "card": card})
    gained_yen = sum(r.get("yen", 0) for r in BONUS[card].rewards[:tiers])
    assert player(state, 0)["money"] == money + gained_yen
    gained_tea = sum(r.get("tea", 0) for r in BONUS[card].rewards[:tiers])
    assert player(state, 0)["goods"]["tea"] == goods["tea"] + gained_tea


def test_power_4_allows_construction_but_no_bonus() -> None:
    state = set_player(started(), 0, money=5)
    state = act_at(state, 0, "bank", 4)
    assert state["turn"]["bonus"] is None
    legal = GAME.legal(state, 0)
    assert {"do": "build", "what": "shop"} in legal and {"do": "build", "what": "house"} in legal
    assert {"do": "end"} not in legal


def test_power_3_allows_no_construction() -> None:
    state = act_at(set_player(started(), 0, money=9), 0, "bank", 3)
    assert state["turn"]["build"] is None and {"do": "end"} in GAME.legal(state, 0)


def test_a_shop_costs_yen_1_and_one_per_player_per_area() -> None:
    state = act_at(set_player(started(), 0, money=0, shops=["tea"]), 0, "bank", 4)
    state = play(state, 0, {"do": "build", "what": "shop"})
    assert player(state, 0)["shops"] == ["tea", "bank"] and player(state, 0)["money"] == 3
    state = end_turn(state, 0)
    state = quick_turn(state, 1, "silk")
    state = act_at(set_player(state, 0, money=9), 0, "tea", 4)
    assert {"do": "build", "what": "shop"} not in GAME.legal(state, 0)


def test_opponent_shop_does_not_block_yours() -> None:
    state = act_at(set_player(started(), 1, shops=["tea"]), 0, "tea", 4)
    assert {"do": "build", "what": "shop"} in GAME.legal(state, 0)


@pytest.mark.parametrize("built,cost", [(0, 4), (1, 5), (2, 6), (3, 7)])
def test_trading_house_costs_4_5_6_7(built: int, cost: int) -> None:
    houses = ["tea", "fishing", "silk"][:built]
    state = act_at(set_player(started(), 0, money=cost - 4, houses=houses), 0, "bank", 4)
    state = play(state, 0, {"do": "build", "what": "house"})
    assert player(state, 0)["money"] == 0 and player(state, 0)["houses"][-1] == "bank"


def test_one_trading_house_per_area_of_either_player_and_four_at_most() -> None:
    state = act_at(set_player(started(), 1, houses=["bank"]), 0, "bank", 4)
    assert {"do": "build", "what": "house"} not in GAME.legal(state, 0)
    state = act_at(set_player(started(), 0, money=20, houses=["tea", "fishing", "silk", "copper"]), 0, "bank", 4)
    assert {"do": "build", "what": "house"} not in GAME.legal(state, 0)
    with pytest.raises(IllegalAction, match="all 4"):
        GAME.apply(state, 0, {"do": "build", "what": "house"})


def test_cannot_afford_is_refused_with_the_amounts() -> None:
    state = act_at(set_player(started(), 0, money=0), 0, "tea", 4)
    with pytest.raises(IllegalAction, match="You need ¥4 to build a Trading House; you have ¥0."):
        GAME.apply(state, 0, {"do": "build", "what": "house"})


def test_bonus_step_comes_before_construction_and_free_actions_stay_open() -> None:
    state = act_at(set_player(started(), 0, money=0), 0, "bank", 5)
    legal = GAME.legal(state, 0)
    assert any(a["do"] == "bonus" for a in legal) and not any(a["do"] == "build" for a in legal)
    state = play(state, 0, {"do": "bonus", "card": state["bonus_row"][0]})
    assert any(a["do"] == "build" for a in GAME.legal(state, 0))


# ----- free actions ------------------------------------------------------------------------
def test_complete_an_order_pays_goods_and_gains_the_reward() -> None:
    state = started()
    card = player(state, 0)["hand"][0]
    set_player(state, 0, goods={"tea": 9, "fish": 9, "silk": 9, "copper": 9}, money=0, extra={1: 0})
    state = play(state, 0, {"do": "order", "card": card})
    p = player(state, 0)
    assert card in p["orders_done"] and card not in p["hand"]
    for good, n in ORDERS[card].cost.items():
        assert p["goods"][good] == 9 - n
    assert p["money"] == ORDERS[card].reward.get("yen", 0)


def test_orders_not_payable_are_not_offered_and_say_what_is_missing() -> None:
    state = set_player(started(), 0, goods={"tea": 0, "fish": 0, "silk": 0, "copper": 0})
    card = player(state, 0)["hand"][0]
    assert not any(a["do"] == "order" for a in GAME.legal(state, 0))
    with pytest.raises(IllegalAction, match="you need"):
        GAME.apply(state, 0, {"do": "order", "card": card})


@pytest.mark.parametrize("req,fields", [
    ("orders", {"orders_done": [0, 1, 2]}),
    ("techs", {"techs": ["ball", "tram", "winery"]}),
    ("church", {"church": [0, 1]}),
    ("flipped", {"imported_down": 2}),
])
def test_hire_a_foreign_agent_once_per_requirement(req: str, fields: dict) -> None:
    state = set_player(started(), 0, **fields)
    assert [a for a in GAME.legal(state, 0) if a["do"] == "hire"] == [{"do": "hire", "req": req}]
    state = play(state, 0, {"do": "hire", "req": req})
    assert player(state, 0)["agents_ready"] == 1 and state["agents_supply"] == 6
    assert not any(a["do"] == "hire" for a in GAME.legal(state, 0))


def test_requirements_below_the_threshold_hire_nobody() -> None:
    state = set_player(started(), 0, orders_done=[0, 1], techs=["ball", "tram"], church=[0], imported_down=1)
    assert not any(a["do"] == "hire" for a in GAME.legal(state, 0))


def test_no_hiring_when_the_foreign_agent_deck_is_empty() -> None:
    state = set_player(started(), 0, imported_down=2)
    state["agents_supply"] = 0
    assert not any(a["do"] == "hire" for a in GAME.legal(state, 0))


def test_foreign_agent_has_its_own_bonus_and_construction_and_any_area() -> None:
    state = set_player(started(), 0, agents_ready=1, money=5, shops=["tea"], houses=["tea"], extra={1: 1})
    state["played"]["tea"] = [[1, 3]]
    state = play_all(state, 0, [{"do": "agent"}])
    assert len(GAME.legal(state, 0)) == 10
    state = play_all(state, 0, [{"do": "area", "area": "tea"}, {"do": "power", "extra": 1}])
    assert state["turn"]["bonus"] == {"power": 6}
    assert state["turn"]["area_done"] is False
    state = play(state, 0, {"do": "bonus", "card": state["bonus_row"][0]})
    # Shop and Trading House already there: no construction; the turn's Area Action is still due.
    assert state["turn"]["build"] is None and {"do": "area", "area": "bank"} in GAME.legal(state, 0)


def test_foreign_agent_construction_step_at_power_4() -> None:
    state = set_player(started(), 0, agents_ready=1, money=5, extra={1: 1})
    state = play_all(state, 0, [{"do": "agent"}, {"do": "area", "area": "silk"}, {"do": "power", "extra": 1}])
    assert state["turn"]["build"] == {"area": "silk"} and state["turn"]["bonus"] is None
    state = play(state, 0, {"do": "build", "what": "shop"})
    assert player(state, 0)["shops"] == ["silk"]


def test_foreign_agent_does_not_make_its_area_used() -> None:
    state = set_player(started(), 0, agents_ready=1, extra={1: 0})
    state = play_all(state, 0, [{"do": "agent"}, {"do": "area", "area": "bank"}])
    assert {"do": "area", "area": "bank"} in GAME.legal(state, 0)


# ----- Extra Power hand limit --------------------------------------------------------------
def test_hand_limit_discards_automatically_when_all_cards_are_alike() -> None:
    state = set_player(started(), 0, extra={1: 4, 2: 0})
    gain_extra(state, 0, 1)
    assert player(state, 0)["extra"] == {"1": 4, "2": 0} and state["discard_due"] == []


def test_hand_limit_asks_which_to_discard_when_the_kinds_differ() -> None:
    state = set_player(started(), 0, extra={1: 4, 2: 0})
    gain_extra(state, 0, 2)
    assert GAME.to_act(state) == [0] and GAME.view(state, None)["pending"]["discard_for"] == 0
    assert GAME.legal(state, 0) == [{"do": "discard", "extra": 1}, {"do": "discard", "extra": 2}]
    supply = state["extra_supply"]["1"]
    state = play(state, 0, {"do": "discard", "extra": 1})
    assert player(state, 0)["extra"] == {"1": 3, "2": 1} and state["extra_supply"]["1"] == supply + 1


def test_an_empty_extra_power_deck_gives_nothing() -> None:
    state = started()
    state["extra_supply"]["2"] = 0
    assert gain_extra(state, 0, 2) is False and player(state, 0)["extra"]["2"] == 0


# ----- rounds ------------------------------------------------------------------------------
def _finish_round(state: dict) -> dict:
    areas = ["tea", "fishing", "silk", "copper", "bank", "chinatown", "customs", "lab"]
    for area in areas[state["turns_done"]:]:
        state = quick_turn(state, state["current"], area)
    return state


def test_players_alternate_and_the_round_ends_after_4_turns_each() -> None:
    state = started(start_seat=1)
    seen = []
    for area in ["tea", "fishing", "silk", "copper", "bank", "chinatown", "customs", "lab"]:
        seen.append(state["current"])
        state = quick_turn(state, state["current"], area)
    assert seen == [1, 0] * 4
    assert state["phase"] == "upgrade" or (state["round"] == 2 and state["turns_done"] == 0)


def test_between_rounds_cards_return_one_upgrade_technologies_refresh_and_the_finisher_starts() -> None:
    state = started(start_seat=0)
    taken = state["tech_row"][0]
    set_player(state, 0, money=20)
    state = play_all(state, 0, [{"do": "area", "area": "lab"}, {"do": "power", "card": 1, "extra": 0}])
    while state["turn"]["act"] is not None:
        legal = GAME.legal(state, 0)
        state = play(state, 0, {"do": "tech", "tech": taken} if {"do": "tech", "tech": taken} in legal else legal[0])
    state = end_turn(state, 0)
    left_over = [t for t in state["tech_row"]]
    state = _finish_round(state)
    assert state["phase"] == "upgrade"
    assert all(not any(p["played"]) for p in state["players"]) and state["played"] == {}
    options = GAME.legal(state, 0)
    assert {"do": "upgrade", "card": 0} in options and {"do": "upgrade", "card": None} in options
    money = player(state, 0)["money"]
    state = play(state, 0, {"do": "upgrade", "card": 0})
    assert player(state, 0)["upgraded"][0] and player(state, 0)["money"] == money - POWER_CARDS[0].cost
    if state["phase"] == "upgrade":
        state = play(state, 1, {"do": "upgrade", "card": None})
    assert state["round"] == 2 and state["start_seat"] == 1 and state["current"] == 1
    assert len(state["tech_row"]) == 5 and not set(left_over) & set(state["tech_row"])
    assert set(left_over) <= set(state["tech_discard"]) and taken not in state["tech_discard"]
    # The upgraded card (1 -> 3) is no longer the lowest: the 2 is.
    state = quick_turn(state, 1, "tea")
    state = settle(play(state, 0, {"do": "area", "area": "bank"}), 0)
    assert state["played"]["bank"] == [[0, 2]]


def test_a_player_who_cannot_pay_any_upgrade_is_not_asked() -> None:
    state = started()
    set_player(state, 0, money=0)
    set_player(state, 1, money=0)
    for area in ["tea", "fishing", "silk", "copper", "port", "chinatown", "customs", "lab"]:
        state = quick_turn(state, state["current"], area)
        for seat in (0, 1):
            set_player(state, seat, money=0)
    assert state["round"] == 2 and state["phase"] == "turn"


def test_the_game_ends_after_round_4_with_nobody_to_act() -> None:
    state = started()
    for _ in range(4):
        state = _finish_round(state)
        while state["phase"] == "upgrade":
            state = play(state, GAME.to_act(state)[0], {"do": "upgrade", "card": None})
    assert GAME.is_over(state) and GAME.to_act(state) == [] and state["round"] == 4
    with pytest.raises(IllegalAction, match="over"):
        GAME.apply(state, 0, {"do": "end"})


def test_not_your_turn_is_refused() -> None:
    with pytest.raises(IllegalAction, match="not your turn"):
        GAME.apply(started(), 1, {"do": "area", "area": "tea"})


# ----- refusals inside an Area action ------------------------------------------------------
def test_refusals_inside_an_action_name_the_rule() -> None:
    state = set_player(started(), 0, extra={1: 0, 2: 0}, money=1)
    state = play(state, 0, {"do": "area", "area": "chinatown"})
    for action, reason in [
        ({"do": "sell", "good": "imported"}, "cannot be sold"),
        ({"do": "buy", "good": "imported"}, "That costs ¥4; you have ¥1."),
        ({"do": "end"}, "Finish your action first"),
    ]:
        with pytest.raises(IllegalAction, match=reason):
            GAME.apply(state, 0, action)


def test_power_card_order_rule_refusal() -> None:
    state = set_player(started(), 0, extra={1: 1, 2: 0})
    state = play(state, 0, {"do": "area", "area": "tea"})
    with pytest.raises(IllegalAction, match="lowest available card \\(1\\)"):
        GAME.apply(state, 0, {"do": "power", "card": 3, "extra": 0})
    with pytest.raises(IllegalAction, match="no \\+2 Extra Power card"):
        GAME.apply(state, 0, {"do": "power", "card": 1, "extra": 2})


def test_faith_refusal_one_of_each_kind() -> None:
    state = started()
    state["church_row"] = [8]  # Faith 11
    set_player(state, 0, goods={"tea": 2, "fish": 1, "silk": 1, "copper": 1}, money=3, imported_up=1,
               extra={1: 0})
    state = act_at(state, 0, "church", 5)
    state = play_all(state, 0, [{"do": "church", "card": 8}, {"do": "faith", "pay": "tea"}])
    with pytest.raises(IllegalAction, match="at most one of each kind"):
        GAME.apply(state, 0, {"do": "faith", "pay": "tea"})


def test_power_bonus_row_refills_and_reshuffles_the_discards_when_the_deck_runs_out() -> None:
    state = act_at(set_player(started(), 0, money=0), 0, "bank", 5)
    state["bonus_discard"] = list(state["bonus_deck"])
    state["bonus_deck"] = []
    taken = state["bonus_row"][0]
    discards = sorted(state["bonus_discard"] + [taken])
    state = play(state, 0, {"do": "bonus", "card": taken})
    assert len(state["bonus_row"]) == 3
    assert state["bonus_discard"] == []
    assert sorted(state["bonus_deck"] + [c for c in state["bonus_row"] if c in discards]) == discards
    assert len(state["bonus_deck"]) == len(discards) - 1


def test_free_actions_during_chinatown_and_the_port() -> None:
    # Ruling 3: buy Silk, turn it into ¥2 with Spinning Mill, spend that ¥2 on Copper, all in one visit.
    state = give_tech(set_player(started(), 0, money=1, goods={"silk": 0, "copper": 0}), 0, "spinning_mill")
    state = act_at(state, 0, "chinatown", 2)
    state = play_all(state, 0, [{"do": "buy", "good": "silk"}, {"do": "spin"}, {"do": "buy", "good": "copper"}])
    p = player(state, 0)
    assert p["money"] == 0 and p["goods"]["copper"] == 1 and p["goods"]["silk"] == 0
    assert state["turn"]["act"] is None
    # Port: keep a card, complete it at once, pay for the second card with its ¥ reward.
    state = set_player(started(seed=2), 0, money=0, goods={"tea": 9, "fish": 9, "silk": 9, "copper": 9})
    yen_card = next(o.id for o in ORDERS if o.reward.get("yen", 0) >= 2)
    for pile in [state["order_deck"]] + [p_["hand"] for p_ in state["players"]]:
        if yen_card in pile:
            pile.remove(yen_card)
    state["order_deck"].insert(0, yen_card)
    state = act_at(state, 0, "port", 2)
    other = state["turn"]["act"]["drawn"][1]
    state = play_all(state, 0, [{"do": "keep", "card": yen_card}, {"do": "order", "card": yen_card}])
    state = play(state, 0, {"do": "keep2", "card": other, "pay": "yen"})
    assert other in player(state, 0)["hand"] and yen_card in player(state, 0)["orders_done"]


def test_an_unpayable_order_during_chinatown_says_what_is_missing() -> None:
    state = set_player(started(), 0, money=5, goods={"tea": 0, "fish": 0, "silk": 0, "copper": 0})
    state = act_at(state, 0, "chinatown", 2)
    with pytest.raises(IllegalAction, match="To complete that Order you need"):
        GAME.apply(state, 0, {"do": "order", "card": player(state, 0)["hand"][0]})
