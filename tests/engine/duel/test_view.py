"""The view: the shape renderers and text summaries rely on, names as well as ids, and what each
seat may see."""

from __future__ import annotations

import json

from engine.duel import GAME
from tests.engine.duel.helpers import act_at, play, set_player, started

TOP_LEVEL = {
    "game", "viewer", "phase", "round", "rounds", "turns_done_in_round", "start_seat", "current", "to_act",
    "pending", "areas", "station", "power_bonus", "power_bonus_deck", "power_bonus_discard", "technologies",
    "technology_deck", "church", "order_deck", "extra_power_supply", "foreign_agents_supply", "players",
    "scores", "score_labels", "winners", "log",
}


def test_view_has_the_documented_keys_and_is_json() -> None:
    state = started()
    for viewer in (None, 0, 1):
        view = GAME.view(state, viewer)
        assert set(view) == TOP_LEVEL
        assert json.loads(json.dumps(view)) == view
        assert [a["name"] for a in view["areas"]][:4] == ["Tea", "Fishing", "Silk", "Copper Mine"]
        assert all(t["name"] for t in view["technologies"])


def test_own_hand_is_shown_with_card_text_and_the_other_hand_as_a_count() -> None:
    state = started()
    view = GAME.view(state, 0)
    assert len(view["players"][0]["hand"]) == 2 and "pts" in view["players"][0]["hand"][0]["text"]
    assert view["players"][1]["hand"] is None and view["players"][1]["hand_count"] == 2


def test_port_draw_is_seen_only_by_the_drawing_player() -> None:
    state = act_at(set_player(started(), 0, money=5), 0, "port", 3)
    assert len(GAME.view(state, 0)["pending"]["drawn"]) == 3
    for viewer in (None, 1):
        pending = GAME.view(state, viewer)["pending"]
        assert pending["drawn"] is None and pending["drawn_count"] == 3


def test_setup_draw_is_private() -> None:
    state = GAME.new(2, 4)
    assert len(GAME.view(state, 1)["pending"]["drawn"]) == 3
    assert "drawn" not in GAME.view(state, None)["pending"]


def test_areas_show_power_cards_shops_trading_houses_and_the_station() -> None:
    state = set_player(started(), 1, shops=["tea"], houses=["tea"])
    state["station"] = "tea"
    state = play(state, 0, {"do": "area", "area": "tea"})
    state = play(state, 0, {"do": "power", "card": 1, "extra": 0})
    tea = GAME.view(state, None)["areas"][0]
    assert tea == {"id": "tea", "name": "Tea", "board": 1, "never_used": False, "used": True,
                   "power_cards": [{"seat": 0, "value": 1}], "shops": [1], "trading_house": 1, "station": True}


def test_headline_names_round_turn_and_player() -> None:
    assert GAME.headline(started()) == "Round 1 of 4, turn 1 of 4: P1 to play."
    assert GAME.headline(GAME.new(2, 1)) == "Setup: each player keeps 2 of 3 Order cards."
