"""The view: the shape renderers and text summaries rely on, names as well as ids, and what each
seat may see."""

from __future__ import annotations

import json

import pytest

from engine.core import Rng
from engine.duel import GAME
from engine.duel.text import order_label
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
    assert GAME.headline(started()) == "Round 1 of 4, turn 1 of 4: {seat:0} to play."
    assert GAME.headline(GAME.new(2, 1)) == "Setup: each player keeps 2 of 3 Order cards."


@pytest.mark.parametrize("seed", range(30))
def test_public_labels_never_name_a_hidden_order_and_prompts_exist(seed: int) -> None:
    state = GAME.new(2, seed)
    rng = Rng(seed)
    hidden_texts = {order_label(c) for c in range(24)}
    while not GAME.is_over(state):
        seat = rng.choice(GAME.to_act(state))
        assert GAME.pending_label(state, seat)
        legal = GAME.legal(state, seat)
        for action in legal:
            label = GAME.public_label(state, action)
            assert 0 < len(label) <= 80
            if action["do"] != "order":  # a completed Order is turned face up: public
                assert not any(text in label for text in hidden_texts)
        state = GAME.apply(state, seat, rng.choice(legal))


def test_pending_label_reads_the_step() -> None:
    state = act_at(set_player(started(), 0, money=5), 0, "chinatown", 3)
    assert GAME.pending_label(state, 0) == "Chinatown: 3 exchanges left."
    assert GAME.pending_label(started(), 0).startswith("Choose an Area")
