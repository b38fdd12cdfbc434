"""The rulebook's worked examples, played through the contract."""

from __future__ import annotations

from engine.duel import GAME
from engine.duel.cards import BONUS, CHURCH
from tests.engine.duel.helpers import play, play_all, player, set_player, started


def test_jack_silk_mill_power_3_plus_1_plus_1_is_5_with_yen_from_his_trading_house() -> None:
    # "Power card (3) + Extra Power Card (1) + Trading House (1) = 5 ... gains 4 Silk ... ¥1"
    state = started()
    set_player(state, 0, played=[True, True, False, False], houses=["silk"], extra={1: 1, 2: 0}, money=0)
    state = play(state, 0, {"do": "area", "area": "silk"})

    state = play(state, 0, {"do": "power", "card": 3, "extra": 1})
    assert player(state, 0)["goods"]["silk"] == 1 + 4
    assert player(state, 0)["money"] == 1
    assert state["turn"]["bonus"] == {"power": 5}


def test_power_card_order_rule_offers_only_the_lowest_card() -> None:
    state = started()
    set_player(state, 0, played=[True, True, False, False], extra={1: 1, 2: 0})
    state = play(state, 0, {"do": "area", "area": "silk"})


    assert GAME.legal(state, 0) == [{"do": "power", "card": 3, "extra": 0}, {"do": "power", "card": 3, "extra": 1}]


def test_five_power_bonus_example_gains_only_the_first_reward_at_power_5() -> None:
    # "He chooses a face-up Power Bonus card which gives him ¥2 for having a total Power of 5.
    #  However ... he does not gain the 6 and 7+ rewards."
    assert BONUS[0].rewards[0] == {"yen": 2}
    state = started()
    state["bonus_deck"] = [c for c in state["bonus_deck"] + state["bonus_row"] if c != 0]
    state["bonus_row"] = [0] + state["bonus_deck"][:2]
    state["bonus_deck"] = state["bonus_deck"][2:]
    set_player(state, 0, played=[True, True, False, False], houses=["silk"], extra={1: 1, 2: 0}, money=0)
    state = play_all(state, 0, [{"do": "area", "area": "silk"}, {"do": "power", "card": 3, "extra": 1}])
    before = dict(player(state, 0)["goods"]), player(state, 0)["extra"]["1"]
    state = play(state, 0, {"do": "bonus", "card": 0})
    assert player(state, 0)["money"] == 1 + 2
    assert player(state, 0)["goods"] == before[0]  # no Tea (the 6 reward)
    assert player(state, 0)["extra"]["1"] == before[1]  # no +1 card (the 7+ reward)
    assert 0 in state["bonus_discard"] and len(state["bonus_row"]) == 3


def test_jack_foreign_agent_at_the_copper_mine_used_by_his_opponent() -> None:
    # "Even though his opponent's Power card is present, Jack can select this Area ... 3 Power ...
    #  gains 1 Copper ... The 5-Power Bonus step and ... Construction step are not possible"
    state = started()
    state["played"]["copper"] = [[1, 2]]
    set_player(state, 0, agents_ready=1, extra={1: 0, 2: 0})


    assert {"do": "area", "area": "copper"} not in GAME.legal(state, 0)  # Used for the Area Action
    state = play(state, 0, {"do": "agent"})
    state = play(state, 0, {"do": "area", "area": "copper"})
    assert player(state, 0)["goods"]["copper"] == 2
    assert state["turn"]["bonus"] is None and state["turn"]["build"] is None
    assert player(state, 0)["agents_ready"] == 0 and player(state, 0)["agents_spent"] == 1
    assert state["turn"]["area_done"] is False  # the agent is a bonus action, not the turn's one


def test_church_power_7_is_faith_5_plus_copper_silk_and_yen_reaches_the_faith_8_card() -> None:
    eight = next(c.id for c in CHURCH if c.faith == 8)
    assert CHURCH[eight].reward == {"extra2": 1}
    state = started()
    if eight not in state["church_row"]:
        state["church_box"].remove(eight)
        state["church_box"].append(state["church_row"].pop())
        state["church_row"].append(eight)
    set_player(state, 0, played=[True, True, True, False], upgraded=[False, False, False, True],
               extra={1: 1, 2: 0}, money=3)
    state = play_all(state, 0, [{"do": "area", "area": "church"}, {"do": "power", "card": 6, "extra": 1},
                                {"do": "church", "card": eight}])
    assert state["turn"]["act"]["need"] == 3
    state = play_all(state, 0, [{"do": "faith", "pay": "copper"}, {"do": "faith", "pay": "silk"},
                                {"do": "faith", "pay": "yen"}])
    p = player(state, 0)
    assert eight in p["church"] and eight not in state["church_row"]
    assert p["goods"]["copper"] == 0 and p["goods"]["silk"] == 0 and p["money"] == 2
    assert p["extra"]["2"] == 1


def test_port_power_5_draws_5_keeps_2_for_yen_2_and_puts_3_at_the_bottom_in_chosen_order() -> None:
    state = started()
    set_player(state, 0, played=[True, True, True, False], extra={1: 1, 2: 0}, money=3)
    deck_before = list(state["order_deck"])
    state = play_all(state, 0, [{"do": "area", "area": "port"}, {"do": "power", "card": 4, "extra": 1}])
    drawn = deck_before[:5]
    assert state["turn"]["act"]["drawn"] == drawn
    state = play(state, 0, {"do": "keep", "card": drawn[0]})
    state = play(state, 0, {"do": "keep2", "card": drawn[3], "pay": "yen"})
    state = play(state, 0, {"do": "bottom", "card": drawn[4]})
    state = play(state, 0, {"do": "bottom", "card": drawn[1]})
    p = player(state, 0)
    assert p["money"] == 1
    assert p["hand"][-2:] == [drawn[0], drawn[3]]
    assert state["order_deck"][-3:] == [drawn[4], drawn[1], drawn[2]]
    assert state["turn"]["act"] is None and state["turn"]["bonus"] == {"power": 5}
